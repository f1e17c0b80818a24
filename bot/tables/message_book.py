"""The message book: which Discord messages belong to which table and seat, and keeping their ids.

A table's lobby message and table message are edited in place while they exist; each seat's
live DM prompt is edited when it is answered; a seat's latest answered DM shows it a new hand
(:class:`DoneDm`); a player whose DMs are closed plays through /hand. All of that is Discord's
and lives here, beside the table (by table object: a new table in the same channel starts with
an empty page), never in the host.

What a restart needs is stored through the storage layer (:mod:`host.storage.shown`), in the
background, by the Discord layer itself: the host is never called back to learn what was sent.

- The lobby message and the table message are stored when posted (one background write each).
- Live prompts are many (one a card): their ids wait here and one background transaction stores
  those gathered while the writer was busy, at most :data:`PROMPT_BATCH` a transaction. Each is
  written only if the stored game still has the action count it had when the DM was sent, so a
  stored prompt is always one still waiting for its player (a move forgets its seat's prompt in
  the move's transaction); an id lost to a crash only means a new DM after the restart.
- The end of a round shown: the host marked it owed with the move (store before show); the book
  clears the mark once it was shown.

Losing one of these writes costs at most an edit or a DM after a restart: a failure is logged,
never shown to a player. Done DMs and closed DMs are kept in memory only (after a restart a new
hand comes in a new DM; a closed DM is found again at the next DM).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import weakref
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from host.storage import LobbyRecord, Storage, StorageError, StoredGame
from host.storage.shown import clear_round_end_owed, set_lobby_message
from host.tables import Table, TableState
from host.write_queue import BACKGROUND, Writing, unqueued

log = logging.getLogger(__name__)

PROMPT_BATCH = 32
"""The most prompt ids one transaction stores. On SQLite a transaction runs on the event loop's
thread (see :mod:`host.storage.inline_sqlite`), at ~0.1 ms per id: ids gathered while the writer
was held up (hundreds, at a thousand tables or after a slow disk) would otherwise hold the loop
for tens of milliseconds in one go; between two batches, players' moves take their turn."""

PROMPT_STEP = 8
"""The most prompt ids a batch stores in one step of the event loop: between two steps other
tables' callbacks run (the batch keeps the writer's turn and its one transaction). A batch of
:data:`PROMPT_BATCH` in one step held the loop 3-4 ms, the bot's longest callback in the load
benchmark (``benchmarks/discord_load.py``)."""


@dataclass(slots=True)
class PromptRef:
    """A DM prompt whose buttons are live: the DM channel and message ids."""

    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class DoneDm:
    """A seat's latest DM that asks nothing any more (a prompt answered, shrunk to one ``line``):
    what only informs the seat (its new hand) is shown there instead of in a new DM
    (``expanded``), and it shrinks back to its line when the seat's next prompt comes."""

    ref: PromptRef
    line: str
    expanded: bool = False


@dataclass(slots=True)
class TableMessages:
    """One table's page of the book: the ids of the messages it keeps editing, each seat's live
    prompt and latest done DM, and the users whose DMs are closed."""

    lobby_id: int | None = None
    table_id: int | None = None
    prompts: dict[int, PromptRef] = field(default_factory=dict)
    done: dict[int, DoneDm] = field(default_factory=dict)
    dm_closed: set[int] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class _PendingPrompt:
    """A prompt id waiting to be stored: where it is and the game's action count when sent."""

    table_channel_id: int
    dm_channel_id: int
    message_id: int
    action_count: int


class MessageBook:
    """The Discord messages of a bot's tables, by table and seat, and their stored ids."""

    def __init__(
        self,
        storage: Storage | None = None,
        writing: Writing = unqueued,
        players_waiting: Callable[[], bool] = lambda: False,
    ) -> None:
        self.storage = storage
        self._writing = writing
        # Whether a player's write waits for the writer: a batch of prompt ids then ends early.
        self._players_waiting = players_waiting
        self._pages: weakref.WeakKeyDictionary[Table, TableMessages] = weakref.WeakKeyDictionary()
        # Prompt ids waiting to be stored, by (game id, seat); written together (see prompt_sent).
        self._prompts: dict[tuple[int, int], _PendingPrompt] = {}
        self._storing_prompts: asyncio.Task[None] | None = None

    def of(self, table: Table) -> TableMessages:
        """The table's page (an empty one for a table not seen yet)."""
        page = self._pages.get(table)
        if page is None:
            page = self._pages[table] = TableMessages()
        return page

    def has_prompt(self, table: Table, seat: int) -> bool:
        """Whether ``seat`` has a live DM prompt."""
        return seat in self.of(table).prompts

    # --- what was sent ---------------------------------------------------------------------------

    async def lobby_shown(self, table: Table, message_id: int) -> None:
        """The lobby message was posted: edit it from now on, after a restart too."""
        self.of(table).lobby_id = message_id
        storage = self.storage
        if storage is None or table.state is not TableState.LOBBY or not table.seats:
            return
        write = _in_transaction(storage, set_lobby_message, table.channel_id, message_id)
        await self._best_effort(table, write)

    async def table_shown(self, table: Table, message_id: int) -> None:
        """The table message was posted: edit it from now on, after a restart too."""
        self.of(table).table_id = message_id
        storage, game_id = self.storage, table.storage_id
        if storage is None or game_id is None:
            return
        await self._best_effort(
            table, storage.games.set_message(game_id, "table", table.channel_id, message_id)
        )

    async def prompt_sent(self, table: Table, seat: int, ref: PromptRef) -> None:
        """``ref`` is the seat's live prompt now (stored soon, with the others)."""
        self.of(table).prompts[seat] = ref
        self.prompt_still_live(table, seat)

    def prompt_still_live(self, table: Table, seat: int) -> None:
        """The seat's live prompt goes on for the game as it is now (a step of its decision was
        taken in it): store it again, for the new action count, soon and with the others.

        Every card sends one prompt; a transaction for each would be half of all the writes of
        a busy bot. The ids wait here instead and one background transaction stores all that
        gathered while the writer was busy (at once when it is free). A DM the game has passed
        by then (its seat moved, the game ended) is not stored (see the module's docstring)."""
        ref = self.of(table).prompts.get(seat)
        if self.storage is None or table.storage_id is None or ref is None or table.match is None:
            return
        self._prompts[(table.storage_id, seat)] = _PendingPrompt(
            table.channel_id, ref.channel_id, ref.message_id, table.action_count
        )
        if self._storing_prompts is None or self._storing_prompts.done():
            self._storing_prompts = asyncio.create_task(self._store_prompts(self.storage))

    async def round_end_shown(self, table: Table) -> None:
        """The end of the table's last round (or game) was shown: a restart need not show it."""
        storage, game_id = self.storage, table.storage_id
        if storage is None or game_id is None:
            return
        await self._best_effort(table, _in_transaction(storage, clear_round_end_owed, game_id))

    # --- what a restart reads back ---------------------------------------------------------------

    def restore_game(self, table: Table, stored: StoredGame) -> None:
        """The stored table message and live prompts of a resumed game."""
        page = self.of(table)
        for message in stored.messages:
            if message.purpose == "table":
                page.table_id = message.message_id
            elif message.purpose == "hand" and message.seat is not None:
                page.prompts[message.seat] = PromptRef(message.channel_id, message.message_id)

    def restore_lobby(self, table: Table, lobby: LobbyRecord) -> None:
        """The stored message of a resumed lobby."""
        self.of(table).lobby_id = lobby.message_id

    # --- the background writes -------------------------------------------------------------------

    async def _store_prompts(self, storage: Storage) -> None:
        """Write the waiting prompt ids, a transaction per batch of at most
        :data:`PROMPT_BATCH`, until none wait.

        A batch takes several steps of the loop (:data:`PROMPT_STEP`), holding the writer: when
        a player's write asks for it meanwhile, the batch commits what it has and gives the
        writer up, and the rest of its ids queue again, behind the player's write (an id whose
        seat has a newer one waiting by then is dropped for that one)."""
        while self._prompts:
            async with self._writing(BACKGROUND):
                keys = list(itertools.islice(self._prompts, PROMPT_BATCH))
                batch = {key: self._prompts.pop(key) for key in keys}
                written = list(batch.values())  # the ids this transaction holds, if it fails
                try:
                    async with storage.transaction() as tx:
                        for number, ((game_id, seat), prompt) in enumerate(batch.items()):
                            if number and number % PROMPT_STEP == 0:
                                await asyncio.sleep(0)  # let other callbacks run (PROMPT_STEP)
                                if self._players_waiting():
                                    self._queue_again(list(batch.items())[number:])
                                    written = written[:number]
                                    break
                            await tx.messages.set_hand_message_if_current(
                                game_id, seat, prompt.dm_channel_id, prompt.message_id, prompt.action_count
                            )
                except StorageError as exc:
                    log.warning(
                        "could not store %d prompt ids (tables %s): %s",
                        len(written),
                        ", ".join(sorted({str(p.table_channel_id) for p in written})),
                        exc,
                    )

    def _queue_again(self, rest: list[tuple[tuple[int, int], _PendingPrompt]]) -> None:
        """Put the ids a batch left for later back in the queue, unless a newer id of the same
        seat is waiting already."""
        for key, prompt in rest:
            self._prompts.setdefault(key, prompt)

    @property
    def writing_prompts(self) -> bool:
        """Whether prompt ids wait to be stored or are being stored."""
        return bool(self._prompts) or (self._storing_prompts is not None and not self._storing_prompts.done())

    async def drain(self) -> None:
        """Wait until the prompt ids gathered so far are written (before closing the storage)."""
        while self._storing_prompts is not None and not self._storing_prompts.done():
            await asyncio.shield(self._storing_prompts)

    async def _best_effort(self, table: Table, write: Coroutine[Any, Any, object]) -> None:
        try:
            async with self._writing(BACKGROUND):
                await write
        except StorageError as exc:
            log.warning("table %s: could not store a message id: %s", table.channel_id, exc)
        finally:
            write.close()  # cancelled while waiting for the writer: never started, nothing to warn


async def _in_transaction(
    storage: Storage, write: Callable[..., Coroutine[Any, Any, object]], *args: int
) -> None:
    """Run ``write(tx, *args)`` in a transaction of its own."""
    async with storage.transaction() as tx:
        await write(tx, *args)
