"""/defaultgame: a server's managers choose the game /join opens when none is named; the choice
is stored and outlives a restart, and tables already open keep their game."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from bot.tables.service import service_for
from tests.discord_emulator import Emulator, run_client
from tests.discord_emulator.errors import EmulatorUsageError
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Channel, User

MANAGE_GUILD = 1 << 5


async def test_a_manager_sets_the_default_game_and_it_outlives_a_restart(
    emulator: Emulator, tmp_path: Path
) -> None:
    guild = emulator.add_guild("Game night")
    first, second, third = (emulator.add_text_channel(guild, name) for name in ("one", "two", "three"))
    mod, ann = emulator.add_user("mod"), emulator.add_user("ann")
    emulator.add_member(guild, mod, permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD)
    emulator.add_member(guild, ann)

    def bot() -> StickemBot:
        return StickemBot(
            Settings(
                token=emulator.token, dev_guild_id=guild.id, data_dir=tmp_path,
                bot_workers=0, drawing_workers=0,  # threads (see tests/e2e/seat_helpers.seat_bot)
            )
        )

    async def slash(user: User, channel: Channel, command: str, **options: object) -> str:
        result = await emulator.driver.slash(user, channel, command, **options)
        response = await result.response()
        assert response.ephemeral
        return response.content

    running = bot()
    async with run_client(emulator, running):
        await slash(ann, first, "join")  # before any choice: the bot's default game
        assert service_for(running).registry.require(first.id).spec.name == "stickem"
        with pytest.raises(EmulatorUsageError, match="would not offer"):
            await emulator.driver.slash(ann, second, "defaultgame", game="stupid")  # not a manager
        reply = await slash(mod, second, "defaultgame", game="stupid")
        assert reply == (
            "/join without a game now opens a **Stupid** table in this server. "
            "Tables already open keep their game."
        )
        assert "Stupid table" in await slash(ann, second, "join")
        tables = service_for(running).registry
        assert tables.require(second.id).spec.name == "stupid"
        assert tables.require(first.id).spec.name == "stickem"  # open before: keeps its game
        lobby = await emulator.driver.wait_for_message(second, lambda m: "**Stupid table**" in m.content)
        assert "Players (1/14):" in lobby.content
    async with run_client(emulator, bot()) as restarted:
        assert "Stupid table" in await slash(mod, third, "join")
        assert service_for(restarted).registry.require(third.id).spec.name == "stupid"
        assert service_for(restarted).registry.require(first.id).spec.name == "stickem"  # its lobby resumed
