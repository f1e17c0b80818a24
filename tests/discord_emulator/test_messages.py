"""Channel and DM messages: embeds, files, edits, DM refusal, validation, rate limits."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord.http import Route

from . import Emulator, run_client
from .support import Scene, TreeClient, make_scene


@pytest.fixture
def scene(emulator: Emulator) -> Scene:
    return make_scene(emulator)


async def _text_channel(bot: discord.Client, scene: Scene) -> discord.TextChannel:
    channel = bot.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_dm_with_embed_reaches_the_user(emulator: Emulator, scene: Scene) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        user = await bot.fetch_user(scene.alice.id)
        embed = discord.Embed(title="Your hand", description="7 cards", colour=0x2ECC71)
        embed.add_field(name="Red", value="3, 9").set_footer(text="Round 1")
        sent = await user.send("Round 1 starts", embed=embed)
        assert isinstance(sent.channel, discord.DMChannel)
    [message] = emulator.driver.dm_messages(scene.alice)
    assert message.content == "Round 1 starts" and message.id == sent.id
    shown = message.embeds[0]
    assert (shown.title, shown.description, shown.color, shown.footer) == (
        "Your hand",
        "7 cards",
        0x2ECC71,
        "Round 1",
    )
    assert [(f.name, f.value, f.inline) for f in shown.fields] == [("Red", "3, 9", True)]
    assert emulator.driver.dm_messages(scene.bob) == []
    assert emulator.calls("POST /users/@me/channels")[0].json == {"recipient_id": scene.alice.id}


@pytest.mark.parametrize("reason", ["dms closed", "no shared guild"])
async def test_dm_refused_is_forbidden_50007_and_not_a_problem(
    emulator: Emulator, scene: Scene, reason: str
) -> None:
    target = scene.alice
    if reason == "dms closed":
        emulator.set_dms_open(scene.alice, False)
    else:
        target = emulator.add_user("stranger")
    bot = TreeClient()
    async with run_client(emulator, bot):
        user = await bot.fetch_user(target.id)
        with pytest.raises(discord.Forbidden) as info:
            await user.send("hello")
    assert info.value.code == 50007 and info.value.status == 403
    assert emulator.driver.dm_messages(target) == []
    assert emulator.problems == []


async def test_file_attachment_upload_can_be_read_back(emulator: Emulator, scene: Scene) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = await _text_channel(bot, scene)
        sent = await channel.send(
            files=[
                discord.File(io.BytesIO(b"\x89PNG-cards"), "hand.png"),
                discord.File(io.BytesIO(b"scores"), "scores.txt"),
            ]
        )
        fetched = await channel.fetch_message(sent.id)
        assert [a.filename for a in fetched.attachments] == ["hand.png", "scores.txt"]
        assert await fetched.attachments[0].read() == b"\x89PNG-cards"
    [message] = emulator.driver.channel_messages(scene.general)
    assert [(a.filename, a.data) for a in message.attachments] == [
        ("hand.png", b"\x89PNG-cards"),
        ("scores.txt", b"scores"),
    ]
    assert emulator.calls("POST /channels/{channel_id}/messages")[0].files == (
        "hand.png",
        "scores.txt",
    )


async def test_message_edit_keeps_history_and_replaces_attachments(
    emulator: Emulator, scene: Scene
) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = await _text_channel(bot, scene)
        sent = await channel.send("Trick 1", file=discord.File(io.BytesIO(b"old"), "t.txt"))
        await sent.edit(content="Trick 1: alice wins", embed=discord.Embed(title="Scores"))
        await sent.edit(attachments=[discord.File(io.BytesIO(b"new"), "t2.txt")])
    [message] = emulator.driver.channel_messages(scene.general)
    assert message.content == "Trick 1: alice wins" and message.embeds[0].title == "Scores"
    assert [(a.filename, a.data) for a in message.attachments] == [("t2.txt", b"new")]
    assert [r.content for r in message.history] == ["Trick 1", "Trick 1: alice wins"]
    assert message.history[0].attachment_names == ("t.txt",)


async def test_message_history_and_reply(emulator: Emulator, scene: Scene) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = await _text_channel(bot, scene)
        first = await channel.send("one")
        await channel.send("two")
        reply = await first.reply("answer to one")
        assert reply.reference is not None and reply.reference.message_id == first.id
        contents = [m.content async for m in channel.history(limit=10)]
    assert contents == ["answer to one", "two", "one"]


@pytest.mark.parametrize(
    ("payload", "needle"),
    [
        ({"content": "x" * 2001}, "content"),
        ({}, "Cannot send an empty message"),
        ({"embeds": [{"title": "t" * 257}]}, "embeds"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2100}]}, "6000"),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"c{i}"}],
                    }
                    for i in range(6)
                ]
            },
            "components",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": f"c{i}"}
                            for i in range(6)
                        ],
                    }
                ]
            },
            "components",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                            }
                        ],
                    }
                ]
            },
            "options",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": "x" * 101}
                        ],
                    }
                ]
            },
            "custom_id",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                            {"type": 2, "style": 1, "label": "b", "custom_id": "same"},
                        ],
                    }
                ]
            },
            "duplicated",
        ),
    ],
)
@pytest.mark.emulator_problems_expected
async def test_invalid_message_is_rejected_and_recorded_as_problem(
    emulator: Emulator, scene: Scene, payload: dict[str, Any], needle: str
) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=scene.general.id)
        with pytest.raises(discord.HTTPException) as info:
            await bot.http.request(route, json=payload)
    assert info.value.status == 400 and info.value.code in (50035, 50006)
    [problem] = emulator.pop_problems()
    assert problem.kind == "invalid-request" and needle in problem.message
    assert emulator.driver.channel_messages(scene.general) == []


@pytest.mark.emulator_problems_expected
async def test_too_long_content_through_the_public_api(emulator: Emulator, scene: Scene) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = await _text_channel(bot, scene)
        with pytest.raises(discord.HTTPException) as info:
            await channel.send("♠" * 2001)
    assert info.value.code == 50035 and "2000 or fewer" in str(info.value)
    assert [p.kind for p in emulator.pop_problems()] == ["invalid-request"]


@pytest.mark.parametrize("is_global", [False, True])
async def test_injected_429_is_retried_by_discord_py(
    emulator: Emulator, scene: Scene, is_global: bool
) -> None:
    emulator.inject_rate_limit(
        "POST /channels/{channel_id}/messages", count=2, retry_after=0.05, is_global=is_global
    )
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = await _text_channel(bot, scene)
        await channel.send("after the rate limit")
    statuses = [c.status for c in emulator.calls("POST /channels/{channel_id}/messages")]
    assert statuses == [429, 429, 200]
    assert [m.content for m in emulator.driver.channel_messages(scene.general)] == [
        "after the rate limit"
    ]
    assert emulator.problems == []


async def test_missing_permission_is_forbidden_50013(emulator: Emulator, scene: Scene) -> None:
    emulator.set_bot_can_send(scene.general, False)
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = await _text_channel(bot, scene)
        with pytest.raises(discord.Forbidden) as info:
            await channel.send("hello")
    assert info.value.code == 50013


@pytest.mark.emulator_problems_expected
async def test_route_not_emulated_is_reported(emulator: Emulator, scene: Scene) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = await _text_channel(bot, scene)
        message = await channel.send("pin me")
        with pytest.raises(discord.NotFound):
            await message.pin()
    [problem] = emulator.pop_problems()
    assert problem.kind == "unsupported" and "/pins" in problem.message


async def test_guild_lookups(emulator: Emulator, scene: Scene) -> None:
    emulator.privileged_intents = frozenset({"members"})
    intents = discord.Intents.default()
    intents.members = True
    bot = TreeClient(intents=intents)
    async with run_client(emulator, bot):
        guild = bot.get_guild(scene.guild.id)
        assert guild is not None
        names = sorted([m.name async for m in guild.fetch_members(limit=None)])
        member = await guild.fetch_member(scene.bob.id)
        guilds = [g.name async for g in bot.fetch_guilds()]
        fetched = await bot.fetch_guild(scene.guild.id)
        channel = await bot.fetch_channel(scene.general.id)
    assert names == ["StickemBot", "alice", "app-owner", "bob"]
    assert member.name == "bob" and guilds == ["Test Guild"] and fetched.name == "Test Guild"
    assert isinstance(channel, discord.TextChannel) and channel.name == "general"
