"""The bot object: a `commands.AutoShardedBot` that loads the cogs and keeps slash commands in sync."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.boot.command_sync import CommandSyncError, SyncStateFile, sync_commands
from bot.boot.command_text import CatalogTranslator
from bot.boot.config import Settings, autoplay_settings, database_url_for, offer_games
from bot.boot.invite import invite_url
from bot.boot.shards import ShardPlan, load_owned_settings, load_owned_tables
from bot.boot.startup import (
    SHARD_WAIT,
    ConnectPolicy,
    check_writable,
    open_database,
    reach_discord,
    shards_served_elsewhere,
)
from bot.messages.errors import StickemTree
from bot.metrics.monitor import Monitoring
from bot.runtime import gateway
from bot.runtime.arrivals import install_overload
from bot.runtime.gc_pauses import reclaim_periodically, start_freezing, stop_freezing
from bot.runtime.message_edit import QuietMessageable
from bot.runtime.overload_probe import probe_load
from bot.tables.handover import Handover
from bot.tables.pictures import drawing_modules
from bot.tables.resume import announce_resumed, restore_tables
from bot.tables.service import TableService, install_service
from bot.tables.service import service_for as service_of
from bot.tables.stray_clicks import answer_stray_click
from host.census import count_host
from host.journal import GameJournal
from host.resume import ResumeReport
from host.storage import Storage
from host.storage.database import redacted
from host.storage.handover import ClickQueue
from host.storage.shard_claim import ShardClaim, ShardsTaken, claim_shards

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = (
    "cogs.rules", "cogs.lobby", "cogs.table", "cogs.stats", "cogs.replay", "cogs.settings"
)
"""The cogs loaded at start-up, one per concern."""

SYNC_STATE_FILENAME = "command-sync.json"


def bot_intents() -> discord.Intents:
    """The gateway intents the bot needs: guilds only, nothing privileged.

    Slash commands and component clicks arrive as interactions, which need no intent; the bot
    never reads message content or member lists.
    """
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


def _shard_options(plan: ShardPlan) -> dict[str, Any]:
    """discord.py's ``shard_count`` and ``shard_ids`` for the plan (none given: every shard
    Discord recommends, the count asked from ``GET /gateway/bot``)."""
    options: dict[str, Any] = {}
    if plan.count is not None:
        options["shard_count"] = plan.count
    if plan.ids is not None:
        options["shard_ids"] = list(plan.ids)
    return options


def _silence_voice_warnings() -> None:
    """The bot never joins voice, so discord.py's warnings about missing voice libraries are noise."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


class StickemBot(commands.AutoShardedBot):
    """The Stick'em bot: configuration in, cogs loaded, commands synced when they changed.

    It runs the shards of ``settings.shards`` (by default every shard Discord recommends) on
    one gateway connection each, in this process (see `bot.boot.shards`)."""

    def __init__(
        self,
        settings: Settings,
        *,
        force_sync: bool = False,
        sync_guild_id: int | None = None,
        sync_global: bool = False,
    ) -> None:
        _silence_voice_warnings()
        offer_games(settings.games)  # before the cogs are loaded: their game choices follow it
        gateway.install()  # one gateway event at a time (see bot.runtime.gateway)
        self.monitoring = Monitoring(settings.metrics_port, settings.metrics_address)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            tree_cls=StickemTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **_shard_options(settings.shards),
            http_trace=self.monitoring.trace,
        )
        self.settings = settings
        self.force_sync = force_sync
        if sync_global:
            self.sync_guild_id: int | None = None
        else:
            self.sync_guild_id = sync_guild_id if sync_guild_id is not None else settings.dev_guild_id
        self.sync_state = SyncStateFile(settings.data_dir / SYNC_STATE_FILENAME)
        self.synced_on_start = False
        self.storage: Storage | None = None
        self.storage_timeout = 5.0
        # The start-up load reads every stored move: on a big PostgreSQL database one of its
        # statements may take longer than the few seconds a move's write may.
        self.load_timeout = 300.0
        """Seconds a database operation may wait (lock, connection, statement) before it fails."""
        self.resumed: ResumeReport | None = None
        self._announcing: asyncio.Task[None] | None = None
        self._reclaiming: asyncio.Task[None] | None = None
        self._probing: asyncio.Task[None] | None = None
        """Feeds the overload signal (:mod:`bot.runtime.overload_probe`)."""
        self._closing_storage: asyncio.Future[None] | None = None
        self.handover: Handover | None = None
        self._shard_claim: ShardClaim | None = None
        """Clicks handed between processes, when this is one of several (see `bot.tables.handover`)."""

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable:
        """discord.py's partial messageable, whose messages are edited without Discord's answer
        being parsed into a ``Message`` (see `bot.runtime.message_edit`)."""
        channel = super().get_partial_messageable(id, guild_id=guild_id, type=type)
        return QuietMessageable.of(channel)

    async def login(self, token: str) -> None:
        """Open the database (unless this is a forced sync), then log in as discord.py does, but
        with its first request to Discord bounded in time and retried on network failures (see
        `bot.boot.startup.reach_discord`); a refused token still raises `discord.LoginFailure` at once.

        The database comes first: a database that cannot be used is said as such, not hidden
        behind a Discord that cannot be reached, and games are never hosted without it."""
        if not self.force_sync and self.storage is None:
            await self._open_database()
        http = self.http
        first_request = http.static_login
        policy = ConnectPolicy.from_settings(self.settings)

        async def reset() -> None:
            # Each attempt opens its own HTTP session: close the failed one and its connector.
            await http.close()
            http.connector = discord.utils.MISSING

        async def bounded(token: str) -> Any:
            return await reach_discord(lambda: first_request(token), policy, reset)

        http.static_login = bounded  # type: ignore[method-assign]
        await super().login(token)

    async def setup_hook(self) -> None:
        """Restore the tables from the database (opened by `login`), load every cog, then sync the
        slash commands if their definitions changed.

        A database that cannot be used stops the start (`bot.__main__` explains it). A refused
        automatic sync is logged and the bot starts anyway (the commands registered before still
        work); a forced sync (`stickem-bot sync`) lets the error reach the caller, and does not
        touch the database.
        """
        if not self.force_sync:
            await self._restore_tables()
            # Computer players think in worker processes: start them now, not at the first move
            # (starting processes stalls the event loop).
            service_of(self).autoplay.prepare()
            service_of(self).painter.prepare(drawing_modules())  # the same for the pictures
            await self._start_monitoring()
            self._watch_load()
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CatalogTranslator())  # the commands' texts in other languages
        self.add_listener(answer_stray_click, "on_interaction")  # clicks no item receives
        self.add_listener(self._note_languages, "on_interaction")  # who reads which language
        assert self.application_id is not None, "login() sets the application id before setup_hook"
        try:
            self.synced_on_start = await sync_commands(
                self.tree, self.application_id, self.sync_guild_id, self.sync_state, force=self.force_sync
            )
        except CommandSyncError as exc:
            if self.force_sync:
                raise
            log.warning("%s", exc)
        # Start-up objects (modules, discord.py, resumed games) and, after each full collection,
        # whatever it left alive are frozen out of the collector's walks (see bot.runtime.gc_pauses).
        start_freezing()
        self._reclaiming = asyncio.create_task(reclaim_periodically())
        if self.storage is not None and self.resumed is not None:
            self._announcing = asyncio.create_task(
                announce_resumed(service_of(self), self.resumed)
            )

    async def _note_languages(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the user's and the server's language an interaction tells."""
        service_of(self).languages.note(interaction)

    def _watch_load(self) -> None:
        """Feed the overload signal (:mod:`host.overload`): the interactions' ages as they are
        read, the loop's lag and the writer's queue every quarter of a second."""
        service = service_of(self)
        overload = service.registry.overload
        install_overload(self, overload)
        self._probing = asyncio.create_task(
            probe_load(overload, service.journal.urgent_write_wait), name="overload-probe"
        )

    async def _start_monitoring(self) -> None:
        """Metrics on METRICS_PORT, or the health line in the log (see bot.metrics)."""
        service = service_of(self)
        await self.monitoring.start(lambda: count_host(service.registry, service.journal, service.autoplay))

    async def _open_database(self) -> None:
        """Open the database and check that it takes writes (`bot.boot.startup`)."""
        url = database_url_for(self.settings)
        storage = await open_database(url, ConnectPolicy.from_settings(self.settings), self.storage_timeout)
        self.storage = storage
        await check_writable(storage, redacted(url))

    async def _restore_tables(self) -> None:
        """Give the tables their journal in the open database and rebuild the unfinished games."""
        storage = self.storage
        assert storage is not None, "login() opens the database before setup_hook runs"
        service = TableService(
            self,
            journal=GameJournal(storage),
            autoplay=autoplay_settings(self.settings),
            timer_scale=self.settings.turn_timer_scale,
            drawing_workers=self.settings.drawing_workers,
        )
        install_service(self, service)
        plan = self.settings.shards
        if plan.several_processes:
            assert plan.ids is not None
            try:
                self._shard_claim = await claim_shards(storage, plan.ids, wait=SHARD_WAIT)
            except ShardsTaken as exc:
                raise shards_served_elsewhere(exc.shards, SHARD_WAIT) from exc
        # read once this process holds its shards: a process it replaces has stopped changing them
        settings = await load_owned_settings(storage, plan)
        service.restore_default_games(settings.default_games)
        service.images.restore(settings.images)
        service.languages.restore(settings.languages)
        loaded, lobbies = await load_owned_tables(storage, plan, timeout=self.load_timeout)
        self.resumed = restore_tables(loaded, lobbies, service.registry, service.book)
        if plan.several_processes:
            self.handover = Handover(self, ClickQueue(storage), plan, service.action_click)
            service.clicks.handover = self.handover
            await self.handover.start()
            log.info("Serving shards %s of %d; their tables live in this process.",
                     ",".join(map(str, plan.ids or ())), plan.count)
        log.info(
            "Storage: %s (schema %d). Resumed %d games and %d lobbies; %d stored games could not be resumed.",
            storage.backend,
            storage.schema_version,
            len(self.resumed.games),
            len(self.resumed.lobbies),
            len(self.resumed.broken),
        )

    async def close(self) -> None:
        """Disconnect, then close the database (after the last write)."""
        if self._announcing is not None and not self._announcing.done():
            self._announcing.cancel()
        if self._probing is not None:
            self._probing.cancel()
            self._probing = None
        if self._reclaiming is not None:
            self._reclaiming.cancel()
            self._reclaiming = None
            stop_freezing()
        await self.monitoring.stop()
        await service_of(self).autoplay.close()
        await service_of(self).rematches.close()
        if self.handover is not None:
            await self.handover.close()
        await service_of(self).courier.table_edits.close()  # the last table pictures, shown
        await service_of(self).late_pictures.close()  # no late picture edited in any more
        await super().close()
        service_of(self).painter.close()
        await service_of(self).painter.wait_closed()
        await service_of(self).languages.settle()  # the languages being stored
        # close() runs twice on a SIGTERM (the signal's task, then `async with`): both wait for
        # the one closing of the database, so the process never ends in the middle of it.
        if self._closing_storage is None and self.storage is not None:
            self._closing_storage = asyncio.ensure_future(self._close_storage(self.storage))
        if self._closing_storage is not None:
            await asyncio.shield(self._closing_storage)

    async def _close_storage(self, storage: Storage) -> None:
        """Write what waits to be written (prompt ids), then close the database."""
        try:
            await service_of(self).book.drain()
        finally:
            if self._shard_claim is not None:
                await self._shard_claim.release()
            await storage.close()

    async def on_ready(self) -> None:
        """Log who we are once connected."""
        user = self.user
        log.info("Logged in as %s in %d servers", user, len(self.guilds))
        if self.application_id is not None:
            log.info("Invite the bot to a server with: %s", invite_url(self.application_id))
