"""Stick'em's own catalog: every key the presentation uses exists with its fields, every entry is
used, German is complete, no sentence is left in the modules players read, and a real game shown
in German reads as German (Sticheln's words, no English left)."""

from __future__ import annotations

import re

import pytest

from stickem.card_text import card_text
from stickem.cards import Card
from stickem.events import RoundScored
from stickem.hosting import GAME, StickemMatch
from stickem.presentation import PRESENTATION
from stickem.texts import SPEC_TEXTS, spec_text
from tabletop import OptionError, Refused
from tabletop.catalog import render
from tests.game_catalogs import check_catalog, sentences_left
from tests.stickem.rendered import rendered

MODULES = (
    "stickem.presentation",
    "stickem.channel_messages",
    "stickem.card_text",
    "stickem.rules_message",
    "stickem.summary",
    "stickem.refusals",
    "stickem.hosting",
    "stickem.table_options",
    "stickem.texts",
    "stickem.art",
    "stickem.drawn_hand",
    "stickem.ai.terminal",
    "stickem.ai.terminal_words",
)
"""The modules that write what a player reads of Stick'em: on Discord, and at the terminal
table (``stickem play``)."""

NAMES = ["ann", "bob", "cy"]

ENGLISH_LEFT = re.compile(
    r"\b(trick|tricks|misery|round|rounds|card|cards|color|colour|captured|total|played|turn|your|you|"
    r"nobody|none|green|brown|red|blue|yellow|violet|waiting|players|lead|stick'em|wins|game)\b",
    re.IGNORECASE,
)
"""English words that must not be left in a German text (names here are ann, bob, cy)."""


def test_the_catalog_and_the_code_agree_and_german_is_complete() -> None:
    check_catalog("stickem", MODULES)


def test_no_sentence_is_left_in_the_modules_players_read() -> None:
    assert list(sentences_left(MODULES)) == []


def test_the_spec_texts_are_the_specs_english_words_and_have_german() -> None:
    english = {key: render(spec_text(key)) for key in SPEC_TEXTS}
    assert english["spec.title"] == str(GAME.title)
    assert [english[f"option.{option.name}.help"] for option in GAME.options] == [
        str(option.help) for option in GAME.options
    ]
    assert render(GAME.title, "de") == "Sticheln"  # the spec itself reads German to a German reader
    assert [render(preset.help, "de") for preset in GAME.presets] == [
        render(spec_text(f"preset.{preset.name}.help"), "de") for preset in GAME.presets
    ]
    german = {key: render(spec_text(key), "de") for key in SPEC_TEXTS}
    assert german["spec.title"] == "Sticheln"
    assert german["stat.misery_swallowed"] == "Geschluckte Karten der Ärgerfarbe"
    assert german["option.rounds.help"] == "wie viele Runden, oder eine Runde je Spieler"
    assert all(german[key] != english[key] for key in SPEC_TEXTS), "a spec text is not translated"
    with pytest.raises(KeyError):
        spec_text("table.players")


def german_words(text: str) -> None:
    """``text`` has no English word left."""
    left = ENGLISH_LEFT.findall(text)
    assert not left, f"English left in German text: {left}\n{text}"


def played_round() -> tuple[StickemMatch, tuple[object, ...]]:
    """A 3-player game whose first round is played to its end (first legal action each time);
    the events of the action that ended it."""
    match = GAME.new_match(3, GAME.resolve_options({}), 7)
    events: tuple[object, ...] = ()
    while not any(isinstance(event, RoundScored) for event in events):
        seat = match.awaiting[0]
        events = match.apply(seat, match.legal_actions(seat)[0])
    return match, events


def test_a_card_and_the_colours_are_said_as_german_players_say_them() -> None:
    assert render(card_text(Card.parse("red 7")), "de") == "\N{LARGE RED SQUARE} rot 7"
    colours = [
        render(card_text(Card.parse(f"{c} 1")), "de").split()[1]
        for c in ("green", "brown", "red", "blue", "yellow", "violet")
    ]
    assert colours == ["grün", "braun", "rot", "blau", "gelb", "lila"]


def test_the_misery_prompt_and_the_hand_prompt_read_in_german() -> None:
    match = GAME.new_match(3, GAME.resolve_options({}), 7)
    misery = rendered(PRESENTATION.prompt(match.view(0), NAMES), "de")
    assert isinstance(misery.content, str)
    assert misery.content.startswith("**Runde 1 von 5** \N{EN DASH} wähle deine Ärgerkarte")
    assert "Deine 15 Karten:" in misery.content
    german_words(misery.content)
    (select,), (confirm,) = misery.rows
    assert select.placeholder == "Wähle deine Ärgerkarte" and confirm.label == "Bestätigen"
    german_words(" ".join(str(choice.label) for choice in select.choices))
    for seat in range(3):
        match.apply(seat, match.legal_actions(seat)[0])
    seat = match.awaiting[0]
    hand = rendered(PRESENTATION.prompt(match.view(seat), NAMES), "de")
    assert isinstance(hand.content, str)
    assert "Runde 1 von 5, Stich 1 von 14" in hand.content
    assert "**Du bist am Zug.** Ausspielfarbe: du bestimmst sie." in hand.content
    assert "Deine Ärgerkarte:" in hand.content
    german_words(hand.content)


def test_the_table_message_and_the_round_report_read_in_german() -> None:
    match, events = played_round()
    view = match.view(None)
    table = rendered(PRESENTATION.table(view, NAMES, notes=(), stopped=False), "de")
    assert isinstance(table.content, str)
    assert table.content.startswith("**Sticheln** \N{EN DASH} Runde 2 von 5 \N{EN DASH} Regeln: classic")
    assert "Alle wählen ihre Ärgerkarte" in table.content and "Spieler:" in table.content
    german_words(table.content.replace("classic", ""))
    closed = PRESENTATION.round_closed(events, view, NAMES)
    assert closed is not None
    over = rendered(closed, "de")
    assert isinstance(over.content, str)
    assert over.content.startswith("**Sticheln** \N{EN DASH} Runde 1 ist vorbei.")
    assert "Letzter Stich (14)" in over.content and "genommen von" in over.content
    german_words(over.content)
    (report,) = rendered(PRESENTATION.reports(events, view, NAMES), "de")
    (embed,) = report.embeds
    assert embed.title == "Wertung der Runde 1 von 5"
    assert isinstance(embed.description, str)
    assert "Ärgerkarte" in embed.description and "genommen; in der Ärgerfarbe:" in embed.description
    german_words(embed.description)


def test_refusals_read_in_german() -> None:
    match = GAME.new_match(3, GAME.resolve_options({}), 7)
    for seat in range(3):
        match.apply(seat, match.legal_actions(seat)[0])
    other = next(seat for seat in range(3) if seat not in match.awaiting)
    with pytest.raises(Refused) as not_yours:
        match.apply(other, match.legal_actions(match.awaiting[0])[0])
    assert render(not_yours.value.message, "de") == "Du bist nicht am Zug."
    assert str(not_yours.value) == "It is not your turn."
    with pytest.raises(Refused) as revealed:
        match.apply(0, "m:" + match.legal_actions(match.awaiting[0])[0][2:])
    assert render(revealed.value.message, "de") == (
        "Die Ärgerkarten sind schon aufgedeckt; jetzt werden die Stiche gespielt."
    )
    with pytest.raises(Refused) as forged:
        match.apply(0, "x:nothing")
    assert render(forged.value.message, "de") == "Das ist kein Zug in diesem Spiel."
    view = match.view(match.awaiting[0])
    with pytest.raises(Refused) as not_held:
        PRESENTATION.click(view, "p:violet17", ())
    german_words(render(not_held.value.message, "de"))
    assert render(not_held.value.message, "de") == "lila 17 hast du nicht auf der Hand."
    with pytest.raises(OptionError) as too_many:
        GAME.new_match(7, GAME.resolve_options({"preset": "amigo"}), 1)
    german = "Die Regelvariante amigo ist für 3\N{EN DASH}6 Spieler, nicht für 7."
    assert render(too_many.value.message, "de") == german
    with pytest.raises(OptionError) as crossed:
        GAME.resolve_options({"min_players": 6, "max_players": 4})
    assert crossed.value.key == "not_allowed"
    assert render(crossed.value.message, "de") == (
        "Die Mindestzahl an Spielern (6) darf nicht größer sein als die Höchstzahl (4)."
    )
    assert str(crossed.value) == "The fewest players (6) cannot be more than the most players (4)."


def test_the_rules_summary_reads_in_german() -> None:
    (embed,) = rendered(PRESENTATION.rules(), "de").embeds
    assert embed.title == "Sticheln: die Regeln in einer Minute"
    text = "\n".join([str(embed.description), *(f"{f.name}\n{f.value}" for f in embed.fields)])
    assert "Ärgerfarbe" in text and "Trumpf" in text and "bekommt den Stich" in text
    german_words(re.sub(r"\*\*(classic|amigo|online)\*\*", "", text))
