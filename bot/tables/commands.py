"""The tables' slash commands: /join, /leave, /start, /addbot, /removebot, /back, /hand, /score,
/stop and /defaultgame.

Each that changes a table finds the channel's table and says which change: the pipeline
(:mod:`bot.tables.pipeline`) takes its lock, stores the change before it is shown, answers
privately and plays the outcome's effects.
Expected refusals (:class:`bot.messages.errors.UserError`, the game's among them) propagate to
the command tree's error handler.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.messages import limits
from bot.messages.replies import send_ephemeral
from bot.tables import host_messages as render
from bot.tables.answer import Deferral, in_time, picture_in_time
from bot.tables.courier import Courier
from bot.tables.effects import EffectPlayer
from bot.tables.game_choices import offered_game
from bot.tables.interactions import channel_id_of, is_admin
from bot.tables.payload import localized, pictured_edit_kwargs, send_kwargs
from bot.tables.pipeline import Pipeline
from bot.tables.table_messages import lobby_spec
from bot.tables.table_specs import TableSpecs
from host.catalog import DEFAULT_LANGUAGE, lazy, text
from host.catalog import render as render_text
from host.errors import UserError
from host.journal import GameJournal
from host.storage import StorageUnavailable
from host.tables import Outcome, Table, TableError, TableRegistry, TableState
from tabletop import GameSpec, registry
from tabletop.pictures import Picture
from tabletop.presentation import Message, standings_lines

log = logging.getLogger(__name__)


class Commands:
    """Runs the tables' slash commands of one bot."""

    def __init__(
        self,
        registry: TableRegistry,
        journal: GameJournal,
        courier: Courier,
        effects: EffectPlayer,
        pipeline: Pipeline,
    ) -> None:
        self.registry = registry
        self.journal = journal
        self.courier = courier
        self.specs = TableSpecs(courier.painter)
        """Builds /hand's and /score's pictured answers (sketched only where pictures are shown)."""
        self.effects = effects
        self.pipeline = pipeline
        self.default_games: dict[int, str] = {}
        """The game a new table plays when /join names none, by server (set with /defaultgame)."""

    async def join(
        self, interaction: discord.Interaction[Any], seat: str | None = None, game: str | None = None
    ) -> None:
        """/join [seat] [game]: open the channel's table (of ``game``, else the server's
        default game) or take a seat at it; during a game, ask to take over a computer seat
        (``seat``: which one, by number or name)."""
        channel_id = channel_id_of(interaction)
        if game is not None:
            offered_game(game)
        user_id, name = interaction.user.id, render.player_name(interaction.user.display_name)

        def change(table: Table) -> Outcome:
            if game is not None and table.spec.name != game:
                other = registry.game(game).title
                raise TableError(lazy("table.other_game", title=table.title, game=other))
            return table.lobby.join(user_id, name, seat)

        def open_table() -> Table:
            game_name = game or self.default_game(interaction.guild_id)
            return self.registry.get_or_open(channel_id, interaction.guild_id, game_name, for_players=True)

        await self.pipeline.run_opening(open_table, interaction, change)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """/leave: leave the channel's lobby (or, during a game, give the seat to the computer:
        the host retires the seat's DM prompt, in the leaver's language)."""
        self.courier.languages.note(interaction)
        user_id = interaction.user.id
        await self._simple(interaction, lambda table: table.lobby.leave(user_id))

    def game_of_channel(self, channel_id: int | None, guild_id: int | None) -> GameSpec:
        """The game of the channel's open table, else the game a new one would play."""
        table = self.registry.get(channel_id) if channel_id is not None else None
        return table.spec if table is not None else registry.game(self.default_game(guild_id))

    def restore_default_games(self, stored: dict[int, str]) -> None:
        """Take the servers' default games as stored; one naming a game this bot no longer offers
        is logged and left out (its server gets the bot's default again)."""
        for guild_id, game in stored.items():
            if game in registry.names():
                self.default_games[guild_id] = game
            else:
                log.warning("Server %s's default game %r is not offered any more; ignored", guild_id, game)

    def default_game(self, guild_id: int | None) -> str:
        """The game a new table of this server plays when /join names none."""
        return self.default_games.get(guild_id or 0) or registry.default_game()

    async def set_default_game(self, interaction: discord.Interaction[Any], game: str) -> None:
        """/defaultgame: the game a new table of this server plays when /join names none (for
        those who may manage the server). Stored first, so that it outlives a restart."""
        if interaction.guild_id is None:
            raise UserError(lazy("default_game.in_a_server"))
        if not is_admin(interaction):
            raise UserError(lazy("default_game.managers_only"))
        spec = offered_game(game)
        if self.journal.storage is not None:
            guild_id, name = interaction.guild_id, spec.name
            try:
                stored = self.journal.store_setting(lambda to: to.settings.set_default_game(guild_id, name))
                await in_time(interaction, stored)  # queued behind the writes
            except StorageUnavailable as exc:
                log.warning("Could not store server %s's default game: %s", interaction.guild_id, exc.detail)
                raise UserError(lazy("default_game.not_saved")) from exc
        self.default_games[interaction.guild_id] = spec.name
        await send_ephemeral(interaction, lazy("default_game.set", title=spec.title))

    async def start(
        self,
        interaction: discord.Interaction[Any],
        options: dict[str, object] | None = None,
        *,
        players: int | None = None,
        bot_level: str | None = None,
        timer: str | None = None,
    ) -> None:
        """/start: start the channel's game with ``options`` (the game's, by name), filling
        empty seats with computer players up to ``players``, with the turn timer ``timer``."""
        user_id, admin = interaction.user.id, is_admin(interaction)
        await self._simple(
            interaction,
            lambda table: table.lobby.start(
                user_id, is_admin=admin, options=options, fill_to=players, bot_level=bot_level, timer=timer
            ),
        )

    async def _simple(
        self, interaction: discord.Interaction[Any], change: Callable[[Table], Outcome]
    ) -> None:
        """Run one table change for a slash command at the channel's table (see :class:`Pipeline`)."""
        await self.pipeline.run(self.registry.require(channel_id_of(interaction)), interaction, change)

    async def add_bot(self, interaction: discord.Interaction[Any], level: str | None) -> None:
        """/addbot [level]: seat a computer player in the lobby (host or server manager)."""
        user_id, admin = interaction.user.id, is_admin(interaction)
        await self._simple(interaction, lambda table: table.lobby.add_bot(user_id, level, is_admin=admin))

    async def remove_bot(self, interaction: discord.Interaction[Any]) -> None:
        """/removebot: remove the lobby's last computer player (host or server manager)."""
        user_id, admin = interaction.user.id, is_admin(interaction)
        await self._simple(interaction, lambda table: table.lobby.remove_bot(user_id, is_admin=admin))

    async def back(self, interaction: discord.Interaction[Any]) -> None:
        """/back: an away player plays their own cards again."""
        user_id = interaction.user.id
        await self._simple(interaction, lambda table: table.play.back(user_id))

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """/hand: the user's prompt (their hand and decision) as an ephemeral message, which
        loses its buttons when the prompt is settled, as the DM prompt does.

        Answered within Discord's 3 seconds however long its picture takes (deferred after
        :data:`~bot.tables.answer.DEFER_AFTER`: :func:`~bot.tables.answer.picture_in_time`, then
        the deferred answer edited into the prompt). The prompt it offers is settled elsewhere (a
        click in the DM prompt, the turn timer, a /stop) while it is drawn or sent: then it is
        retired at once, not remembered with buttons of a stage gone by (decided so: it says the
        turn went on in another message while the game runs, else that the game is over or was
        stopped)."""
        table = self.registry.require(channel_id_of(interaction))
        seat, _ = table.seat_view(interaction.user.id)
        reader = self.courier.languages.of_interaction(interaction)
        spec = self.specs.prompt(table, seat, language=reader)
        offered = _offered_prompt(table, seat) if spec.rows else None  # as the prompt was made
        picture = await picture_in_time(self.courier.painter, interaction, spec.picture, table.guild_id)
        message_id = await self._send_hand(interaction, spec, picture, reader)
        if offered is None:
            return
        if _offered_prompt(table, seat) == offered:  # retired with the seat's DM prompt
            self.courier.hand_answers.shown(table.channel_id, seat, interaction, message_id)
            return
        moved_on = localized(_settled_meanwhile(table), reader)
        await self.courier.hand_answers.retire_at_once(table.channel_id, interaction, moved_on, reader)

    @staticmethod
    async def _send_hand(
        interaction: discord.Interaction[Any], spec: Message, picture: Picture | None, reader: str
    ) -> int | None:
        """Answer /hand with ``spec``: the deferred answer edited into it, else sent; the id of
        the answer's message when Discord said it."""
        if not interaction.response.is_done():
            return await send_ephemeral(interaction, spec, picture)
        try:
            answer = pictured_edit_kwargs(spec, picture, language=reader)
            sent = await interaction.edit_original_response(**answer)
        except discord.HTTPException as exc:
            log.warning("Could not answer interaction %s: %s", interaction.id, exc)
            return None
        return sent.id

    async def score(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """/score: the table state and totals with the chart of the totals (in the first round:
        the picture of the table), for anyone; once a game is over, its final standings (until a
        new table opens). ``public`` shows it to the whole channel. Answered within Discord's 3
        seconds however long its picture takes (:func:`~bot.tables.answer.picture_in_time`)."""
        channel_id = channel_id_of(interaction)
        table = self.registry.get(channel_id)
        languages = self.courier.languages
        # Shown to the channel: in the server's language; else in the reader's.
        reader = languages.of_interaction(interaction)
        if public:
            reader = languages.of_server(interaction.guild_id)
        if table is None:
            results = self.effects.last_results.get(channel_id)
            if results is None:
                raise TableError(lazy("table.none_here"))
            spec = results.get(reader) or results[DEFAULT_LANGUAGE]
        elif table.state is TableState.LOBBY:
            spec = Message(lobby_spec(table, language=reader).content)
        else:
            shown = self.specs.table(table, language=reader)
            standings = standings_lines(table.names_in(reader), table.running_match().results().totals)
            lines = [render_text(shown.content), "", text("score.standings", language=reader), *standings]
            shows = self.specs.standings(table, reader) or shown.picture  # the chart, or in round 1 the table
            spec = Message(limits.clip("\n".join(lines), limits.CONTENT), shown.embeds, picture=shows)
        painter = self.courier.painter
        deferral: Deferral = "public" if public else "private"
        picture = await picture_in_time(painter, interaction, spec.picture, interaction.guild_id, deferral)
        if not public:
            await send_ephemeral(interaction, spec, picture)
        elif interaction.response.is_done():  # deferred while its picture was drawn
            await interaction.followup.send(
                **send_kwargs(spec, picture), allowed_mentions=discord.AllowedMentions.none()
            )
        else:
            await interaction.response.send_message(
                **send_kwargs(spec, picture), allowed_mentions=discord.AllowedMentions.none()
            )

    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        """/stop: ask for confirmation before ending the table."""
        table = self.registry.require(channel_id_of(interaction))
        game_id = table.stopping.check(interaction.user.id, is_admin=is_admin(interaction))
        self.courier.languages.note(interaction)
        spec = render.stop_confirmation(table.channel_id, game_id, table.state is TableState.PLAYING)
        await send_ephemeral(interaction, spec)  # in the reader's language


def _offered_prompt(table: Table, seat: int) -> tuple[str | None, str | None, int] | None:
    """What a /hand answer of ``seat`` offers, to compare before and after it is shown: the game,
    the stage and the seat's player of the prompt (None: the seat is not awaited)."""
    if table.match is None or seat not in table.match.awaiting:
        return None
    return table.game_id, table.turn_key(), table.seats[seat].user_id


def _settled_meanwhile(table: Table) -> Message:
    """What a /hand answer says whose prompt was settled while it was on its way."""
    if table.state is TableState.PLAYING:
        return Message(lazy("hand_answer.went_on"))
    over = table.match is not None and table.match.is_over
    return render.prompt_stopped(lazy("prompt.over") if over else None)
