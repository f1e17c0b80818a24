"""Application command sync and slash-command invocation built from the registered schema."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from . import Emulator, EmulatorUsageError, run_client
from .support import TreeClient, make_scene


def _options_bot(sync_guild: Any = None) -> tuple[TreeClient, list[dict[str, Any]]]:
    client = TreeClient(sync_guild=sync_guild)
    calls: list[dict[str, Any]] = []

    @client.tree.command(description="Open a lobby")
    @app_commands.describe(rounds="Number of rounds", variant="Rule variant")
    @app_commands.choices(
        variant=[
            app_commands.Choice(name="Classic", value="classic"),
            app_commands.Choice(name="Short", value="short"),
        ]
    )
    async def lobby(
        interaction: discord.Interaction,
        rounds: app_commands.Range[int, 1, 7],
        variant: str = "classic",
        public: bool = True,
        rival: discord.Member | None = None,
        where: discord.TextChannel | None = None,
    ) -> None:
        calls.append(
            {
                "rounds": rounds,
                "variant": variant,
                "public": public,
                "rival": rival.name if rival else None,
                "where": where.name if where else None,
                "channel": interaction.channel_id,
                "user": interaction.user.name,
            }
        )
        await interaction.response.send_message("ok")

    game = app_commands.Group(name="game", description="Game commands")

    @game.command(name="start", description="Start the game")
    async def start(interaction: discord.Interaction, seed: int = 0) -> None:
        calls.append({"sub": "start", "seed": seed})
        await interaction.response.send_message(f"started {seed}")

    client.tree.add_command(game)
    return client, calls


async def test_global_sync_registers_commands_and_keeps_ids_on_resync(emulator: Emulator) -> None:
    make_scene(emulator)
    client, _ = _options_bot()
    async with run_client(emulator, client):
        first = {c.name: c.id for c in client.synced}
        assert set(first) == {"lobby", "game"}
        again = await client.tree.sync()
        assert {c.name: c.id for c in again} == first
        fetched = await client.tree.fetch_commands()
        assert {c.name for c in fetched} == {"lobby", "game"}
        lobby = next(c for c in fetched if c.name == "lobby")
        assert [o.name for o in lobby.options] == ["rounds", "variant", "public", "rival", "where"]
    assert [c.name for c in emulator.world.global_commands] == ["lobby", "game"]
    assert len(emulator.calls("PUT /applications/{application_id}/commands")) == 2


async def test_guild_sync_is_separate_from_global(emulator: Emulator) -> None:
    scene = make_scene(emulator)
    client, calls = _options_bot(sync_guild=scene.guild)
    async with run_client(emulator, client):
        assert emulator.world.global_commands == []
        assert [c.name for c in emulator.world.guild_commands[scene.guild.id]] == ["lobby", "game"]
        result = await emulator.driver.slash(scene.alice, scene.general, "game start", seed=9)
        assert (await result.response()).content == "started 9"
        with pytest.raises(EmulatorUsageError, match="no slash command /lobby"):
            await emulator.driver.slash(scene.alice, None, "lobby", rounds=3)
    assert calls == [{"sub": "start", "seed": 9}]


async def test_slash_options_of_every_type_reach_the_bot(emulator: Emulator) -> None:
    scene = make_scene(emulator)
    client, calls = _options_bot()
    async with run_client(emulator, client):
        result = await emulator.driver.slash(
            scene.alice,
            scene.general,
            "lobby",
            rounds=4,
            variant="short",
            public=False,
            rival=scene.bob,
            where=scene.general,
        )
        assert (await result.response()).content == "ok"
        result = await emulator.driver.slash(scene.bob, scene.general, "lobby", rounds=3)
        await result.response()
    assert calls == [
        {
            "rounds": 4,
            "variant": "short",
            "public": False,
            "rival": "bob",
            "where": "general",
            "channel": scene.general.id,
            "user": "alice",
        },
        {
            "rounds": 3,
            "variant": "classic",
            "public": True,
            "rival": None,
            "where": None,
            "channel": scene.general.id,
            "user": "bob",
        },
    ]


@pytest.mark.parametrize(
    ("command", "options", "message"),
    [
        ("nosuch", {}, "no slash command /nosuch"),
        ("lobby", {}, "required option 'rounds' missing"),
        ("lobby", {"rounds": "4"}, "expects an int"),
        ("lobby", {"rounds": True}, "expects an int"),
        ("lobby", {"rounds": 9}, r"value in \[1, 7\]"),
        ("lobby", {"rounds": 3, "variant": "long"}, "one of the choices"),
        ("lobby", {"rounds": 3, "public": "yes"}, "expects a bool"),
        ("lobby", {"rounds": 3, "rival": "bob"}, "expects an emulator User"),
        ("lobby", {"rounds": 3, "colour": "red"}, "has no option 'colour'"),
        ("game", {}, "needs a subcommand"),
        ("game stop", {}, "no subcommand"),
    ],
)
async def test_driver_rejects_invocations_that_do_not_match_the_schema(
    emulator: Emulator, command: str, options: dict[str, Any], message: str
) -> None:
    scene = make_scene(emulator)
    client, calls = _options_bot()
    async with run_client(emulator, client):
        with pytest.raises(EmulatorUsageError, match=message):
            await emulator.driver.slash(scene.alice, scene.general, command, **options)
    assert calls == []
    assert emulator.interactions.records == {}


async def test_driver_honours_default_permissions_and_contexts(emulator: Emulator) -> None:
    scene = make_scene(emulator)
    moderator = emulator.add_user("mod")
    emulator.add_member(scene.guild, moderator, permissions=(1 << 31) | (1 << 5))
    client = TreeClient()

    @client.tree.command(description="Stop any game")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def abort(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("aborted")

    async with run_client(emulator, client):
        with pytest.raises(EmulatorUsageError, match="would not offer"):
            await emulator.driver.slash(scene.alice, scene.general, "abort")
        with pytest.raises(EmulatorUsageError, match="not available in DMs"):
            await emulator.driver.slash(moderator, None, "abort")
        response = await (await emulator.driver.slash(moderator, scene.general, "abort")).response()
    assert response.content == "aborted"


async def test_invalid_command_schema_is_rejected_like_discord(emulator: Emulator) -> None:
    make_scene(emulator)
    client = TreeClient()
    async with run_client(emulator, client):
        bad = [{"name": "lobby", "description": "x" * 101, "type": 1}]
        with pytest.raises(discord.HTTPException) as info:
            await client.http.bulk_upsert_global_commands(emulator.application_id, payload=bad)
        assert info.value.status == 400 and info.value.code == 50035
    problems = emulator.pop_problems("invalid-request")
    assert len(problems) == 1 and "description" in problems[0].message


def _commands(prefix: str, count: int) -> list[dict[str, object]]:
    return [{"name": f"{prefix}{i}", "description": "a command", "type": 1} for i in range(count)]


async def _put(emulator: Emulator, body: object) -> tuple[int, dict[str, object] | list[object]]:
    url = f"{emulator.api_base}/applications/{emulator.application_id}/commands"
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with aiohttp.ClientSession() as session, session.put(url, json=body, headers=headers) as r:
        return r.status, await r.json()


async def test_a_command_over_4000_characters_is_refused(emulator: Emulator) -> None:
    choices = [{"name": "c" * 100, "value": f"v{i}"} for i in range(25)]
    option = {"name": "pick", "description": "d" * 100, "type": 3, "choices": choices}
    small = {"name": "big", "description": "fits", "type": 1, "options": [option]}
    assert (await _put(emulator, [small]))[0] == 200
    large = small | {"options": [option, option | {"name": "again"}]}
    status, body = await _put(emulator, [large])
    assert status == 400 and isinstance(body, dict) and body["code"] == 50035
    assert "APPLICATION_COMMAND_TOO_LARGE" in str(body["errors"])
    assert len(emulator.pop_problems("invalid-request")) == 1


async def test_a_choice_name_longer_than_100_is_refused(emulator: Emulator) -> None:
    option = {"name": "pick", "description": "d", "type": 3, "choices": [{"name": "x" * 101, "value": "v"}]}
    status, body = await _put(emulator, [{"name": "c", "description": "d", "options": [option]}])
    assert status == 400 and "0.options.0.choices.0.name" in _paths(body)
    assert len(emulator.pop_problems("invalid-request")) == 1


def _paths(body: object) -> set[str]:
    assert isinstance(body, dict)
    found: set[str] = set()

    def walk(node: object, path: list[str]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "_errors":
                    found.add(".".join(path))
                else:
                    walk(value, [*path, key])

    walk(body["errors"], [])
    return found


async def test_more_than_200_creations_a_day_is_429_30034(emulator: Emulator) -> None:
    for _ in range(3):  # re-sending the same commands creates nothing
        assert (await _put(emulator, _commands("a", 100)))[0] == 200
    assert (await _put(emulator, _commands("b", 100)))[0] == 200
    status, body = await _put(emulator, _commands("a", 99) + _commands("c", 1))
    assert status == 429 and isinstance(body, dict) and body["code"] == 30034
    assert {c.name for c in emulator.world.global_commands} == {f"b{i}" for i in range(100)}
    [problem] = emulator.pop_problems("rate-limit")
    assert "30034" in problem.message


async def test_discord_py_raises_the_daily_limit_at_once(emulator: Emulator) -> None:
    emulator.world.command_creates[None] = 200
    bot = TreeClient()

    @bot.tree.command(name="fresh", description="a new command")
    async def fresh(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hi")

    with pytest.raises(discord.HTTPException) as info:
        async with run_client(emulator, bot):
            pass
    assert info.value.status == 429 and info.value.code == 30034
    assert len(emulator.calls("PUT /applications/{application_id}/commands")) == 1
    assert len(emulator.pop_problems("rate-limit")) == 1


async def test_localized_names_and_descriptions_are_registered_and_checked(emulator: Emulator) -> None:
    option = {
        "name": "seat", "description": "Which seat", "type": 3,
        "name_localizations": {"de": "platz"}, "description_localizations": {"de": "Welcher Platz"},
        "choices": [{"name": "First", "value": "1", "name_localizations": {"de": "Erster Platz"}}],
    }
    good = {
        "name": "join", "description": "Join", "type": 1, "options": [option],
        "name_localizations": {"de": "beitreten"}, "description_localizations": {"de": "Setz dich dazu"},
    }
    status, body = await _put(emulator, [good])
    assert status == 200 and isinstance(body, list)
    assert body[0]["name_localizations"] == {"de": "beitreten"}  # a choice name may have capitals and spaces
    refused = {
        "0.name_localizations.de": good | {"name_localizations": {"de": "Beitreten"}},
        "0.name_localizations.xx": good | {"name_localizations": {"xx": "beitreten"}},
        "0.description_localizations.de": good | {"description_localizations": {"de": "x" * 101}},
        "0.options.0.name_localizations.de": good | {
            "options": [option | {"name_localizations": {"de": "mein platz"}}]
        },
        "0.options.1.name_localizations.de": good | {
            "options": [option, option | {"name": "other", "name_localizations": {"de": "platz"}}]
        },
        "0.options.0.choices.0.name_localizations.de": good | {
            "options": [option | {"choices": [option["choices"][0] | {"name_localizations": {"de": ""}}]}]
        },
    }
    for path, command in refused.items():
        status, body = await _put(emulator, [command])
        assert status == 400 and path in _paths(body), path
    assert len(emulator.pop_problems("invalid-request")) == len(refused)
