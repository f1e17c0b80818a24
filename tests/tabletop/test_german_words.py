"""The German of all four catalogs (the host's and the three games') read as one: the same word
for the same thing everywhere, the card words German players use, the game names they know, and
the dash German typesetting uses (issue 28, the German review)."""

from __future__ import annotations

import re

import pytest

import host.catalog
import stickem.texts
import stickgame.texts
import stupid.texts
from tabletop.catalog import Catalog

CATALOGS = {
    "host": host.catalog.CATALOG,
    "stickem": stickem.texts.CATALOG,
    "stupid": stupid.texts.CATALOG,
    "stickgame": stickgame.texts.CATALOG,
}

ONE_WORD = {
    r"\bdran\b": "am Zug",
    r"\bSchaltfläche": "Button",
    r"\babgebrochen\b": "beendet (as /beenden)",
    r"\bBlatt\b": "Hand (as /hand)",
    r"\bSpiel ist aus\b": "Spiel ist vorbei",
    r"\bBestenliste\b": "Rangliste (as /rangliste)",
    r"\bStick'em\b": "Sticheln",
    r"(?<![.:!?] )(?<!^)\b(Sie|Ihr|Ihre|Ihnen)\b": "du (a capital Sie or Ihr within a sentence)",
    r"\bStart-Button": "Button „Starten“ (as the button reads)",
    r"\bneueste Nachricht": "neueste Hand (the message with your cards, in every game)",
    r"\bangehoben": "hervorgehoben (a card drawn raised is highlighted)",
}
"""A word the German texts do not use, and the one they use for that thing instead."""


def _german(catalog: Catalog) -> list[tuple[str, str]]:
    return [
        (key, text)
        for key, entry in catalog.entries("de").items()
        for text in ([entry] if isinstance(entry, str) else list(entry.values()))
    ]


@pytest.mark.parametrize("name", CATALOGS)
def test_one_word_for_one_thing_in_every_german_catalog(name: str) -> None:
    for key, text in _german(CATALOGS[name]):
        for avoided, used in ONE_WORD.items():
            assert not re.search(avoided, text), f"{name} {key}: {text!r} (say {used})"


@pytest.mark.parametrize("name", CATALOGS)
def test_german_texts_set_a_dash_not_a_hyphen_between_parts_and_in_ranges(name: str) -> None:
    for key, text in _german(CATALOGS[name]):
        assert " - " not in text, f"{name} {key}: {text!r}"
        range_ = re.search(r"\d-\d|\{(low|fewest|first)\}-\{", text)  # not a compound: Kreuz-Dame
        assert not range_, f"{name} {key}: {text!r} (a range: \N{EN DASH})"


def test_the_card_words_are_those_german_players_say() -> None:
    colours = stickem.texts.CATALOG.entries("de")
    assert [colours[f"colour.{c}"] for c in ("green", "brown", "red", "blue", "yellow", "violet")] == [
        "grün", "braun", "rot", "blau", "gelb", "lila"
    ]
    stupid_de = stupid.texts.CATALOG.entries("de")
    stickgame_de = stickgame.texts.CATALOG.entries("de")
    suits = ("clubs", "spades", "hearts", "diamonds")
    german_suits = ["Kreuz", "Pik", "Herz", "Karo"]
    assert [stupid_de[f"suit.{suit}"] for suit in suits] == german_suits
    assert [stickgame_de[f"suit.name.{suit}"] for suit in suits] == german_suits
    assert [stupid_de[f"rank.{rank}"] for rank in ("jack", "queen", "king", "ace")] == ["B", "D", "K", "A"]
    assert [stickgame_de[f"rank.short.{rank}"] for rank in ("11", "12", "13", "1")] == ["B", "D", "K", "A"]
    assert stickgame_de["card.joker"] == "Joker"
    assert "Kreuz-Dame" in str(stupid_de["rules.footer"])


def test_the_games_are_called_as_german_players_know_them() -> None:
    assert stickem.texts.CATALOG.entries("de")["spec.title"] == "Sticheln"
    for name, catalog in CATALOGS.items():
        for key, text in _german(catalog):
            assert "Stick'em" not in text, f"{name} {key}"


def test_stupid_has_one_verb_for_taking_a_trick() -> None:
    """Stiche-Raten says a trick is made ("macht", "gemacht") wherever it counts them; Sticheln's
    "nimmt den Stich" stays, so the host's shared replay step is not this rule's."""
    for key, text in _german(stupid.texts.CATALOG):
        assert not re.search(r"\b(genommen|nimmt|nehmen)\b", text), f"stupid {key}: {text!r} (say gemacht)"
    assert host.catalog.CATALOG.text("replay.counter.taken", language="de", count=3) == "Gemachte Stiche: 3"


def test_the_statistics_are_every_games_and_the_lead_tag_reads_as_the_lead() -> None:
    host_de = host.catalog.CATALOG.entries("de")
    assert host_de["commands.stats.description"].startswith("Die Spielstatistik ")
    tags = {
        stupid.texts.CATALOG.entries("de")["art.lead"],
        stickem.texts.CATALOG.entries("de")["art.lead_tag"],
    }
    assert tags == {"AUSSPIEL"}
