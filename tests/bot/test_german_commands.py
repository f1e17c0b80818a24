"""The slash commands in German: the real German catalog (``host/catalog/de.toml``) reaches
Discord through :class:`bot.boot.command_text.CatalogTranslator` for every command, option and
choice, within Discord's limits.

Command and option *names* stay English for now: the commands are declared with plain names
(``name="join"``), which carry no catalog key, so the translator has nothing to look up for them
(see the last test)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import CatalogTranslator, command_text, translations
from cogs.lobby import Lobby
from cogs.rules import RulesCog
from cogs.settings import Settings
from cogs.stats import Stats
from cogs.table import TableCog
from host.catalog import CATALOG

DESCRIPTION_LIMIT = 100
"""Discord's longest description of a command or option, and longest name of a choice."""


async def _tree() -> app_commands.CommandTree[Any]:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in (Lobby, TableCog, RulesCog, Stats, Settings):
        await client.add_cog(cog(client))
    return client.tree


async def _payloads() -> list[dict[str, Any]]:
    tree = await _tree()
    translator = CatalogTranslator()
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


def _described(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every part of a command's payload that has a description: the command and its options."""
    here = f"{path}/{payload['name']}"
    yield here, payload
    for option in payload.get("options", []):
        yield from _described(option, here)


async def test_the_translator_gives_the_german_description_for_discords_german_locale() -> None:
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.other, data=None
    )
    join = command_text("commands.join.description")
    assert await translator.translate(join, discord.Locale.german, context) == (
        "Eröffne einen Spieltisch in diesem Kanal oder setz dich dazu"
    )
    assert await translator.translate(join, discord.Locale.american_english, context) is None
    assert await translator.translate(join, discord.Locale.french, context) is None  # no French file
    timers = command_text("commands.timers.2min")
    assert await translator.translate(timers, discord.Locale.german, context) == "2 Minuten"


async def test_every_command_and_option_has_its_german_description_within_discords_limit() -> None:
    payloads = await _payloads()
    assert {payload["name"] for payload in payloads} >= {"join", "start", "hand", "rules", "stats", "stop"}
    described = [part for payload in payloads for part in _described(payload)]
    descriptions = [key for key in CATALOG.entries() if key.startswith("commands.") and ".timers." not in key]
    assert len(described) == len(descriptions)  # every description text of the catalog is in use here
    for where, part in described:
        german = part["description_localizations"].get("de")
        assert german, f"{where} has no German description"
        assert german != part["description"], f"{where}: the German description is the English one"
        assert len(german) <= DESCRIPTION_LIMIT, f"{where}: {len(german)} characters"


async def test_every_choice_with_a_catalog_name_is_german_in_discord() -> None:
    start = next(payload for payload in await _payloads() if payload["name"] == "start")
    timer = next(option for option in start["options"] if option["name"] == "timer")
    assert timer["description_localizations"]["de"] == (
        "Zeit pro Zug, bevor der Computer für dich spielt (ohne Angabe 2 Minuten)"
    )
    german = {choice["value"]: choice["name_localizations"].get("de") for choice in timer["choices"]}
    assert german == {
        "off": "aus",
        "30s": "30 Sekunden",
        "60s": "60 Sekunden",
        "2min": "2 Minuten",
        "5min": "5 Minuten",
    }
    assert all(len(name) <= DESCRIPTION_LIMIT for name in german.values())


def test_every_german_command_text_goes_to_discord_with_the_commands() -> None:
    german = translations()["de"]
    english = {key for key in CATALOG.entries() if key.startswith("commands.")}
    assert set(german) == english


async def test_command_and_option_names_stay_english_for_now() -> None:
    """The translator finds texts by catalog key; a command's name has none, so German players
    type the English names (/join, /start...) and read German descriptions beside them."""
    for payload in await _payloads():
        for where, part in _described(payload):
            assert not part.get("name_localizations"), where
