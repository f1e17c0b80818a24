"""Showing the tables again after a restart, on Discord.

The host rebuilds every unfinished game and open lobby (:func:`host.resume.rebuild_tables`: no
Discord in it); :func:`restore_tables` adds what only the Discord layer keeps, the ids of each
table's messages (from the stored records, into the message book), before the bot connects, so a
click that arrives right after finds its live prompt. :func:`announce_resumed` then shows each
restored table again, reminds the players to act, and says where a game could not be resumed;
what that changes in storage, and what the games that ended show, the host decides first
(:func:`host.resume.settle_stored`): this module only shows it, each table through the host's one
change step (:class:`host.table_change.TableChanges`, under the table's lock, nothing to store).
"""

from __future__ import annotations

import logging

import discord

from bot.tables.message_book import MessageBook
from bot.tables.payload import send_kwargs
from bot.tables.service import TableService
from host.catalog import Words, lazy
from host.reshow import resume_effects
from host.resume import Ending, ResumeReport, rebuild_tables, settle_stored
from host.storage import LoadResult, LobbyRecord, StoredGame, utc_now
from host.tables import Outcome, Table, TableRegistry, TableState
from tabletop.presentation import Message

log = logging.getLogger(__name__)


def restore_tables(
    loaded: LoadResult, lobbies: list[LobbyRecord], registry: TableRegistry, book: MessageBook
) -> ResumeReport:
    """Rebuild every loaded game and lobby into ``registry`` (see :func:`host.resume.rebuild_tables`)
    and write the ids of their messages in ``book`` (the bot's: a click right after the start
    finds its live prompt)."""
    report = rebuild_tables(loaded, lobbies, registry)
    for table, stored in report.sources:
        if isinstance(stored, StoredGame):
            book.restore_game(table, stored)
        else:
            book.restore_lobby(table, stored)
    # The bot keeps the report until it shows the tables again: not the stored games with it
    # (every action of every game, already replayed into the tables).
    report.sources.clear()
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


async def announce_resumed(service: TableService, report: ResumeReport) -> None:
    """Show every restored table again and remind its players; end and report the broken games.

    A game whose channel was deleted while the bot was down is stopped and its table dropped
    (as if the deletion had been seen), instead of being resumed, failing, at every start."""
    await settle_stored(report, service.journal)  # broken games stopped, endings made ready
    for table in report.games:
        try:
            if await _channel_gone(service, table.channel_id):
                log.info("the channel %s of a stored game is gone: ending the game", table.channel_id)
                await service.channel_deleted(table.channel_id)
                continue
            await _show_resumed(service, table, owed=table.channel_id in report.owed)
        except Exception:  # one table's bug must not keep the others from being shown
            log.exception("could not show the resumed table of channel %s", table.channel_id)
    for ending in report.endings:
        await _show_the_end(service, ending)
    for broken in report.broken:
        # No notice where another game is running (a clash): "use /join" would be wrong there.
        running = service.registry.get(broken.channel_id) if broken.channel_id is not None else None
        if broken.channel_id is not None and (running is None or running.state is not TableState.PLAYING):
            guild_id = running.guild_id if running is not None else None
            await _say(service, broken.channel_id, lazy("resume.broken"), guild_id)


async def _show_resumed(service: TableService, table: Table, *, owed: bool) -> None:
    """Show a resumed game again, the host's one way (under its lock, shown once; nothing to
    store: it shows what is stored, its turn clock with the grace of a restart, see
    :mod:`host.resume`), then say it was resumed and let the computer look at it."""
    notices: list[Words] = []

    def shown_again(table: Table) -> Outcome:
        table.clock.grace_after_restart(utc_now())  # the turn timer's grace counts from now
        effects, notice = resume_effects(table, owed=owed)
        notices.append(notice)
        return Outcome("", effects)

    async def show(table: Table, outcome: Outcome) -> None:
        await service.execute(table, outcome)
        await _say(service, table.channel_id, notices[0], table.guild_id)
        service.kick(table)  # computer seats to move, and timers (with their grace)

    await service.changes.change(table, shown_again, when=_playing, record=False, show=show)


def _playing(table: Table) -> bool:
    """Whether ``table``'s game is still running (it may have been stopped meanwhile)."""
    return table.state is TableState.PLAYING


async def _show_the_end(service: TableService, ending: Ending) -> None:
    """A game that ended just before the bot went down: show its last round and final
    standings as the host made them ready (so /score shows them too; the display then forgets
    that they were owed), the host's one way, under the table's lock, nothing to store."""
    table = ending.table
    try:
        await service.changes.change(table, lambda table: ending.shown, record=False)
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
