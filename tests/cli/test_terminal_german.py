"""The terminal table in German (``stickem play --language de``, or a German ``LANG``): every
text from the game's catalog, cards named and typed in German, English still understood."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterator

import pytest

from stickem import Phase, Rules
from stickem.ai.terminal import TerminalTable
from stickem.cli import environment_language, main

ENGLISH = re.compile(
    r"\b(trick|misery|round|rounds|card|cards|color|captured|total|players|your|you|nobody|"
    r"green|brown|red|blue|yellow|violet|lead|leads|wins|game|takes|plays|score|scores|type|"
    r"rules|seed is|bye|undealt|from|nothing)\b",
    re.IGNORECASE,
)
"""English words that must not be left in the German terminal table (its names: You, CPU 1)."""


def answers(items: list[str], then: str) -> Callable[[str], str]:
    feed: Iterator[str] = iter(items)

    def read(prompt: str) -> str:
        return next(feed, then)

    return read


def german_table(script: list[str], then: str = "1") -> tuple[TerminalTable, str]:
    out: list[str] = []
    table = TerminalTable(
        3,
        "hard",
        Rules.preset("classic", rounds=1),
        seed=4,
        read=answers(script, then),
        write=out.append,
        color=False,
        iterations=20,
        language="de",
    )
    table.run()
    return table, "\n".join(out)


def test_a_whole_german_game_reads_german_and_takes_german_cards() -> None:
    bad = ["", "lila 5", "99", "purpur 3", "hilfe", "regeln"]
    table, text = german_table(bad)
    assert table.game.phase is Phase.GAME_OVER
    assert "Sticheln: 3 Spieler, Regeln classic, 1 Runde." in text
    assert "Computerspieler der Stufe schwer" in text
    assert "Tippe eine Karte wie 'rot 7'" in text
    assert "lila 5 ist nicht auf deiner Hand." in text
    assert "Eine Karte Nummer 99 gibt es nicht: Wähle 1 bis 15." in text
    hint = "tippe eine Farbe (grün, braun, rot, blau, gelb) und einen Wert 0\N{EN DASH}8"
    assert f"Ich verstehe 'purpur 3' nicht: {hint}" in text
    assert "Was du tippen kannst:" in text and "Sticheln: die Regeln in einer Minute" in text
    assert "Dieses Spiel: classic: 1 Runde;" in text
    assert "== Punkte nach Runde 1 ==" in text and "Spielende:" in text
    left = ENGLISH.findall(text.replace("--seed", "").replace("--language", ""))
    assert not left, f"English left in the German table: {sorted(set(left))}"


def test_a_card_typed_in_german_or_in_english_is_played() -> None:
    probe, _ = german_table([], then="ende")
    card = sorted(probe.game.hand(0))[0]
    german = f"{probe.card_name(card)}"
    english = str(card)
    assert german != english
    for typed in (german, german.upper().replace(" ", ""), english):
        table, text = german_table([typed], then="ende")
        assert table.game.view(0).misery_pick == card, typed
        assert "Tschüss! (Seed 4)" in text


def test_german_command_words_and_english_ones_both_work() -> None:
    _, text = german_table(["help", "rules", "quit"])
    assert "Was du tippen kannst:" in text and "Tschüss!" in text
    _, text = german_table(["ende"])
    assert "Tschüss! (Seed 4)" in text


def test_the_language_comes_from_the_option_else_the_environment() -> None:
    assert environment_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert environment_language({"LC_ALL": "de_AT", "LANG": "en_US.UTF-8"}) == "de"
    assert environment_language({"LANG": "C.UTF-8"}) == "en"
    assert environment_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert environment_language({}) == "en"


def test_cli_plays_in_german_with_the_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 80))
    assert main(["play", "--players", "3", "--seed", "5", "--level", "random", "--language", "DE"]) == 0
    out = capsys.readouterr().out
    assert "Punkte nach Runde 5" in out and "Spielende:" in out


def test_cli_plays_in_german_for_a_german_lang_and_refuses_in_german(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["play", "--players", "9"]) == 2
    refusal = "stickem play: Die Regeln classic erlauben 3\N{EN DASH}7 Spieler, nicht 9"
    assert refusal in capsys.readouterr().err
    monkeypatch.setattr(sys, "stdin", io.StringIO("ende\n"))
    assert main(["play", "--players", "3", "--seed", "5"]) == 0
    assert "Tschüss! (Seed 5)" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--players", "3", "--seed", "5", "--language", "en"]) == 0
    assert "Bye! (seed 5)" in capsys.readouterr().out
