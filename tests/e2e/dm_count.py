"""Counting the direct messages a table sends each player: how many new DMs (each one a
notification on a phone) against edits of a DM already there."""

from __future__ import annotations

from dataclasses import dataclass

from tests.discord_emulator import Emulator
from tests.discord_emulator.state import User


@dataclass(frozen=True)
class DmCount:
    """What the bot did in one player's DM channel: messages it created, and edits of its
    messages there (by REST, or by answering a click on one)."""

    created: int
    edited: int
    lines: int
    """How many lines (of text, and rows of buttons or selects) the DM channel shows now."""


def dm_counts(emu: Emulator, users: list[User]) -> dict[str, DmCount]:
    """Each user's :class:`DmCount` so far, by name."""
    counts = {}
    for user in users:
        channel = emu.dm_channel(user)
        prefix = f"/channels/{channel.id}/messages"
        calls = [call for call in emu.rest_calls if call.path.startswith(prefix) and call.status < 300]
        created = sum(call.method == "POST" and call.path == prefix for call in calls)
        edited = sum(call.method == "PATCH" for call in calls)
        clicks = [
            record
            for record in emu.interactions.records.values()
            if record.channel.id == channel.id and record.response_type in (6, 7)
        ]
        shown = emu.driver.dm_messages(user)
        lines = sum(len(m.content.split("\n")) + len(m.raw_components) for m in shown)
        counts[user.name] = DmCount(created, edited + len(clicks), lines)
    return counts
