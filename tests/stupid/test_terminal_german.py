"""Stupid's terminal table in German (``stupid play --language de``, or a German ``LANG``): every
text from the game's catalog, cards written and typed in German, English still understood."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterator

import pytest

from stupid import Phase, Rules
from stupid.ai.terminal import TerminalTable
from stupid.cards import Card, Suit
from stupid.cli import environment_language, main

ENGLISH = re.compile(
    r"\b(the|round|rounds|trick|tricks|bid|bids|trump|your|you|dealer|card|cards|clubs?|hearts?|"
    r"spades?|diamonds?|took|taken|total|players|game|over|wins?|takes?|plays?|scores?|type|rules|"
    r"seed is|bye|leads?|commands|deck|decks|not allowed|nothing|of)\b",
    re.IGNORECASE,
)
"""English words that must not be left in the German terminal table (its names: Du, CPU 1)."""
ENGLISH_FACE = re.compile(r"(?<!\w)[JQ][♣♦♥♠]")
"""A face card written with an English letter: German writes B (Bube) and D (Dame)."""


def german_table(
    script: list[str], *, then: Callable[[TerminalTable], str] | None = None
) -> tuple[TerminalTable, str]:
    """A German table of 3 seats (largest hand 2) fed ``script``, then legal answers (or ``then``)."""
    out: list[str] = []
    table = TerminalTable(
        3, "normal", Rules(max_hand=2), seed=4, write=out.append, color=False, language="de"
    )
    feed: Iterator[str] = iter(script)

    def read(prompt: str) -> str:
        answer = next(feed, None)
        if answer is not None:
            return answer
        if then is not None:
            return then(table)
        game = table.game
        if game.phase is Phase.BIDDING:
            return str(game.legal_bids(0)[0])
        return str(game.hand(0).index(game.legal_cards(0)[0]) + 1)

    table.read = read
    table.run()
    return table, "\n".join(out)


def test_a_whole_german_game_reads_german() -> None:
    bad = ["", "?", "hilfe", "regeln", "viele", "9", "lila 3"]
    table, text = german_table(bad)
    assert table.game.phase is Phase.GAME_OVER
    assert "Stiche-Raten: 3 Spieler, 1 Kartenspiel (eines pro 7 Spieler); 3 Runden mit 1..2..1 Karten" in text
    assert "gegen 2 Computerspieler der Stufe normal" in text
    assert "Tippe deine Antwort oder 'hilfe'." in text
    assert text.count("Was du tippen kannst:") == 2 and "Stiche-Raten, kurz gesagt:" in text
    assert "Eine Ansage ist eine Zahl von Stichen: Du kannst" in text
    assert "Nicht erlaubt: Eine Ansage ist eine ganze Zahl von 0 bis 1" in text
    assert "== Punkte nach Runde 3 ==" in text and "Spielende:" in text
    assert "Deine Hand: 1) " in text and "Trumpfkarte" in text
    left = ENGLISH.findall(text.replace("--seed", "").replace("python -m stupid play", ""))
    assert not left, f"English left in the German table: {sorted(set(left))}"
    assert not ENGLISH_FACE.search(text)


def test_a_card_typed_in_german_or_in_english_is_played() -> None:
    queen = Card(Suit.CLUBS, 12)
    table = TerminalTable(2, "random", Rules(max_hand=1), seed=1, color=False, language="de")
    assert table.card_name(queen) == "D♣"
    for typed in ("D♣", "d♣", "Kreuz D", "d kreuz", "QC", "queen of clubs"):
        assert table.parse_card(typed) is queen, typed
    with pytest.raises(ValueError):
        table.parse_card("Kreuz Q")


def test_a_german_card_name_plays_that_card_at_the_table() -> None:
    played: list[str] = []

    def answer(table: TerminalTable) -> str:
        game = table.game
        if game.phase is Phase.BIDDING:
            return str(game.legal_bids(0)[0])
        if played:
            return "ende"
        card = game.legal_cards(0)[0]
        played.append(table.card_name(card))
        suit = table.suit_name(card.suit)
        rank = table.card_name(card)[:-1]
        return f"{suit} {rank}"

    _, text = german_table([], then=answer)
    assert f"Du spielst {played[0]}" in text
    assert "Tschüss! (Seed 4)" in text


def test_german_command_words_and_english_ones_both_work() -> None:
    _, text = german_table(["help", "rules", "quit"])
    assert "Was du tippen kannst:" in text and "Stiche-Raten, kurz gesagt:" in text
    assert text.endswith("Tschüss! (Seed 4)")
    _, text = german_table(["hilfe", "ende"])
    assert text.endswith("Tschüss! (Seed 4)")


def test_the_language_comes_from_the_option_else_the_environment() -> None:
    assert environment_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert environment_language({"LC_ALL": "de_AT", "LANG": "en_US.UTF-8"}) == "de"
    assert environment_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert environment_language({}) == "en"


def test_cli_plays_in_german_with_the_option_or_a_german_lang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("0\nende\n"))
    assert main(["play", "--players", "2", "--seed", "3", "--language", "DE"]) == 0
    out = capsys.readouterr().out
    assert "Stiche-Raten: 2 Spieler" in out and "Tschüss! (Seed 3)" in out
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--players", "2", "--seed", "3"]) == 0
    assert "Tschüss! (Seed 3)" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--players", "2", "--seed", "3", "--language", "en"]) == 0
    assert "Bye! (seed 3)" in capsys.readouterr().out


def test_cli_refuses_options_that_do_not_fit_in_german(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["play", "--players", "1"]) == 2
    assert (
        capsys.readouterr().err == "stupid play: Stiche-Raten ist für 2\N{EN DASH}21 Spieler, nicht für 1\n"
    )
    assert main(["play", "--players", "15", "--decks", "1", "--language", "de"]) == 2
    assert capsys.readouterr().err == (
        "stupid play: --decks 1 ist zu wenig für 15 Spieler; nimm --decks 3 (ein Kartenspiel pro 7 Spieler)\n"
    )
