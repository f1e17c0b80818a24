"""One channel's table: its lobby, then its game, then closed."""

from __future__ import annotations

from functools import cached_property

from host.table.clicks import TableClicks
from host.table.lobby import TableLobby
from host.table.play import TablePlay
from host.table.queries import TableQueries
from host.table.stop import Stopping
from host.table.takeover import TakeoverDesk


class Table(TableQueries):
    """One channel's table: its lobby, then its game, then closed.

    Its base is :class:`~host.table.queries.TableQueries` (its fields and queries, the turn clock
    ``clock`` among them). Its parts, each given the table (and the parts it uses): ``play``
    (:class:`~host.table.play.TablePlay`), ``lobby`` (:class:`~host.table.lobby.TableLobby`),
    ``clicks`` (:class:`~host.table.clicks.TableClicks`), ``takeover_desk``
    (:class:`~host.table.takeover.TakeoverDesk`) and ``stopping``
    (:class:`~host.table.stop.Stopping`).
    """

    @cached_property
    def play(self) -> TablePlay:
        """The table's game actions: the click's gate, the game's action, computer moves, a
        player's return, the effects after (a part given this table and its takeover desk; see
        :class:`~host.table.play.TablePlay`)."""
        return TablePlay(self, self.takeover_desk)

    @cached_property
    def lobby(self) -> TableLobby:
        """The table's lobby and the start of its game (a part given this table, its play and
        its takeover desk; see :class:`~host.table.lobby.TableLobby`)."""
        return TableLobby(self, self.play, self.takeover_desk)

    @cached_property
    def clicks(self) -> TableClicks:
        """The table's clicks on its game's prompts (a part given this table and its play; see
        :class:`~host.table.clicks.TableClicks`)."""
        return TableClicks(self, self.play)

    @cached_property
    def takeover_desk(self) -> TakeoverDesk:
        """The table's takeovers of computer seats (a part given this table; see
        :class:`~host.table.takeover.TakeoverDesk`), applied by its play when a round begins."""
        return TakeoverDesk(self)

    @cached_property
    def stopping(self) -> Stopping:
        """The table's stop (a part given this table; see :class:`~host.table.stop.Stopping`)."""
        return Stopping(self)
