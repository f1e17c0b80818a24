"""Registering slash commands with Discord only when they changed.

Discord rate-limits command registration (a few hundred a day per guild and globally), and a global
registration takes a while to reach every client. So on start the bot hashes the definitions it
would send and syncs only when the hash differs from the one stored after the last successful sync
for the same application and target (one guild, or global).
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)


def command_payload(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[Any]:
    """The JSON that a sync to `guild` (None: global) would send, in a stable order."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    return sorted(payload, key=lambda entry: (entry.get("type", 1), entry["name"]))


def payload_hash(payload: list[Any]) -> str:
    """A stable digest of command definitions."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class SyncStateFile:
    """The hashes of the last successful syncs, kept in a small JSON file."""

    path: Path

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning(
                "Ignoring unreadable command sync state %s (%s); commands will be synced", self.path, exc
            )
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(k): str(v) for k, v in data.items()}

    def get(self, key: str) -> str | None:
        """The stored hash for `key`, if any."""
        return self._load().get(key)

    def put(self, key: str, digest: str) -> None:
        """Remember `digest` for `key` (written atomically)."""
        data = self._load()
        data[key] = digest
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        tmp.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
        tmp.replace(self.path)


def sync_key(application_id: int, guild_id: int | None) -> str:
    """The state key for one application and target."""
    return f"{application_id}:{guild_id if guild_id is not None else 'global'}"


async def sync_commands(
    tree: app_commands.CommandTree[Any],
    application_id: int,
    guild_id: int | None,
    state: SyncStateFile,
    *,
    force: bool = False,
) -> bool:
    """Sync the tree's commands to `guild_id` (None: global) if they changed or `force`.

    Returns whether a sync request was made. For a guild target the global commands are copied to
    the guild first, so that a development server sees every command at once.
    """
    guild = discord.Object(id=guild_id) if guild_id is not None else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    digest = payload_hash(command_payload(tree, guild))
    key = sync_key(application_id, guild_id)
    if not force and state.get(key) == digest:
        log.info("Slash commands unchanged since the last sync (%s); not syncing", key)
        return False
    synced = await tree.sync(guild=guild)
    state.put(key, digest)
    target = f"guild {guild_id}" if guild_id is not None else "all servers (global)"
    log.info("Synced %d slash commands to %s", len(synced), target)
    return True
