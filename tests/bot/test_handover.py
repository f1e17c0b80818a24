"""Handing a DM click to the process that owns its table: what travels, and what is dropped."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import discord

from bot.boot.shards import ShardPlan
from bot.ids import ActionId
from bot.tables.handover import Handover, click_payload

BOT_ID = 1575668052215726080


def dm_click(age: float, custom_id: str) -> dict[str, Any]:
    """An INTERACTION_CREATE payload of a button in a DM, made ``age`` seconds ago."""
    ident = discord.utils.time_snowflake(discord.utils.utcnow() - timedelta(seconds=age))
    bot = {"id": str(BOT_ID), "username": "StickemBot", "discriminator": "0", "global_name": None,
           "avatar": None, "bot": True}
    return {
        "id": str(ident), "application_id": str(BOT_ID), "type": 3, "token": "aW50ZXJhY3Rpb24-token",
        "version": 1, "data": {"custom_id": custom_id, "component_type": 3, "values": ["red7"]},
        "channel_id": "777", "channel": {"id": "777", "type": 1},
        "user": {"id": "42", "username": "ann", "discriminator": "0", "global_name": "Ann", "avatar": "ab"},
        "locale": "de", "attachment_size_limit": 10485760, "app_permissions": "0", "context": 1,
        "message": {"id": "999", "channel_id": "777", "type": 0, "content": "your hand", "author": bot,
                    "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
                    "mention_everyone": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00",
                    "edited_timestamp": None, "flags": 0, "components": []},
    }


class OneClick:
    """A queue holding one handed click."""

    def __init__(self, payload: str) -> None:
        self.payload: str | None = payload

    async def take(self, interaction_id: int) -> str | None:
        payload, self.payload = self.payload, None
        return payload


async def test_the_owner_runs_the_click_as_the_interaction_discord_sent() -> None:
    client = discord.Client(intents=discord.Intents.none())
    ident = ActionId(123, "abc", "s1", "p:red7")
    received = discord.Interaction(data=dm_click(0.1, ident.encode()), state=client._connection)  # type: ignore[arg-type]
    runs: list[tuple[discord.Interaction[Any], ActionId, tuple[str, ...]]] = []

    async def run(interaction: discord.Interaction[Any], action: ActionId, values: tuple[str, ...]) -> None:
        runs.append((interaction, action, values))

    payload = click_payload(received, ident, ("red7",))
    owner = Handover(client, OneClick(payload), ShardPlan(2, (1,)), run)  # type: ignore[arg-type]
    await owner._take(received.id)
    ((interaction, action, values),) = runs
    assert (interaction.id, interaction.token, interaction.application_id) == (
        received.id, received.token, received.application_id,
    )
    assert interaction.user.id == 42 and interaction.guild_id is None and interaction.channel_id == 777
    assert interaction.message is not None and interaction.message.id == 999
    assert interaction.locale is discord.Locale.german and interaction.data == received.data
    assert action == ident and values == ("red7",)
    # deferred by the process that received it: answers edit the clicked message
    assert interaction.response.type is discord.InteractionResponseType.deferred_message_update
    assert json.loads(payload)["interaction"]["token"] == received.token


async def test_a_click_too_old_to_answer_is_dropped_not_applied() -> None:
    client = discord.Client(intents=discord.Intents.none())
    ident = ActionId(123, "abc", "s1", "p:red7")
    received = discord.Interaction(data=dm_click(120.0, ident.encode()), state=client._connection)  # type: ignore[arg-type]
    runs: list[object] = []

    async def run(*args: object) -> None:
        runs.append(args)

    owner = Handover(client, OneClick(click_payload(received, ident, ())), ShardPlan(2, (1,)), run)  # type: ignore[arg-type]
    await owner._take(received.id)
    assert runs == []
