"""The servers' default games as the table service restores them at start."""

from __future__ import annotations

import logging

import pytest

from bot.tables.service import TableService


def test_stored_default_games_are_restored_and_a_game_no_longer_offered_is_ignored(
    caplog: pytest.LogCaptureFixture,
) -> None:
    service = TableService(client=None)  # type: ignore[arg-type]
    with caplog.at_level(logging.WARNING):
        service.restore_default_games({1: "stupid", 2: "backgammon", 3: "stickgame"})
    assert service.default_game(1) == "stupid" and service.default_game(3) == "stickgame"
    assert service.default_game(2) == "stickem"  # the bot's own default
    assert service.default_game(None) == "stickem"
    assert "Server 2's default game 'backgammon' is not offered any more; ignored" in caplog.text
