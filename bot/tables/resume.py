"""Bringing the tables back after a restart: rebuild every unfinished game and every open lobby.

:func:`rebuild_tables` turns what storage loaded into :class:`host.tables.Table` objects (each game
replayed by the engine from its seed, rules and action log); it does no Discord I/O, so a click
that arrives right after the bot connects finds its table. A game that cannot be rebuilt (storage
already found it unreadable, or the engine refuses its log) becomes a :class:`Broken` entry and
never stops the others. The table service then shows each restored table again and reminds the
players to act (see ``TableService.announce_resumed``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.tables.message_book import MessageBook
from bot.tables.payload import send_kwargs
from bot.tables.service import TableService
from host.catalog import Words, lazy
from host.journal import replay
from host.reshow import resume_effects, round_end_effects
from host.storage import (
    GameStatus,
    LoadResult,
    LobbyRecord,
    Storage,
    StorageError,
    StoredGame,
)
from host.storage.shown import owes_round_end
from host.table.record import TableRecord, stored_bots, stored_json, stored_seats
from host.tables import (
    TIMER_CHOICES,
    Outcome,
    Table,
    TableRegistry,
    TableState,
)
from tabletop import registry
from tabletop.presentation import Message

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Broken:
    """A stored game that could not be resumed: where it was played and why (for the log)."""

    game_id: int
    channel_id: int | None
    reason: str


@dataclass
class ResumeReport:
    """What a start-up restored: the game tables, the lobbies, and the games that were broken.

    ``owed``: the channels of the games whose last round (or whole game) ended before the bot
    went down but whose scores were not shown yet (see :func:`host.storage.shown.owes_round_end`);
    ``finished``: such games that ended, kept out of the registry (a newer game may use their channel)."""

    games: list[Table] = field(default_factory=list)
    lobbies: list[Table] = field(default_factory=list)
    broken: list[Broken] = field(default_factory=list)
    owed: set[int] = field(default_factory=set)
    finished: list[Table] = field(default_factory=list)


def table_of_game(stored: StoredGame, tables: TableRegistry, book: MessageBook | None = None) -> Table:
    """The playing table of a stored game (``ValueError`` and friends if it cannot be rebuilt),
    its table message and live prompts written in ``book``."""
    record = stored.record
    levels = registry.game(record.game).levels
    state = TableRecord.of_stored(record, stored.timers, replay(stored), levels)  # checked first
    table = tables.get_or_open(record.channel_id, record.guild_id, record.game)
    if table.spec.name != record.game:
        raise ValueError(f"its channel already has a table of {table.spec.name!r}")
    state.restore(table)
    if book is not None:
        book.restore_game(table, stored)
    return table


def _chosen(options: dict[str, Any]) -> dict[str, object]:
    """The game options a stored lobby asked for (a release before the game protocol stored
    Stick'em's ``preset`` and ``rounds`` at the top level: the same options by name)."""
    chosen = options.get("options")
    if isinstance(chosen, dict):
        return {str(name): value for name, value in chosen.items()}
    legacy = {name: options[name] for name in ("preset", "rounds") if options.get(name) is not None}
    return legacy


def table_of_lobby(lobby: LobbyRecord, tables: TableRegistry, book: MessageBook | None = None) -> Table:
    """The lobby table of a stored lobby, its message written in ``book``."""
    options = stored_json(lobby.options)
    table = tables.get_or_open(lobby.channel_id, lobby.guild_id, lobby.game)
    table.seats = stored_seats(lobby.seats, stored_bots(options, table.spec.levels))
    table.chosen = _chosen(options)
    if book is not None:
        book.restore_lobby(table, lobby)
    lobby_id = options.get("lobby_id")
    if isinstance(lobby_id, str) and lobby_id:
        table.lobby_id = lobby_id  # a /stop confirmation sent before the restart still matches
    rematch_of = options.get("rematch_of")
    if isinstance(rematch_of, int) and not isinstance(rematch_of, bool):
        table.rematch_of = rematch_of  # a Rematch click after the restart finds its lobby
    timer = options.get("timer")
    if isinstance(timer, str) and timer in TIMER_CHOICES:
        table.lobby_timer = timer
    return table


def rebuild_tables(
    loaded: LoadResult, lobbies: list[LobbyRecord], registry: TableRegistry, book: MessageBook | None = None
) -> ResumeReport:
    """Put every loaded game and lobby into ``registry``, the ids of their messages into ``book``
    (the bot's: a click right after the start finds its live prompt); broken games are
    reported, not raised."""
    report = ResumeReport()
    report.broken += [Broken(p.game_id, p.channel_id, p.reason) for p in loaded.problems]
    for stored in loaded.games:
        channel_id = stored.record.channel_id
        if stored.record.status is GameStatus.FINISHED:
            try:
                table = table_of_game(stored, TableRegistry(), book)  # shown once, then closed
            except (ValueError, KeyError, TypeError) as exc:
                log.error("finished game %d cannot be shown: %s", stored.record.id, exc)
                continue
            if owes_round_end(stored):
                report.finished.append(table)
            continue
        if registry.get(channel_id) is not None:
            clash = "another game is active in its channel"
            report.broken.append(Broken(stored.record.id, channel_id, clash))
            continue
        try:
            report.games.append(table_of_game(stored, registry, book))
            if owes_round_end(stored):
                report.owed.add(channel_id)
        except (ValueError, KeyError, TypeError) as exc:
            registry.discard(channel_id)
            reason = f"it does not replay: {exc}"
            log.error(
                "stored game %d (channel %s) cannot be resumed: %s", stored.record.id, channel_id, reason
            )
            report.broken.append(Broken(stored.record.id, channel_id, reason))
    for lobby in lobbies:
        if registry.get(lobby.channel_id) is not None or not lobby.seats:
            continue
        try:
            report.lobbies.append(table_of_lobby(lobby, registry, book))
        except (ValueError, TypeError) as exc:
            registry.discard(lobby.channel_id)
            log.error("the stored lobby of channel %s cannot be resumed: %s", lobby.channel_id, exc)
    return report


CHANNEL_GONE = frozenset({10003, 50001})
"""Discord's "Unknown Channel" and "Missing Access": the channel was deleted (or hidden from
the bot) while the bot was down."""


async def _channel_gone(service: TableService, channel_id: int) -> bool:
    """Whether Discord says the channel no longer exists for the bot (other failures: False)."""
    try:
        await service.client.fetch_channel(channel_id)
    except discord.HTTPException as exc:
        return exc.code in CHANNEL_GONE
    return False


async def announce_resumed(service: TableService, report: ResumeReport, storage: Storage) -> None:
    """Show every restored table again and remind its players; end and report the broken games.

    A game whose channel was deleted while the bot was down is stopped and its table dropped
    (as if the deletion had been seen), instead of being resumed, failing, at every start."""
    for table in report.games:
        try:
            if await _channel_gone(service, table.channel_id):
                log.info("the channel %s of a stored game is gone: ending the game", table.channel_id)
                await service.channel_deleted(table.channel_id)
                continue
            async with table.lock:
                if table.state is not TableState.PLAYING:
                    continue
                effects, notice = resume_effects(table, owed=table.channel_id in report.owed)
                await service.execute(table, Outcome("", effects))
                await _say(service, table.channel_id, notice, table.guild_id)
                service.kick(table)  # computer seats to move, and timers (an overdue one fires now)
        except Exception:  # one table's bug must not keep the others from being shown
            log.exception("could not show the resumed table of channel %s", table.channel_id)
    for table in report.finished:
        await _show_the_end(service, table)
    for broken in report.broken:
        try:
            await storage.stop_game(broken.game_id, f"corrupt: {broken.reason}"[:200])
        except StorageError as exc:
            log.warning("could not mark stored game %d as stopped: %s", broken.game_id, exc)
        # No notice where another game is running (a clash): "use /join" would be wrong there.
        running = service.registry.get(broken.channel_id) if broken.channel_id is not None else None
        if broken.channel_id is not None and (running is None or running.state is not TableState.PLAYING):
            guild_id = running.guild_id if running is not None else None
            await _say(service, broken.channel_id, lazy("resume.broken"), guild_id)


async def _show_the_end(service: TableService, table: Table) -> None:
    """A game that ended just before the bot went down: show its last round and final
    standings (so /score shows them too), then forget that they were owed."""
    try:
        table.state = TableState.CLOSED
        await service.execute(table, Outcome("", round_end_effects(table)))
    except Exception:  # one table's bug must not keep the others from being shown
        log.exception("could not show the end of the game of channel %s", table.channel_id)


async def _say(service: TableService, channel_id: int, words: Words, guild_id: int | None) -> None:
    """Post ``words`` in a channel, in its server's language (English where the server is not
    known)."""
    try:
        channel = service.client.get_partial_messageable(channel_id)
        mentions = discord.AllowedMentions(users=True)
        notice = send_kwargs(Message(words), language=service.languages.of_server(guild_id))
        await channel.send(**notice, allowed_mentions=mentions)
    except discord.HTTPException as exc:
        log.warning("could not post in channel %s after a restart: %s", channel_id, exc)
