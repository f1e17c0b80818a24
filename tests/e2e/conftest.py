"""Fixtures of the end-to-end tests that run the real bot process against the emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord_emulator import Emulator
from tests.e2e.process_game import TOKEN, ProcessGame, game_at_a_table


@pytest.fixture
async def discord_emulator(request: pytest.FixtureRequest) -> AsyncIterator[Emulator]:
    """A running emulator that accepts a token of the real format (the bot process validates it
    on start). Problems it recorded fail the test, unless it is marked
    ``emulator_problems_expected``."""
    emu = Emulator(token=TOKEN)
    await emu.start()
    try:
        yield emu
    finally:
        await emu.stop()
    if request.node.get_closest_marker("emulator_problems_expected") is None:
        emu.assert_no_problems()


@pytest.fixture(params=["sqlite", "postgres"])
async def three_players(
    request: pytest.FixtureRequest, discord_emulator: Emulator, tmp_path: Path
) -> AsyncIterator[ProcessGame]:
    """ann, bob and cyd in a channel, and a fresh database on each backend (no bot started yet)."""
    async with game_at_a_table(discord_emulator, tmp_path, request.param, ("ann", "bob", "cyd")) as g:
        yield g
