"""Clicks on the tables' components: lobby buttons, a game's prompts, takeover and stop buttons.

Each click finds its table and says which change it makes and what the clicked message becomes;
the pipeline (:mod:`bot.tables.pipeline`) does the rest: the lock, the change stored before it
is shown, the answer, the effects. Errors are reported here, because component callbacks do not
pass through the command tree.
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
from bot.tables.interactions import is_admin
from bot.tables.payload import localized
from bot.tables.pipeline import Pipeline
from bot.tables.table_messages import dm_header, done_spec, lobby_spec
from bot.tables.table_specs import TableSpecs
from host.catalog import Words, lazy
from host.tables import (
    Answer,
    Click,
    LobbyClick,
    LobbyInPlace,
    Outcome,
    PromptInPlace,
    Step,
    Table,
    TableError,
    TableRegistry,
)
from tabletop.presentation import Message

if TYPE_CHECKING:
    from bot.tables.handover import Handover

log = logging.getLogger(__name__)


class Clicks:
    """Runs the clicks on a bot's table components."""

    def __init__(
        self, registry: TableRegistry, answerer: Answerer, courier: Courier, pipeline: Pipeline
    ) -> None:
        self.registry = registry
        self.answerer = answerer
        self.courier = courier
        self.specs = TableSpecs(courier.painter)
        """Builds a clicked prompt's answer (its hand sketched only where pictures are shown)."""
        self.pipeline = pipeline
        self.handover: Handover | None = None
        """Set when this process is one of several: clicks in DMs of other processes' tables
        are handed to them (see `bot.tables.handover`)."""

    def _table(self, channel_id: int) -> Table:
        table = self.registry.get(channel_id)
        if table is None:
            raise TableError(lazy("table.closed_game_over"))
        return table

    async def lobby_click(self, interaction: discord.Interaction[Any], ident: LobbyId) -> None:
        """A Join / Leave / Start button of a lobby message: answered by the lobby message in
        place, as the host's outcome says (:class:`~host.tables.LobbyInPlace`; in the channel's
        language, as every lobby message)."""
        try:
            self.courier.languages.note(interaction)
            table = self._table(ident.channel_id)
            user = interaction.user
            name = render.player_name(user.display_name)
            click = LobbyClick(user.id, ident.action, name, is_admin(interaction))

            def answer(table: Table, outcome: Outcome) -> Message:
                shown = outcome.answer
                reason = shown.reason if isinstance(shown, LobbyInPlace) else None
                return lobby_spec(table, reason, language=self.courier.languages.of_channel(table))

            await self.pipeline.run(table, interaction, lambda table: table.lobby.click(click), answer=answer)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where=f"lobby {ident.action}")

    async def action_click(
        self, interaction: discord.Interaction[Any], ident: ActionId, values: tuple[str, ...] = ()
    ) -> None:
        """A component of a game's prompt (in a DM or an ephemeral /hand message): the host
        judges it once; a step of a decision is shown in place at once (it changes nothing, so
        it does not wait for the table, which may be busy showing the previous move), an action
        goes through the pipeline, answered as the host's outcome says."""
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
            click = Click(interaction.user.id, ident.game_id, ident.stage, ident.intent, values, reader)
            judged = table.clicks.judge(click)
            header = dm_header(table, reader) if interaction.guild_id is None else ""

            def answer(table: Table, outcome: Outcome) -> Message:
                return _click_answer(self.specs, table, outcome.answer, outcome.reply, header, reader)

            with self.answerer.answering(interaction):  # its late picture waits for the answer
                if isinstance(judged, Step):
                    step = _click_answer(self.specs, table, judged, "", header, reader)
                    guild_id = table.guild_id
                    await self.answerer.edit_clicked(interaction, step, guild_id=guild_id, unchanged=True)
                    return
                apply = lambda t: t.clicks.apply_click(judged)  # noqa: E731 (judged narrowed here)
                await self.pipeline.run(table, interaction, apply, answer=answer)
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="a game component")

    async def takeover_click(self, interaction: discord.Interaction[Any], ident: TakeoverId) -> None:
        """The host approves a player taking over a computer seat from the next round."""
        try:
            self.courier.languages.note(interaction)
            table = self._table(ident.channel_id)
            user_id, admin = interaction.user.id, is_admin(interaction)

            def answer(table: Table, outcome: Outcome) -> Message:
                channel = self.courier.languages.of_channel(table)  # the request is the channel's
                return localized(Message(outcome.reply), channel)

            await self.pipeline.run(
                table,
                interaction,
                lambda table: table.takeover_desk.approve(user_id, ident.seat, ident.user_id, is_admin=admin),
                answer=answer,
            )
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the takeover button")

    async def stop_click(self, interaction: discord.Interaction[Any], ident: StopId) -> None:
        """The confirmation button of /stop."""
        try:
            table = self._table(ident.channel_id)
            user_id, admin = interaction.user.id, is_admin(interaction)

            def answer(table: Table, outcome: Outcome) -> Message:
                reader = self.courier.languages.of_interaction(interaction)  # an ephemeral confirmation
                return localized(Message(outcome.reply), reader)

            await self.pipeline.run(
                table,
                interaction,
                lambda table: table.stopping.stop(user_id, is_admin=admin, game_id=ident.game_id),
                answer=answer,
            )
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the stop button")


def _click_answer(
    specs: TableSpecs, table: Table, shown: Answer | None, reply: Words, header: str, reader: str
) -> Message:
    """What a clicked prompt becomes, as the host's answer ``shown`` says, in the clicker's
    language ``reader`` (``header``: the first line of a DM prompt): a step of the decision, the
    prompt going on in place, the one line of what was done, or (None) the ``reply``; a prompt
    with the picture of the hand where pictures are shown (``specs``)."""
    if isinstance(shown, Step):
        return specs.prompt(table, shown.seat, shown.draft, header=header, language=reader)
    if isinstance(shown, PromptInPlace):
        return specs.prompt(table, shown.seat, header=header, language=reader)
    if isinstance(shown, Message):
        return done_spec(shown, reader)
    return localized(Message(reply), reader)
