"""Login, READY/GUILD_CREATE, intents, RESUME and authentication of the emulated gateway."""

from __future__ import annotations

import asyncio

import discord
import pytest

from . import Emulator, EmulatorUsageError, run_client
from .support import TreeClient, make_scene


async def test_login_ready_and_guild_create_populate_the_client_cache(emulator: Emulator) -> None:
    emulator.privileged_intents = frozenset({"members"})
    scene = make_scene(emulator)
    intents = discord.Intents.default()
    intents.members = True
    client = TreeClient(intents=intents)
    async with run_client(emulator, client):
        assert client.user is not None and client.user.id == emulator.bot_user.id
        assert client.application_id == emulator.application_id
        guild = client.get_guild(scene.guild.id)
        assert guild is not None and guild.name == "Test Guild"
        assert [c.name for c in guild.text_channels] == ["general"]
        assert {m.name for m in guild.members} == {"app-owner", "StickemBot", "alice", "bob"}
        assert guild.chunked
        await emulator.driver.wait_until(
            lambda: client.latency != float("inf"), 5, "a heartbeat ACK"
        )
    keys = [c.key for c in emulator.rest_calls]
    assert keys[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert emulator.gateway.identify_count == 1


async def test_without_members_intent_only_the_bot_member_is_sent(emulator: Emulator) -> None:
    scene = make_scene(emulator)
    client = TreeClient()
    async with run_client(emulator, client):
        guild = client.get_guild(scene.guild.id)
        assert guild is not None
        assert [m.id for m in guild.members] == [emulator.bot_user.id]
        assert guild.member_count == 4


async def test_wrong_token_is_a_login_failure(emulator: Emulator) -> None:
    with pytest.raises(discord.LoginFailure):
        async with run_client(emulator, TreeClient(), token="not-the-token"):
            pass


async def test_reconnect_request_is_resumed_and_missed_events_are_replayed(
    emulator: Emulator,
) -> None:
    scene = make_scene(emulator)
    client = TreeClient()
    resumed = asyncio.Event()
    client.event(_set_on("on_resumed", resumed))
    async with run_client(emulator, client):
        emulator.gateway.request_reconnect()
        late = emulator.add_text_channel(scene.guild, "added-while-reconnecting")
        await asyncio.wait_for(resumed.wait(), 10)
        assert emulator.gateway.resume_count == 1
        assert emulator.gateway.identify_count == 1
        guild = client.get_guild(scene.guild.id)
        assert guild is not None
        await emulator.driver.wait_until(lambda: guild.get_channel(late.id), 5, "CHANNEL_CREATE")


def _set_on(name: str, event: asyncio.Event):  # type: ignore[no-untyped-def]
    async def handler() -> None:
        event.set()

    handler.__name__ = name
    return handler


@pytest.mark.parametrize("content_intent", [False, True])
async def test_message_content_needs_the_privileged_intent(
    emulator: Emulator, content_intent: bool
) -> None:
    emulator.privileged_intents = frozenset({"message_content"})
    scene = make_scene(emulator)
    intents = discord.Intents.default()
    intents.message_content = content_intent
    client = TreeClient(intents=intents)
    seen: list[str] = []

    @client.event
    async def on_message(message: discord.Message) -> None:
        seen.append(message.content)

    async with run_client(emulator, client):
        await emulator.driver.send_message(scene.alice, scene.general, "!join please")
        await emulator.driver.send_message(
            scene.alice, scene.general, f"{emulator.bot_user.mention} hi"
        )
        await emulator.driver.wait_until(lambda: len(seen) == 2, 5, "two on_message calls")
    expected_first = "!join please" if content_intent else ""
    assert seen == [expected_first, f"{emulator.bot_user.mention} hi"]


async def test_run_client_reraises_an_error_of_setup_hook(emulator: Emulator) -> None:
    class Broken(TreeClient):
        async def setup_hook(self) -> None:
            raise RuntimeError("cog failed to load")

    with pytest.raises(RuntimeError, match="cog failed to load"):
        async with run_client(emulator, Broken()):
            pass


@pytest.mark.parametrize("intent", ["members", "presences", "message_content"])
async def test_privileged_intent_not_enabled_is_refused_with_4014(
    emulator: Emulator, intent: str
) -> None:
    make_scene(emulator)
    intents = discord.Intents.default()
    setattr(intents, intent, True)
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with run_client(emulator, TreeClient(intents=intents)):
            pass
    [problem] = emulator.pop_problems("gateway")
    assert intent in problem.message and "4014" in problem.message


async def test_enabling_one_privileged_intent_does_not_allow_the_others(
    emulator: Emulator,
) -> None:
    emulator.privileged_intents = frozenset({"members"})
    intents = discord.Intents.default()
    intents.members = True
    intents.message_content = True
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with run_client(emulator, TreeClient(intents=intents)):
            pass
    [problem] = emulator.pop_problems("gateway")
    assert "message_content" in problem.message and "'members'" not in problem.message


def test_unknown_privileged_intent_name_is_a_test_mistake() -> None:
    with pytest.raises(EmulatorUsageError, match="guild_members"):
        Emulator(privileged_intents=frozenset({"guild_members"}))


def test_the_default_emulator_allows_no_privileged_intent(emulator: Emulator) -> None:
    assert emulator.privileged_intents == frozenset()


@pytest.mark.parametrize("members_intent", [False, True])
async def test_guild_joined_while_connected_lists_members_per_intent(
    emulator: Emulator, members_intent: bool
) -> None:
    emulator.privileged_intents = frozenset({"members"})
    alice = emulator.add_user("alice")
    intents = discord.Intents.default()
    intents.members = members_intent
    client = TreeClient(intents=intents)
    async with run_client(emulator, client):
        guild = emulator.add_guild("Joined later", owner=alice)
        cached = await emulator.driver.wait_until(
            lambda: client.get_guild(guild.id), 5, "GUILD_CREATE"
        )
        names = sorted(m.name for m in cached.members)
    assert names == (["StickemBot", "alice"] if members_intent else ["StickemBot"])


@pytest.mark.parametrize("guilds_intent", [False, True])
async def test_channel_and_join_events_need_the_guilds_intent(
    emulator: Emulator, guilds_intent: bool
) -> None:
    # Discord sends CHANNEL_CREATE/UPDATE and GUILD_CREATE (a joined guild's, and the READY's
    # guilds' right after it) only to sessions with the GUILDS intent (interactions need none):
    # a bot without it must not learn of them.
    scene = make_scene(emulator)
    intents = discord.Intents.none()
    intents.guilds = guilds_intent
    async with run_client(emulator, TreeClient(intents=intents)):
        (session,) = emulator.gateway.live
        before = len(session.events)
        at_login = [frame["t"] for frame in session.events if frame.get("t") == "GUILD_CREATE"]
        assert at_login == (["GUILD_CREATE"] if guilds_intent else [])
        emulator.add_text_channel(scene.guild, "added-while-connected")
        emulator.set_bot_can_send(scene.general, False)
        emulator.add_guild("Joined Guild")
        sent = [frame["t"] for frame in session.events[before:]]
    expected = ["CHANNEL_CREATE", "CHANNEL_UPDATE", "GUILD_CREATE"] if guilds_intent else []
    assert sent == expected
