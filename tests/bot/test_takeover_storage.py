"""Takeover requests (with the seats offered) and vacated seats are stored with the game."""

from __future__ import annotations

import json
from pathlib import Path

from host.resume import table_of_game
from host.tables import Seat, TableRegistry, TakeoverAsk
from tests.bot.stored_tables import stored_table

CHANNEL = 321


async def test_requests_and_vacated_seats_survive_a_restart(tmp_path: Path) -> None:
    async with stored_table(tmp_path, CHANNEL, humans=3, fill_to=4, timer="off", seed=4) as (
        storage, journal, table
    ):
        async with journal.recording(table):
            table.lobby.leave(2)
        async with journal.recording(table):
            table.lobby.join(8, "eve", "4")
        async with journal.recording(table):
            table.lobby.join(9, "dee")
        async with journal.recording(table):
            table.takeover_desk.approve(1, 3, 8)
        (stored,) = (await storage.games.load_unfinished_games()).games
        restored = table_of_game(stored, TableRegistry())
        assert restored.takeover_requests == {9: TakeoverAsk("dee", (1, 3))}
        assert restored.takeovers == {3: Seat(8, "eve")}
        assert restored.vacated == {1: (2, "p2")}
        # the host's buttons still work after the restart
        approved = str(restored.takeover_desk.approve(1, 1, 9).reply)
        assert "dee takes over Bot Bea (normal)'s seat (seat 2)" in approved


async def test_a_request_stored_before_seats_could_be_chosen_is_read(tmp_path: Path) -> None:
    async with stored_table(tmp_path, CHANNEL, humans=2, fill_to=3, timer="off", seed=4) as (
        storage, _, table
    ):
        assert table.storage_id is not None
        options = json.loads((await storage.games.load_game(table.storage_id)).record.options)
        del options["asks"], options["vacated"]
        options["requests"] = {"2": [9, "dee"]}  # seat -> [user id, name], as stored before
        async with storage.transaction() as tx:
            await tx.games.set_options(table.storage_id, json.dumps(options))
        (stored,) = (await storage.games.load_unfinished_games()).games
        restored = table_of_game(stored, TableRegistry())
        assert restored.takeover_requests == {9: TakeoverAsk("dee", (2,))}
        assert restored.vacated == {}
