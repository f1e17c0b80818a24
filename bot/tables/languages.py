"""Who reads which language: the one place the Discord layer asks in which language to show a
message.

- A reply to an interaction (an ephemeral answer, the prompt a click edits) is in the language of
  the person who acted: their Discord locale (``interaction.locale``).
- A DM is in the language of the person it is for: their locale as last seen in any of their
  interactions, remembered (and stored, so that a turn prompt sent at 3 a.m. after a restart is
  still in their language); English for someone never seen.
- A message in a channel is in the server's language: the one ``/settings language`` chose, else
  the server's own locale (``interaction.guild_locale``) as last seen; English for a server never
  seen.

A Discord locale becomes one of the host catalog's languages (:func:`host.catalog.language_for`):
``de`` for every German locale, English for a language without a catalog. A text the catalog of
that language lacks falls back to English (:mod:`tabletop.catalog`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from host.catalog import DEFAULT_LANGUAGE, language_for
from host.storage import ServerLanguage, Storage, StorageUnavailable, StoredLanguages
from host.tables import Table
from host.write_queue import BACKGROUND, URGENT, Writing, unqueued

log = logging.getLogger(__name__)

AUTO = "auto"
"""The ``/settings language`` choice that follows the server's own locale again."""


def language_of(locale: str | None) -> str:
    """The catalog language for a Discord locale (``de`` for ``de``, ``en`` for ``en-US`` and
    for a language without a catalog, or no locale at all)."""
    if not locale:
        return DEFAULT_LANGUAGE
    return language_for(locale) or DEFAULT_LANGUAGE


def _locale(value: discord.Locale | str | None) -> str | None:
    """A locale as Discord names it (``de``, ``en-US``), or None."""
    if value is None:
        return None
    return value.value if isinstance(value, discord.Locale) else str(value)


def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the person who acted: their Discord locale's (an answer to them, the
    prompt their click edits)."""
    return language_of(_locale(interaction.locale))


class Languages:
    """The languages of the people and servers a bot has seen, remembered and stored."""

    def __init__(self, storage: Storage | None = None, writing: Writing = unqueued) -> None:
        self.storage = storage
        self._writing = writing
        """The database writer's turn (:meth:`host.journal.GameJournal.writing`): a language
        noted in passing is stored behind the players' moves, a server's chosen one among them."""
        self._users: dict[int, str] = {}
        """Each person's Discord locale as last seen."""
        self._servers: dict[int, ServerLanguage] = {}
        """Each server's chosen language and locale as last seen."""
        self._unstored_users: set[int] = set()
        self._unstored_servers: set[int] = set()
        """People and servers whose language changed since the last write began."""
        self._writer: asyncio.Task[None] | None = None
        """The one background task that stores them (:meth:`_store_unstored`), while it runs."""
        self._one_write = asyncio.Lock()
        """Held by each write (a batch of the background writer's, a choice's): one at a time,
        each taking the languages as they are when it begins, so no older one lands last."""

    def restore(self, stored: StoredLanguages) -> None:
        """Take the languages as stored (at start, before any interaction)."""
        self._users.update(stored.users)
        self._servers.update(stored.servers)

    # --- who reads what ------------------------------------------------------------------------

    def of_interaction(self, interaction: discord.Interaction[Any]) -> str:
        """The language of the person who acted (and remember theirs and their server's)."""
        self.note(interaction)
        return reader_language(interaction)

    def of_user(self, user_id: int) -> str:
        """The language of a DM for ``user_id``: their locale as last seen, else English."""
        return language_of(self._users.get(user_id))

    def of_server(self, guild_id: int | None) -> str:
        """The language of a channel message in the server ``guild_id``: the chosen one, else the
        server's locale as last seen, else English."""
        server = self._servers.get(guild_id) if guild_id is not None else None
        if server is None:
            return DEFAULT_LANGUAGE
        return language_of(server.chosen or server.seen)

    def of_channel(self, table: Table) -> str:
        """The language of ``table``'s channel messages: its server's."""
        return self.of_server(table.guild_id)

    def of_seat(self, table: Table, seat: int) -> str:
        """The language of the DMs for ``table``'s ``seat``: its player's."""
        return self.of_user(table.seats[seat].user_id)

    def chosen(self, guild_id: int) -> str | None:
        """The language ``/settings language`` chose for the server (None: its own locale)."""
        server = self._servers.get(guild_id)
        return server.chosen if server is not None else None

    # --- learning them -------------------------------------------------------------------------

    def note(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the locales an interaction tells (the user's, the server's), storing those
        that changed in the background (a failed write is logged: the language is remembered
        until the next restart)."""
        user_locale = _locale(interaction.locale)
        user_id = interaction.user.id
        if user_locale and self._users.get(user_id) != user_locale:
            self._users[user_id] = user_locale
            self._unstored_users.add(user_id)
            self._store_later()
        guild_locale = _locale(interaction.guild_locale)
        guild_id = interaction.guild_id
        if guild_id is not None and guild_locale:
            server = self._servers.get(guild_id, ServerLanguage())
            if server.seen != guild_locale:
                self._servers[guild_id] = ServerLanguage(server.chosen, guild_locale)
                self._unstored_servers.add(guild_id)
                self._store_later()

    async def choose(self, guild_id: int, language: str | None) -> None:
        """Make ``language`` the server's (None: follow its own locale again); stored first, so
        that it outlives a restart (:class:`StorageUnavailable` if it cannot be). A background
        write under way ends first, so that it cannot store the server's earlier choice after
        this one; a locale noted while the choice is written is kept, and stored with it next."""
        if self.storage is None:
            self._chosen(guild_id, language)
            return
        async with self._one_write, self._writing(URGENT):
            seen = self._servers.get(guild_id, ServerLanguage()).seen
            await self.storage.settings.set_server_language(guild_id, ServerLanguage(language, seen))
            self._chosen(guild_id, language)

    def _chosen(self, guild_id: int, language: str | None) -> None:
        """Remember ``language`` as the server's choice, with its locale as last seen."""
        self._servers[guild_id] = ServerLanguage(language, self._servers.get(guild_id, ServerLanguage()).seen)

    def _store_later(self) -> None:
        """Start the background writer unless it runs (it stores what changed meanwhile too)."""
        if self.storage is not None and (self._writer is None or self._writer.done()):
            self._writer = asyncio.create_task(self._store_unstored(self.storage))

    async def _store_unstored(self, storage: Storage) -> None:
        """Store what changed, one transaction at a time, until nothing is left: the people who
        first act together (a hundred tables opening at once) are stored in a few writes rather
        than each in a transaction and a database connection of their own. Each write takes
        the languages as they are when it begins, so the newest is stored."""
        while self._unstored_users or self._unstored_servers:
            async with self._one_write, self._writing(BACKGROUND):
                users = {user_id: self._users[user_id] for user_id in self._unstored_users}
                servers = {guild_id: self._servers[guild_id] for guild_id in self._unstored_servers}
                self._unstored_users.clear()
                self._unstored_servers.clear()
                try:
                    await storage.settings.store_languages(users, servers)
                except StorageUnavailable as exc:
                    log.warning("Could not store %d languages: %s", len(users) + len(servers), exc.detail)
                except Exception:  # a language not stored must not break anything else
                    log.exception("Could not store %d languages", len(users) + len(servers))

    async def settle(self) -> None:
        """Wait for the languages being stored (before closing the storage, and in tests)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.gather(self._writer, return_exceptions=True)
