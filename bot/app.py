"""The bot object: a `commands.Bot` that loads the cogs and keeps slash commands in sync."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.command_sync import CommandSyncError, SyncStateFile, sync_commands
from bot.config import Settings
from bot.errors import StickemTree
from bot.invite import invite_url

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ("cogs.rules", "cogs.lobby", "cogs.table")
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


def _silence_voice_warnings() -> None:
    """The bot never joins voice, so discord.py's warnings about missing voice libraries are noise."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


class StickemBot(commands.Bot):
    """The Stick'em bot: configuration in, cogs loaded, commands synced when they changed."""

    def __init__(
        self,
        settings: Settings,
        *,
        force_sync: bool = False,
        sync_guild_id: int | None = None,
        sync_global: bool = False,
    ) -> None:
        _silence_voice_warnings()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            tree_cls=StickemTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.force_sync = force_sync
        if sync_global:
            self.sync_guild_id: int | None = None
        else:
            self.sync_guild_id = sync_guild_id if sync_guild_id is not None else settings.dev_guild_id
        self.sync_state = SyncStateFile(settings.data_dir / SYNC_STATE_FILENAME)
        self.synced_on_start = False

    async def setup_hook(self) -> None:
        """Load every cog, then sync the slash commands if their definitions changed.

        A refused automatic sync is logged and the bot starts anyway (the commands registered
        before still work); a forced sync (`stickem-bot sync`) lets the error reach the caller.
        """
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        assert self.application_id is not None, "login() sets the application id before setup_hook"
        try:
            self.synced_on_start = await sync_commands(
                self.tree, self.application_id, self.sync_guild_id, self.sync_state, force=self.force_sync
            )
        except CommandSyncError as exc:
            if self.force_sync:
                raise
            log.warning("%s", exc)

    async def on_ready(self) -> None:
        """Log who we are once connected."""
        user = self.user
        log.info("Logged in as %s in %d servers", user, len(self.guilds))
        if self.application_id is not None:
            log.info("Invite the bot to a server with: %s", invite_url(self.application_id))
