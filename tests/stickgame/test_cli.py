"""The terminal game and the simulator."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator

import pytest

from stickgame.cli import main, to_action_text


def scripted(lines: list[str]) -> tuple[io.StringIO, object]:
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return io.StringIO(), read


def test_play_prints_the_seed_help_and_rules_and_takes_commands() -> None:
    out, read = scripted(["?", "rules", "s", "x joker", "table", "quit"])
    assert main(["play", "--seed", "4", "--players", "2"], read=read, out=out) == 0  # type: ignore[arg-type]
    text = out.getvalue()
    assert text.startswith("Stick Game, seed 4;")
    assert "lay down your stick" in text and "deuces and jokers are wild" in text
    assert "CardDrawn: {'seat': 0, 'source': 'stock'" in text
    assert "not allowed:" in text and "round 1; stock" in text


@pytest.mark.parametrize(
    ("typed", "text"),
    [
        ("stock", "S"),
        ("d", "D"),
        ("lay 4C 5C * 7C | 9S 9H 9H", "L 4C 5C * 7C | 9S 9H 9H"),
        ("off 3 8H", "O 3 8H"),
        ("take 3:7H / meld 7H 8H *", "W 3:7H / M 7H 8H *"),
        ("discard 7♥", "X 7♥"),
    ],
)
def test_typed_commands_become_action_text(typed: str, text: str) -> None:
    assert to_action_text(typed) == text


def test_simulate_prints_a_table_per_level() -> None:
    out = io.StringIO()
    argv = ["simulate", "--seats", "normal,random", "--games", "2", "--sticks-to-win", "1"]
    assert main(argv, out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "2 players (normal, random), 2 games, 2 rounds played"
    assert lines[1].startswith("| level | seat-games | sticks/round | vs other seats | win rate |")
    rows = [line for line in lines if line.startswith("| ") and line.split()[1] in {"normal", "random"}]
    assert {row.split()[1] for row in rows} == {"normal", "random"}
    assert all(row.split("|")[2].strip() == "2" for row in rows)  # each level held one seat in 2 games
    assert any(line.startswith("vs other seats:") for line in lines)  # the columns explained


def test_simulate_refuses_unknown_levels() -> None:
    out = io.StringIO()
    assert main(["simulate", "--seats", "normal,genius"], out=out) == 2
    assert "levels out of" in out.getvalue()


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
