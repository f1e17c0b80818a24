"""The bot asks for no privileged gateway intent, so it runs without any portal toggle."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.boot.app import StickemBot, bot_intents
from bot.boot.config import Settings
from tests.discord_emulator import Emulator, run_client

PRIVILEGED = ("members", "presences", "message_content")


def test_bot_intents_contain_no_privileged_intent() -> None:
    intents = bot_intents()
    assert [name for name in PRIVILEGED if getattr(intents, name)] == []
    everything_privileged = discord.Intents(**dict.fromkeys(PRIVILEGED, True))
    assert intents.value & everything_privileged.value == 0
    assert intents.guilds


async def test_stickem_bot_connects_to_an_application_without_privileged_intents(
    emulator: Emulator, tmp_path: Path
) -> None:
    assert emulator.privileged_intents == frozenset()  # the default fixture is strict
    guild = emulator.add_guild("Game night")
    bot = StickemBot(Settings(token=emulator.token, data_dir=tmp_path))
    async with run_client(emulator, bot) as client:
        assert client.get_guild(guild.id) is not None
    assert emulator.gateway.identify_count == 1
