"""The stop: the host (or a server manager) ends a table's lobby or running game early, after a
confirmation; and a table closed at once when its channel is gone."""

from __future__ import annotations

from host.catalog import lazy
from host.table.effects import GameStopped, LobbyClosed, Outcome
from host.table.ids import is_lobby_id
from host.table.queries import TableQueries
from host.table.seats import TableError, TableState


class Stopping:
    """A table's stop. A part the table holds (``table.stopping``), given the table's fields and
    queries (:class:`~host.table.queries.TableQueries`)."""

    def __init__(self, table: TableQueries) -> None:
        self.table = table

    def check(self, user_id: int, *, is_admin: bool = False) -> str:
        """Check ``user_id`` may stop this table; the id of what to stop (the game, or the lobby)."""
        if self.table.state is TableState.CLOSED:
            raise TableError(lazy("table.already_closed"))
        if user_id != self.table.host_id and not is_admin:
            raise TableError(lazy("stop.only_host"))
        return self.table.game_id or self.table.lobby_id

    def stop(self, user_id: int, *, is_admin: bool = False, game_id: str) -> Outcome:
        """End the lobby or the running game early (host or admin, after confirmation).

        ``game_id`` is what :meth:`check` named when the confirmation was asked for."""
        current = self.check(user_id, is_admin=is_admin)
        if game_id != current:
            if game_id == self.table.lobby_id:
                raise TableError(lazy("stop.game_started_since"))
            if is_lobby_id(game_id):
                raise TableError(lazy("stop.lobby_already_closed"))
            raise TableError(lazy("stop.game_already_over"))
        name = self.table._name_of(user_id)
        if self.table.state is TableState.LOBBY:
            self.table.state = TableState.CLOSED
            return Outcome(lazy("stop.table_closed"), (LobbyClosed(lazy("stop.closed_by", name=name)),))
        totals = self.table.running_match().results().totals
        self.table.state = TableState.CLOSED
        return Outcome(lazy("stop.game_stopped"), (GameStopped(name, totals),), self.table.seat_of(user_id))

    def abandon(self) -> None:
        """Close the table at once, with nothing to show (its channel was deleted)."""
        self.table.state = TableState.CLOSED
