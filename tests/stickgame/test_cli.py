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
from stickgame.terminal_commands import CommandError, Situation, read_command
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


TAKING = Situation(
    hand=_cards("5C 7C 8C 9S 9H 9D 6H"),
    stick=SITUATION.stick,
    melds=(TableMeld(1, make_meld(_cards("6S 6D *"))),),
)


@pytest.mark.parametrize(
    ("typed", "text"),
    [
        # the joker 6H frees is used at once: in the lay-down offered for the hand after the swap
        ("take 1 6H / lay", "W 0:6H / L run 5C 7C 8C * | set 9S 9H 9D"),
        # numbers count in the hand as shown before the take (5C 7C 8C 9D 6H 9H 9S)
        ("take 1:5 / meld 4 6 7 *", "W 0:6H / M 9D 9H 9S *"),
        ("take 1 6H / lay 1 * 2 3 | 4 6 7", "W 0:6H / L 5C * 7C 8C | 9D 9H 9S"),
    ],
)
def test_a_wild_taken_is_used_in_the_same_command(typed: str, text: str) -> None:
    assert read_command(typed, TAKING).encode() == text


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("take 1 6H", "A wild you take must be used in the same turn: say how after a '/'"),
        ("take 1 6H / dance", "After the '/', lay down your stick or a new meld with the wild"),
        ("take 2 6H / lay", "There is no meld #2: melds on the table are #1 to #1."),
        ("take / lay", "Name the meld and the natural card that replaces its wild"),
        ("off 1", "Name a meld of the table and the cards to lay off, like 'off 3 8H'."),
        ("off one 6H", "'one' is not a meld number: melds on the table are #1 to #1."),
        ("lay run from K 5C * *", "'from K' names where a run starts: a rank from A to Q"),
        ("meld", "Name the cards of each meld, like 'meld 7H 8H 9H'."),
        ("x 1 2", "Discard one card, like 'x 7H' or 'x 3' (its number in your hand)."),
        ("x 3 3", "Card number 3 is named twice."),
    ],
)
def test_commands_that_cannot_be_read_say_why(typed: str, answer: str) -> None:
    with pytest.raises(CommandError) as refused:
        read_command(typed, TAKING)
    assert str(refused.value).startswith(answer)


def test_simulate_prints_a_table_per_level(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--seats", "normal,random", "--games", "2", "--sticks-to-win", "1"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2 players (normal, random), sticks scoring, 1 stick to win, 2 games, seed 1"
    assert lines[1] == "2 rounds played"
    assert lines[2].startswith("| level | seat-games | sticks/round | vs other seats | win rate |")
    rows = [line for line in lines if line.startswith("| ") and line.split()[1] in {"normal", "random"}]
    assert {row.split()[1] for row in rows} == {"normal", "random"}
    assert all(row.split("|")[2].strip() == "2" for row in rows)  # each level held one seat in 2 games
    assert any(line.startswith("vs other seats:") for line in lines)  # the columns explained


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
