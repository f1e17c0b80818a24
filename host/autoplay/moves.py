"""A computer move applied the one way a table changes (:mod:`host.table_change`, as a click):
under the table's lock, stored before it is shown, its effects handed to the layer that shows
the tables as one outcome.

A move is applied only if the game has not moved since it was decided; a step is shielded, so
that a table's task cancelled meanwhile (by a change, see :meth:`Autoplay.kick`) does not cut a
move in half between its store and its show.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from host.errors import UserError
from host.table_change import TableChanges, TableDisplay
from host.tables import GameRefusal, Outcome, Prompt, Table, TableState

log = logging.getLogger(__name__)

__all__ = ["RETRY_AFTER", "ComputerMoves", "TableDisplay"]

RETRY_AFTER = 2.0
"""Seconds before a computer move that could not be saved is tried again."""


class ComputerMoves:
    """Applies the computer's moves of every table of one bot, and shows them."""

    def __init__(self, display: TableDisplay) -> None:
        self.display = display
        self._applying: set[asyncio.Future[object]] = set()

    @property
    def changes(self) -> TableChanges:
        """The one way a table is changed (:mod:`host.table_change`), shown by :attr:`display`."""
        return TableChanges.of(self.display)

    async def shielded(
        self, step: Coroutine[Any, Any, object], *, then: Callable[[], None] | None = None
    ) -> None:
        """Run ``step`` to its end even if the table's task is cancelled meanwhile; ``then`` is
        called when it has ended (however)."""
        future = asyncio.ensure_future(step)
        self._applying.add(future)
        future.add_done_callback(self._applying.discard)
        if then is not None:
            future.add_done_callback(lambda _: then())
        await asyncio.shield(future)

    async def finish(self, timeout: float = 5.0) -> None:
        """Wait (a bounded time) for the moves being stored and shown (the bot is closing)."""
        if self._applying:
            await asyncio.wait(list(self._applying), timeout=timeout)

    async def apply(
        self,
        table: Table,
        seat: int,
        action: str,
        stamp: int,
        *,
        timed_out: bool,
        turn_goes_on: bool = False,
        retire: bool = True,
        turn_so_far: tuple[str, ...] = (),
    ) -> bool:
        """Apply a computer move under the lock, through the journal, if the game has not moved;
        a timed-out seat's prompt then says what the computer did for it (a
        :class:`~host.table.effects.PromptTimedOut` before the move's effects). Whether it did.

        For a step of a timed-out turn played to its end, ``retire`` is False: the prompt is
        retired after the turn, unless this step ends the round and the seat is prompted for the
        next (it begins it): then the old prompt first says what the stand-in did
        (``turn_so_far``, then ``action``)."""
        retired = False

        def applies(table: Table) -> bool:
            match = table.match
            if table.state is not TableState.PLAYING or match is None or len(match.log) != stamp:
                return False
            # A computer move is for a seat the computer plays; a timeout for a player's own seat
            # (not one that became a computer seat meanwhile, by /leave for instance).
            return seat in match.awaiting and table.is_auto(seat) != timed_out

        def move(table: Table) -> Outcome:
            nonlocal retired
            outcome = table.play.auto_move(seat, action, timed_out=timed_out, turn_goes_on=turn_goes_on)
            retired = timed_out and (retire or Prompt(seat) in outcome.effects)
            if retired:
                # The seat's prompt says what the computer did for it, before the move's effects.
                timed_out_prompt = table.play.timed_out_prompt(seat, (*turn_so_far, action))
                outcome = Outcome(outcome.reply, (timed_out_prompt, *outcome.effects), outcome.seat)
            return outcome

        try:
            outcome = await self.changes.change(table, move, background=True, when=applies)
        except GameRefusal as exc:  # a computer player's bug: logged, tried again later
            # The game's sentence may name a card, which the players have not seen.
            rule = exc.__cause__.__cause__ if exc.__cause__ is not None else None
            log.warning(
                "table %s: computer move not applied: %s", table.channel_id, type(rule or exc).__name__
            )
        except UserError as exc:  # could not be saved: try again a little later
            log.warning("table %s: computer move not applied: %s", table.channel_id, exc)
        else:
            return outcome is not None and retired
        await asyncio.sleep(RETRY_AFTER)
        return False

    async def retire(self, table: Table, seat: int, actions: tuple[str, ...]) -> None:
        """After a timed-out turn the stand-in played to its end: the seat's prompt says all the
        computer did for it (``actions``)."""
        await self.changes.change(
            table, lambda table: Outcome("", (table.play.timed_out_prompt(seat, actions),)), record=False
        )
