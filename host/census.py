"""What the host is doing right now, counted: read-only figures for the bot's metrics and its
health line.

The host knows nothing of how the figures are shown (Prometheus, a log line): it only counts.
Each call walks the open tables once (a few microseconds per table).
"""

from __future__ import annotations

from dataclasses import dataclass

from host.autoplay import Autoplay
from host.journal import GameJournal
from host.tables import TableRegistry, TableState
from tabletop import registry as games

OPEN_STATES = (TableState.LOBBY, TableState.PLAYING)
"""The states an open table may be in (a closed table is no longer counted)."""


@dataclass(frozen=True, slots=True)
class HostCounts:
    """The host's figures at one moment."""

    tables: dict[tuple[str, str], int]
    """Open tables by (game name, state): every offered game in every open state, 0 included."""
    actions: int
    """Game actions accepted since the bot started (only ever grows)."""
    decisions_waiting: int
    """Computer decisions handed to the worker processes and not back yet."""
    writes_waiting: int
    """Database writes waiting for the one SQLite writer."""
    computer_moves_waiting: int
    """Computer moves waiting for a slot among those under way (:mod:`host.autoplay.pace`): above
    0 only while the bot is saturated and its computer players are slowed."""

    @property
    def open_tables(self) -> int:
        """Every open table, of every game and state."""
        return sum(self.tables.values())


def count_host(tables: TableRegistry, journal: GameJournal, autoplay: Autoplay) -> HostCounts:
    """Count what ``tables``, ``journal`` and ``autoplay`` hold now."""
    by_game: dict[tuple[str, str], int] = {
        (name, state.value): 0 for name in games.names() for state in OPEN_STATES
    }
    for table in tables.tables():
        key = (table.spec.name, table.state.value)
        by_game[key] = by_game.get(key, 0) + 1
    return HostCounts(
        tables=by_game,
        actions=journal.actions_recorded,
        decisions_waiting=autoplay.decisions_waiting,
        writes_waiting=journal.writes_waiting,
        computer_moves_waiting=autoplay.pace.waiting,
    )
