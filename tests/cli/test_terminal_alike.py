"""The three games in the terminal greet, help and say goodbye in the same words: ``help``
for what you can type, the command that deals the game again, and the seed at the exit."""

from __future__ import annotations

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
