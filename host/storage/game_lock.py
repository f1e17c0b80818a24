"""The per-table lock of several bot processes on one PostgreSQL database.

A table lives in one process (the one that runs its server's shard), but a process that is
replaced, or started twice by mistake, may briefly hold a copy of a table that another one is
changing. A write of a move claims its action number with a conditional update of the game's
row (`GameWrites.append_action`: the row stays locked until the transaction ends, and a table
behind the stored game rolls its whole write back). Every other write of a started game (a seat
taken over, a timer, a stop) begins here: it locks the game's row (``SELECT ... FOR UPDATE``: a
second transaction on the same game waits until the first one ends) and checks that the stored
game is still the one the table changed, with the same number of actions and still active. A
table that is behind gets `ActionOutOfOrder` (or `GameNotActive`), its change is undone and the
stored game reloaded (`host.journal`). Either way the game's row is the first thing a write
touches, so two writes of one game never deadlock; two processes never apply changes to one
table at once, and none applies a change to a game it has not seen.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, select

from host.storage.errors import ActionOutOfOrder, GameNotActive, UnknownGame
from host.storage.records import GameStatus
from host.storage.schema import games
from host.storage.transaction import Transaction

_LOCK_GAME = (
    select(games.c.status, games.c.action_count).where(games.c.id == bindparam("game_id")).with_for_update()
)
"""Built once: building the statement for every move would cost more than running it."""


async def lock_game(tx: Transaction, game_id: int, action_count: int) -> None:
    """Lock game ``game_id`` for the rest of ``tx`` and check that it is active with
    ``action_count`` actions stored; raise `ActionOutOfOrder` / `GameNotActive` /
    `UnknownGame` when it is not (the table is behind the stored game)."""
    row: Any = (await tx.connection.execute(_LOCK_GAME, {"game_id": game_id})).first()
    if row is None:
        raise UnknownGame(game_id)
    status, count = str(row[0]), int(row[1])
    if status != GameStatus.ACTIVE.value:
        raise GameNotActive(game_id, status)
    if count != action_count:
        raise ActionOutOfOrder(game_id, action_count, count)
