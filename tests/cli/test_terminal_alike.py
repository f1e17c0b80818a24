"""The three games in the terminal greet, help and say goodbye in the same words: ``help``
for what you can type, the command that deals the game again, and the seed at the exit."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable, Sequence

import pytest

import stickem.cli
import stickgame.cli
import stupid.cli

MAINS: dict[str, Callable[[Sequence[str] | None], int]] = {
    "stickem": stickem.cli.main,
    "stupid": stupid.cli.main,
    "stickgame": stickgame.cli.main,
}


@pytest.mark.parametrize("game", sorted(MAINS))
def test_greeting_help_and_goodbye_read_alike(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nquit\n"))
    assert MAINS[game](["play", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Type 'help' for what you can type, 'rules' for the rules, 'quit' to leave." in out
    assert f"This game's seed is 5: 'python -m {game} play --seed 5' deals it again." in " ".join(out.split())
    assert out.rstrip().endswith("Bye! (seed 5)")


PARSERS: dict[str, Callable[[], argparse.ArgumentParser]] = {
    "stickem": stickem.cli.build_parser,
    "stupid": stupid.cli.build_parser,
    "stickgame": stickgame.cli.build_parser,
}


def choice_options(parser: argparse.ArgumentParser) -> list[tuple[str, str, list[str]]]:
    """Every (command, flag, choices) of the game's ``play`` and ``simulate``."""
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    return [
        (command, action.option_strings[0], [str(choice) for choice in action.choices])
        for command in ("play", "simulate")
        for action in commands.choices[command]._actions
        if action.choices is not None and action.option_strings
    ]


@pytest.mark.parametrize("game", sorted(PARSERS))
def test_every_choice_is_taken_in_any_case(game: str) -> None:
    options = choice_options(PARSERS[game]())
    assert {flag for _, flag, _ in options} >= {"--level"}
    for command, flag, choices in options:
        for choice in choices:
            typed = choice.upper() if len(choice) % 2 else choice.capitalize()  # HARD, Points
            args = PARSERS[game]().parse_args([command, flag, typed])
            assert getattr(args, flag.removeprefix("--").replace("-", "_")) == choice, (flag, typed)


@pytest.mark.parametrize("game", sorted(MAINS))
def test_the_seat_levels_are_taken_in_any_case(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    options = {
        "stickem": ["--players", "3"],
        "stupid": ["--max-hand", "1"],
        "stickgame": ["--sticks-to-win", "1"],
    }
    workers = [] if game == "stickgame" else ["--workers", "1"]
    assert (
        MAINS[game](["simulate", "--seats", "Random,RANDOM", "--games", "1", *options[game], *workers]) == 0
    )
    assert "(random, random" in capsys.readouterr().out
