"""The slash commands' names and descriptions from the message catalog, in every language it has.

A name or a description (of a command, of one of its options or of a choice) is a discord.py
``locale_str``: its English text from :mod:`host.catalog` with its catalog key. When the commands
are registered, :class:`CatalogTranslator` gives Discord each language's text of that key, so
that every player's Discord shows the commands in their own language wherever the catalog
has it (English everywhere else): a German player types ``/beitreten`` where an English one types
``/join``, and Discord sends the bot the English name either way. The texts are the
``commands.*`` entries of the catalog: ``commands.<command>.name`` names a command,
``commands.<command>.names.<option>`` one of its options.

Discord allows a name of 1 to 32 characters, lowercase, of letters, digits, ``-`` and ``_``
(:func:`is_command_name`); a translated name that breaks this is not sent (Discord would refuse
the whole registration for it): the command keeps its English name in that language, and the
tests of the catalogs catch such a name first.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Mapping

import discord
from discord import app_commands

from host.catalog import CATALOG, DEFAULT_LANGUAGE, language_for
from host.text import clip
from tabletop.catalog import Text

log = logging.getLogger(__name__)

COMMAND_KEYS = "commands."
"""How the keys of the commands' texts begin."""

NAME_LIMIT = 32
"""Discord's longest name of a command or an option."""

_NAME_LOCATIONS = frozenset({
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
})
"""Where a translation is a name (Discord's rules for names apply), not a description."""


def command_name(key: str, /) -> app_commands.locale_str:
    """The catalog text ``key`` as the name of a slash command or of one of its options: its
    English entry is the name the bot registers (and the name Discord sends when the command is
    used, in any language), each other language's entry the name Discord shows its users."""
    return app_commands.locale_str(CATALOG.text(key), key=key)


def is_command_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as the name of a command or an option in a language:
    1 to 32 characters, lowercase, each a letter, a digit, ``-`` or ``_`` (or a Devanagari or
    Thai sign), as Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``."""
    return 1 <= len(name) <= NAME_LIMIT and name == name.lower() and all(map(_name_character, name))


def _name_character(character: str) -> bool:
    if character in "-_" or unicodedata.category(character)[0] in "LN":
        return True
    return unicodedata.name(character, "").startswith(("DEVANAGARI ", "THAI "))


CommandField = str | app_commands.locale_str | Text
"""A field of a command text: words, another command text, or a text of a game's catalog (a
game's title), each translated with the rest."""


def command_text(key: str, /, *, limit: int | None = None, **fields: CommandField) -> app_commands.locale_str:
    """The catalog text ``key`` as a slash command's description or a choice's name, with its
    ``fields``; in every language cut to ``limit`` characters if given (a choice that names a
    game by its title and description: Discord takes 100)."""
    english = CATALOG.text(key, **{name: _english(value) for name, value in fields.items()})
    if limit is not None:
        english = clip(english, limit)
    return app_commands.locale_str(english, key=key, fields=dict(fields), limit=limit)


def _english(value: CommandField) -> str:
    if isinstance(value, app_commands.locale_str):
        return value.message
    return value if isinstance(value, str) else value.render()


def translated(string: app_commands.locale_str, locale: str) -> str | None:
    """``string`` in the catalog language of the Discord ``locale``, or None where that is
    English (Discord shows the English text) or the language has no text for it."""
    key = string.extras.get("key")
    language = language_for(locale)
    if not isinstance(key, str) or language is None or language == DEFAULT_LANGUAGE:
        return None
    if CATALOG.translation(key, language) is None:
        return None
    fields: Mapping[str, CommandField] = string.extras.get("fields", {})
    values = {name: _in(locale, value) for name, value in fields.items()}
    text = CATALOG.text(key, language=language, **values)
    limit = string.extras.get("limit")
    return clip(text, limit) if isinstance(limit, int) else text


def _in(locale: str, value: CommandField) -> str:
    """A field of a command text in ``locale``'s language (English where it has none)."""
    if isinstance(value, app_commands.locale_str):
        return translated(value, locale) or value.message
    return value if isinstance(value, str) else value.render(locale)


class CatalogTranslator(app_commands.Translator):
    """Gives Discord the catalog's translations of the commands' names and descriptions."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """``string`` in ``locale``'s language, if the catalog has it (a name only if Discord
        accepts it as a name: see :func:`is_command_name`)."""
        text = translated(string, locale.value)
        if text is not None and context.location in _NAME_LOCATIONS and not is_command_name(text):
            log.warning(
                "The catalog's %s name %r of %s is not a name Discord accepts; it keeps its "
                "English name %r there", locale.value, text, string.extras.get("key"), string.message,
            )
            return None
        return text


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
