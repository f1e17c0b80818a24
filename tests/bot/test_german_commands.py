"""The slash commands in German: the real German catalog (``host/catalog/de.toml``) reaches
Discord through :class:`bot.boot.command_text.CatalogTranslator` for every command, option and
choice, within Discord's limits: German players see ``/beitreten spiel:`` where English ones see
``/join game:``, and the German texts name the commands as German players see them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import stickem.texts
import stickgame.texts
import stupid.texts
from bot.boot.command_text import CatalogTranslator, command_name, command_text, is_command_name, translations
from bot.tables.level_choices import LEVEL_NAMES
from cogs.lobby import Lobby
from cogs.replay import Replays
from cogs.rules import RulesCog
from cogs.settings import Settings
from cogs.stats import Stats
from cogs.table import TableCog
from host.catalog import CATALOG
from tabletop import registry

DESCRIPTION_LIMIT = 100
"""Discord's longest description of a command or option, and longest name of a choice."""


async def _tree() -> app_commands.CommandTree[Any]:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in (Lobby, TableCog, RulesCog, Stats, Replays, Settings):
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
    descriptions = [
        key for key in CATALOG.entries()
        if key.startswith("commands.") and not _is_choice_key(key) and not _is_name_key(key)
    ]
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


async def test_the_computer_levels_are_german_in_discord_and_keep_their_english_values() -> None:
    payloads = {payload["name"]: payload for payload in await _payloads()}
    start_level = next(option for option in payloads["start"]["options"] if option["name"] == "bot_level")
    addbot_level = next(option for option in payloads["addbot"]["options"] if option["name"] == "level")
    for option in (start_level, addbot_level):
        english = {choice["value"]: choice["name"] for choice in option["choices"]}
        german = {choice["value"]: choice["name_localizations"].get("de") for choice in option["choices"]}
        assert english == {"random": "random", "normal": "normal", "hard": "hard"}
        assert german == {
            level: CATALOG.text(f"commands.levels.{level}", language="de") for level in english
        }
        assert german == {"random": "zufällig", "normal": "normal", "hard": "schwer"}


def test_every_computer_level_of_every_game_has_its_words() -> None:
    levels = {level for name in registry.names() for level in registry.game(name).levels}
    assert levels == set(LEVEL_NAMES)
    assert all(name.extras["key"] == f"commands.levels.{level}" for level, name in LEVEL_NAMES.items())


def _is_choice_key(key: str) -> bool:
    """Whether a catalog key is the name of one of a command option's choices (not a description)."""
    return key.startswith((
        "commands.timers.",
        "commands.levels.",
        "commands.settings.images.states.",
        "commands.settings.language.choices.",
    ))


def test_every_german_command_text_goes_to_discord_with_the_commands() -> None:
    german = translations()["de"]
    english = {key for key in CATALOG.entries() if key.startswith("commands.")}
    assert set(german) == english


def _is_name_key(key: str) -> bool:
    """Whether a catalog key is a command's or an option's name (not a description)."""
    return key.endswith(".name") or ".names." in key


DISCORD_NAME = re.compile(r"[-_\w]{1,32}")
"""Discord's rule for a name, ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, as far as German
needs it (Python's ``\\w`` is letters, digits and ``_``), and lowercase."""


def _named_level(
    parts: list[dict[str, Any]], path: str
) -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    for part in parts:
        yield f"{path}/{part['name']}", part, parts
        yield from _named_level(part.get("options", []), f"{path}/{part['name']}")


async def test_every_command_and_option_has_a_valid_german_name() -> None:
    payloads = await _payloads()
    named = [(where, part) for where, part, _ in _named_level(payloads, "")]
    names = [key for key in CATALOG.entries() if key.startswith("commands.") and _is_name_key(key)]
    assert len(named) == len(names) > 20  # every name of the catalog is in use here
    for where, part in named:
        german = part.get("name_localizations", {}).get("de")
        assert german, f"{where} has no German name"
        assert DISCORD_NAME.fullmatch(german) and german == german.lower(), f"{where}: {german!r}"
        assert is_command_name(german), f"{where}: {german!r}"


async def test_german_names_are_unique_beside_each_other() -> None:
    payloads = await _payloads()
    for level in [payloads, *(part.get("options", []) for _, part, _ in _named_level(payloads, ""))]:
        german = [part["name_localizations"]["de"] for part in level]
        assert len(set(german)) == len(german), german


async def test_the_german_names_players_type() -> None:
    payloads = {payload["name"]: payload for payload in await _payloads()}
    assert payloads["join"]["name_localizations"]["de"] == "beitreten"
    assert payloads["stop"]["name_localizations"]["de"] == "beenden"
    seat = next(option for option in payloads["join"]["options"] if option["name"] == "seat")
    assert seat["name_localizations"] == {"de": "platz"}
    assert seat["description_localizations"]["de"].startswith("Während eines Spiels")


def test_english_names_are_the_names_the_bot_registers() -> None:
    """The English catalog entry is the name Discord sends back whatever the player's language."""
    assert command_name("commands.join.name").message == "join"
    assert command_name("commands.start.names.bot_level").message == "bot_level"


async def test_a_german_name_discord_would_refuse_is_not_sent() -> None:
    """A broken translation keeps the English name in that language instead of costing the whole
    registration (Discord refuses every command for one bad name)."""
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=None
    )
    description = command_text("commands.join.description")  # German text with spaces and capitals
    assert await translator.translate(description, discord.Locale.german, context) is None
    name = command_name("commands.join.name")
    assert await translator.translate(name, discord.Locale.german, context) == "beitreten"
    assert not is_command_name("Beitreten")
    assert not is_command_name("bot stufe")
    assert not is_command_name("x" * 33)
    assert is_command_name("bot-hinzufügen")


async def test_german_texts_name_the_commands_as_german_players_see_them() -> None:
    """A German text that says "/beitreten" names a command a German player can find; the
    English names (/join) would not appear in their Discord's list."""
    payloads = await _payloads()
    german_commands = {payload["name_localizations"]["de"] for payload in payloads}
    english_only = {payload["name"] for payload in payloads} - german_commands
    catalogs = (CATALOG, stickem.texts.CATALOG, stupid.texts.CATALOG, stickgame.texts.CATALOG)
    german = [(key, entry) for catalog in catalogs for key, entry in catalog.entries("de").items()]
    assert len(german) > 500
    for key, entry in german:
        for part in entry.values() if not isinstance(entry, str) else [entry]:
            for command in re.findall(r"(?<![\w/])/([-\w]+)", part):
                assert command in german_commands, f"{key}: /{command}"
                assert command not in english_only, f"{key}: /{command}"


async def test_the_settings_choices_are_german_in_discord_and_keep_their_values() -> None:
    settings = next(payload for payload in await _payloads() if payload["name"] == "settings")
    subcommands = {option["name"]: option for option in settings["options"]}
    state = subcommands["images"]["options"][0]
    language = subcommands["language"]["options"][0]
    assert {choice["value"]: choice["name_localizations"].get("de") for choice in state["choices"]} == {
        "on": "an",
        "off": "aus",
    }
    auto = next(choice for choice in language["choices"] if choice["value"] == "auto")
    assert (auto["name"], auto["name_localizations"].get("de")) == ("auto", "automatisch")
    assert state["description_localizations"]["de"].startswith("an: Bilder")
