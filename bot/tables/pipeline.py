"""The one way a command or a click changes a table, written once: find the table (the caller),
take its lock (answered within Discord's 3 seconds: :mod:`bot.tables.answer`), then the host's
one way of changing a table (:class:`host.table_change.TableChanges`: the change made and
stored before anyone is shown it), which hands the outcome to this: answer the interaction,
then play the outcome's effects, once, in the host's order.

Nothing here decides: the host's :class:`~host.tables.Outcome` says what changed and what each
one is shown; the handlers only say which change, and how their interaction is answered (a
private reply for a slash command; for a click, the clicked message edited).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.tables.answer import Answerer
from bot.tables.effects import Clicked, EffectPlayer
from host.table_change import Change, TableChanges
from host.tables import Outcome, Step, Table, TableState
from tabletop.presentation import Message

log = logging.getLogger(__name__)

ClickAnswer = Callable[[Table, Outcome], Message]
"""What a clicked message becomes after the click's change."""


class Pipeline:
    """Runs every table change of a command or a click: lock, change, store, answer, show."""

    def __init__(self, changes: TableChanges, answerer: Answerer, effects: EffectPlayer) -> None:
        self.changes = changes
        self.answerer = answerer
        self.effects = effects

    async def run(
        self,
        table: Table,
        interaction: discord.Interaction[Any],
        change: Change,
        *,
        answer: ClickAnswer | None = None,
        if_open: bool = False,
    ) -> bool:
        """Make ``change`` at ``table`` for ``interaction`` and show it: a slash command is
        answered privately with the outcome's reply, a click (``answer`` given) by editing the
        clicked message into ``answer``'s message (the host's outcome says what it shows, and its
        effects do not show it again). ``if_open``: change nothing (False) when the table closed
        while this waited for it.

        A refusal (the host's :class:`~host.tables.TableError`, the game's) changes nothing and
        propagates, before anything is answered or shown."""

        async def answer_and_show(table: Table, outcome: Outcome) -> None:
            clicked = None
            if answer is None:
                await self.answerer.reply(interaction, outcome.reply)
            else:
                clicked = await self._answer_click(table, outcome, interaction, answer)
            await self.effects.execute(table, outcome, clicked=clicked)

        async with self.answerer.locked(table, interaction, component=answer is not None):
            # The host's one way (held lock, stored, shown once); the answer comes first.
            when = _still_open if if_open else None
            return await self.changes.change(table, change, when=when, show=answer_and_show) is not None

    async def run_opening(
        self, open_table: Callable[[], Table], interaction: discord.Interaction[Any], change: Change
    ) -> None:
        """:meth:`run` ``change`` (a slash command's, or a click answered privately) at the
        channel's table, opened if there is none (``open_table``): if it closed while this
        waited for it, at the new one opened then."""
        for attempt in range(2):
            if await self.run(open_table(), interaction, change, if_open=attempt == 0):
                return

    async def _answer_click(
        self, table: Table, outcome: Outcome, interaction: discord.Interaction[Any], answer: ClickAnswer
    ) -> Clicked:
        """Edit the clicked message into ``answer``'s message for ``outcome``.

        The change is already made, so a failed answer (too late, a Discord outage) must neither
        stop the game (the effects are shown whatever happens) nor be reported as "nothing was
        changed": it is logged, and the user sees the outcome in the channel and their DMs."""
        spec = answer(table, outcome)
        shown = False
        try:
            unchanged = isinstance(outcome.answer, Step)  # a step of a decision: nothing it shows changed
            await self.answerer.edit_clicked(interaction, spec, guild_id=table.guild_id, unchanged=unchanged)
            shown = True
        except discord.HTTPException as exc:
            log.warning(
                "Could not answer interaction %s at table %s after applying it: %s",
                interaction.id,
                table.channel_id,
                exc,
            )
        except Exception:  # a bug in the answer: the change stands, so go on showing it
            log.exception("Could not answer interaction %s at table %s", interaction.id, table.channel_id)
        message = interaction.message
        return Clicked(message.id if message is not None else None, spec, shown)


def _still_open(table: Table) -> bool:
    """Whether ``table`` is still open (it may have closed while the interaction waited for it)."""
    return table.state is not TableState.CLOSED
