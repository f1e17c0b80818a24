"""Which servers' tables a process reads: the servers of some shards, chosen in the database.

Several bot processes on one database each serve some of Discord's shards (see
docs/architecture.md, "Several processes"). Discord sends a server's events to shard
``(guild_id >> 22) % count``; a table outside any server (``guild_id`` NULL) belongs to shard 0,
which Discord sends every direct message to. `ServerShards` names the shards of one process and
turns that rule into a SQL condition, so at start each process reads only its own unfinished
games and lobbies instead of every process reading all of them and keeping a part.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, false, literal_column, or_
from sqlalchemy.sql.elements import ColumnClause

SHARD_SHIFT = 22
"""The bits of a server's id below the part the shard is computed from (its creation time's)."""

DM_SHARD = 0
"""The shard of the tables outside any server (Discord sends every direct message there)."""


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard of server ``guild_id`` among ``count`` (a table with no server: shard 0)."""
    if guild_id is None:
        return DM_SHARD
    return (guild_id >> SHARD_SHIFT) % count


@dataclass(frozen=True, slots=True)
class ServerShards:
    """The servers whose shard among ``count`` is one of ``ids`` (and, with shard 0, the tables
    outside any server)."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1 or any(not 0 <= shard < self.count for shard in self.ids):
            raise ValueError(f"shards {self.ids} are not shards of {self.count}")

    def holds(self, guild_id: int | None) -> bool:
        """Whether server ``guild_id`` is one of these shards' (the rule `condition` applies)."""
        return shard_of(guild_id, self.count) in self.ids

    def condition(self, guild_id: ColumnClause[int] | ColumnElement[int]) -> ColumnElement[bool]:
        """SQL that is true for the rows whose ``guild_id`` column names one of these shards'
        servers (a server id is positive, so the shift and the remainder are those of Python;
        SQLite and PostgreSQL both have ``>>`` and ``%`` on 64-bit integers)."""
        ids = sorted(set(self.ids))
        # The shift as a literal: PostgreSQL's ``>>`` takes an int4, not the int8 a parameter binds.
        shifted = guild_id.op(">>")(literal_column(str(SHARD_SHIFT)))
        in_a_server = and_(guild_id.is_not(None), (shifted % self.count).in_(ids))
        outside_servers = guild_id.is_(None) if DM_SHARD in ids else false()
        return or_(in_a_server, outside_servers)
