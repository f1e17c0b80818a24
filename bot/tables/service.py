"""The Discord side of the tables, assembled from single-job parts.

The cogs stay thin: a slash command or a click calls one method here, which hands it to the
part whose job it is:

- :class:`~bot.tables.commands.Commands`: the slash commands;
- :class:`~bot.tables.clicks.Clicks`: the clicks on the tables' components;
- :class:`~bot.tables.answer.Answerer`: the table's lock for an interaction, and the 3-second rule;
- :class:`~bot.tables.effects.EffectPlayer`: carries out the effects of a table's outcome;
- :class:`~bot.tables.rematch.Rematches`: the Rematch buttons of the final standings;
- :class:`~bot.tables.courier.Courier`: sends and edits messages and DMs;
- :class:`~bot.tables.message_book.MessageBook`: which messages are whose, and their stored ids;
- :class:`~bot.tables.pictures.Painter`: draws the pictures the messages carry, off the loop;
- :class:`~bot.tables.settings_commands.SettingsCommands`: ``/settings`` (pictures on or off);
- :mod:`bot.tables.table_messages` and :mod:`bot.tables.payload`: what a table shows, made into
  what discord.py sends.

The host's own changes (:class:`host.autoplay.Autoplay`'s computer moves and timers, a table
reloaded from storage) are shown here (:meth:`TableService.execute`), as one outcome each.
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

import discord

from bot.ids import ActionId, LobbyId, RematchId, StopId, TakeoverId
from bot.tables.answer import Answerer
from bot.tables.clicks import Clicks
from bot.tables.commands import Commands
from bot.tables.courier import Courier
from bot.tables.effects import EffectPlayer
from bot.tables.languages import Languages
from bot.tables.late_pictures import LatePictures
from bot.tables.message_book import MessageBook
from bot.tables.pictures import ImageSettings, Painter
from bot.tables.pipeline import Pipeline
from bot.tables.rematch import Rematches
from bot.tables.settings_commands import SettingsCommands
from bot.tables.table_messages import lobby_spec
from host.autoplay import Autoplay, AutoplaySettings
from host.catalog import lazy
from host.journal import GameJournal
from host.table_change import TableChanges
from host.tables import Outcome, Table, TableRegistry, TableState
from tabletop import GameSpec

__all__ = ["TableService", "install_service", "lobby_spec", "service_for"]

log = logging.getLogger(__name__)

_services: weakref.WeakKeyDictionary[discord.Client, TableService] = weakref.WeakKeyDictionary()


def service_for(client: discord.Client) -> TableService:
    """The one :class:`TableService` of a bot, shared by its cogs."""
    service = _services.get(client)
    if service is None:
        service = TableService(client)
        _services[client] = service
    return service


def install_service(client: discord.Client, service: TableService) -> None:
    """Make ``service`` the one :func:`service_for` returns for ``client`` (set up at start-up,
    with the bot's storage, before the cogs load)."""
    _services[client] = service


class TableService:
    """The tables of one bot and everything that shows them on Discord."""

    def __init__(
        self,
        client: discord.Client,
        registry: TableRegistry | None = None,
        journal: GameJournal | None = None,
        autoplay: AutoplaySettings | None = None,
        timer_scale: float = 1.0,
        drawing_workers: int | None = None,
    ) -> None:
        self.client = client
        self.registry = registry if registry is not None else TableRegistry()
        self.registry.timer_scale = timer_scale
        self.autoplay = Autoplay(self, autoplay, behind=lambda: self.registry.overload.behind)
        # Every change is stored before it is shown (see host.journal); no storage: memory only.
        self.journal = journal if journal is not None else GameJournal(None)
        self.images = ImageSettings()
        self.painter = Painter(self.images, workers=drawing_workers)
        self.registry.overload.watch(self.painter.behind)  # late pictures wait while behind
        self.late_pictures = LatePictures(client, self.painter)
        """The pictures late for their DM or post, edited in when drawn (:mod:`bot.tables.late_pictures`)."""
        self.answerer = Answerer(self.painter, self.late_pictures, self.journal.urgent_write_wait)
        self.languages = Languages(self.journal.storage, self.journal.writing)
        """Who reads which language (:mod:`bot.tables.languages`)."""
        self.book = MessageBook(self.journal.storage, self.journal.writing, self.journal.players_waiting)
        """Which Discord messages are whose (:mod:`bot.tables.message_book`)."""
        self.courier = Courier(client, self.book, self.painter, self.languages, self.late_pictures)
        self.effects = EffectPlayer(self.courier, self.kick)
        self.changes = TableChanges(self.journal, self.effects.execute)
        """The one way the host changes a table (:mod:`host.table_change`), shown here."""
        self.pipeline = Pipeline(self.changes, self.answerer, self.effects)
        """The one way a command or a click changes a table (:mod:`bot.tables.pipeline`)."""
        self.commands = Commands(self.registry, self.journal, self.courier, self.effects, self.pipeline)
        self.clicks = Clicks(self.registry, self.answerer, self.courier, self.pipeline)
        self.rematches = Rematches(
            self.registry, self.journal, self.pipeline.run_opening, self.languages.of_server
        )
        self.effects.rematches = self.rematches
        self.settings = SettingsCommands(self.journal, self.images)

    # --- slash commands (errors propagate to the tree's handler) ------------------------------

    async def join(
        self, interaction: discord.Interaction[Any], seat: str | None = None, game: str | None = None
    ) -> None:
        """/join [seat] [game] (see :meth:`Commands.join`)."""
        await self.commands.join(interaction, seat, game)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """/leave: leave the channel's lobby."""
        await self.commands.leave(interaction)

    async def start(
        self,
        interaction: discord.Interaction[Any],
        options: dict[str, object] | None = None,
        *,
        players: int | None = None,
        bot_level: str | None = None,
        timer: str | None = None,
    ) -> None:
        """/start (see :meth:`Commands.start`)."""
        await self.commands.start(interaction, options, players=players, bot_level=bot_level, timer=timer)

    async def add_bot(self, interaction: discord.Interaction[Any], level: str | None) -> None:
        """/addbot [level]: seat a computer player in the lobby."""
        await self.commands.add_bot(interaction, level)

    async def remove_bot(self, interaction: discord.Interaction[Any]) -> None:
        """/removebot: remove the lobby's last computer player."""
        await self.commands.remove_bot(interaction)

    async def back(self, interaction: discord.Interaction[Any]) -> None:
        """/back: an away player plays their own cards again."""
        await self.commands.back(interaction)

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """/hand: the user's prompt as an ephemeral message."""
        await self.commands.hand(interaction)

    async def score(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """/score (see :meth:`Commands.score`)."""
        await self.commands.score(interaction, public)

    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        """/stop: ask for confirmation before ending the table."""
        await self.commands.stop(interaction)

    async def set_default_game(self, interaction: discord.Interaction[Any], game: str) -> None:
        """/defaultgame (see :meth:`Commands.set_default_game`)."""
        await self.commands.set_default_game(interaction, game)

    @property
    def default_games(self) -> dict[int, str]:
        """The game a new table plays when /join names none, by server."""
        return self.commands.default_games

    def game_of_channel(self, channel_id: int | None, guild_id: int | None) -> GameSpec:
        """The game of the channel's open table, else the game a new one would play."""
        return self.commands.game_of_channel(channel_id, guild_id)

    def restore_default_games(self, stored: dict[int, str]) -> None:
        """Take the servers' default games as stored (see :meth:`Commands.restore_default_games`)."""
        self.commands.restore_default_games(stored)

    def default_game(self, guild_id: int | None) -> str:
        """The game a new table of this server plays when /join names none."""
        return self.commands.default_game(guild_id)

    # --- clicks (errors are reported there) ----------------------------------------------------

    async def lobby_click(self, interaction: discord.Interaction[Any], ident: LobbyId) -> None:
        """A Join / Leave / Start button of a lobby message."""
        await self.clicks.lobby_click(interaction, ident)

    async def action_click(
        self, interaction: discord.Interaction[Any], ident: ActionId, values: tuple[str, ...] = ()
    ) -> None:
        """A component of a game's prompt (see :meth:`Clicks.action_click`)."""
        await self.clicks.action_click(interaction, ident, values)

    async def takeover_click(self, interaction: discord.Interaction[Any], ident: TakeoverId) -> None:
        """The host approves a player taking over a computer seat from the next round."""
        await self.clicks.takeover_click(interaction, ident)

    async def stop_click(self, interaction: discord.Interaction[Any], ident: StopId) -> None:
        """The confirmation button of /stop."""
        await self.clicks.stop_click(interaction, ident)

    async def rematch_click(self, interaction: discord.Interaction[Any], ident: RematchId) -> None:
        """The Rematch button of a game's final standings (see :class:`Rematches`)."""
        await self.rematches.click(interaction, ident)

    # --- what the computer, a reload and resume show ----------------------------------------

    async def execute(self, table: Table, outcome: Outcome) -> None:
        """Show every effect of ``outcome`` (see :meth:`EffectPlayer.execute`)."""
        await self.effects.execute(table, outcome)

    def kick(self, table: Table) -> None:
        """Let the computer look at ``table`` (computer seats to move, timers to run)."""
        self.autoplay.kick(table)

    async def channel_deleted(self, channel_id: int) -> None:
        """The table's channel is gone: close the table and retire its DM prompts (also a table
        whose closing is still being written: should that write fail, it is closed here)."""
        table = self.registry.current(channel_id)
        if table is None:
            return

        def abandoned(table: Table) -> Outcome:
            table.stopping.abandon()  # the stored game or lobby ends too
            return Outcome("", ())

        async def retire_prompts(table: Table, outcome: Outcome) -> None:
            log.info("Table %s closed: its channel was deleted", channel_id)
            self.kick(table)  # its computer moves and turn timer end with it
            await self.courier.retire_prompts(table, lazy("prompt.channel_deleted"))

        # Closed even when the database is away: the stored game stays, resumed at next start.
        await self.changes.change(table, abandoned, when=_open, unsaved_too=True, show=retire_prompts)


def _open(table: Table) -> bool:
    """Whether ``table`` is still open (its closing may have been stored while this waited)."""
    return table.state is not TableState.CLOSED
