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

from bot.boot.command_text import translations
from tabletop import registry
from tabletop.catalog import render

log = logging.getLogger(__name__)


def command_payload(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[Any]:
    """The JSON that a sync to `guild` (None: global) would send, in a stable order, and the
    commands' texts in the catalog's other languages if it has any (they are sent as the
    commands' localizations: see :mod:`bot.boot.command_text`), with the games' titles and
    descriptions in those languages (the ``game`` choices show them)."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    ordered = sorted(payload, key=lambda entry: (entry.get("type", 1), entry["name"]))
    languages = translations()
    if not languages:
        return ordered
    return [*ordered, {"games": _game_texts(languages)}, {"translations": languages}]


def _game_texts(languages: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """Each offered game's title and description in each of ``languages``, by game and
    language (``stickem:de``): they come from the games' own catalogs."""
    return {
        f"{name}:{language}": [render(spec.title, language), render(spec.description, language)]
        for name in registry.names()
        for spec in [registry.game(name)]
        for language in languages
    }


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

    def targets(self) -> list[str]:
        """Every key that has a stored hash."""
        return sorted(self._load())

    def put(self, key: str, digest: str) -> None:
        """Remember `digest` for `key` (written atomically)."""
        data = self._load()
        data[key] = digest
        self._write(data)

    def remove(self, key: str) -> None:
        """Forget the hash for `key`."""
        data = self._load()
        if data.pop(key, None) is not None:
            self._write(data)

    def _write(self, data: dict[str, str]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(self.path.suffix + ".tmp")
            tmp.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as exc:
            # Not fatal: the commands are registered; only the next start will sync once more.
            log.warning(
                "Could not save the command sync state to %s (%s); the commands will be synced again "
                "on the next start. Point STICKEM_DATA_DIR at a writable folder.",
                self.path,
                exc,
            )


class CommandSyncError(Exception):
    """Discord refused to register the commands; the message says what the host can do."""


def sync_key(application_id: int, guild_id: int | None) -> str:
    """The state key for one application and target."""
    return f"{application_id}:{guild_id if guild_id is not None else 'global'}"


def _recorded_guilds(state: SyncStateFile, application_id: int) -> list[int]:
    prefix = f"{application_id}:"
    return [
        int(key[len(prefix) :])
        for key in state.targets()
        if key.startswith(prefix) and key[len(prefix) :].isdigit()
    ]


async def _sync(tree: app_commands.CommandTree[Any], guild: discord.Object | None) -> int:
    """One sync request, with Discord's refusals turned into a `CommandSyncError`."""
    try:
        return len(await tree.sync(guild=guild))
    except discord.Forbidden as exc:
        where = f"server {guild.id}" if guild is not None else "Discord"
        raise CommandSyncError(
            f"{where} refused to register the slash commands ({exc.text or exc.status}). Invite the bot "
            "with the 'applications.commands' scope (the invite URL is in the README), or clear "
            "DEV_GUILD_ID to register the commands globally."
        ) from exc
    except discord.HTTPException as exc:
        raise CommandSyncError(
            f"Registering the slash commands failed ({exc.status}: {exc.text or 'no details'}). "
            "They will be registered on the next start, or run 'stickem-bot sync'."
        ) from exc


async def _clear_guild_copies(
    tree: app_commands.CommandTree[Any], application_id: int, state: SyncStateFile
) -> None:
    """After a global sync, remove the development copies registered in guilds before.

    Otherwise those guilds would show every command twice. A guild that refuses (the bot left it)
    is forgotten all the same: its copies went with the bot.
    """
    for guild_id in _recorded_guilds(state, application_id):
        guild = discord.Object(id=guild_id)
        tree.clear_commands(guild=guild)
        try:
            await _sync(tree, guild)
            log.info("Removed the development copies of the commands from guild %s", guild_id)
        except CommandSyncError as exc:
            log.warning("Could not remove the commands from guild %s: %s", guild_id, exc)
        state.remove(sync_key(application_id, guild_id))


async def sync_commands(
    tree: app_commands.CommandTree[Any],
    application_id: int,
    guild_id: int | None,
    state: SyncStateFile,
    *,
    force: bool = False,
) -> bool:
    """Sync the tree's commands to `guild_id` (None: global) if they changed or `force`.

    Returns whether a sync request was made; raises `CommandSyncError` if Discord refused it. For a
    guild target the global commands are copied to the guild first, so that a development server
    sees every command at once; a global sync removes such copies made earlier.
    """
    guild = discord.Object(id=guild_id) if guild_id is not None else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    digest = payload_hash(command_payload(tree, guild))
    key = sync_key(application_id, guild_id)
    if not force and state.get(key) == digest:
        log.info("Slash commands unchanged since the last sync (%s); not syncing", key)
        return False
    synced = await _sync(tree, guild)
    state.put(key, digest)
    target = f"guild {guild_id}" if guild_id is not None else "all servers (global)"
    log.info("Synced %d slash commands to %s", synced, target)
    if guild_id is None:
        await _clear_guild_copies(tree, application_id, state)
    return True
