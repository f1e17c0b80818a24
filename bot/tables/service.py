"""The Discord side of the tables: run an interaction through a table and show the outcome.

The cogs stay thin: a slash command or a click calls one method here, which finds the channel's
table, takes its lock (deferring the interaction first if the lock is busy, so that every
interaction is answered within Discord's 3 seconds), calls one :class:`host.tables.Table` method,
answers the player and executes the returned effects (table message edits, DMs, channel notices).

Expected refusals (:class:`bot.messages.errors.UserError`, the game's among them) propagate out of the
command methods to the command tree's error handler; the click methods report them themselves,
because component callbacks do not pass through the tree.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any, Literal

import aiohttp
import discord

from bot.ids import ActionId, LobbyId, StopId, TakeoverId
from bot.messages import limits
from bot.messages.errors import report_interaction_error
from bot.messages.replies import send_ephemeral
from bot.tables import host_messages as render
from bot.tables.game_choices import offered_game
from bot.tables.host_messages import ButtonSpec, MessageSpec
from bot.tables.payload import edit_kwargs, from_presentation, send_kwargs
from host.autoplay import Autoplay, AutoplaySettings
from host.catalog import text
from host.errors import UserError
from host.journal import GameJournal
from host.reshow import resume_effects, round_end_effects
from host.storage import StorageUnavailable
from host.tables import (
    DoneDm,
    Effect,
    GameRefusal,
    GameStopped,
    LobbyClosed,
    Notice,
    Outcome,
    Prompt,
    PromptRef,
    Reports,
    RoundClosed,
    ShowHand,
    ShowLobby,
    ShowTable,
    Table,
    TableError,
    TableRegistry,
    TableState,
    TakeoverRequest,
)
from tabletop import GameSpec, Refused, registry
from tabletop.presentation import Act, Message, Redraw, standings_lines

log = logging.getLogger(__name__)

DmResult = Literal["sent", "refused", "failed"]
DMS_CLOSED = 50007
"""Discord's error code for "Cannot send messages to this user" (closed DMs, no shared server)."""

SHOW_FAILURES = (discord.HTTPException, OSError, aiohttp.ClientError, TimeoutError)
"""What showing something on Discord may fail with besides a bug: Discord refused, or the network
failed. The change being shown stands: it is logged and the game goes on."""

DEFER_AFTER = 1.5
"""Seconds an interaction may wait unanswered (for the lock or a slow step) before it is
deferred, well inside Discord's 3 second limit."""

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


def _is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage the server (and so start or stop any table, and seat or
    remove its computer players)."""
    return bool(interaction.permissions.manage_guild)


def _turn_timer(table: Table) -> render.TurnTimer:
    """The table's turn timer and current deadline, for the table message."""
    return render.TurnTimer(table.timer_seconds, table.deadline)


def _channel_id(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(text("table.not_in_dm"))
    return interaction.channel_id


def lobby_spec(table: Table, reason: str | None = None) -> MessageSpec:
    """The lobby message of ``table`` as it stands (closed, with ``reason`` or the table's state,
    once the game started or the table closed)."""
    closed = reason
    if closed is None and table.state is TableState.PLAYING:
        closed = text("lobby.started")
    elif closed is None and table.state is TableState.CLOSED:
        closed = text("table.closed")
    players = len(table.names) or None
    return render.lobby_message(
        table.channel_id,
        table.names,
        table.title,
        table.presentation.options_line(table.options(), players),
        table.capacity(),
        closed_reason=closed,
        host=table.host_seat,
    )


def done_spec(message: Message) -> MessageSpec:
    """A prompt once its decision is made: the first line of what the game says was done
    (its :meth:`~tabletop.presentation.Presentation.acted`), nothing to click, so that a phone's
    DM list keeps one short line per turn."""
    return MessageSpec(message.content.partition("\n")[0])


class TableService:
    """The tables of one bot and everything that shows them on Discord."""

    def __init__(
        self,
        client: discord.Client,
        registry: TableRegistry | None = None,
        journal: GameJournal | None = None,
        autoplay: AutoplaySettings | None = None,
        timer_scale: float = 1.0,
    ) -> None:
        self.client = client
        self.registry = registry if registry is not None else TableRegistry()
        self.registry.timer_scale = timer_scale
        self.autoplay = Autoplay(self, autoplay)
        # Every change is stored before it is shown (see host.journal); no storage: memory only.
        self.journal = journal if journal is not None else GameJournal(None)
        self.journal.on_reload = self.show_reloaded
        self.journal.on_undone = self._undone
        # One lock per interaction being run: its answer and the deferring watchdog take turns.
        self._answer_guards: dict[int, asyncio.Lock] = {}
        # The final standings of the last game of each channel, for /score after the game.
        self._last_results: dict[int, MessageSpec] = {}
        # The game a new table plays when /join names none, by server (set with /defaultgame).
        self.default_games: dict[int, str] = {}

    # --- slash commands (errors propagate to the tree's handler) ------------------------------

    async def join(
        self, interaction: discord.Interaction[Any], seat: str | None = None, game: str | None = None
    ) -> None:
        """/join [seat] [game]: open the channel's table (of ``game``, else the server's
        default game) or take a seat at it; during a game, ask to take over a computer seat
        (``seat``: which one, by number or name)."""
        channel_id = _channel_id(interaction)
        if game is not None:
            offered_game(game)
        for attempt in range(2):
            table = self.registry.get_or_open(
                channel_id, interaction.guild_id, game or self.default_game(interaction.guild_id)
            )
            async with self._locked(table, interaction):
                if table.state is TableState.CLOSED and attempt == 0:
                    continue  # the lobby closed while we waited for it: open a new one
                if game is not None and table.spec.name != game:
                    other = registry.game(game).title
                    raise TableError(text("table.other_game", title=table.title, game=other))
                name = render.player_name(interaction.user.display_name)
                async with self.journal.recording(table):
                    outcome = table.join(interaction.user.id, name, seat)
                await self._reply(interaction, outcome.reply)
                await self.execute(table, outcome)
                return

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """/leave: leave the channel's lobby."""
        table = self.registry.require(_channel_id(interaction))
        async with self._locked(table, interaction):
            playing = table.state is TableState.PLAYING
            seat = table.seat_of(interaction.user.id)
            async with self.journal.recording(table):
                outcome = table.leave(interaction.user.id)
            await self._reply(interaction, outcome.reply)
            if playing and seat is not None:  # the computer plays the seat: the DM hand is dead
                await self._retire_seat_prompt(table, seat, render.prompt_stopped(text("prompt.you_left")))
            await self.execute(table, outcome)

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
            raise UserError(text("default_game.in_a_server"))
        if not _is_admin(interaction):
            raise UserError(text("default_game.managers_only"))
        spec = offered_game(game)
        storage = self.journal.storage
        if storage is not None:
            try:
                await storage.set_default_game(interaction.guild_id, spec.name)
            except StorageUnavailable as exc:
                log.warning("Could not store server %s's default game: %s", interaction.guild_id, exc.detail)
                raise UserError(text("default_game.not_saved")) from exc
        self.default_games[interaction.guild_id] = spec.name
        await send_ephemeral(interaction, text("default_game.set", title=spec.title))

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
        table = self.registry.require(_channel_id(interaction))
        async with self._locked(table, interaction):
            async with self.journal.recording(table):
                outcome = table.start(
                    interaction.user.id,
                    is_admin=_is_admin(interaction),
                    options=options,
                    fill_to=players,
                    bot_level=bot_level,
                    timer=timer,
                )
            await self._reply(interaction, outcome.reply)
            await self.execute(table, outcome)

    async def _simple(self, interaction: discord.Interaction[Any], change: Any) -> None:
        """Run one table change for a slash command: stored, answered, shown."""
        table = self.registry.require(_channel_id(interaction))
        async with self._locked(table, interaction):
            async with self.journal.recording(table):
                outcome = change(table)
            await self._reply(interaction, outcome.reply)
            await self.execute(table, outcome)

    async def add_bot(self, interaction: discord.Interaction[Any], level: str | None) -> None:
        """/addbot [level]: seat a computer player in the lobby (host or server manager)."""
        user_id, admin = interaction.user.id, _is_admin(interaction)
        await self._simple(interaction, lambda table: table.add_bot(user_id, level, is_admin=admin))

    async def remove_bot(self, interaction: discord.Interaction[Any]) -> None:
        """/removebot: remove the lobby's last computer player (host or server manager)."""
        user_id, admin = interaction.user.id, _is_admin(interaction)
        await self._simple(interaction, lambda table: table.remove_bot(user_id, is_admin=admin))

    async def back(self, interaction: discord.Interaction[Any]) -> None:
        """/back: an away player plays their own cards again."""
        user_id = interaction.user.id
        await self._simple(interaction, lambda table: table.back(user_id))

    def kick(self, table: Table) -> None:
        """Let the computer look at ``table`` (computer seats to move, timers to run)."""
        self.autoplay.kick(table)

    def _undone(self, table: Table) -> None:
        """A change of ``table`` was undone (its write failed): should the computer's task of
        the table have ended meanwhile, having seen the change, it starts again. A task still
        running looks again by itself (and restarting it would cut its pause short)."""
        if not self.autoplay.busy(table):
            self.kick(table)

    async def notify(self, table: Table, text: str, *, ping: int | None = None) -> None:
        """Post ``text`` in the table's channel (a failure is logged)."""
        try:
            await self._say(table, MessageSpec(text), ping=ping)
        except SHOW_FAILURES as exc:
            log.warning("Could not post a notice at table %s: %r", table.channel_id, exc)

    async def retire_timed_out_prompt(self, table: Table, seat: int, actions: tuple[str, ...]) -> None:
        """The seat's live DM prompt says the time ran out and what the computer did for it
        (every step of a turn the stand-in played to its end)."""
        ref = table.messages.prompts.pop(seat, None)
        match = table.match
        if ref is None or match is None:
            return
        view = match.view(seat)
        reply = " ".join(table.presentation.reply(action, view) for action in actions)
        spec = MessageSpec(text("timer.timed_out", header=self._dm_header(table), reply=reply))
        try:
            await self._edit_dm(ref, spec)
        except SHOW_FAILURES as exc:
            log.info("Could not retire a timed-out prompt at table %s: %r", table.channel_id, exc)
        table.messages.done[seat] = DoneDm(ref, spec.content)

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """/hand: the user's prompt (their hand and decision) as an ephemeral message."""
        table = self.registry.require(_channel_id(interaction))
        seat, _ = table.seat_view(interaction.user.id)
        await send_ephemeral(interaction, **send_kwargs(self._prompt_spec(table, seat)))

    def _prompt_spec(self, table: Table, seat: int, draft: str = "", *, header: str = "") -> MessageSpec:
        """The seat's prompt as the game presents it, its components made for the game's
        current stage."""
        match = table.running_match()
        message = table.presentation.prompt(match.view(seat), table.names, draft=draft)
        return self._game_spec(table, message, header=header)

    def _game_spec(self, table: Table, message: Message, *, header: str = "") -> MessageSpec:
        """A message of the table's game, with custom ids for its components."""
        match = table.match
        if match is None:
            raise TableError(text("table.no_game_played"))
        stage, channel, game_id = match.stage, table.channel_id, table.game_id or ""
        return from_presentation(
            message, lambda intent: ActionId(channel, game_id, stage, intent).encode(), header=header
        )

    def _table_spec(self, table: Table, *, stopped: bool = False) -> MessageSpec:
        """The table message of the running (or ``stopped``) game, with the timer line."""
        timer = render.timer_line(_turn_timer(table), running=not stopped)
        message = table.presentation.table(table.last_view(), table.names, notes=[timer], stopped=stopped)
        return from_presentation(message, lambda intent: intent)

    async def score(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """/score: the table state and totals, for anyone; once a game is over, its final
        standings (until a new table opens). ``public`` shows it to the whole channel."""
        channel_id = _channel_id(interaction)
        table = self.registry.get(channel_id)
        if table is None:
            spec = self._last_results.get(channel_id)
            if spec is None:
                raise TableError(text("table.none_here"))
        elif table.state is TableState.LOBBY:
            spec = MessageSpec(lobby_spec(table).content)
        else:
            shown = self._table_spec(table)
            standings = standings_lines(table.names, table.running_match().results().totals)
            lines = [shown.content, "", text("score.standings"), *standings]
            spec = MessageSpec(limits.clip("\n".join(lines), limits.CONTENT), shown.embeds)
        if public:
            await interaction.response.send_message(
                **send_kwargs(spec), allowed_mentions=discord.AllowedMentions.none()
            )
        else:
            await send_ephemeral(interaction, **send_kwargs(spec))

    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        """/stop: ask for confirmation before ending the table."""
        table = self.registry.require(_channel_id(interaction))
        game_id = table.check_stop(interaction.user.id, is_admin=_is_admin(interaction))
        spec = render.stop_confirmation(table.channel_id, game_id, table.state is TableState.PLAYING)
        await send_ephemeral(interaction, **send_kwargs(spec))

    # --- clicks (errors are reported here) -----------------------------------------------------

    async def lobby_click(self, interaction: discord.Interaction[Any], ident: LobbyId) -> None:
        """A Join / Leave / Start button of a lobby message."""
        try:
            table = self._table(ident.channel_id)
            async with self._locked(table, interaction, component=True):
                user = interaction.user
                async with self.journal.recording(table):
                    if ident.action == "join":
                        outcome = table.join(user.id, render.player_name(user.display_name))
                    elif ident.action == "addbot":
                        outcome = table.add_bot(user.id, is_admin=_is_admin(interaction))
                    elif ident.action == "leave":
                        outcome = table.leave(user.id)
                    else:
                        outcome = table.start(user.id, is_admin=_is_admin(interaction))
                await self._finish(
                    table, outcome, interaction, lobby_spec(table), skip=(ShowLobby, LobbyClosed)
                )
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where=f"lobby {ident.action}")

    async def action_click(
        self, interaction: discord.Interaction[Any], ident: ActionId, values: tuple[str, ...] = ()
    ) -> None:
        """A component of a game's prompt (in a DM or an ephemeral /hand message): the game's
        presentation says what it means, a step of a decision (shown in place) or an action
        (applied, stored, shown)."""
        try:
            table = self._table(ident.channel_id)
            user_id = interaction.user.id
            header = self._dm_header(table) if interaction.guild_id is None else ""
            if not table.returns_on_click(user_id, ident.game_id, ident.stage):
                # A step of a decision changes nothing: it is answered at once, without waiting
                # for the table (which may be busy showing the previous move).
                seat, meaning = self._meaning(table, user_id, ident, values)
                if not isinstance(meaning, Act):
                    await self._edit_clicked(
                        interaction, self._prompt_spec(table, seat, meaning.draft, header=header)
                    )
                    return
            async with self._locked(table, interaction, component=True):
                if table.returns_on_click(user_id, ident.game_id, ident.stage):
                    async with self.journal.recording(table):
                        outcome = table.back(user_id)
                    await self._finish(table, outcome, interaction, MessageSpec(outcome.reply))
                    return
                # read again: the table may have moved on while this click waited for it
                seat, meaning = self._meaning(table, user_id, ident, values)
                if not isinstance(meaning, Act):
                    await self._edit_clicked(
                        interaction, self._prompt_spec(table, seat, meaning.draft, header=header)
                    )
                    return
                async with self.journal.recording(table):
                    outcome = table.act(user_id, meaning.action, game_id=ident.game_id, stage=ident.stage)
                match = table.match
                assert match is not None
                after = table.presentation.acted(match.view(seat), meaning.action, table.names)
                in_place = after is None and table.state is TableState.PLAYING and seat in match.awaiting
                if in_place:
                    spec = self._prompt_spec(table, seat, header=header)
                    if self._from_prompt(table, seat, interaction):  # the DM prompt goes on
                        outcome = Outcome(
                            outcome.reply,
                            tuple(e for e in outcome.effects if e != Prompt(seat)),
                            outcome.seat,
                        )
                else:
                    reply = table.presentation.reply(meaning.action, match.view(seat))
                    spec = done_spec(after or Message(reply))
                await self._finish(table, outcome, interaction, spec, seat=seat, keep_prompt=in_place)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="a game component")

    @staticmethod
    def _meaning(
        table: Table, user_id: int, ident: ActionId, values: tuple[str, ...]
    ) -> tuple[int, Act | Redraw]:
        """The clicking seat and what its click means to the game's presentation now;
        :class:`TableError` (a stale or foreign prompt) or :class:`GameRefusal` if it means nothing."""
        seat, view = table.check_click(user_id, ident.game_id, ident.stage)
        try:
            return seat, table.presentation.click(view, ident.intent, values)
        except Refused as exc:
            raise GameRefusal.of(exc, table.names) from exc

    async def takeover_click(self, interaction: discord.Interaction[Any], ident: TakeoverId) -> None:
        """The host approves a player taking over a computer seat from the next round."""
        try:
            table = self._table(ident.channel_id)
            async with self._locked(table, interaction, component=True):
                async with self.journal.recording(table):
                    outcome = table.approve_takeover(
                        interaction.user.id, ident.seat, ident.user_id, is_admin=_is_admin(interaction)
                    )
                await self._finish(table, outcome, interaction, MessageSpec(outcome.reply))
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the takeover button")

    async def stop_click(self, interaction: discord.Interaction[Any], ident: StopId) -> None:
        """The confirmation button of /stop."""
        try:
            table = self._table(ident.channel_id)
            async with self._locked(table, interaction, component=True):
                async with self.journal.recording(table):
                    outcome = table.stop(
                        interaction.user.id, is_admin=_is_admin(interaction), game_id=ident.game_id
                    )
                await self._finish(table, outcome, interaction, MessageSpec(outcome.reply))
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the stop button")

    @staticmethod
    def _from_prompt(table: Table, seat: int, interaction: discord.Interaction[Any]) -> bool:
        """Whether ``interaction`` is a click on the seat's live DM prompt."""
        ref = table.messages.prompts.get(seat)
        clicked = interaction.message
        return ref is not None and clicked is not None and clicked.id == ref.message_id

    async def _finish(
        self,
        table: Table,
        outcome: Outcome,
        interaction: discord.Interaction[Any],
        spec: MessageSpec,
        *,
        seat: int | None = None,
        skip: tuple[type[Effect], ...] = (),
        keep_prompt: bool = False,
    ) -> None:
        """After ``outcome`` changed the table: answer the click with ``spec``, retire ``seat``'s
        old DM prompt and show the effects.

        The change is already made, so a failed answer (too late, a Discord outage) must neither
        stop the game (the effects are shown whatever happens) nor be reported as "nothing was
        changed": it is logged and the user sees the outcome in the channel and their DMs.
        """
        answered = False
        try:
            await self._edit_clicked(interaction, spec)
            answered = True
        except discord.HTTPException as exc:
            log.warning(
                "Could not answer interaction %s at table %s after applying it: %s",
                interaction.id,
                table.channel_id,
                exc,
            )
        except Exception:  # a bug in the answer: the change stands, so go on showing it
            log.exception("Could not answer interaction %s at table %s", interaction.id, table.channel_id)
        finally:
            if seat is not None and keep_prompt and self._from_prompt(table, seat, interaction):
                await self.journal.remember_prompt(table, seat)  # live, for the game as it is now
            elif seat is not None:
                await self._retire_prompt(table, seat, interaction, spec, clicked_shown=answered)
            await self.execute(table, outcome, skip=skip)

    # --- effects ------------------------------------------------------------------------------

    async def execute(self, table: Table, outcome: Outcome, *, skip: tuple[type[Effect], ...] = ()) -> None:
        """Show every effect of ``outcome`` (except those already shown by the response)."""
        for effect in outcome.effects:
            if isinstance(effect, skip):
                continue
            try:
                await self._show(table, effect)
            except SHOW_FAILURES as exc:  # the change stands: show the rest
                log.warning(
                    "Could not show %s at table %s: %r",
                    type(effect).__name__,
                    table.channel_id,
                    exc,
                )
            except Exception:  # a bug in showing one effect must not keep the game from going on
                log.exception("Could not show %s at table %s", type(effect).__name__, table.channel_id)
        if any(isinstance(effect, RoundClosed) for effect in outcome.effects):
            await self.journal.forget_owed(table)  # shown (or tried): a restart need not show it
        self.kick(table)

    async def _show(self, table: Table, effect: Effect) -> None:
        if isinstance(effect, ShowLobby):
            await self._show_lobby(table)
        elif isinstance(effect, LobbyClosed):
            await self._show_lobby(table, effect.reason)
        elif isinstance(effect, ShowTable):
            await self._show_table(table, self._table_spec(table), new=effect.new_message)
        elif isinstance(effect, RoundClosed):
            # The game's message of the closed round, else its table as the round left it: the
            # table message never stays at the last turn of a round that is over.
            seen = table.last_view()
            closed = table.presentation.round_closed(effect.events, seen, table.names) or (
                table.presentation.table(seen, table.names, notes=(), stopped=False)
            )
            await self._show_table(table, from_presentation(closed, lambda intent: intent), new=False)
        elif isinstance(effect, Prompt):
            if not table.is_auto(effect.seat):
                await self._prompt(table, effect.seat)
        elif isinstance(effect, ShowHand):
            if not table.is_auto(effect.seat):
                await self._show_hand(table, effect.seat)
        elif isinstance(effect, Notice):
            await self._say(table, MessageSpec(effect.text), ping=effect.ping)
        elif isinstance(effect, TakeoverRequest):
            host = table.host_id
            await self._say(table, self._takeover_spec(table, effect), ping=host)
        elif isinstance(effect, Reports):
            for report in table.presentation.reports(effect.events, table.last_view(), table.names):
                spec = from_presentation(report, lambda intent: intent)
                if effect.final:
                    self._last_results[table.channel_id] = spec
                await self._say(table, spec)
        elif isinstance(effect, GameStopped):
            spec = render.game_stopped_message(table.names, effect.by, effect.totals)
            self._last_results[table.channel_id] = spec
            await self._say(table, spec)
            await self._show_stopped(table)

    def _takeover_spec(self, table: Table, request: TakeoverRequest) -> MessageSpec:
        """The host's approval message: one Approve button, or one per seat to choose from."""
        host = table.host_id
        ids = [TakeoverId(table.channel_id, seat, request.user_id).encode() for seat in request.seats]
        if len(request.seats) == 1:
            seat = request.seats[0]
            ask = text("takeover.ask_seat", host=host, name=request.name, computer=table.seats[seat].name)
            approve = ButtonSpec(ids[0], text("takeover.approve_button"), style="success")
            return MessageSpec(ask, rows=((approve,),))
        lines = [text("takeover.ask_any", host=host, name=request.name)]
        lines += [f"- {table.seat_label(seat)}" for seat in request.seats]
        buttons = [
            ButtonSpec(
                ident,
                text("takeover.give_button", seat=seat + 1, name=table.seats[seat].name)[:80],
                style="success",
            )
            for ident, seat in zip(ids, request.seats, strict=True)
        ]
        per_row = render.MAX_PER_ROW
        rows = tuple(tuple(buttons[i : i + per_row]) for i in range(0, len(buttons), per_row))
        return MessageSpec("\n".join(lines), rows=rows)

    async def show_reloaded(self, table: Table) -> None:
        """Show a table the journal just reloaded from storage (its game is the stored one).

        Still running: the table message and a prompt for each waiting player, as after a
        restart. Ended in storage (a last move whose commit was reported lost): the end of the
        last round and the final standings, with no DM prompt left live. Stopped: as a /stop.
        """

        match = table.match
        if match is None:
            return
        if table.state is TableState.PLAYING:
            for seat in [seat for seat in table.messages.prompts if seat not in match.awaiting]:
                del table.messages.prompts[seat]  # answered by the stored move
            effects, _ = resume_effects(table)
            await self.execute(table, Outcome("", effects))
        elif match.is_over:
            await self.execute(table, Outcome("", round_end_effects(table)))
            await self._retire_prompts(table, render.prompt_stopped(text("prompt.over")))
        else:
            await self._show_stopped(table)

    async def channel_deleted(self, channel_id: int) -> None:
        """The table's channel is gone: close the table and retire its DM prompts (also a table
        whose closing is still being written: should that write fail, it is closed here)."""
        table = self.registry.current(channel_id)
        if table is None:
            return
        async with table.lock:
            if table.state is TableState.CLOSED:  # the closing change was stored meanwhile
                return
            try:
                async with self.journal.recording(table):  # the stored game or lobby ends too
                    table.abandon()
            except TableError:
                table.abandon()  # the database is away: the stored game stays, resumed at next start
            log.info("Table %s closed: its channel was deleted", channel_id)
            self.kick(table)  # its computer moves and turn timer end with it
            await self._retire_prompts(table, render.prompt_stopped(text("prompt.channel_deleted")))

    async def _show_stopped(self, table: Table) -> None:
        """After a /stop: the table message waits for nobody, and no DM prompt stays live."""
        if table.match is not None:
            spec = self._table_spec(table, stopped=True)
            with contextlib.suppress(discord.HTTPException):
                await self._show_table(table, spec, new=False)
        await self._retire_prompts(table, render.prompt_stopped())

    async def _retire_prompts(self, table: Table, spec: MessageSpec) -> None:
        """Show ``spec`` (no buttons) in every live DM prompt of a table that ended early."""
        for seat in list(table.messages.prompts):
            await self._retire_seat_prompt(table, seat, spec)

    async def _retire_seat_prompt(self, table: Table, seat: int, spec: MessageSpec) -> None:
        """Show ``spec`` (no buttons) in the seat's live DM prompt, if it has one, and forget it."""
        ref = table.messages.prompts.pop(seat, None)
        if ref is None:
            return
        try:
            await self._edit_dm(ref, spec)
        except discord.HTTPException as exc:
            log.info("Could not disable a prompt at table %s: %s", table.channel_id, exc)

    async def _show_lobby(self, table: Table, reason: str | None = None) -> None:
        spec = lobby_spec(table, reason)
        channel = self.client.get_partial_messageable(table.channel_id)
        if table.messages.lobby_id is not None:
            try:
                await channel.get_partial_message(table.messages.lobby_id).edit(**edit_kwargs(spec))
                return
            except discord.NotFound:
                table.messages.lobby_id = None
        if table.state is TableState.LOBBY:
            message = await channel.send(**send_kwargs(spec))
            table.messages.lobby_id = message.id
            await self.journal.remember_lobby_message(table)

    async def _show_table(self, table: Table, spec: MessageSpec, *, new: bool) -> None:
        channel = self.client.get_partial_messageable(table.channel_id)
        if not new and table.messages.table_id is not None:
            try:
                await channel.get_partial_message(table.messages.table_id).edit(**edit_kwargs(spec))
                return
            except discord.NotFound:
                pass
        message = await channel.send(**send_kwargs(spec))
        table.messages.table_id = message.id
        await self.journal.remember_table_message(table)

    async def _say(self, table: Table, spec: MessageSpec, *, ping: int | None = None) -> None:
        """Post ``spec`` in the table's channel; only the user ``ping`` (if any) is notified."""
        channel = self.client.get_partial_messageable(table.channel_id)
        mentions = discord.AllowedMentions.none()
        if ping is not None:
            mentions.users = [discord.Object(ping)]
        await channel.send(**send_kwargs(spec), allowed_mentions=mentions)

    def _dm_header(self, table: Table) -> str:
        return text("prompt.dm_header", title=table.title, channel=table.channel_id)

    async def _prompt(self, table: Table, seat: int) -> None:
        """DM the seat its prompt; if that fails, mention the player in the channel."""
        spec = self._prompt_spec(table, seat, header=self._dm_header(table))
        user_id = table.seats[seat].user_id
        if await self._dm(table, seat, spec) != "sent":
            nudge = table.presentation.nudge(table.running_match().view(seat))
            await self._say(table, MessageSpec(f"<@{user_id}> {nudge}"), ping=user_id)

    async def _show_hand(self, table: Table, seat: int) -> None:
        """Show the seat its new hand: its prompt as the game shows it to a seat that is not
        awaited, without components and not remembered as its live prompt. Only information, so
        it goes in the seat's latest DM of the table that asks nothing any more (its last prompt,
        shrunk), and in a new DM only when there is none. If the DM fails, nothing is said in the
        channel (the seat's turn brings its prompt, or its mention), except the notice when the
        player's DMs turn out to be closed."""
        spec = replace(self._prompt_spec(table, seat, header=self._dm_header(table)), rows=())
        done = table.messages.done.get(seat)
        if done is not None and table.seats[seat].user_id not in table.dm_closed:
            try:
                await self._edit_dm(done.ref, spec)
            except discord.NotFound:  # deleted by the player: a new DM then
                del table.messages.done[seat]
            else:
                table.messages.done[seat] = replace(done, expanded=True)
                return
        await self._dm(table, seat, spec, live=False)

    async def _edit_dm(self, ref: PromptRef, spec: MessageSpec) -> None:
        """Show ``spec`` in the DM ``ref`` (its components and embeds replaced)."""
        channel = self.client.get_partial_messageable(ref.channel_id)
        await channel.get_partial_message(ref.message_id).edit(**edit_kwargs(spec))

    async def _shrink_done(self, table: Table, seat: int) -> None:
        """The seat's next prompt has come: its latest done DM is no longer the one to inform it
        in, and shows its one line again if a new hand was shown there."""
        done = table.messages.done.pop(seat, None)
        if done is None or not done.expanded:
            return
        try:
            await self._edit_dm(done.ref, MessageSpec(done.line))
        except SHOW_FAILURES as exc:
            log.info("Could not shrink a DM at table %s: %r", table.channel_id, exc)

    async def _dm(self, table: Table, seat: int, spec: MessageSpec, *, live: bool = True) -> DmResult:
        """DM ``spec`` to a seat and remember it as the seat's live prompt (unless not ``live``).

        "sent" when it was; "refused" when Discord said just now that the seat's DMs are closed
        (403 / 50007): that is announced in the channel (with a mention) and the seat plays
        through /hand from then on; "failed" when the DMs are known to be closed or the DM failed
        for another reason (logged): the caller mentions the player for this prompt only.
        """
        user_id = table.seats[seat].user_id
        if user_id in table.dm_closed:
            return "failed"
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            message = await channel.send(**send_kwargs(spec))
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                log.warning("Could not DM a player at table %s: %s", table.channel_id, exc)
                return "failed"
            log.info("DMs refused for a player at table %s (%s)", table.channel_id, exc.code)
            table.dm_closed.add(user_id)
            left = await self._has_left(table, user_id)
            notice = render.dm_refused_notice(user_id, left_server=left)
            await self._say(table, MessageSpec(notice), ping=user_id)
            return "refused"
        except discord.HTTPException as exc:
            log.warning("Could not DM a player at table %s: %s", table.channel_id, exc)
            return "failed"
        ref = PromptRef(channel.id, message.id)
        if live:
            table.messages.prompts[seat] = ref
            await self.journal.remember_prompt(table, seat)
            await self._shrink_done(table, seat)
        else:
            table.messages.done[seat] = DoneDm(ref, spec.content.partition("\n")[0], expanded=True)
        return "sent"

    async def _has_left(self, table: Table, user_id: int) -> bool:
        """Whether ``user_id`` is known to have left the table's server (one REST look-up: the
        bot has no member events)."""
        if table.guild_id is None:
            return False
        try:
            await self.client.http.get_member(table.guild_id, user_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            return False
        return False

    async def _retire_prompt(
        self,
        table: Table,
        seat: int,
        interaction: discord.Interaction[Any],
        spec: MessageSpec,
        *,
        clicked_shown: bool = True,
    ) -> None:
        """Forget the seat's live DM prompt; unless the click came from it and its answer was
        shown there, show ``spec`` there (the click's answer, so its buttons are disabled or gone)."""
        ref = table.messages.prompts.get(seat)
        if ref is None:
            return
        clicked = interaction.message is not None and interaction.message.id == ref.message_id
        if clicked and clicked_shown:
            del table.messages.prompts[seat]
        else:
            await self._retire_seat_prompt(table, seat, spec)
        table.messages.done[seat] = DoneDm(ref, spec.content)

    # --- plumbing -----------------------------------------------------------------------------

    def _table(self, channel_id: int) -> Table:
        table = self.registry.get(channel_id)
        if table is None:
            raise TableError(text("table.closed_game_over"))
        return table

    @contextlib.asynccontextmanager
    async def _locked(
        self, table: Table, interaction: discord.Interaction[Any], *, component: bool = False
    ) -> AsyncIterator[None]:
        """Hold the table's lock for an interaction that must be answered within 3 seconds.

        The interaction is deferred at once if the lock is held or others queue for it, and by a
        watchdog if it is still unanswered after :data:`DEFER_AFTER` seconds (a long wait or a
        slow step inside). Answers go through :meth:`_guard` so that they never race the watchdog.
        """
        guard = asyncio.Lock()
        self._answer_guards[interaction.id] = guard

        async def defer() -> None:
            async with guard:
                if interaction.response.is_done():
                    return
                try:
                    if component:
                        await interaction.response.defer()
                    else:
                        await interaction.response.defer(ephemeral=True, thinking=True)
                except discord.HTTPException as exc:
                    log.warning("Could not defer interaction %s: %s", interaction.id, exc)

        async def watchdog() -> None:
            await asyncio.sleep(DEFER_AFTER)
            await asyncio.shield(defer())  # once started, a defer is never cut off halfway

        if table.lock.busy:
            await defer()
        task = asyncio.create_task(watchdog())
        try:
            async with table.lock:
                yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            async with guard:  # let a defer already under way finish
                pass
            self._answer_guards.pop(interaction.id, None)

    def _guard(self, interaction: discord.Interaction[Any]) -> asyncio.Lock:
        """The lock an answer to ``interaction`` takes (a fresh one outside :meth:`_locked`)."""
        return self._answer_guards.get(interaction.id) or asyncio.Lock()

    async def _reply(self, interaction: discord.Interaction[Any], content: str) -> None:
        """Answer a slash command privately (see :func:`bot.messages.replies.send_ephemeral`)."""
        async with self._guard(interaction):
            await send_ephemeral(interaction, content)

    async def _edit_clicked(self, interaction: discord.Interaction[Any], spec: MessageSpec) -> None:
        """Answer a click by editing the message that was clicked."""
        async with self._guard(interaction):
            if interaction.response.is_done():
                await interaction.edit_original_response(**edit_kwargs(spec))
            else:
                await interaction.response.edit_message(**edit_kwargs(spec))
