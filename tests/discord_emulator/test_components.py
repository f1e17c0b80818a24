"""Buttons, selects, persistent views and dynamic items receiving the driver's clicks."""

from __future__ import annotations

import re
from typing import ClassVar

import discord
import pytest
from discord import ui

from . import Emulator, EmulatorUsageError, run_client
from .support import Scene, TreeClient, make_scene


class LobbyView(ui.View):
    """A persistent view: fixed custom_ids and no timeout."""

    def __init__(self, log: list[str]) -> None:
        super().__init__(timeout=None)
        self.log = log

    @ui.button(label="Join", style=discord.ButtonStyle.success, custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, button: ui.Button[LobbyView]) -> None:
        self.log.append(f"join {interaction.user.name}")
        await interaction.response.send_message("joined", ephemeral=True)

    @ui.button(label="Close", style=discord.ButtonStyle.danger, custom_id="lobby:close")
    async def close(self, interaction: discord.Interaction, button: ui.Button[LobbyView]) -> None:
        for item in self.children:
            if isinstance(item, ui.Button | ui.Select):
                item.disabled = True
        await interaction.response.edit_message(content="closed", view=self)

    @ui.select(
        custom_id="lobby:rounds",
        placeholder="Rounds",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=f"{n} rounds", value=str(n)) for n in range(3, 8)],
    )
    async def rounds(self, interaction: discord.Interaction, select: ui.Select[LobbyView]) -> None:
        self.log.append("rounds " + ",".join(select.values))
        await interaction.response.defer()


class CardButton(ui.DynamicItem[ui.Button[ui.View]], template=r"card:(?P<card>\d+)"):
    """A card button that works across restarts: its state lives in the custom_id."""

    played: ClassVar[list[tuple[str, int]]] = []

    def __init__(self, card: int) -> None:
        super().__init__(ui.Button(label=f"Card {card}", custom_id=f"card:{card}"))
        self.card = card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[ui.View], match: re.Match[str], /
    ) -> CardButton:
        return cls(int(match["card"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        CardButton.played.append((interaction.user.name, self.card))
        await interaction.response.send_message(f"played {self.card}", ephemeral=True)


class Bot(TreeClient):
    """Registers the persistent view and the dynamic item at start-up, like a real bot."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[str] = []

    async def setup_hook(self) -> None:
        self.add_view(LobbyView(self.log))
        self.add_dynamic_items(CardButton)
        await super().setup_hook()


@pytest.fixture
def scene(emulator: Emulator) -> Scene:
    return make_scene(emulator)


async def test_persistent_view_receives_clicks_and_selects(
    emulator: Emulator, scene: Scene
) -> None:
    bot = Bot()
    driver = emulator.driver
    async with run_client(emulator, bot):
        channel = bot.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("Lobby open", view=LobbyView(bot.log))
        message = await driver.wait_for_message(scene.general, lambda m: m.content == "Lobby open")
        assert [b.label for b in message.buttons] == ["Join", "Close"]
        assert message.button("Join").style == discord.ButtonStyle.success.value
        assert [o.value for o in message.select("Rounds").options] == ["3", "4", "5", "6", "7"]
        assert len(message.rows) == 2

        joined = await (await driver.click(scene.alice, message, "Join")).response()
        assert joined.ephemeral and driver.ephemeral_for(scene.alice) == [joined.message]
        picked = await driver.select(scene.bob, message, "lobby:rounds", ["5", "7 rounds"])
        assert (await picked.response()).type_name == "DEFERRED_UPDATE_MESSAGE"
        closed = await (await driver.click(scene.alice, message, "lobby:close")).response()
        assert closed.message is message and message.content == "closed"
        assert all(b.disabled for b in message.buttons) and message.selects[0].disabled
        with pytest.raises(EmulatorUsageError, match="disabled"):
            await driver.click(scene.bob, message, "Join")
    assert bot.log == ["join alice", "rounds 5,7"]


async def test_dynamic_item_receives_clicks_on_any_message(
    emulator: Emulator, scene: Scene
) -> None:
    bot = Bot()
    CardButton.played.clear()
    async with run_client(emulator, bot):
        user = await bot.fetch_user(scene.alice.id)
        view = ui.View(timeout=None)
        for card in (3, 14):
            view.add_item(CardButton(card))
        await user.send("Your hand", view=view)
        hand = await emulator.driver.wait_for_message(scene.alice)
        result = await emulator.driver.click(scene.alice, hand, "Card 14")
        assert (await result.response()).content == "played 14"
    assert CardButton.played == [("alice", 14)]


async def test_driver_refuses_clicks_a_user_could_not_make(
    emulator: Emulator, scene: Scene
) -> None:
    bot = Bot()
    driver = emulator.driver
    async with run_client(emulator, bot):
        channel = bot.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("Lobby open", view=LobbyView(bot.log))
        message = await driver.wait_for_message(scene.general)
        with pytest.raises(KeyError, match="no button 'Leave'"):
            await driver.click(scene.alice, message, "Leave")
        with pytest.raises(EmulatorUsageError, match=r"takes 1\.\.2 values"):
            await driver.select(scene.alice, message, "Rounds", ["3", "4", "5"])
        with pytest.raises(KeyError, match="no option"):
            await driver.select(scene.alice, message, "Rounds", ["9"])
        joined = await (await driver.click(scene.alice, message, "Join")).response()
        assert joined.message is not None
        with pytest.raises(EmulatorUsageError, match="cannot see ephemeral"):
            await driver.click(scene.bob, joined.message, "anything")
        outsider = emulator.add_user("carol")
        with pytest.raises(EmulatorUsageError, match="not a member"):
            await driver.click(outsider, message, "Join")


@pytest.mark.emulator_problems_expected
async def test_click_no_view_listens_to_is_an_unanswered_interaction(
    emulator: Emulator, scene: Scene
) -> None:
    emulator.response_timeout = 0.2
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = bot.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        view = ui.View(timeout=None)
        view.add_item(ui.Button(label="Orphan", custom_id="orphan"))
        await channel.send("nobody listens", view=view)  # view not stored: it has no callbacks
        message = await emulator.driver.wait_for_message(scene.general)
        result = await emulator.driver.click(scene.alice, message, "Orphan")
        await emulator.driver.wait_until(lambda: emulator.problems, 2, "the missed deadline")
    assert not result.answered
    assert [p.message for p in emulator.problems] == [
        "button 'Orphan' by alice was not answered within 0.2 s"
    ]


@pytest.mark.emulator_problems_expected
async def test_exception_in_a_view_callback_is_a_bot_error(
    emulator: Emulator, scene: Scene
) -> None:
    class Broken(ui.View):
        @ui.button(label="Boom", custom_id="boom")
        async def boom(self, interaction: discord.Interaction, button: ui.Button[Broken]) -> None:
            raise ValueError("card not in hand")

    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = bot.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("x", view=Broken())
        message = await emulator.driver.wait_for_message(scene.general)
        await emulator.driver.click(scene.alice, message, "Boom")
        await emulator.driver.wait_until(lambda: emulator.problems, 5, "the logged error")
    errors = emulator.pop_problems("bot-error")
    assert len(errors) == 1 and "ValueError: card not in hand" in errors[0].message
