"""One channel's table: its lobby, then its game, then closed."""

from __future__ import annotations

from host.table.lobby import TableLobby


class Table(TableLobby):
    """One channel's table: its lobby, then its game, then closed.

    Its parts, by job: :class:`~host.table.queries.TableQueries` (its fields and queries),
    :class:`~host.table.takeover.TableTakeovers`, :class:`~host.table.play.TablePlay`,
    :class:`~host.table.clicks.TableClicks`,
    :class:`~host.table.lobby.TableLobby`.
    """
