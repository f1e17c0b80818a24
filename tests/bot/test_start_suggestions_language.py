"""/start's autocomplete answers in the language of the person typing: a German Discord locale
gets the presets' and options' help in German, an English one in English (option names and
values stay as typed in every language)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
from discord.ext import commands

from cogs.lobby import Lobby


def _typing(locale: discord.Locale) -> Any:
    """An interaction of someone typing /start in a channel without a table."""
    return SimpleNamespace(locale=locale, channel_id=4711, guild_id=815)


def _lobby() -> Any:
    """The lobby cog (as Any: discord.py types an autocomplete callback as unbound)."""
    return Lobby(commands.Bot(command_prefix="!", intents=discord.Intents.none()))


async def test_option_suggestions_are_in_the_german_readers_language() -> None:
    lobby = _lobby()
    german = await lobby._options_suggestions(_typing(discord.Locale.german), "")
    english = await lobby._options_suggestions(_typing(discord.Locale.american_english), "")
    assert [choice.value for choice in german] == [choice.value for choice in english]
    assert german and all(g.name != e.name for g, e in zip(german, english, strict=True))
    assert any("Runden" in choice.name for choice in german)
    assert not any("rounds" in choice.name.partition(" ")[2] for choice in german)


async def test_preset_suggestions_are_in_the_german_readers_language() -> None:
    lobby = _lobby()
    german = await lobby._rules_suggestions(_typing(discord.Locale.german), "")
    english = await lobby._rules_suggestions(_typing(discord.Locale.british_english), "")
    assert [choice.value for choice in german] == [choice.value for choice in english]
    assert german and all(g.name != e.name for g, e in zip(german, english, strict=True))
