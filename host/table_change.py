"""The one way the host changes a table: under the table's lock, stored before it is shown, its
outcome shown once.

Every change of a table runs here, the players' (through the Discord layer's
:class:`bot.tables.pipeline.Pipeline`, which adds only the answer to the interaction and the
3-second rule) and the host's own (a computer move, a turn timer's reminder, a deleted channel):

1. take the table's lock, unless the caller holds it already (:meth:`TableLock.held_here`);
2. check that the change still applies (``when``: the table may have moved while this waited);
3. run the change inside :meth:`host.journal.GameJournal.recording`: it is stored when it ends,
   and undone if it fails (the refusal propagates, nothing is shown; a change that did not fit
   the stored game comes back as :class:`~host.journal.TableReloaded`: the reloaded table is
   shown by the display, then the refusal propagates);
4. hand its :class:`~host.tables.Outcome`, with what the write stored that it shows (the
   rating changes of a game it finished: :class:`~host.journal.Recorded`), to the display's
   one ``execute`` (or the caller's ``show``), once, still under the lock.

A change that must happen even when it cannot be stored (``unsaved_too``: a reminder, a table
whose channel is gone) is made again unstored when its write fails (the journal undid the
first), logged, and shown all the same. A step that stores nothing (``record=False``: a
retired prompt, a resumed table shown again) takes the lock and shows once the same way.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import Protocol

from host.errors import UserError
from host.journal import GameJournal, TableReloaded
from host.tables import Outcome, Table

log = logging.getLogger(__name__)

Change = Callable[[Table], Outcome]
"""A change of a table (run under its lock, stored before it is shown)."""

Show = Callable[[Table, Outcome], Awaitable[None]]
"""How a change's outcome is shown (by default the display's ``execute``)."""


class TableDisplay(Protocol):
    """What the host needs of the layer that shows the tables (the Discord layer's table
    service): the journal, and the effects of an outcome shown."""

    journal: GameJournal

    async def execute(self, table: Table, outcome: Outcome) -> None:
        """Show every effect of ``outcome``."""
        ...


def _locked(table: Table) -> AbstractAsyncContextManager[object]:
    """Hold the table's lock for the block (at once if the running task holds it already): the
    lock itself, not a context manager wrapped around it (every change takes it)."""
    return nullcontext() if table.lock.held_here() else table.lock


class TableChanges:
    """Runs a table change the one way (see the module's docstring)."""

    def __init__(self, journal: GameJournal, show: Show) -> None:
        self.journal = journal
        self.show = show

    @classmethod
    def of(cls, display: TableDisplay) -> TableChanges:
        """The changes shown by ``display``, stored through its journal."""
        return cls(display.journal, display.execute)

    async def change(
        self,
        table: Table,
        fn: Change,
        *,
        background: bool = False,
        when: Callable[[Table], bool] | None = None,
        unsaved_too: bool = False,
        show: Show | None = None,
        record: bool = True,
    ) -> Outcome | None:
        """Make ``fn``'s change at ``table`` under its lock, store it, then show its outcome
        once (``show``, else the display's); the outcome, or None when ``when`` says the change
        no longer applies (nothing changed, nothing shown).

        ``background``: a change nobody clicked for (a computer's move, a reminder) waits
        behind the players' for the SQLite writer. A refusal (the game's, the table's) or a
        failed write propagates, with the table as it was and nothing shown; with
        ``unsaved_too`` a failed write is logged and the change made, and shown, unstored.
        ``record`` False: ``fn`` changes nothing that is stored (it only says what to show of
        what is stored already: a retired prompt, a resumed table shown again)."""
        async with _locked(table):
            if when is not None and not when(table):
                return None
            if not record:
                outcome = fn(table)
                await (show or self.show)(table, outcome)
                return outcome
            try:
                async with self.journal.recording(table, background=background) as recorded:
                    outcome = fn(table)
                outcome = recorded.shown(outcome)  # with what was stored: a game's rating changes
            except UserError as exc:
                if isinstance(exc, TableReloaded):
                    await self._show_reloaded(table, exc)
                if not unsaved_too:
                    raise
                log.warning("table %s: a change could not be saved (%s); made anyway", table.channel_id, exc)
                outcome = fn(table)
            await (show or self.show)(table, outcome)
            return outcome

    async def _show_reloaded(self, table: Table, reloaded: TableReloaded) -> None:
        """Show the table the journal reloaded from storage (by the display: it is no answer to
        the caller's interaction, whose player is told the refusal), before anyone is told."""
        try:
            await self.show(table, reloaded.shown)
        except Exception:  # showing is best effort: the stored game is already right
            log.exception("table %s: could not show the reloaded game", table.channel_id)
