"""The slash commands' descriptions come from the catalog, and Discord gets them in every
language the catalog has (:mod:`bot.boot.command_text`)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

import bot.boot.command_text
import host.catalog
from bot.boot.command_sync import command_payload, payload_hash
from bot.boot.command_text import CatalogTranslator, command_text, translated, translations
from cogs.lobby import TIMER_NAMES, Lobby
from cogs.table import TableCog
from host.catalog import Catalog, text
from host.tables import DEFAULT_TIMER, TIMER_CHOICES
from tabletop import registry

GERMAN = """
[commands.join]
description = "Öffne einen Spieltisch in diesem Kanal oder setz dich dazu"

[commands.start]
timer = "Zeit pro Zug, bevor der Computer für dich spielt ({default}, wenn nicht angegeben)"

[commands.timers]
2min = "2 Minuten"

[lobby]
left = "Du hast den Tisch verlassen."
"""


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Catalog:
    """The bot's catalog with a German file beside the English one."""
    shutil.copy(Path(host.catalog.__file__).with_name("en.toml"), tmp_path / "en.toml")
    (tmp_path / "de.toml").write_text(GERMAN, encoding="utf-8")
    catalog = Catalog(tmp_path)
    monkeypatch.setattr(host.catalog, "CATALOG", catalog)
    monkeypatch.setattr(bot.boot.command_text, "CATALOG", catalog)
    return catalog


async def _tree() -> app_commands.CommandTree[Any]:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await client.add_cog(Lobby(client))
    await client.add_cog(TableCog(client))
    return client.tree


def test_a_command_text_is_the_english_text_with_its_key() -> None:
    description = command_text("commands.join.description")
    assert description.message == "Open a game table in this channel, or join it"
    assert description.extras["key"] == "commands.join.description"
    timer = command_text("commands.start.timer", default=TIMER_NAMES[DEFAULT_TIMER])
    assert timer.message == "Time per turn before the computer plays for you (2 minutes if not given)"


def test_every_turn_timer_has_its_name() -> None:
    assert list(TIMER_NAMES) == list(TIMER_CHOICES)
    assert [name.message for name in TIMER_NAMES.values()] == [
        "off", "30 seconds", "60 seconds", "2 minutes", "5 minutes"
    ]


@pytest.fixture
def english_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Catalog:
    """The bot's catalog with its English file alone."""
    shutil.copy(Path(host.catalog.__file__).with_name("en.toml"), tmp_path / "en.toml")
    catalog = Catalog(tmp_path)
    monkeypatch.setattr(host.catalog, "CATALOG", catalog)
    monkeypatch.setattr(bot.boot.command_text, "CATALOG", catalog)
    return catalog


def test_english_needs_no_translation(english_only: Catalog) -> None:
    assert translated(command_text("commands.join.description"), "en-US") is None
    assert translated(command_text("commands.join.description"), "de") is None  # no German file
    assert translations() == {}


def test_a_language_file_translates_the_commands_and_leaves_the_rest_english(german: Catalog) -> None:
    assert translated(command_text("commands.join.description"), "de") == (
        "Öffne einen Spieltisch in diesem Kanal oder setz dich dazu"
    )
    timer = command_text("commands.start.timer", default=TIMER_NAMES[DEFAULT_TIMER])
    assert translated(timer, "de") == (
        "Zeit pro Zug, bevor der Computer für dich spielt (2 Minuten, wenn nicht angegeben)"
    )
    assert translated(command_text("commands.leave.description"), "de") is None  # not in the file
    assert translated(command_text("commands.join.description"), "fr") is None
    assert translations() == {"de": {
        "commands.join.description": "Öffne einen Spieltisch in diesem Kanal oder setz dich dazu",
        "commands.start.timer": (
            "Zeit pro Zug, bevor der Computer für dich spielt ({default}, wenn nicht angegeben)"
        ),
        "commands.timers.2min": "2 Minuten",
    }}
    assert text("lobby.left", language="de") == "Du hast den Tisch verlassen."


async def test_discord_gets_the_translations_as_the_commands_localizations(german: Catalog) -> None:
    tree = await _tree()
    join = tree.get_command("join")
    assert isinstance(join, app_commands.Command)
    payload = await join.get_translated_payload(tree, CatalogTranslator())
    assert payload["description"] == "Open a game table in this channel, or join it"
    assert payload["description_localizations"] == {
        "de": "Öffne einen Spieltisch in diesem Kanal oder setz dich dazu"
    }
    start = tree.get_command("start")
    assert isinstance(start, app_commands.Command)
    payload = await start.get_translated_payload(tree, CatalogTranslator())
    timer = next(option for option in payload["options"] if option["name"] == "timer")
    assert timer["description_localizations"]["de"].startswith("Zeit pro Zug")
    two = {"name": "2 minutes", "name_localizations": {"de": "2 Minuten"}, "value": "2min"}
    assert two in timer["choices"]
    hand = tree.get_command("hand")
    assert isinstance(hand, app_commands.Command)
    assert (await hand.get_translated_payload(tree, CatalogTranslator()))["description_localizations"] == {}


async def test_a_change_of_the_translations_is_a_change_of_the_commands(
    german: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = await _tree()
    with_german = command_payload(tree, None)
    assert with_german[-1] == {"translations": translations()}
    monkeypatch.setattr("bot.boot.command_sync.translations", dict)
    english_only = command_payload(tree, None)
    assert all("translations" not in entry for entry in english_only)
    assert payload_hash(english_only) != payload_hash(with_german)


async def test_a_change_of_a_games_german_title_is_a_change_of_the_commands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ``game`` choices of /join and /rules show each game's title and description from the
    game's own catalog, so those texts in every language are part of what is synced."""
    tree = await _tree()
    before = command_payload(tree, None)
    games = next(entry["games"] for entry in before if "games" in entry)
    assert games["stickem:de"][0] == "Sticheln"
    stickem = registry.game("stickem")
    monkeypatch.setattr(type(stickem), "title", "Stick'em")  # no German title any more
    after = command_payload(tree, None)
    assert payload_hash(after) != payload_hash(before)
