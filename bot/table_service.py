"""The Discord side of the tables: run an interaction through a table and show the outcome.

The cogs stay thin: a slash command or a click calls one method here, which finds the channel's
table, takes its lock (deferring the interaction first if the lock is busy, so that every
interaction is answered within Discord's 3 seconds), calls one :class:`bot.tables.Table` method,
answers the player and executes the returned effects (table message edits, DMs, channel notices).

Expected refusals (:class:`bot.errors.UserError`, :class:`stickem.RuleError`) propagate out of the
command methods to the command tree's error handler; the click methods report them themselves,
because component callbacks do not pass through the tree.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import AsyncIterator
from typing import Any, Literal

import aiohttp
import discord

from bot import render
from bot.autoplay import Autoplay, AutoplaySettings
from bot.custom_ids import LobbyId, MiseryConfirmId, MiserySelectId, PlayId, StopId, TakeoverId
from bot.discord_views import edit_kwargs, send_kwargs
from bot.errors import report_interaction_error
from bot.persistence import GameJournal
from bot.render import ButtonSpec, MessageSpec
from bot.replies import send_ephemeral
from bot.tables import (
    Effect,
    GameEnded,
    GameStopped,
    LobbyClosed,
    Notice,
    Outcome,
    PromptMisery,
    PromptRef,
    PromptTurn,
    RoundEnded,
    ShowLobby,
    ShowTable,
    Table,
    TableError,
    TableRegistry,
    TableRoundOver,
    TableState,
    TakeoverRequest,
    max_seats,
)
from stickem import Card, Phase
from stickem.events import Event, GameOver, RoundScored, TrickSetAside, TrickWon

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
        raise TableError("Stick'em tables live in a server's text channel, not in DMs.")
    return interaction.channel_id


def round_end_effects(events: tuple[Event, ...]) -> tuple[Effect, ...]:
    """The end of the game's last scored round (the table message and the scores) and, if the
    game is over, its final standings, from its events."""
    last_trick: TrickWon | TrickSetAside | None = None
    effects: list[Effect] = []
    for event in events:
        if isinstance(event, TrickWon | TrickSetAside):
            last_trick = event
        elif isinstance(event, RoundScored):
            effects = [TableRoundOver(last_trick, event), RoundEnded(event)]
        elif isinstance(event, GameOver):
            effects.append(GameEnded(event))
    return tuple(effects)


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
        # Every change is stored before it is shown (see bot.persistence); no storage: memory only.
        self.journal = journal if journal is not None else GameJournal(None)
        self.journal.on_reload = self.show_reloaded
        self.journal.on_undone = self._undone
        # One lock per interaction being run: its answer and the deferring watchdog take turns.
        self._answer_guards: dict[int, asyncio.Lock] = {}
        # The final standings of the last game of each channel, for /score after the game.
        self._last_results: dict[int, MessageSpec] = {}

    # --- slash commands (errors propagate to the tree's handler) ------------------------------

    async def join(self, interaction: discord.Interaction[Any], seat: str | None = None) -> None:
        """/join [seat]: open the channel's table or take a seat at it; during a game, ask to
        take over a computer seat (``seat``: which one, by number or name)."""
        channel_id = _channel_id(interaction)
        for attempt in range(2):
            table = self.registry.get_or_open(channel_id, interaction.guild_id)
            async with self._locked(table, interaction):
                if table.state is TableState.CLOSED and attempt == 0:
                    continue  # the lobby closed while we waited for it: open a new one
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
                await self._retire_seat_prompt(table, seat, render.prompt_stopped("You left this game"))
            await self.execute(table, outcome)

    async def start(
        self,
        interaction: discord.Interaction[Any],
        preset: str | None,
        rounds: int | None,
        *,
        players: int | None = None,
        bot_level: str | None = None,
        timer: str | None = None,
    ) -> None:
        """/start: start the channel's game (filling empty seats with computer players up to
        ``players``, with the turn timer ``timer``)."""
        table = self.registry.require(_channel_id(interaction))
        async with self._locked(table, interaction):
            async with self.journal.recording(table):
                outcome = table.start(
                    interaction.user.id,
                    is_admin=_is_admin(interaction),
                    preset=preset,
                    rounds=rounds,
                    fill_to=players,
                    bot_level=bot_level or "normal",
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
        user_id, admin, chosen = interaction.user.id, _is_admin(interaction), level or "normal"
        await self._simple(interaction, lambda table: table.add_bot(user_id, chosen, is_admin=admin))

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

    async def retire_timed_out_prompt(self, table: Table, seat: int, card: Card) -> None:
        """The seat's live DM prompt says the time ran out and which card the computer chose."""
        ref = table.messages.prompts.pop(seat, None)
        if ref is None:
            return
        spec = MessageSpec(
            f"{self._dm_header(table)}\nTime ran out: the computer chose **{card}** for you. "
            "Use /hand in the channel for your cards."
        )
        try:
            channel = self.client.get_partial_messageable(ref.channel_id)
            await channel.get_partial_message(ref.message_id).edit(**edit_kwargs(spec))
        except SHOW_FAILURES as exc:
            log.info("Could not retire a timed-out prompt at table %s: %r", table.channel_id, exc)

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """/hand: the user's hand (or misery choice) as an ephemeral message with buttons."""
        table = self.registry.require(_channel_id(interaction))
        _, view = table.seat_view(interaction.user.id)
        game_id = table.game_id or ""
        if view.phase is Phase.MISERY:
            if view.misery_pick is not None:
                spec = MessageSpec(
                    f"Your misery card for round {view.round}: {view.misery_pick}. "
                    "Waiting for the others to pick."
                )
            else:
                spec = render.misery_prompt(view, table.channel_id, game_id)
        else:
            spec = render.hand_prompt(view, table.names, table.channel_id, game_id)
        await send_ephemeral(interaction, **send_kwargs(spec))

    async def score(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """/score: the table state and totals, for anyone; once a game is over, its final
        standings (until a new table opens). ``public`` shows it to the whole channel."""
        channel_id = _channel_id(interaction)
        table = self.registry.get(channel_id)
        if table is None:
            spec = self._last_results.get(channel_id)
            if spec is None:
                raise TableError("There is no table in this channel. Use /join to open one.")
        elif table.state is TableState.LOBBY:
            spec = render.lobby_message(
                table.channel_id, table.names, table.rules(), max_seats(), host=table.host_seat
            )
            spec = MessageSpec(spec.content)
        else:
            spec = render.score_message(table.public_view(), table.names, timer=_turn_timer(table))
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
                    table, outcome, interaction, self._lobby_spec(table), skip=(ShowLobby, LobbyClosed)
                )
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where=f"lobby {ident.action}")

    async def play_click(self, interaction: discord.Interaction[Any], ident: PlayId) -> None:
        """A card button of a hand (in a DM or an ephemeral /hand message)."""
        try:
            table = self._table(ident.channel_id)
            async with self._locked(table, interaction, component=True):
                before = table.game.action_count if table.game is not None else 0
                async with self.journal.recording(table):
                    outcome = table.play(
                        interaction.user.id,
                        ident.card,
                        game_id=ident.game_id,
                        round=ident.round,
                        trick=ident.trick,
                    )
                seat = outcome.seat
                assert seat is not None and table.game is not None
                if table.game.action_count == before:  # an away player came back, nothing played
                    await self._finish(table, outcome, interaction, MessageSpec(outcome.reply))
                    return
                spec = render.played_message(
                    table.game.view(seat),
                    table.names,
                    ident.card,
                    table.channel_id,
                    ident.game_id,
                    ident.round,
                    ident.trick,
                )
                await self._finish(table, outcome, interaction, spec, seat=seat)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="a card button")

    async def misery_select(
        self, interaction: discord.Interaction[Any], ident: MiserySelectId, value: str
    ) -> None:
        """A card chosen in the misery select menu: show it, with the confirm button (a choice
        the engine would refuse now, e.g. after the pick was confirmed, is refused at once)."""
        try:
            table = self._table(ident.channel_id)
            table.check_click(interaction.user.id, ident.game_id, ident.round)
            try:
                card = Card.parse(value)
            except ValueError as exc:
                raise TableError("That is not one of your cards.") from exc
            view = table.check_misery_choice(
                interaction.user.id, card, game_id=ident.game_id, round=ident.round
            )
            header = self._dm_header(table) if interaction.guild_id is None else ""
            spec = render.misery_prompt(view, table.channel_id, ident.game_id, card, header=header)
            await self._edit_clicked(interaction, spec)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the misery select")

    async def misery_confirm(self, interaction: discord.Interaction[Any], ident: MiseryConfirmId) -> None:
        """The confirm button of the misery choice."""
        try:
            table = self._table(ident.channel_id)
            async with self._locked(table, interaction, component=True):
                async with self.journal.recording(table):
                    outcome = table.choose_misery(
                        interaction.user.id, ident.card, game_id=ident.game_id, round=ident.round
                    )
                assert outcome.seat is not None
                spec = render.misery_done(ident.card, ident.round)
                await self._finish(table, outcome, interaction, spec, seat=outcome.seat)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the misery confirm")

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

    async def _finish(
        self,
        table: Table,
        outcome: Outcome,
        interaction: discord.Interaction[Any],
        spec: MessageSpec,
        *,
        seat: int | None = None,
        skip: tuple[type[Effect], ...] = (),
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
            if seat is not None:
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
        if any(isinstance(effect, RoundEnded | GameEnded) for effect in outcome.effects):
            await self.journal.forget_owed(table)  # shown (or tried): a restart need not show it
        self.kick(table)

    async def _show(self, table: Table, effect: Effect) -> None:
        if isinstance(effect, ShowLobby):
            await self._show_lobby(table)
        elif isinstance(effect, LobbyClosed):
            await self._show_lobby(table, effect.reason)
        elif isinstance(effect, ShowTable):
            spec = render.table_message(table.running_view(), table.names, timer=_turn_timer(table))
            await self._show_table(table, spec, new=effect.new_message)
        elif isinstance(effect, TableRoundOver):
            spec = render.table_round_over(table.names, effect.scored.round, effect.last_trick, effect.scored)
            await self._show_table(table, spec, new=False)
        elif isinstance(effect, PromptMisery):
            if not table.is_auto(effect.seat):
                await self._prompt_misery(table, effect.seat)
        elif isinstance(effect, PromptTurn):
            if not table.is_auto(effect.seat):
                await self._prompt_turn(table, effect.seat)
        elif isinstance(effect, Notice):
            await self._say(table, MessageSpec(effect.text), ping=effect.ping)
        elif isinstance(effect, TakeoverRequest):
            host = table.host_id
            await self._say(table, self._takeover_spec(table, effect), ping=host)
        elif isinstance(effect, RoundEnded):
            assert table.game is not None
            embed = render.round_scored_embed(table.names, effect.scored, table.game.rounds)
            await self._say(table, MessageSpec("", (embed,)))
        elif isinstance(effect, GameEnded):
            spec = render.game_over_message(table.names, effect.over)
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
            text = (
                f"<@{host}> {request.name} would like to take over {table.seats[seat].name}'s "
                "seat from the next round on. Approve?"
            )
            return MessageSpec(text, rows=((ButtonSpec(ids[0], "Approve", style="success"),),))
        lines = [
            f"<@{host}> {request.name} would like to take over a computer seat from the next "
            "round on. Approve by choosing the seat to give them:"
        ]
        lines += [f"- {table.seat_label(seat)}" for seat in request.seats]
        buttons = [
            ButtonSpec(ident, f"Give seat {seat + 1} ({table.seats[seat].name})"[:80], style="success")
            for ident, seat in zip(ids, request.seats, strict=True)
        ]
        per_row = render.MAX_PER_ROW
        rows = tuple(tuple(buttons[i:i + per_row]) for i in range(0, len(buttons), per_row))
        return MessageSpec("\n".join(lines), rows=rows)

    async def show_reloaded(self, table: Table) -> None:
        """Show a table the journal just reloaded from storage (its game is the stored one).

        Still running: the table message and a prompt for each waiting player, as after a
        restart. Ended in storage (a last move whose commit was reported lost): the end of the
        last round and the final standings, with no DM prompt left live. Stopped: as a /stop.
        """
        from bot.resume import resume_effects  # bot.resume builds on this module

        game = table.game
        if game is None:
            return
        if table.state is TableState.PLAYING:
            for seat in [seat for seat in table.messages.prompts if seat not in game.awaiting]:
                del table.messages.prompts[seat]  # answered by the stored move
            effects, _ = resume_effects(table)
            await self.execute(table, Outcome("", effects))
        elif game.phase is Phase.GAME_OVER:
            await self.execute(table, Outcome("", round_end_effects(game.events)))
            await self._retire_prompts(table, render.prompt_stopped("This game is over"))
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
            await self._retire_prompts(table, render.prompt_stopped("The channel of this game was deleted"))

    async def _show_stopped(self, table: Table) -> None:
        """After a /stop: the table message waits for nobody, and no DM prompt stays live."""
        if table.game is not None:
            spec = render.table_message(
                table.running_view(), table.names, stopped=True, timer=_turn_timer(table)
            )
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
            channel = self.client.get_partial_messageable(ref.channel_id)
            await channel.get_partial_message(ref.message_id).edit(**edit_kwargs(spec))
        except discord.HTTPException as exc:
            log.info("Could not disable a prompt at table %s: %s", table.channel_id, exc)

    def _lobby_spec(self, table: Table, reason: str | None = None) -> MessageSpec:
        closed = reason
        if closed is None and table.state is TableState.PLAYING:
            closed = "The game has started."
        elif closed is None and table.state is TableState.CLOSED:
            closed = "This table is closed."
        return render.lobby_message(
            table.channel_id,
            table.names,
            table.rules(),
            max_seats(),
            closed_reason=closed,
            host=table.host_seat,
        )

    async def _show_lobby(self, table: Table, reason: str | None = None) -> None:
        spec = self._lobby_spec(table, reason)
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
        return f"Stick'em at <#{table.channel_id}>"

    async def _prompt_misery(self, table: Table, seat: int) -> None:
        assert table.game is not None and table.game_id is not None
        spec = render.misery_prompt(
            table.game.view(seat), table.channel_id, table.game_id, header=self._dm_header(table)
        )
        user_id = table.seats[seat].user_id
        if await self._dm(table, seat, spec) == "failed":
            await self._say(
                table, MessageSpec(render.misery_mention(user_id, table.game.round)), ping=user_id
            )

    async def _prompt_turn(self, table: Table, seat: int) -> None:
        game = table.game
        assert game is not None and table.game_id is not None
        spec = render.hand_prompt(
            game.view(seat),
            table.names,
            table.channel_id,
            table.game_id,
            header=self._dm_header(table),
        )
        user_id = table.seats[seat].user_id
        if await self._dm(table, seat, spec) != "sent":
            await self._say(
                table, MessageSpec(render.turn_mention(user_id, game.round, game.trick_number)), ping=user_id
            )

    async def _dm(self, table: Table, seat: int, spec: MessageSpec) -> DmResult:
        """DM ``spec`` to a seat and remember it as the seat's live prompt.

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
        table.messages.prompts[seat] = PromptRef(channel.id, message.id)
        await self.journal.remember_prompt(table, seat)
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
            return
        await self._retire_seat_prompt(table, seat, spec)

    # --- plumbing -----------------------------------------------------------------------------

    def _table(self, channel_id: int) -> Table:
        table = self.registry.get(channel_id)
        if table is None:
            raise TableError("This table is closed: that game is over.")
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
        """Answer a slash command privately (see :func:`bot.replies.send_ephemeral`)."""
        async with self._guard(interaction):
            await send_ephemeral(interaction, content)

    async def _edit_clicked(self, interaction: discord.Interaction[Any], spec: MessageSpec) -> None:
        """Answer a click by editing the message that was clicked."""
        async with self._guard(interaction):
            if interaction.response.is_done():
                await interaction.edit_original_response(**edit_kwargs(spec))
            else:
                await interaction.response.edit_message(**edit_kwargs(spec))
