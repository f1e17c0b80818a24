"""One channel's table: its lobby, then its game, then closed."""

from __future__ import annotations

from functools import cached_property

from host.table.lobby import TableLobby
from host.table.stop import Stopping


class Table(TableLobby):
    """One channel's table: its lobby, then its game, then closed.

    Its bases, by job: :class:`~host.table.queries.TableQueries` (its fields and queries),
    :class:`~host.table.play.TablePlay`, :class:`~host.table.clicks.TableClicks`,
    :class:`~host.table.lobby.TableLobby`. Its parts, each given the table:
    ``takeover_desk`` (:class:`~host.table.takeover.TakeoverDesk`) and ``stopping``
    (:class:`~host.table.stop.Stopping`).
    """

    @cached_property
    def stopping(self) -> Stopping:
        """The table's stop (a part given this table; see :class:`~host.table.stop.Stopping`)."""
        return Stopping(self)
