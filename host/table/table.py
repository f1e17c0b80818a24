"""One channel's table: its lobby, then its game, then closed."""

from __future__ import annotations

from functools import cached_property

from host.table.clicks import TableClicks
from host.table.lobby import TableLobby
from host.table.play import TablePlay
from host.table.stop import Stopping


class Table(TablePlay):
    """One channel's table: its lobby, then its game, then closed.

    Its bases, by job: :class:`~host.table.queries.TableQueries` (its fields and queries) and
    :class:`~host.table.play.TablePlay`. Its parts, each given the table: ``lobby``
    (:class:`~host.table.lobby.TableLobby`), ``clicks`` (:class:`~host.table.clicks.TableClicks`),
    ``takeover_desk`` (:class:`~host.table.takeover.TakeoverDesk`) and ``stopping``
    (:class:`~host.table.stop.Stopping`).
    """

    @cached_property
    def lobby(self) -> TableLobby:
        """The table's lobby and the start of its game (a part given this table; see
        :class:`~host.table.lobby.TableLobby`)."""
        return TableLobby(self)

    @cached_property
    def clicks(self) -> TableClicks:
        """The table's clicks on its game's prompts (a part given this table; see
        :class:`~host.table.clicks.TableClicks`)."""
        return TableClicks(self)

    @cached_property
    def stopping(self) -> Stopping:
        """The table's stop (a part given this table; see :class:`~host.table.stop.Stopping`)."""
        return Stopping(self)
