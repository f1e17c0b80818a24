"""The German catalog of the host and the Discord layer (``host/catalog/de.toml``) is whole and
German: every English entry has its German one, of the same kind and with no field English lacks,
nothing is left untranslated, and the same thing has the same word everywhere."""

from __future__ import annotations

import re
from datetime import datetime

from host.catalog import CATALOG, placeholders, text
from tabletop.catalog import entry_fields

ENGLISH = CATALOG.entries("en")
GERMAN = CATALOG.entries("de")

SAME_IN_BOTH = {"table.computer_name", "commands.hand.name", "commands.levels.normal"}
"""Entries German keeps as in English: a computer player is "Bot Ada" in both (and the takeover
of a seat by name recognizes that prefix); German players say "Hand" too, so /hand is /hand;
the computer level "normal" is "normal" in German too."""


def _words(template: str) -> list[str]:
    """The words of a template, without its fields, Discord markup, `code`, /commands and their
    options (``seat:``): those are typed as they are in every language."""
    prose = re.sub(r"\{[^{}]*\}|<[@#][^>]*>|`[^`]*`|/\w+|\w+:<", " ", template)
    return re.findall(r"[^\W\d_]{2,}", prose)


def _texts(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [str(entry)]


def test_every_english_entry_has_a_german_one_of_the_same_kind() -> None:
    assert set(GERMAN) == set(ENGLISH)
    for key, english in ENGLISH.items():
        german = GERMAN[key]
        assert isinstance(german, str) == isinstance(english, str), key
        assert entry_fields(german) <= entry_fields(english), key


def test_nothing_is_left_in_english() -> None:
    for key, english in ENGLISH.items():
        if key in SAME_IN_BOTH or not any(_words(part) for part in _texts(english)):
            continue
        assert GERMAN[key] != english, f"{key} is not translated"
    english_words = {"the", "you", "your", "is", "to", "of", "and", "table", "seat", "round"}
    for key, german in GERMAN.items():
        for part in _texts(german):
            left = english_words & {word.lower() for word in _words(part)}
            assert not left, f"{key}: English words {left} in {part!r}"


def test_the_same_thing_has_the_same_word_everywhere() -> None:
    """Stick'em is Sticheln, a seat is a Platz, the host the Host, the turn timer the Zugzeit,
    and a player is spoken to as du."""
    german = [(key, part) for key, entry in GERMAN.items() for part in _texts(entry)]
    for key, part in german:
        assert "Stick'em" not in part, key
        assert not re.search(r"\b(Sitz|Gastgeber|Sie|Ihr|Ihre|Ihnen)\b", part), f"{key}: {part!r}"
    seats = [key for key, english in ENGLISH.items() if "seat" in _words(str(english))]
    assert len(seats) > 10
    for key in seats:
        assert re.search(r"Platz|Plätze|platz", str(GERMAN[key])), f"{key}: a seat is a Platz"


def test_german_texts_are_filled_in_with_their_fields() -> None:
    assert (
        text("lobby.joined", language="de", title="Sticheln", seat=2)
        == "Du sitzt jetzt am Tisch für Sticheln (Platz 2)."
    )
    assert (
        text("game.not_your_turn", language="de", names="Ada") == "Du bist nicht am Zug: Es fehlen noch Ada."
    )
    assert placeholders(str(GERMAN["prompt.dms_closed"])) == {"user"}


def test_german_writes_numbers_and_dates_the_german_way() -> None:
    assert text("timer.seconds", language="de", seconds=0.5) == "0,5 s"
    assert text("timer.seconds", language="de", seconds=30.0) == "30 s"
    finished = datetime(2024, 5, 6, 7, 8)
    assert text("history.game_when", language="de", count=3, finished=finished, rounds=3) == (
        "06.05.2024 07:08 UTC \u2013 3 Runden"
    )
