"""Who reads which language, as stored (schema version 7): each person's Discord locale as last
seen, and each server's chosen language and own locale (``storage.settings`` keeps them:
:class:`host.storage.stored_settings.StoredSettings`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ServerLanguage:
    """A server's language as stored: what /settings language chose (None: follow the server's
    locale) and the server's Discord locale as last seen (None: not seen yet)."""

    chosen: str | None = None
    seen: str | None = None


@dataclass(frozen=True)
class StoredLanguages:
    """Every stored language: people's locales by user id, servers' by server id."""

    users: dict[int, str] = field(default_factory=dict)
    servers: dict[int, ServerLanguage] = field(default_factory=dict)
