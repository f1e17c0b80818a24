"""A player waiting for a table lends their priority to the write its lock's holder waits for
(:meth:`host.table_change.TableChanges.hurry`): a computer's move, written under the table's
lock, does not keep the player waiting behind every other background write."""

from __future__ import annotations

import asyncio
from pathlib import Path

from host.table_change import TableChanges
from host.tables import Outcome, Table
from host.write_queue import BACKGROUND
from tests.bot.stickem_moves import auto_move, engine
from tests.bot.stored_tables import stored_table


async def test_a_computer_move_a_player_waits_for_is_written_before_other_background_writes(
    tmp_path: Path,
) -> None:
    async with stored_table(tmp_path, 61, humans=3, fill_to=3, timer="off", seed=2) as (
        storage, journal, table
    ):
        order: list[str] = []

        async def show(table: Table, outcome: Outcome) -> None:
            order.append("the move stored and shown")

        changes = TableChanges(journal, show)
        game = engine(table)
        seat = game.awaiting[0]
        card = game.legal_cards(seat)[0]

        before = journal.actions_recorded

        async def message_id() -> None:  # another table's background write, queued first
            async with journal.writing(BACKGROUND):
                order.append(f"a message id stored after {journal.actions_recorded - before} move(s)")

        async with journal.writing(BACKGROUND):  # the writer is busy while both queue up
            other = asyncio.create_task(message_id())
            await asyncio.sleep(0)
            move = asyncio.create_task(
                changes.change(table, lambda table: auto_move(table, seat, card), background=True)
            )
            for _ in range(20):  # the move takes the table's lock and asks for the writer
                await asyncio.sleep(0)
            assert table.lock.locked() and journal.writes_waiting == 2
            changes.hurry(table)  # a player clicks at the table and waits for its lock
        await asyncio.wait_for(asyncio.gather(other, move), 10)
        # the move had its turn first (unhurried, the message id's turn comes before it: 0 moves)
        assert sorted(order) == ["a message id stored after 1 move(s)", "the move stored and shown"]
        (stored,) = (await storage.games.load_unfinished_games()).games
        assert len(stored.actions) == 1
