"""The tables of one bot, one per channel."""

from __future__ import annotations

from collections.abc import Callable

from host.catalog import lazy
from host.overload import Overload
from host.table.ids import (
    _new_game_id,
    _new_seed,
)
from host.table.seats import (
    TableError,
    TableState,
)
from host.table.table import Table


class TableRegistry:
    """Every table of the bot, one per channel."""

    def __init__(
        self,
        *,
        seed_source: Callable[[], int] = _new_seed,
        id_source: Callable[[], str] = _new_game_id,
    ) -> None:
        self._tables: dict[int, Table] = {}
        self.timer_scale = 1.0
        """Given to every new table (see :attr:`TurnClock.scale`)."""
        self._seed_source = seed_source
        self._id_source = id_source
        self.overload = Overload()
        """Whether the process is behind (:mod:`host.overload`): no new table for players then."""

    def get(self, channel_id: int) -> Table | None:
        """The open table of a channel, or None."""
        table = self._tables.get(channel_id)
        if table is None or table.state is TableState.CLOSED:
            return None
        return table

    def require(self, channel_id: int) -> Table:
        """The open table of a channel; :class:`TableError` if there is none."""
        table = self.get(channel_id)
        if table is None:
            raise TableError(lazy("table.none_here"))
        return table

    def current(self, channel_id: int) -> Table | None:
        """The open table of a channel, or one that closed under its lock, still held; None if
        neither.

        The change that closed such a table may still be being written, and should that write
        fail the table is put back open (see :mod:`host.journal`): a caller that acts on the
        channel's table takes its lock and looks at its state again."""
        table = self._tables.get(channel_id)
        if table is None or (table.state is TableState.CLOSED and not table.lock.locked()):
            return None
        return table

    def get_or_open(
        self,
        channel_id: int,
        guild_id: int | None = None,
        game: str | None = None,
        *,
        for_players: bool = False,
    ) -> Table:
        """The :meth:`current` table of a channel, opening a new lobby if there is none (a new
        table in place of one whose closing is still being written would leave that game out
        of reach, should the write fail). The caller takes the lock, and opens a new table if
        the table is still closed then. A new table plays ``game`` (default: the registry's
        default game).

        ``for_players``: players ask for it (/join, a rematch), and a new table is refused
        (:class:`TableError`, nothing changed) while the process is behind (:attr:`overload`):
        the games under way go on, new ones wait until it has caught up. A table resumed from
        storage is opened whatever the load."""
        table = self.current(channel_id)
        if table is None:
            if for_players and self.overload.behind:
                raise TableError(lazy("busy.new_table"))
            table = Table(
                channel_id,
                guild_id,
                game=game,
                seed_source=self._seed_source,
                id_source=self._id_source,
            )
            table.clock.scale = self.timer_scale
            self._tables[channel_id] = table
        return table

    def discard(self, channel_id: int) -> None:
        """Forget a channel's table (a resume that failed halfway)."""
        self._tables.pop(channel_id, None)

    def tables(self) -> list[Table]:
        """Every open table."""
        return [t for t in self._tables.values() if t.state is not TableState.CLOSED]
