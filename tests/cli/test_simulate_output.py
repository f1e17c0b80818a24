"""What every game's ``simulate`` prints around its table: the header (seats, counted words,
seed and options) and the progress bar, which only a terminal gets."""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Callable

import pytest

import stickem.cli
import stickgame.cli
import stupid.cli
from tabletop.cli import main
from tabletop.console import ProgressBar

GAMES: dict[str, Callable[[], argparse.ArgumentParser]] = {
    "stickem": stickem.cli.build_parser,
    "stupid": stupid.cli.build_parser,
    "stickgame": stickgame.cli.build_parser,
}

ONE_GAME = {
    "stickem": ["--players", "3", "--seats", "random", "--workers", "1"],
    "stupid": ["--seats", "random,random", "--max-hand", "1", "--workers", "1"],
    "stickgame": ["--seats", "random,random", "--sticks-to-win", "1"],
}


@pytest.mark.parametrize("game", sorted(ONE_GAME))
def test_one_game_is_one_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", game, "simulate", "--games", "1", *ONE_GAME[game]]) == 0
    out = capsys.readouterr().out
    assert ", 1 game, " in out or ", 1 game\n" in out
    assert "1 games" not in out and "1 rounds" not in out


def test_stick_games_legend_says_what_a_free_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "stickgame", "simulate", "--games", "1", *ONE_GAME["stickgame"]]) == 0
    legend = " ".join(capsys.readouterr().out.split())
    assert "completed sticks (Frees included)" in legend
    assert "A Free is a stick that names no melds" in legend
    assert "as soon as it is drawn" in legend


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


def test_stick_games_header_says_the_seed_and_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--seats", "random,random,normal", "--scoring", "points", "--sticks-to-win", "1"]
    assert main(["--game", "stickgame", "simulate", "--games", "2", "--seed", "7", *options]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "3 players (random, random, normal), points scoring, 1 stick to win, 2 games, seed 7"


@pytest.mark.parametrize("game", sorted(ONE_GAME))
def test_the_progress_bar_is_drawn_on_a_terminal(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["--game", game, "simulate", "--games", "2", *ONE_GAME[game]]) == 0
    bar = terminal.getvalue()
    assert bar.startswith("\r[") and "] 1/2 games" in bar
    assert re.search(r"\] 2/2 games, \d+s\n$", bar)


@pytest.mark.parametrize("game", sorted(ONE_GAME))
def test_no_progress_bar_into_a_file_or_a_pipe(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Captured standard error is no terminal, as a file or a pipe is not."""
    assert main(["--game", game, "simulate", "--games", "2", *ONE_GAME[game]]) == 0
    assert capsys.readouterr().err == ""


def test_a_progress_bar_follows_its_stream() -> None:
    terminal, file = Terminal(), io.StringIO()
    ProgressBar(width=4, stream=terminal)(1, 2)
    ProgressBar(width=4, stream=file)(1, 2)
    assert terminal.getvalue() == "\r[##..] 1/2 games, 0s"
    assert file.getvalue() == ""


@pytest.mark.parametrize("game", sorted(ONE_GAME))
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_every_option_is_described_in_help(game: str, command: str) -> None:
    parser = GAMES[game]()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    described = {
        option: action.help
        for action in commands.choices[command]._actions
        for option in action.option_strings
    }
    assert all(described.values()), [option for option, text in described.items() if not text]
