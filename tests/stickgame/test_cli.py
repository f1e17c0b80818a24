"""The terminal game and the simulator."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from stickgame.cards import Card
from stickgame.cli import main
from stickgame.melds import make_meld
from stickgame.sticks import STICKS
from stickgame.terminal_commands import Situation, read_command
from stickgame.views import TableMeld


def test_play_prints_the_seed_help_and_rules_and_takes_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("?\nrules\ns\nx joker\ntable\nquit\n"))
    assert main(["play", "--seed", "4", "--players", "2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Stick Game: 2 players,") and "seed 4." in text
    assert "lay down your stick" in text and "Every deuce and every joker is wild" in text
    assert "You drew " in text and " from the stock." in text
    assert "Not allowed: " in text and "-- Round 1: " in text


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


SITUATION = Situation(
    hand=_cards("4C 5C * 7C 9S 9H 9H 7H 8H 8H"),
    stick=next(stick for stick in STICKS if str(stick) == "a run of 4 and a set"),
    melds=tuple(TableMeld(1, make_meld(_cards(cards))) for cards in ("3S 3D 3C", "10C JC QC", "5H 6H *")),
)


@pytest.mark.parametrize(
    ("typed", "text"),
    [
        ("stock", "S"),
        ("draw", "S"),
        ("d", "D"),
        ("lay 4C 5C * 7C | 9S 9H 9H", "L 4C 5C * 7C | 9S 9H 9H"),
        ("lay", "L run 4C 5C 7C * | set 9S 9H 9H"),
        ("lay run down 7H 8H * | 8 9 10", "L run down 7H 8H * | 9H 9H 9S"),
        ("lay run from 6 * 7H 8H | set 8 9 10", "L run 6 * 7H 8H | set 9H 9H 9S"),
        ("meld 1 2 3", "M * 4C 5C"),
        ("off 3 8H", "O 2 8H"),
        ("off 2 KC", "O 1 KC"),
        ("take 3:7H / meld 7H 8H *", "W 2:7H / M 7H 8H *"),
        ("take 3 7H / meld 8H 8H *", "W 2:7H / M 8H 8H *"),
        ("discard 7♥", "X 7H"),
        ("x 10", "X 9S"),
    ],
)
def test_typed_commands_become_actions(typed: str, text: str) -> None:
    """Cards by name or number in the hand as shown (wild first, then by suit); melds from 1."""
    assert read_command(typed, SITUATION).encode() == text


def test_simulate_prints_a_table_per_level(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--seats", "normal,random", "--games", "2", "--sticks-to-win", "1"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[0] == "level" and {line.split()[0] for line in lines[1:]} == {"normal", "random"}


def test_simulate_refuses_unknown_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "normal,genius"]) == 2
    assert "levels out of" in capsys.readouterr().err


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "stickgame", "play", "--seed", "2"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "seed 2" in done.stdout
