"""Discord's gateway sharding as this bot uses it: which shards a process connects, and which
shard (so which process) a server belongs to.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count`` and every direct
message, and every click in one, to shard 0 only. A bot process runs some shards (SHARD_IDS, all
by default) as one `discord.ext.commands.AutoShardedBot`; a table belongs to the process that
runs its server's shard (see docs/architecture.md, "Several processes").
"""

from __future__ import annotations

from dataclasses import dataclass

from host.storage import LoadResult, LobbyRecord, ServerShards, Storage, StoredLanguages

# The rule and the shard of direct messages live with the storage, which selects a process's
# tables by the same rule in SQL (host.storage.sharding).
from host.storage.sharding import DM_SHARD, shard_of

__all__ = [
    "DM_SHARD",
    "EVERY_SHARD",
    "MAX_SHARDS",
    "OwnedSettings",
    "ShardPlan",
    "load_owned_settings",
    "load_owned_tables",
    "shard_of",
]

MAX_SHARDS = 4096
"""The most shards SHARD_COUNT may name (a bot in ~10 million servers, at 2,500 a shard)."""


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

    @property
    def servers(self) -> ServerShards | None:
        """The servers whose tables this process serves, when other processes serve others
        (None: every server)."""
        if not self.several_processes:
            return None
        assert self.count is not None and self.ids is not None
        return ServerShards(self.count, self.ids)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves the tables of server ``guild_id`` (always, when it runs
        every shard)."""
        servers = self.servers
        return servers is None or servers.holds(guild_id)


EVERY_SHARD = ShardPlan()
"""The default plan: every shard, as many as Discord recommends, in this one process."""


async def load_owned_tables(
    storage: Storage, plan: ShardPlan, *, timeout: float | None = None
) -> tuple[LoadResult, list[LobbyRecord]]:
    """The stored unfinished games (and their load problems) and lobbies of the servers this
    process serves: what it resumes. The database selects them (`ServerShards`), so with ten
    processes each reads a tenth of the rows, not all of them; the other processes resume the
    rest, and report their own unreadable games. ``timeout`` bounds each statement of the
    games' load (see `StoredGames.load_unfinished_games`)."""
    servers = plan.servers
    loaded = await storage.games.load_unfinished_games(timeout=timeout, servers=servers)
    return loaded, await storage.lobbies.load_lobbies(servers=servers)


@dataclass(frozen=True, slots=True)
class OwnedSettings:
    """The stored settings a process starts with: the default game, pictures and language of the
    servers it serves (by server id), and every person's language."""

    default_games: dict[int, str]
    images: dict[int, bool]
    languages: StoredLanguages


async def load_owned_settings(storage: Storage, plan: ShardPlan) -> OwnedSettings:
    """The per-server settings of the servers this process serves, selected by the database as
    `load_owned_tables` selects their tables: a process of ten reads a tenth of the servers' rows.
    A server's commands and tables all reach the process of its shard, so no other process needs
    them. People's languages are read whole: a person is sent DMs from servers of any shard."""
    servers = plan.servers
    return OwnedSettings(
        await storage.settings.load_default_games(servers=servers),
        await storage.settings.load_image_settings(servers=servers),
        await storage.settings.load_languages(servers=servers),
    )
