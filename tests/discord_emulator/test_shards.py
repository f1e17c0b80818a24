"""Sharding as Discord does it: IDENTIFY with ``shard: [id, count]``, each guild's events on the
shard ``(guild_id >> 22) % count``, direct messages and their clicks on shard 0 only, and
``GET /gateway/bot`` recommending a shard count."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord

from . import Emulator, run_client
from .gateway import IDENTIFY


class ShardClient(discord.AutoShardedClient):
    """An AutoShardedClient that keeps the interactions it receives (and identifies its shards
    without discord.py's 5 s pause between two of them)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **options)
        self.clicks: list[discord.Interaction[Any]] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No pause: the emulator has no identify rate limit."""

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Keep it (and answer it, so that nothing is left pending)."""
        self.clicks.append(interaction)
        await interaction.response.send_message("seen", ephemeral=True)


async def test_two_processes_get_their_own_guilds_and_shard_0_the_direct_messages(
    emulator: Emulator,
) -> None:
    first = emulator.add_guild_on_shard("zero", 0, 2)
    second = emulator.add_guild_on_shard("one", 1, 2)
    alice = emulator.add_user("alice")
    for guild in (first, second):
        emulator.add_member(guild, alice)
    channels = [emulator.add_text_channel(guild, "general") for guild in (first, second)]
    zero, one = ShardClient(shard_count=2, shard_ids=[0]), ShardClient(shard_count=2, shard_ids=[1])
    async with run_client(emulator, zero), run_client(emulator, one):
        assert [g.id for g in zero.guilds] == [first.id]
        assert [g.id for g in one.guilds] == [second.id]
        assert sorted(emulator.gateway.identified_shards) == [(0, 2), (1, 2)]  # type: ignore[type-var]

        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Press", custom_id="press"))
        in_guild = one.get_channel(channels[1].id)
        assert isinstance(in_guild, discord.TextChannel)
        await in_guild.send("a button", view=view)
        posted = emulator.driver.last_message(channels[1])
        assert posted is not None
        await (await emulator.driver.click(alice, posted, "Press")).response(timeout=5)
        assert [i.guild_id for i in one.clicks] == [second.id] and not zero.clicks

        dm = await one.create_dm(discord.Object(alice.id))  # any process may send a DM
        await dm.send("a prompt", view=view)
        prompt = emulator.driver.last_message(alice)
        assert prompt is not None
        await (await emulator.driver.click(alice, prompt, "Press")).response(timeout=5)
        assert [i.guild_id for i in zero.clicks] == [None]  # the DM's click: shard 0 only
        assert len(one.clicks) == 1


async def test_gateway_bot_recommends_the_shard_count_a_client_then_connects(
    emulator: Emulator,
) -> None:
    emulator.recommended_shards = 3
    guilds = [emulator.add_guild_on_shard(f"g{shard}", shard, 3) for shard in range(3)]
    client = ShardClient()
    async with run_client(emulator, client):
        assert client.shard_count == 3
        assert sorted(emulator.gateway.identified_shards) == [(0, 3), (1, 3), (2, 3)]  # type: ignore[type-var]
        assert {g.id: g.shard_id for g in client.guilds} == {g.id: s for s, g in enumerate(guilds)}


async def test_an_invalid_shard_is_closed_with_4010(emulator: Emulator) -> None:
    async with aiohttp.ClientSession() as session, session.ws_connect(emulator.ws_url) as ws:
        await ws.receive_json()  # HELLO
        frame = {"op": IDENTIFY, "d": {"token": emulator.token, "intents": 1, "shard": [2, 2]}}
        await ws.send_str(json.dumps(frame))
        await ws.receive()
        assert ws.close_code == 4010
    assert [p.kind for p in emulator.pop_problems("gateway")] == ["gateway"]
