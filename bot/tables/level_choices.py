"""The computer players' levels in each reader's words: the choices of ``/start bot_level`` and
``/addbot level`` (the leaderboard names a computer's level as its seat does:
:func:`host.table.seats.level_words`).

A level's value stays the game's own (English) name, ``hard``: that is what Discord sends back,
what the tables take and what is stored. Only the words shown are translated, from the
``commands.levels.*`` entries of the catalog (they go to Discord with the commands, so a change
of them is a change of the commands: see :mod:`bot.boot.command_sync`).
"""

from __future__ import annotations

from discord import app_commands

from bot.boot.command_text import command_text
from tabletop import registry

LEVEL_NAMES: dict[str, app_commands.locale_str] = {
    "random": command_text("commands.levels.random"),
    "normal": command_text("commands.levels.normal"),
    "hard": command_text("commands.levels.hard"),
}
"""The words of each computer level a game offers, by the level's name (its value)."""


def offered_levels() -> list[str]:
    """Every computer level of any offered game, once each, in the games' order (weakest first)."""
    return list(dict.fromkeys(level for name in registry.names() for level in registry.game(name).levels))


def level_choices() -> list[app_commands.Choice[str]]:
    """Every computer level of any game as a slash command's choices (the table refuses one its
    game does not have), each named in the player's language; a level the catalog has no words
    for is named by its value."""
    return [
        app_commands.Choice(name=LEVEL_NAMES.get(level, level), value=level) for level in offered_levels()
    ]
