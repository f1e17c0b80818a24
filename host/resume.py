"""Bringing the tables back after a restart: rebuild every unfinished game and every open lobby.

:func:`rebuild_tables` turns what storage loaded into :class:`host.tables.Table` objects (each game
replayed by the engine from its seed, rules and action log, each table put in the state of its
:class:`~host.table.record.TableRecord`); it shows nothing, so a click that arrives right after the
bot connects finds its table. A game that cannot be rebuilt (storage already found it unreadable,
or the engine refuses its log) becomes a :class:`Broken` entry and never stops the others. The
report names the stored record of every table it rebuilt: the layer that shows the tables reads
its own message ids from them, shows each restored table again and reminds the players to act.

What a start-up changes in storage, and what the ended games show, the host decides too
(:func:`settle_stored`, once the tables are rebuilt): a broken game is marked stopped (it is not
tried again at the next start), and a game that ended just before the bot went down is closed here
and its end made ready to show (:class:`Ending`: the end of its last round and its final
standings, with the rating changes as stored). The layer that shows the tables only shows them.

A turn timer that ran out, or nearly, while the bot was down does not fire the moment the bot is
back: the players did not go away, the bot did. Every running turn clock is given at least half
its timer (:data:`~host.table.clock.RESTART_GRACE`, the time a reminded player has) from when
the table is rebuilt, and again from when it is shown again
(:meth:`~host.table.clock.TurnClock.grace_after_restart`); the notice that the game is back
mentions the awaited players, and the table message shows the new deadline. The grace is the
bot's to give at each start and is not stored: a later restart gives its own from its own start,
and a deadline further off stands.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

from host.journal import GameJournal, replay
from host.reshow import round_end_effects
from host.storage import GameStatus, LoadResult, LobbyRecord, StorageError, StoredGame, utc_now
from host.storage.shown import owes_round_end
from host.table.record import TableRecord
from host.tables import Outcome, Table, TableRegistry, TableState
from tabletop import registry as games

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Broken:
    """A stored game that could not be resumed: where it was played and why (for the log)."""

    game_id: int
    channel_id: int | None
    reason: str


@dataclass(frozen=True)
class Ending:
    """A game that ended just before the bot went down, its end not shown yet: its closed
    ``table`` and what it shows (``shown``: the end of its last round and its final standings,
    with the rating changes as stored with the game's end)."""

    table: Table
    shown: Outcome


@dataclass
class ResumeReport:
    """What a start-up restored: the game tables, the lobbies, and the games that were broken.

    ``owed``: the channels of the games whose last round (or whole game) ended before the bot
    went down but whose scores were not shown yet (see :func:`host.storage.shown.owes_round_end`);
    ``finished``: such games that ended, closed and kept out of the registry (a newer game may use
    their channel); ``endings``: what each of them shows (filled by :func:`settle_stored`);
    ``sources``: every table rebuilt (games, finished games, lobbies) with the stored record it
    came from."""

    games: list[Table] = field(default_factory=list)
    lobbies: list[Table] = field(default_factory=list)
    broken: list[Broken] = field(default_factory=list)
    owed: set[int] = field(default_factory=set)
    finished: list[Table] = field(default_factory=list)
    endings: list[Ending] = field(default_factory=list)
    sources: list[tuple[Table, StoredGame | LobbyRecord]] = field(default_factory=list)


def table_of_game(stored: StoredGame, tables: TableRegistry) -> Table:
    """The playing table of a stored game, opened in ``tables`` (``ValueError`` and friends if
    it cannot be rebuilt: then no table is changed)."""
    record = stored.record
    levels = games.game(record.game).levels
    state = TableRecord.of_stored(record, stored.timers, replay(stored), levels)  # checked first
    table = tables.get_or_open(record.channel_id, record.guild_id, record.game)
    if table.spec.name != record.game:
        raise ValueError(f"its channel already has a table of {table.spec.name!r}")
    state.restore(table)
    return table


def table_of_lobby(lobby: LobbyRecord, tables: TableRegistry) -> Table:
    """The lobby table of a stored lobby, opened in ``tables``."""
    table = tables.get_or_open(lobby.channel_id, lobby.guild_id, lobby.game)
    TableRecord.of_stored_lobby(lobby, table.spec.levels).restore(table)
    return table


def rebuild_tables(
    loaded: LoadResult, lobbies: list[LobbyRecord], registry: TableRegistry, now: datetime | None = None
) -> ResumeReport:
    """Put every loaded game and lobby into ``registry``; broken games are reported, not raised.
    Each running game's turn clock gets its grace from ``now`` (by default the time now): a
    click that comes before the table is shown again does not find its timer run out."""
    report = ResumeReport()
    now = utc_now() if now is None else now
    report.broken += [Broken(p.game_id, p.channel_id, p.reason) for p in loaded.problems]
    for stored in loaded.games:
        _rebuild_game(stored, registry, report, now)
    for lobby in lobbies:
        if registry.get(lobby.channel_id) is not None or not lobby.seats:
            continue
        try:
            table = table_of_lobby(lobby, registry)
        except (ValueError, TypeError) as exc:
            registry.discard(lobby.channel_id)
            log.error("the stored lobby of channel %s cannot be resumed: %s", lobby.channel_id, exc)
            continue
        report.lobbies.append(table)
        report.sources.append((table, lobby))
    return report


def _rebuild_game(stored: StoredGame, registry: TableRegistry, report: ResumeReport, now: datetime) -> None:
    """Rebuild one stored game into ``registry`` (a finished one apart, if its end is still to
    be shown), and say so in ``report``."""
    channel_id = stored.record.channel_id
    if stored.record.status is GameStatus.FINISHED:
        try:
            table = table_of_game(stored, TableRegistry())  # shown once, then closed
        except (ValueError, KeyError, TypeError) as exc:
            log.error("finished game %d cannot be shown: %s", stored.record.id, exc)
            return
        if owes_round_end(stored):
            table.state = TableState.CLOSED  # its game is over: no click, no timer moves it
            report.finished.append(table)
            report.sources.append((table, stored))
        return
    if registry.get(channel_id) is not None:
        clash = "another game is active in its channel"
        report.broken.append(Broken(stored.record.id, channel_id, clash))
        return
    try:
        table = table_of_game(stored, registry)
    except (ValueError, KeyError, TypeError) as exc:
        registry.discard(channel_id)
        reason = f"it does not replay: {exc}"
        log.error("stored game %d (channel %s) cannot be resumed: %s", stored.record.id, channel_id, reason)
        report.broken.append(Broken(stored.record.id, channel_id, reason))
        return
    table.clock.grace_after_restart(now)
    report.games.append(table)
    report.sources.append((table, stored))
    if owes_round_end(stored):
        report.owed.add(channel_id)


async def settle_stored(report: ResumeReport, journal: GameJournal) -> None:
    """What the start-up ``report`` changes in storage and reads from it, before anything is
    shown: each broken game is marked stopped, with its reason (a failure is logged: it is
    reported again at the next start), and each finished game's :class:`Ending` is put in
    ``report.endings``, its final standings with the rating changes as stored (read through
    ``journal``; standings without them if they cannot be read)."""
    storage = journal.storage
    for broken in report.broken:
        if storage is None:
            break
        try:
            await storage.games.stop_game(broken.game_id, f"corrupt: {broken.reason}"[:200])
        except StorageError as exc:
            log.warning("could not mark stored game %d as stopped: %s", broken.game_id, exc)
    for table in report.finished:
        ratings = await journal.rating_changes(table)
        try:
            report.endings.append(Ending(table, Outcome("", round_end_effects(table, ratings))))
        except Exception:  # one table's bug must not keep the others from being shown
            log.exception("could not make the end of the game of channel %s", table.channel_id)
