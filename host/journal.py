"""Keeping the tables in storage: every accepted change is written before anyone is shown it.

The table service wraps each table method that changes something in :meth:`GameJournal.recording`:
the journal keeps a copy of the table (its game included), lets the method run (the engine
validates the move), compares the table before and after and writes the difference in one storage
transaction (a new lobby seat, the game's creation, the new actions and, when the game ended, its
results; or its early stop); only then is anything shown. When the write fails, the table is put
back exactly as it was (from the copy) and the player is told
"The game could not be saved, please try again in a moment." Nothing has been shown yet, so
nothing needs undoing on Discord. When the change did not fit the stored game, the table is
reloaded from storage and the error says so (:class:`TableReloaded`, with what to show of the
reloaded table, as concrete effects: :func:`host.reshow.reloaded_effects`): the caller
(:class:`host.table_change.TableChanges`) shows it. The journal calls nobody back.

The journal knows nothing of what was shown: the ids of the messages are the Discord layer's
(:mod:`bot.tables.message_book`, which stores them through :mod:`host.storage.shown`). It only
marks, in the move's own transaction, that the end of a round is still to be shown.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from dataclasses import dataclass, replace

from host.catalog import Words, lazy
from host.reshow import reloaded_effects
from host.storage import (
    ActionOutOfOrder,
    DuplicateAction,
    GameNotActive,
    GameStatus,
    LobbyRecord,
    SeatRecord,
    SeatResult,
    Storage,
    StorageError,
    StorageUnavailable,
    StoredGame,
    Transaction,
    utc_now,
)
from host.storage.game_lock import lock_game
from host.storage.shown import mark_round_end_owed
from host.table.effects import RatingChanges
from host.table.record import TURN_TIMER, TableRecord, options_facts, options_json
from host.tables import Outcome, Reports, Seat, ShowReloaded, Table, TableError, TableState
from host.write_queue import BACKGROUND, URGENT, WriteQueue
from tabletop import Match, Results, registry

log = logging.getLogger(__name__)


OUT_OF_STEP = lazy("journal.out_of_step")
"""What a player is told when their change did not fit the stored game (the table was reloaded)."""
ENDED_IN_STORAGE = lazy("journal.ended_in_storage")
"""What a player is told when their change came after the stored game had ended."""


class TableReloaded(TableError):
    """A change that did not fit the stored game (the table was behind it: a commit reported
    lost, or a second bot on the same database): undone, and the table reloaded from storage,
    which is the truth. Its words are what the player is told; :attr:`shown` is what everyone is
    shown of the reloaded table first (the caller shows it: the journal calls nobody back)."""

    def __init__(self, words: Words, shown: Outcome) -> None:
        super().__init__(words)
        self.shown = shown


@dataclass
class Recorded:
    """What a change's store step wrote that its outcome must show, handed up with it
    (:meth:`GameJournal.recording` yields it, filled once the write is done): the rating changes
    of the game the change finished, as stored with its end (empty: no game finished, it did not
    count, or there is no storage)."""

    ratings: RatingChanges = ()

    def shown(self, outcome: Outcome) -> Outcome:
        """``outcome`` with what was stored: its final standings carry the rating changes."""
        if not self.ratings:
            return outcome
        effects = tuple(
            replace(effect, ratings=self.ratings) if isinstance(effect, Reports) and effect.final else effect
            for effect in outcome.effects
        )
        return replace(outcome, effects=effects)


def game_options(table: Table) -> str:
    """The table facts a resumed game needs besides seed, rules and seats (JSON)."""
    return options_json(table)


def lobby_options(table: Table) -> str:
    """A lobby's stored options (JSON; see :meth:`TableRecord.lobby_options`)."""
    return TableRecord.of(table).lobby_options()


def seat_record(seat: Seat) -> SeatRecord:
    """The stored form of one seat (a computer player has no Discord user)."""
    return SeatRecord(None if seat.is_bot else seat.user_id, seat.name)


def seat_records(seats: list[Seat]) -> list[SeatRecord]:
    """The stored form of the seated players."""
    return [seat_record(seat) for seat in seats]


def seat_results(results: Results, seats: list[Seat]) -> list[SeatResult]:
    """Each seat's result in a finished game, for stats, with every per-game stat the game
    counts (``Results.stats``: by name, a value per seat)."""
    winners = set(results.winners)
    scores = results.round_scores
    return [
        SeatResult(
            seat=index,
            user_id=None if seat.is_bot else seat.user_id,
            display_name=seat.name,
            total=results.totals[index],
            round_scores=tuple(row[index] for row in scores),
            won=index in winners,
            stats={name: values[index] for name, values in results.stats.items()},
        )
        for index, seat in enumerate(seats)
    ]


def _new_actions(saved: TableRecord, table: Table) -> int:
    """How many game actions the change from ``saved`` to ``table`` added (a new game: all of its)."""
    match = table.match
    if match is None:
        return 0
    before = saved.match
    if before is None or saved.game_id != table.game_id:
        return len(match.log)
    return max(0, len(match.log) - len(before.log))


def _reloaded_outcome(table: Table, ratings: RatingChanges) -> Outcome:
    """What the table just reloaded from storage shows (see :func:`host.reshow.reloaded_effects`);
    should that fail (a bug), only the Discord layer's record of its prompts follows the stored
    game (logged: the refusal must still reach the player)."""
    try:
        return Outcome("", reloaded_effects(table, ratings))
    except Exception:
        log.exception("table %s: could not make what the reloaded game shows", table.channel_id)
        return Outcome("", (ShowReloaded(),))


def replay(stored: StoredGame) -> Match:
    """The match of a stored game: its game's replay of the seed, options and every action.

    Raises ``ValueError`` (the protocol's ``CorruptLog`` and ``OptionError`` are ones) or
    ``KeyError`` / ``TypeError`` when the stored data does not make a legal game, or names a
    game this bot does not offer; the message names no card (it is logged).
    """
    record = stored.record
    try:
        spec = registry.game(record.game)
    except registry.GameNotOffered as exc:
        raise ValueError(f"it is a game of {record.game!r}, which this bot does not offer") from exc
    options = spec.resolve_options(json.loads(record.rules))
    log_entries = [(action.seat, action.action) for action in stored.actions]
    return spec.replay(len(record.seats), options, record.seed, log_entries)


class GameJournal:
    """Writes the tables' changes to :class:`host.storage.Storage` (or nowhere, without one)."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        # SQLite has one writer at a time: queueing the writes here is far cheaper than letting
        # concurrent transactions of many tables spin in SQLite's busy handler (and time out).
        self._one_writer = storage is not None and storage.backend == "sqlite"
        # Several processes may share PostgreSQL: each game write locks its row first (see
        # host.storage.game_lock); one SQLite file has one process, whose tables are its own.
        self._locks_games = storage is not None and storage.backend == "postgresql"
        self._writer = WriteQueue()
        self.actions_recorded = 0
        """Game actions accepted (and stored, with storage) since the bot started: what the bot's
        metrics count as actions played."""

    def writing(self, priority: int) -> AbstractAsyncContextManager[None]:
        """Hold the one SQLite writer's turn for the block (``URGENT`` or ``BACKGROUND``: see
        :mod:`host.write_queue`); at once on PostgreSQL. The Discord layer's own writes (the
        message ids) take their turn here too, behind the players' moves."""
        # the queue's own context manager, not one wrapped in another: every write takes it
        return self._writer.turn(priority) if self._one_writer else nullcontext()

    async def store_setting(self, store: Callable[[Storage], Awaitable[None]]) -> None:
        """``store`` a server's setting (a manager's command, whose answer waits for it) in an
        urgent turn of the one SQLite writer, behind the players' writes already queued."""
        assert self.storage is not None
        async with self.writing(URGENT):
            await store(self.storage)

    @asynccontextmanager
    async def recording(self, table: Table, *, background: bool = False) -> AsyncIterator[Recorded]:
        """Run a table change tentatively: written when the block ends, undone if anything fails;
        it yields what the write stored that the change's outcome shows (:class:`Recorded`,
        filled once the block ended and the write is done).

        The game is copied first and put back if anything fails. A failed write raises
        :class:`host.tables.TableError` with the "could not be saved" message; a change that did
        not fit the stored game, :class:`TableReloaded` (the table reloaded, to be shown by the
        caller; a table that could not be reloaded stays as it was: a plain
        :class:`~host.tables.TableError`). (A slow write is
        covered by the table service's watchdog, which defers the interaction in time.)
        ``background`` changes (a computer player's move) wait behind players' clicks for the
        SQLite writer (see :mod:`host.write_queue`).
        """
        saved = TableRecord.of(table)
        recorded = Recorded()
        try:
            yield recorded
            table.refresh_deadline(utc_now())
            if self.storage is not None:
                # The change (the engine's work) and its write run in two steps of the event
                # loop, not one: another table's step can go in between, and neither holds
                # the loop as long as both would (the bot's goal is no step over 5 ms).
                await asyncio.sleep(0)
                async with self.writing(BACKGROUND if background else URGENT):
                    written = await self._write(self.storage, table, saved, recorded, urgent=not background)
                    self.actions_recorded += written
            else:
                self.actions_recorded += _new_actions(saved, table)
        except StorageError as exc:
            self._undo(table, saved)
            conflict = isinstance(exc, DuplicateAction | ActionOutOfOrder | GameNotActive)
            if conflict and self.storage is not None:
                # The stored log and the table disagree (a commit that failed to report success,
                # possibly of the game's last move, or a second bot on the same database): the
                # database is the truth. The caller shows the reloaded table, then tells the player.
                log.error(
                    "table %s: the stored game is ahead of the table (%s); reloading it",
                    table.channel_id,
                    exc,
                )
                reloaded = await self._reload(self.storage, table)
                told = ENDED_IN_STORAGE if table.state is TableState.CLOSED else OUT_OF_STEP
                if reloaded:
                    over = table.match is not None and table.match.is_over
                    ratings = await self.rating_changes(table) if over else ()
                    raise TableReloaded(told, _reloaded_outcome(table, ratings)) from exc
                raise TableError(told) from exc
            if not isinstance(exc, StorageUnavailable):
                log.error("table %s: storage refused a change: %s", table.channel_id, exc)
            raise TableError(lazy("storage.save_failed")) from exc  # SAVE_FAILED, in the reader's language
        except BaseException:
            self._undo(table, saved)
            raise

    def urgent_write_wait(self) -> float:
        """Seconds a player's write asking now would wait for the one SQLite writer, as far as
        its queue can tell (:meth:`host.write_queue.WriteQueue.expected_wait`; 0 on PostgreSQL,
        where nothing queues here)."""
        return self._writer.expected_wait(URGENT)

    def players_waiting(self) -> bool:
        """Whether a player's write waits for the one SQLite writer (a background write that
        takes several steps of the loop lets it go first: see :mod:`host.write_queue`)."""
        return self._writer.more_urgent_waiting(BACKGROUND)

    @property
    def writes_waiting(self) -> int:
        """Writes waiting for the one SQLite writer (0 on PostgreSQL, where nothing queues here)."""
        return self._writer.waiting

    def _undo(self, table: Table, saved: TableRecord) -> None:
        """Put ``table`` back as it was saved.

        Others may have looked at the changed table while its write was under way (the change
        and the write are separate steps of the event loop, under the table's lock): the
        computer's task of the table waits for that lock before it ends, and so sees the table
        undone (see :mod:`host.autoplay.driver`)."""
        saved.restore(table)

    async def _reload(self, storage: Storage, table: Table) -> bool:
        """Replace the table's game by the stored one (a failure leaves it as it is: False)."""
        if table.storage_id is None:
            return False
        try:
            stored = await storage.games.load_game(table.storage_id)
            table.match = replay(stored)
        except (StorageError, ValueError, KeyError, TypeError) as exc:
            log.error("table %s: could not reload the stored game: %s", table.channel_id, exc)
            return False
        if stored.record.status is not GameStatus.ACTIVE:
            table.state = TableState.CLOSED
        return True

    async def _write(
        self, storage: Storage, table: Table, saved: TableRecord, recorded: Recorded, *, urgent: bool
    ) -> int:
        """Write what changed between ``saved`` and ``table`` in one transaction; how many game
        actions it stored (what the outcome shows of it: in ``recorded``). ``urgent``: a player
        waits for it (it does not wait for a background checkpoint: see ``Storage.transaction``)."""
        was_lobby = saved.state is TableState.LOBBY
        if was_lobby and table.state is TableState.LOBBY:
            if tuple(table.seats) != saved.seats or table.chosen != saved.chosen:
                await storage.lobbies.save_lobby(self.lobby_record(table))
            return 0
        async with storage.transaction(urgent=urgent) as tx:
            if was_lobby:
                await tx.lobbies.delete_lobby(table.channel_id)
                if table.state is TableState.PLAYING:
                    await self._create_game(tx, table)
                return 0
            return await self._write_game(tx, table, saved, recorded)

    async def _create_game(self, tx: Transaction, table: Table) -> None:
        match = table.match
        assert match is not None
        table.storage_id = await tx.games.create_game(
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            game=table.spec.name,
            seed=match.seed,
            rules=json.dumps(dict(match.options)),
            seats=seat_records(table.seats),
            options=game_options(table),
        )
        if table.clock.deadline is not None:
            await tx.timers.set_timer(table.storage_id, TURN_TIMER, table.clock.deadline)

    async def _write_game(self, tx: Transaction, table: Table, saved: TableRecord, recorded: Recorded) -> int:
        match, game_id = table.match, table.storage_id
        if match is None or game_id is None:
            return 0
        before = len(saved.match.log) if saved.match is not None else 0
        log = match.log  # built once: a game's log is built anew at each reading
        moved = len(log) > before
        # The game's row first, in every write of a game (one lock order: two transactions on one
        # game never deadlock). A move claims its number with a conditional update of that row,
        # which fails, and rolls the whole write back, when the table is behind the stored game;
        # any other change (a seat, a timer, a stop) locks the row and checks the game
        # (host.storage.game_lock; PostgreSQL only, where several processes may share it).
        for seq, (seat, action) in enumerate(log[before:], start=before):
            await tx.games.append_action(game_id, seq, seat, action)  # (forgets the seat's stored prompt)
        if not moved and self._locks_games and saved.match is not None:
            await lock_game(tx, game_id, before)
        for index, (old, new) in enumerate(zip(saved.seats, table.seats, strict=True)):
            if old != new:
                await tx.games.set_seat(game_id, index, seat_record(new))
        options = options_facts(table)
        if options != options_facts(saved):  # (most writes: the JSON is not made at all)
            await tx.games.set_options(game_id, json.dumps(options))
        clock, before_clock = table.clock, saved.clock
        rescheduled = clock.deadline != before_clock.deadline
        if rescheduled:
            if clock.deadline is None:
                await tx.timers.clear_timer(game_id, TURN_TIMER)
            else:
                await tx.timers.set_timer(game_id, TURN_TIMER, clock.deadline)
        if clock.deadline is not None and clock.reminded and (rescheduled or not before_clock.reminded):
            await tx.timers.mark_timer_reminded(game_id, TURN_TIMER)
        if saved.match is not None and moved and (match.is_over or match.round != saved.match.round):
            # A round (or the game) ended: its scores are still to be shown. Stored with the
            # move, cleared by the Discord layer once shown: a restart in between shows them.
            await mark_round_end_owed(tx, game_id, table.channel_id, len(log))
        if match.is_over and moved:
            changes = await tx.games.finish_game(game_id, seat_results(match.results(), table.seats))
            recorded.ratings = tuple(sorted(changes.items()))
        elif table.state is TableState.CLOSED and saved.state is TableState.PLAYING:
            await tx.games.stop_game(game_id, "stopped")
        return max(0, len(log) - before)

    def lobby_record(self, table: Table) -> LobbyRecord:
        """The stored form of a table's lobby."""
        host = table.host_id
        return LobbyRecord(
            channel_id=table.channel_id,
            guild_id=table.guild_id,
            game=table.spec.name,
            host_id=host if host is not None else 0,
            seats=tuple(seat_records(table.seats)),
            options=lobby_options(table),
        )

    async def rating_changes(self, table: Table) -> RatingChanges:
        """What the table's finished game did to each seat's rating, as stored with the game's
        end (for a game whose end is shown again: reloaded, or after a restart); empty if it
        did not count, or if it cannot be read now (logged: the standings are shown without
        them)."""
        if self.storage is None or table.storage_id is None:
            return ()
        try:
            changes = await self.storage.ratings.game_rating_changes(table.storage_id)
        except StorageError as exc:
            log.warning("table %s: could not read the game's rating changes: %s", table.channel_id, exc)
            return ()
        return tuple(sorted(changes.items()))
