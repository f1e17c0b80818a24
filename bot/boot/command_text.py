"""The slash commands' descriptions from the message catalog, in every language it has.

A description (of a command, of one of its options or of a choice) is a discord.py
``locale_str``: its English text from :mod:`host.catalog` with its catalog key. When the commands
are registered, :class:`CatalogTranslator` gives Discord each language's text of that key, so
that every player's Discord shows the descriptions in their own language wherever the catalog
has it (English everywhere else). The texts are the ``commands.*`` entries of the catalog.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands

from host.catalog import CATALOG, DEFAULT_LANGUAGE, language_for

COMMAND_KEYS = "commands."
"""How the keys of the commands' texts begin."""


def command_text(key: str, /, **fields: str | app_commands.locale_str) -> app_commands.locale_str:
    """The catalog text ``key`` as a slash command's description, with its ``fields`` (a field
    may be a command text itself, translated with the rest)."""
    english = {name: _english(value) for name, value in fields.items()}
    return app_commands.locale_str(CATALOG.text(key, **english), key=key, fields=dict(fields))


def _english(value: str | app_commands.locale_str) -> str:
    return value.message if isinstance(value, app_commands.locale_str) else value


def translated(string: app_commands.locale_str, locale: str) -> str | None:
    """``string`` in the catalog language of the Discord ``locale``, or None where that is
    English (Discord shows the English text) or the language has no text for it."""
    key = string.extras.get("key")
    language = language_for(locale)
    if not isinstance(key, str) or language is None or language == DEFAULT_LANGUAGE:
        return None
    if CATALOG.translation(key, language) is None:
        return None
    fields: Mapping[str, str | app_commands.locale_str] = string.extras.get("fields", {})
    values = {name: _in(locale, value) for name, value in fields.items()}
    return CATALOG.text(key, language=language, **values)


def _in(locale: str, value: str | app_commands.locale_str) -> str:
    """A field of a command text in ``locale``'s language (English where it has none)."""
    if isinstance(value, app_commands.locale_str):
        return translated(value, locale) or value.message
    return value


class CatalogTranslator(app_commands.Translator):
    """Gives Discord the catalog's translations of the commands' descriptions."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """``string`` in ``locale``'s language, if the catalog has it."""
        return translated(string, locale.value)


def translations() -> dict[str, dict[str, str]]:
    """The commands' texts of every language but English, by language (none while the catalog
    is English only): they go to Discord with the commands, so a change of them is a change of
    the commands (see :mod:`bot.boot.command_sync`)."""
    found: dict[str, dict[str, str]] = {}
    for language in CATALOG.languages():
        if language == DEFAULT_LANGUAGE:
            continue
        entries = CATALOG.entries(language)
        commands = {
            key: value
            for key, value in entries.items()
            if key.startswith(COMMAND_KEYS) and isinstance(value, str)  # a description has no plural
        }
        if commands:
            found[language] = commands
    return found
