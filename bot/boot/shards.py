"""Discord's gateway sharding as this bot uses it: which shards a process connects, and which
shard (so which process) a server belongs to.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count`` and every direct
message, and every click in one, to shard 0 only. A bot process runs some shards (SHARD_IDS, all
by default) as one `discord.ext.commands.AutoShardedBot`; a table belongs to the process that
runs its server's shard (see docs/architecture.md, "Several processes").
"""

from __future__ import annotations

from dataclasses import dataclass

from host.storage import LoadResult, LobbyRecord

MAX_SHARDS = 4096
"""The most shards SHARD_COUNT may name (a bot in ~10 million servers, at 2,500 a shard)."""

DM_SHARD = 0
"""The shard Discord sends direct messages, and the clicks in them, to."""


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends the events of server ``guild_id`` to (a table with no server: the
    direct messages' shard 0)."""
    if guild_id is None:
        return DM_SHARD
    return (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """The shards of this process: ``count`` in all (None: as many as Discord recommends) and the
    ``ids`` this process connects (None: every one of them)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def several_processes(self) -> bool:
        """Whether other processes serve the other shards (SHARD_IDS names only some)."""
        return self.count is not None and self.ids is not None and set(self.ids) != set(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves the tables of server ``guild_id`` (always, when it runs
        every shard)."""
        if not self.several_processes:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids


EVERY_SHARD = ShardPlan()
"""The default plan: every shard, as many as Discord recommends, in this one process."""


def owned_tables(
    plan: ShardPlan, loaded: LoadResult, lobbies: list[LobbyRecord]
) -> tuple[LoadResult, list[LobbyRecord]]:
    """The stored games (and their load problems) and lobbies of the servers this process
    serves: what it resumes; the other processes resume the rest."""
    return (
        LoadResult(
            tuple(game for game in loaded.games if plan.owns(game.record.guild_id)),
            tuple(problem for problem in loaded.problems if plan.owns(problem.guild_id)),
        ),
        [lobby for lobby in lobbies if plan.owns(lobby.guild_id)],
    )
