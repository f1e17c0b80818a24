"""Clicks whose custom id the bot cannot use: answered privately, never left hanging.

A click carries its custom id back from the user's client, which may have been tampered with or
may come from a message of an older version of the bot. discord.py routes a click to the
``DynamicItem`` whose template matches its id; an id that matches none, or that names a
component the clicked message does not have, is dropped in silence (the user sees "This
interaction failed"), and an item that cannot parse an id that matched its template raises
inside discord.py (a traceback in the log, no answer). Here every such click gets the same
private "no longer valid" answer and changes nothing: the dynamic items parse with
:func:`parse_or_none` and answer with :func:`refuse`, and :func:`answer_stray_click` (an
``on_interaction`` listener) answers the clicks no item receives.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any, TypeVar

import discord

from bot.ids import (
    ACTION_TEMPLATE,
    LOBBY_TEMPLATE,
    MISERY_CONFIRM_TEMPLATE,
    MISERY_SELECT_TEMPLATE,
    PLAY_TEMPLATE,
    REMATCH_TEMPLATE,
    STOP_TEMPLATE,
    TAKEOVER_TEMPLATE,
)
from bot.messages.ratings import LEADERBOARD_TEMPLATE
from bot.messages.replies import send_ephemeral
from bot.replays.ids import HISTORY_TEMPLATE, REPLAY_TEMPLATE
from host.catalog import lazy

log = logging.getLogger(__name__)

T = TypeVar("T")

ROUTED_TEMPLATES = tuple(
    re.compile(template)
    for template in (
        ACTION_TEMPLATE, LOBBY_TEMPLATE, PLAY_TEMPLATE, MISERY_SELECT_TEMPLATE, MISERY_CONFIRM_TEMPLATE,
        STOP_TEMPLATE, TAKEOVER_TEMPLATE, LEADERBOARD_TEMPLATE, REPLAY_TEMPLATE, HISTORY_TEMPLATE,
        REMATCH_TEMPLATE,
    )
)
"""The templates of the bot's dynamic items: a click matching one of them is theirs to answer."""


def parse_or_none(parse: Callable[[str], T], custom_id: str) -> T | None:
    """``parse(custom_id)``, or None when the id is malformed (a card that does not exist, a
    number too long for ``int``...): every parser of :mod:`bot.ids` raises ``ValueError``."""
    try:
        return parse(custom_id)
    except ValueError:
        return None


async def refuse(interaction: discord.Interaction[Any]) -> None:
    """Answer a click whose id is of no use, privately, changing nothing."""
    data: dict[str, Any] = dict(interaction.data or {})
    log.info("Refused a click with an invalid custom id %r", str(data.get("custom_id", ""))[:100])
    await send_ephemeral(interaction, lazy("errors.invalid_click"))


def _carries(message: discord.Message, custom_id: str, kind: object) -> bool:
    """Whether ``message`` has a component of type ``kind`` with ``custom_id`` (discord.py
    routes only those: a forged click naming a select's id as a button's is dropped)."""
    for row in message.components:
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None) == custom_id and child.type.value == kind:
                return True
    return False


async def answer_stray_click(interaction: discord.Interaction[Any]) -> None:
    """Refuse a component click that no dynamic item will receive (see the module's text)."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    routed = any(template.fullmatch(custom_id) for template in ROUTED_TEMPLATES)
    kind = data.get("component_type")
    if routed and interaction.message is not None and _carries(interaction.message, custom_id, kind):
        return
    await refuse(interaction)
