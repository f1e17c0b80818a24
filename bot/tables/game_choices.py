"""The games this bot offers, as the choices of a slash command's ``game`` option."""

from __future__ import annotations

from discord import app_commands

from bot.boot.command_text import command_text
from bot.messages import limits
from host.catalog import lazy
from host.errors import UserError
from tabletop import GameSpec, registry


def game_choices() -> list[app_commands.Choice[str]]:
    """Each game offered, by its title and one-line description (at most 25: Discord's limit),
    in each player's language where the game's catalog has it (Discord shows German players
    "Sticheln: ..."). Read when the cogs are loaded, after the bot's settings chose the games
    offered."""
    return [
        app_commands.Choice(
            name=command_text(
                "games.choice", title=spec.title, description=spec.description, limit=limits.OPTION_LABEL
            ),
            value=spec.name,
        )
        for spec in map(registry.game, registry.names()[:25])
    ]


def offered_game(name: str) -> GameSpec:
    """The game called ``name`` (a slash command's ``game`` value); :class:`UserError` saying
    which games there are if this bot offers none of that name (a forged or outdated value)."""
    try:
        return registry.game(name)
    except registry.GameNotOffered as exc:
        games = ", ".join(exc.known)
        raise UserError(lazy("errors.no_such_game", name=limits.echo(name), games=games)) from exc
