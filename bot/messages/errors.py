"""What the bot tells a user when something goes wrong, for commands and components alike.

Expected errors (a rule broken, a command used in the wrong place, a bad option) become a short,
friendly ephemeral message and change nothing. Anything else is a bug: it is logged with a
reference code, and the user gets that code to quote in a bug report.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from bot.messages import limits
from bot.messages.permissions import permission_names
from bot.messages.replies import send_ephemeral
from bot.runtime.arrivals import arrived
from bot.tables.languages import reader_language
from host.catalog import DEFAULT_LANGUAGE, render, text
from host.errors import UserError, sentence
from host.tables import GameRefusal
from tabletop import Refused

log = logging.getLogger(__name__)

_REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_reference() -> str:
    """A short, unambiguous code that ties a user's error message to a log line."""
    return "".join(secrets.choice(_REFERENCE_ALPHABET) for _ in range(6))


def _unwrap(error: BaseException) -> BaseException:
    """The error that really happened, without discord.py's invocation wrappers."""
    while isinstance(error, app_commands.CommandInvokeError) and error.original is not None:
        error = error.original
    return error


def friendly_message(error: BaseException, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The message for a user if `error` is an expected one, in ``language`` (the user's),
    else None (a bug)."""
    error = _unwrap(error)
    if isinstance(error, GameRefusal | Refused):  # the games' refusals are written for players
        said = error.words if isinstance(error, GameRefusal) else error.message
        outdated = error.outdated_prompt if isinstance(error, GameRefusal) else error.outdated
        return _with_hint(sentence(render(said, language)), outdated, language)
    if isinstance(error, UserError):
        return _with_hint(render(error.words, language), error.outdated_prompt, language)
    if isinstance(error, app_commands.TransformerError):
        return text("errors.invalid_value", language=language, value=limits.echo(str(error.value)))
    if isinstance(error, app_commands.CommandOnCooldown):
        return text("errors.cooldown", language=language, seconds=error.retry_after)
    if isinstance(error, app_commands.NoPrivateMessage):
        return text("errors.no_direct_messages", language=language)
    if isinstance(error, app_commands.MissingPermissions):
        needed = permission_names(error.missing_permissions, language)
        return text("errors.user_permission", language=language, permissions=needed)
    if isinstance(error, app_commands.BotMissingPermissions):
        needed = permission_names(error.missing_permissions, language)
        return text("errors.bot_permission", language=language, permissions=needed)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return text("errors.outdated_command", language=language)
    if isinstance(error, app_commands.CheckFailure):
        said = str(error)
        # discord.py's own wording ("The check functions for command ... failed.") means nothing to players.
        if not said or said.startswith("The check functions"):
            return text("errors.not_here", language=language)
        return said
    return None


def _with_hint(refusal: str, outdated_prompt: bool, language: str) -> str:
    """``refusal``, followed, for the refusal of a click on a prompt that no longer counts, by
    the command that shows the latest one (the games' texts name no command)."""
    if not outdated_prompt:
        return refusal
    return text("hints.outdated_prompt", language=language, refusal=refusal)


async def report_interaction_error(
    interaction: discord.Interaction[Any], error: BaseException, *, where: str = ""
) -> None:
    """Tell the user what went wrong: the friendly message, or a reference for a bug (logged)."""
    language = reader_language(interaction)
    message = friendly_message(error, language)
    if message is None:
        reference = new_reference()
        original = _unwrap(error)
        log.error(
            "Unexpected error (reference %s) in %s by user %s",
            reference,
            where or "an interaction",
            interaction.user.id,
            exc_info=(type(original), original, original.__traceback__),
        )
        message = text("errors.bug", language=language, reference=reference)
    await send_ephemeral(interaction, message)


class StickemTree(app_commands.CommandTree[Any]):
    """The command tree with one error handler for every slash command."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Run the command, unless it expired before it was read while the bot is behind: it is
        then dropped unanswered (:func:`bot.runtime.arrivals.arrived`)."""
        return arrived(interaction)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        """Turn expected errors into friendly ephemeral messages; log the rest with a reference."""
        command = interaction.command
        where = f"/{command.qualified_name}" if command is not None else "a command"
        await report_interaction_error(interaction, error, where=where)
