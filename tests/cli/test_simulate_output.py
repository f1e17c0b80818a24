"""What every game's ``simulate`` prints around its table: the header (seats, counted words,
seed and options) and the progress bar, which only a terminal gets."""

from __future__ import annotations

import pytest

from tabletop.cli import main

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
