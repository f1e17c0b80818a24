"""Stick Game's terminal table in German (``stickgame play --language de``, or a German ``LANG``):
every text from the game's catalog, cards written and typed in German, the command words in
German or in English."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator

import pytest

from stickgame.cli import environment_language, main
from stickgame.present_text import hand_order
from stickgame.rules import Rules
from stickgame.terminal import TerminalTable

ENGLISH = re.compile(
    r"\b(the|round|your|you|dealt|plays?|first|discard|pile|stock|drew|took|laid|down|stick is|"
    r"sticks? (?:ends?|wins)|cards?|points?|over|game|wins?|share|type|rules|commands?|"
    r"meld|melds|run|set|bye|nobody|went out|empty|winner|final|standings|not allowed|draw|move)\b",
    re.IGNORECASE,
)
"""English words that must not be left in the German terminal table (its names: Du, CPU 1)."""
ENGLISH_FACE = re.compile(r"(?<![\w'])[JQ][♣♦♥♠]")
"""A face card written with an English letter: German writes B (Bube) and D (Dame)."""


def german_table(script: list[str], seed: int = 5) -> tuple[TerminalTable, str]:
    """A German table of 3 seats, one stick to win, fed ``script``, then: draw from the stock and
    discard the first card of the hand, in German words."""
    out: list[str] = []
    table = TerminalTable(3, "normal", Rules(sticks_to_win=1), seed, write=out.append, language="de")
    feed: Iterator[str] = iter(script)
    tries = [0]

    def read(prompt: str) -> str:
        answer = next(feed, None)
        if answer is not None:
            return answer
        if table.game.phase == "draw":
            tries[0] = 0
            return "ziehen"
        shown = hand_order(table.game.hand(0))
        natural = [n for n, card in enumerate(shown, 1) if not card.is_wild]
        tries[0] += 1  # a refused discard (a card that could be laid off): the next card
        return f"abwerfen {natural[(tries[0] - 1) % len(natural)]}"

    table.read = read
    table.run()
    return table, "\n".join(out)


def german_only(text: str) -> str:
    """``text`` without what stays English in German too: the game's name, the command that
    deals the game again, an option's value as typed (``points``), and the cards typed as the
    engine reads them (7H, QC) in the help's examples."""
    kept = r"Stick Game|python -m stickgame play --seed \d+|Wertung points|\b(?:10|[2-9AJQK])[CDHS]\b"
    return re.sub(kept, "", text)


def test_a_whole_german_game_reads_german() -> None:
    bad = ["", "hilfe", "regeln", "tisch", "blatt", "tanzen", "x ZZ", "anlegen 9 8H", "abwerfen 1"]
    table, text = german_table(bad)
    assert table.game.is_over
    assert "Stick Game: 3 Spieler, 1 Stick beendet das Spiel; die meisten erfüllten Sticks gewinnen" in text
    assert "gegen 2 Computerspieler der Stufe mittel" in text
    assert "Tippe einen Befehl oder 'hilfe'" in text
    assert "Was du tippen kannst" in text and "Freie Sticks:" in text and "Dieses Spiel: " in text
    assert "Ich verstehe 'tanzen' nicht" in text and "'ZZ' ist keine Karte" in text
    assert "Nicht erlaubt: zieh zuerst eine Karte" in text
    assert "Deine Hand (15 Karten):" in text and "Dein Stick: " in text
    assert "Du wirfst " in text and "== Endstand (nach erfüllten Sticks) ==" in text
    assert "Spielende: " in text
    left = ENGLISH.findall(german_only(text))
    assert not left, f"English left in the German table: {sorted(set(left))}"
    assert not ENGLISH_FACE.search(german_only(text))


def test_the_prompts_are_german() -> None:
    prompts: list[str] = []
    table = TerminalTable(3, "normal", Rules(sticks_to_win=1), 5, write=lambda _: None, language="de")
    answers: Iterator[str] = iter(["ziehen", "ende"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    table.read = read
    table.run()
    assert prompts[0].startswith("Du ziehst ('ziehen' vom Stapel")
    assert prompts[1].startswith("Dein Zug (")


def test_cards_and_commands_typed_in_german_or_in_english() -> None:
    for typed in ("ziehen", "draw", "s"):
        table, text = german_table([typed, "ende"])
        assert len(table.game.hand(0)) == 16, typed
        assert text.endswith("Tschüss! (Seed 5)")
    probe, _ = german_table(["ziehen", "ende"])
    queen = next(card for card in probe.game.hand(0) if card.rank == 12)
    german = f"D{str(queen)[-1]}"
    for typed in (f"abwerfen {german}", f"x {queen!s}", german, f"discard {german.lower()}"):
        table, text = german_table(["ziehen", typed, "quit"])
        # the engine was asked to discard the queen (here it refuses: the queen could be laid off)
        assert f"Du wirfst {german} ab." in text or f"Nicht erlaubt: {german} " in text, typed
        assert "keine Karte" not in text and "Ich verstehe" not in text, typed
        assert text.endswith("Tschüss! (Seed 5)")


def test_the_language_comes_from_the_option_else_the_environment() -> None:
    assert environment_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert environment_language({"LC_ALL": "de_AT", "LANG": "en_US.UTF-8"}) == "de"
    assert environment_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert environment_language({}) == "en"


def test_cli_plays_in_german_with_the_option_or_a_german_lang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("ziehen\nende\n"))
    assert main(["play", "--seed", "3", "--language", "DE"]) == 0
    out = capsys.readouterr().out
    assert "Stick Game: 3 Spieler" in out and "Tschüss! (Seed 3)" in out
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "3"]) == 0
    assert "Tschüss! (Seed 3)" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "3", "--language", "en"]) == 0
    assert "Bye! (seed 3)" in capsys.readouterr().out


def test_cli_refuses_a_player_count_in_german(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["play", "--players", "9", "--language", "de"]) == 2
    assert (
        capsys.readouterr().err == "stickgame play: Stick Game ist für 2\N{EN DASH}8 Spieler, nicht für 9\n"
    )
    assert main(["play", "--players", "9"]) == 2
    assert capsys.readouterr().err == "stickgame play: Stick Game is for 2-8 players, not 9\n"
