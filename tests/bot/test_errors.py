"""Which errors are explained to the user, and how."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.boot.invite import PERMISSION_REASONS
from bot.messages.errors import friendly_message, new_reference
from bot.messages.permissions import PERMISSION_NAMES, permission_names
from host.catalog import render, text
from host.errors import UserError
from host.tables import GameRefusal, Table
from tabletop import Refused
from tests.host.acting import act


def _invoke_error(original: Exception) -> app_commands.CommandInvokeError:
    command: Any = app_commands.Command(name="x", description="x", callback=_noop)
    return app_commands.CommandInvokeError(command, original)


async def _noop(interaction: Any) -> None:
    """A command body for building errors."""


def test_user_error_message_is_shown_as_is_even_when_wrapped() -> None:
    message = "Only the host can start."
    assert friendly_message(UserError(message)) == message
    assert friendly_message(_invoke_error(UserError(message))) == message


def test_permission_and_place_errors_are_explained() -> None:
    message = friendly_message(app_commands.MissingPermissions(["manage_guild"]))
    assert message == "You need the Manage Server permission to do that."  # as Discord's settings name it
    assert "direct messages" in (friendly_message(app_commands.NoPrivateMessage()) or "")


def test_a_missing_permission_is_named_as_each_readers_discord_names_it() -> None:
    german = friendly_message(app_commands.MissingPermissions(["manage_guild"]), "de")
    assert german == text("errors.user_permission", language="de", permissions="„Server verwalten“")
    assert german == "Dafür brauchst du die Berechtigung „Server verwalten“."
    bot = app_commands.BotMissingPermissions(["send_messages", "embed_links"])
    assert friendly_message(bot) == (
        "I need the Send Messages, Embed Links permission in this channel; ask a server admin to grant it."
    )
    assert friendly_message(bot, "de") == text(
        "errors.bot_permission", language="de", permissions="„Nachrichten senden“, „Links einbetten“"
    )


def test_every_permission_that_can_be_missing_has_its_name_in_every_language() -> None:
    can_be_missing = {"manage_guild", *PERMISSION_REASONS}  # the host commands' default, the bot's own
    assert set(PERMISSION_NAMES) == can_be_missing
    assert render(PERMISSION_NAMES["manage_guild"], "en") == "Manage Server"  # not the API's "Manage Guild"
    for permission, name in PERMISSION_NAMES.items():
        english, german = render(name, "en"), render(name, "de")
        assert german != english, f"{permission} has no German name"
        assert permission_names([permission], "de") == f"„{german}“"


def test_bugs_are_not_explained() -> None:
    assert friendly_message(RuntimeError("boom")) is None
    assert friendly_message(_invoke_error(KeyError("seat"))) is None


def test_references_are_short_and_distinct() -> None:
    references = {new_reference() for _ in range(200)}
    assert len(references) == 200
    assert all(len(r) == 6 and set(r) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for r in references)


def test_engine_refusals_become_sentences() -> None:
    error = Refused("it is not your turn")
    assert friendly_message(error) == "It is not your turn."
    assert friendly_message(_invoke_error(error)) == "It is not your turn."


def test_a_game_refusal_of_a_table_action_is_the_engines_sentence() -> None:
    """A refused action at a table is the engine's own sentence, whatever the game."""
    table = Table(1, 1, seed_source=lambda: 3, id_source=lambda: "abc123")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1)
    match = table.running_match()
    for seat in range(3):  # the misery choice
        match.apply(seat, match.legal_actions(seat)[0])
    other = next(seat for seat in range(3) if seat not in match.awaiting)
    with pytest.raises(GameRefusal) as refused:  # the leader's card, played out of turn
        act(table, other + 1, match.legal_actions(match.awaiting[0])[0], game_id="abc123", stage=match.stage)
    assert friendly_message(refused.value) == "It is not your turn."
    assert friendly_message(_invoke_error(refused.value)) == "It is not your turn."


def test_an_invalid_option_value_is_quoted_clipped() -> None:
    transformer = app_commands.transformers.IdentityTransformer(discord.AppCommandOptionType.string)
    error = app_commands.TransformerError("x" * 5000, discord.AppCommandOptionType.string, transformer)
    message = friendly_message(error)
    assert message is not None and message.endswith("is not a valid value for this option.")
    assert len(message) < 120
