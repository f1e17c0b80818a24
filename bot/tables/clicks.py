"""Clicks on the tables' components: lobby buttons, a game's prompts, takeover and stop buttons.

Each click finds its table, takes its lock through the answerer, runs one table change (stored
before it is shown), answers the click by editing the clicked message, and hands the outcome to
the effect player. Errors are reported here, because component callbacks do not pass through
the command tree.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.ids import ActionId, LobbyId, StopId, TakeoverId
from bot.messages.errors import report_interaction_error
from bot.tables import host_messages as render
from bot.tables.answer import Answerer
from bot.tables.courier import Courier
from bot.tables.effects import EffectPlayer
from bot.tables.interactions import is_admin
from bot.tables.payload import localized
from bot.tables.table_messages import dm_header, done_spec, lobby_spec, prompt_spec
from host.catalog import lazy
from host.journal import GameJournal
from host.tables import (
    Admitted,
    Effect,
    LobbyClosed,
    Outcome,
    Prompt,
    ShowLobby,
    Table,
    TableError,
    TableRegistry,
    TableState,
)
from tabletop.presentation import Act, Message, Redraw

if TYPE_CHECKING:
    from bot.tables.handover import Handover

log = logging.getLogger(__name__)


class Clicks:
    """Runs the clicks on a bot's table components."""

    def __init__(
        self,
        registry: TableRegistry,
        journal: GameJournal,
        answerer: Answerer,
        courier: Courier,
        effects: EffectPlayer,
    ) -> None:
        self.registry = registry
        self.journal = journal
        self.answerer = answerer
        self.courier = courier
        self.effects = effects
        self.handover: Handover | None = None
        """Set when this process is one of several: clicks in DMs of other processes' tables
        are handed to them (see `bot.tables.handover`)."""

    def _table(self, channel_id: int) -> Table:
        table = self.registry.get(channel_id)
        if table is None:
            raise TableError(lazy("table.closed_game_over"))
        return table

    async def lobby_click(self, interaction: discord.Interaction[Any], ident: LobbyId) -> None:
        """A Join / Leave / Start button of a lobby message."""
        try:
            self.courier.languages.note(interaction)
            table = self._table(ident.channel_id)
            async with self.answerer.locked(table, interaction, component=True):
                user = interaction.user
                async with self.journal.recording(table):
                    if ident.action == "join":
                        outcome = table.join(user.id, render.player_name(user.display_name))
                    elif ident.action == "addbot":
                        outcome = table.add_bot(user.id, is_admin=is_admin(interaction))
                    elif ident.action == "leave":
                        outcome = table.leave(user.id)
                    else:
                        outcome = table.start(user.id, is_admin=is_admin(interaction))
                channel = self.courier.languages.of_channel(table)  # the lobby message is the channel's
                await self._finish(
                    table,
                    outcome,
                    interaction,
                    lobby_spec(table, language=channel),
                    skip=(ShowLobby, LobbyClosed),
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
            if (
                self.handover is not None
                and interaction.guild_id is None
                and self.registry.get(ident.channel_id) is None
                and await self.handover.forward(interaction, ident, values)
            ):
                return  # another process runs the table (Discord sends DMs to shard 0's)
            reader = self.courier.languages.of_interaction(interaction)  # the clicked prompt's reader
            table = self._table(ident.channel_id)
            header = dm_header(table, reader) if interaction.guild_id is None else ""
            # The gate, once: who clicks, is the prompt current. A step of a decision changes
            # nothing: it is answered at once, without waiting for the table (which may be busy
            # showing the previous move).
            admitted = table.admit(interaction.user.id, ident.game_id, ident.stage)
            meaning = _meaning(table, admitted, ident, values)
            if isinstance(meaning, Redraw):
                step = prompt_spec(table, admitted.seat, meaning.draft, header=header, language=reader)
                await self.answerer.edit_clicked(interaction, step, guild_id=table.guild_id, unchanged=True)
                return
            async with self.answerer.locked(table, interaction, component=True):
                if not table.is_current(admitted):  # the table moved on while this click waited
                    admitted = table.admit(interaction.user.id, ident.game_id, ident.stage)
                    meaning = _meaning(table, admitted, ident, values)
                if meaning is None:  # an away player's click that only brings them back
                    async with self.journal.recording(table):
                        outcome = table.apply_admitted(admitted, "")
                    answer = localized(Message(outcome.reply), reader)
                    await self._finish(table, outcome, interaction, answer)
                    return
                if isinstance(meaning, Redraw):
                    step = prompt_spec(table, admitted.seat, meaning.draft, header=header, language=reader)
                    await self.answerer.edit_clicked(
                        interaction, step, guild_id=table.guild_id, unchanged=True
                    )
                    return
                await self._apply(table, admitted, meaning, interaction, header, reader)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="a game component")

    async def _apply(
        self,
        table: Table,
        admitted: Admitted,
        meaning: Act,
        interaction: discord.Interaction[Any],
        header: str,
        reader: str,
    ) -> None:
        """An admitted action, under the table's lock: applied, stored, the click answered in
        the clicker's language ``reader`` (the prompt goes on in place while the seat still
        decides) and the effects shown."""
        seat = admitted.seat
        async with self.journal.recording(table):
            outcome = table.apply_admitted(admitted, meaning.action)
        match = table.match
        assert match is not None
        after = table.presentation.acted(match.view(seat), meaning.action, table.names_in(reader))
        in_place = after is None and table.state is TableState.PLAYING and seat in match.awaiting
        if in_place:
            spec = prompt_spec(table, seat, header=header, language=reader)
            if self.courier.is_live_prompt(table, seat, interaction):  # the DM prompt goes on
                outcome = _without_prompt(outcome, seat)
        else:
            reply = table.presentation.reply(meaning.action, match.view(seat))
            spec = done_spec(after or Message(reply), reader)
        await self._finish(table, outcome, interaction, spec, seat=seat, keep_prompt=in_place)

    async def takeover_click(self, interaction: discord.Interaction[Any], ident: TakeoverId) -> None:
        """The host approves a player taking over a computer seat from the next round."""
        try:
            self.courier.languages.note(interaction)
            table = self._table(ident.channel_id)
            async with self.answerer.locked(table, interaction, component=True):
                async with self.journal.recording(table):
                    outcome = table.approve_takeover(
                        interaction.user.id, ident.seat, ident.user_id, is_admin=is_admin(interaction)
                    )
                channel = self.courier.languages.of_channel(table)  # the request is the channel's
                answer = localized(Message(outcome.reply), channel)
                await self._finish(table, outcome, interaction, answer)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the takeover button")

    async def stop_click(self, interaction: discord.Interaction[Any], ident: StopId) -> None:
        """The confirmation button of /stop."""
        try:
            table = self._table(ident.channel_id)
            async with self.answerer.locked(table, interaction, component=True):
                async with self.journal.recording(table):
                    outcome = table.stop(
                        interaction.user.id, is_admin=is_admin(interaction), game_id=ident.game_id
                    )
                reader = self.courier.languages.of_interaction(interaction)  # an ephemeral confirmation
                answer = localized(Message(outcome.reply), reader)
                await self._finish(table, outcome, interaction, answer)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the stop button")

    async def _finish(
        self,
        table: Table,
        outcome: Outcome,
        interaction: discord.Interaction[Any],
        spec: Message,
        *,
        seat: int | None = None,
        skip: tuple[type[Effect], ...] = (),
        keep_prompt: bool = False,
    ) -> None:
        """After ``outcome`` changed the table: answer the click with ``spec``, retire ``seat``'s
        old DM prompt (or, while its decision goes on, ``keep_prompt``, keep it live: renewed in
        place when the click came from elsewhere) and show the effects.

        The change is already made, so a failed answer (too late, a Discord outage) must neither
        stop the game (the effects are shown whatever happens) nor be reported as "nothing was
        changed": it is logged and the user sees the outcome in the channel and their DMs.
        """
        answered = False
        try:
            await self.answerer.edit_clicked(interaction, spec, guild_id=table.guild_id)
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
            if seat is not None and keep_prompt and self.courier.is_live_prompt(table, seat, interaction):
                self.courier.book.prompt_still_live(table, seat)  # for the game as it is now
            elif seat is not None and keep_prompt and await self._prompt_goes_on(table, seat, answered):
                outcome = _without_prompt(outcome, seat)
            elif seat is not None:
                await self.courier.retire_clicked_prompt(
                    table, seat, interaction, spec, clicked_shown=answered
                )
            await self.effects.execute(table, outcome, skip=skip)

    async def _prompt_goes_on(self, table: Table, seat: int, answered: bool) -> bool:
        """The seat's decision goes on after a click outside its live DM prompt (in /hand's
        private answer): that DM prompt, if it has one, shows the prompt as it is now, with its
        header and in its reader's language, and stays the live one. True when nothing more is
        owed: the DM was renewed, or the player's DMs are closed and the click's answer (shown,
        ``answered``) is the prompt that goes on, which a mention in the channel would only
        repeat.

        Decided so: of the two ways to leave the player one live prompt (this, or the old DM
        shrunk to its one line and the prompt DMed anew) this one sends no message, so the
        phone rings for nothing the player did not just do, and no DM keeps buttons of a
        stage gone by. False when there is none or it could not be edited: the prompt is DMed
        anew (``Prompt(seat)``)."""
        if answered and table.seats[seat].user_id in self.courier.book.of(table).dm_closed:
            return True
        reader = self.courier.languages.of_seat(table, seat)
        spec = prompt_spec(table, seat, header=dm_header(table, reader), language=reader)
        return await self.courier.renew_prompt(table, seat, spec)


def _meaning(
    table: Table, admitted: Admitted, ident: ActionId, values: tuple[str, ...]
) -> Act | Redraw | None:
    """What an admitted click means to the game's presentation now; None for an away player's
    click that only brings them back (:attr:`~host.table.play.Admitted.returns`)."""
    return None if admitted.returns else table.read_click(admitted, ident.intent, values)


def _without_prompt(outcome: Outcome, seat: int) -> Outcome:
    """``outcome`` without its new DM prompt for ``seat`` (its live one goes on)."""
    return Outcome(outcome.reply, tuple(e for e in outcome.effects if e != Prompt(seat)), outcome.seat)
