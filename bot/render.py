"""What the table itself shows (not the game: each game's presentation writes its own messages).

Nothing here sends anything or needs an event loop: a :class:`MessageSpec` is plain data (content,
``discord.Embed`` objects, and rows of :class:`ButtonSpec` / :class:`SelectSpec`) that the cogs turn
into Discord messages. Here: players' names made safe, the lobby message, the turn timer's line,
standings, the /stop confirmation, notices about closed DMs. A game's messages come as
:mod:`tabletop.presentation` specs and are turned into these by :mod:`bot.discord_views`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.custom_ids import LobbyId, StopId

MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_CONTENT = 2000



@dataclass(frozen=True)
class ButtonSpec:
    """A button: its custom id, label, optional emoji, style name and whether it is disabled."""

    custom_id: str
    label: str
    emoji: str | None = None
    style: str = "secondary"
    disabled: bool = False


@dataclass(frozen=True)
class OptionSpec:
    """One option of a select menu."""

    label: str
    value: str
    emoji: str | None = None
    default: bool = False
    description: str = ""


@dataclass(frozen=True)
class SelectSpec:
    """A string select menu (``min_values``..``max_values`` choices)."""

    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]
    disabled: bool = False
    min_values: int = 1
    max_values: int = 1


Component = ButtonSpec | SelectSpec


@dataclass(frozen=True)
class MessageSpec:
    """A message to send or an edit to make: content, embeds and rows of components."""

    content: str
    embeds: tuple[discord.Embed, ...] = ()
    rows: tuple[tuple[Component, ...], ...] = ()

    def components(self) -> list[Component]:
        """Every component, row by row."""
        return [item for row in self.rows for item in row]


BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
"""The explicit direction controls (embeddings, overrides, isolates and their ends), removed
from names: one left open would reorder the rest of the line it is shown in."""
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})
"""Bidirectional classes of right-to-left text, which can also move the characters around it."""


def player_name(display_name: str) -> str:
    """A display name made safe to show (done once, when seated): markdown and mentions
    escaped, direction controls removed, and a name with right-to-left text isolated (FIRST
    STRONG ISOLATE ... POP DIRECTIONAL ISOLATE) so that it cannot reorder its line."""
    name = discord.utils.escape_mentions(discord.utils.escape_markdown(display_name))
    stripped = name.translate(BIDI_CONTROLS)
    if stripped == name and not any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in name):
        return name
    return f"\u2068{stripped}\u2069"


# --- rules and lobby --------------------------------------------------------------------------


def lobby_message(
    channel_id: int,
    names: Sequence[str],
    title: str,
    options_line: str,
    capacity: int,
    *,
    closed_reason: str | None = None,
    host: int | None = 0,
) -> MessageSpec:
    """The lobby message of a table of the game ``title``: seated players in order (seat
    ``host`` marked), the options (``options_line``, the game's words), Join / Leave / Start /
    Add bot buttons."""
    lines = [f"**{title} table**" + (" (closed)" if closed_reason else "")]
    lines.append(f"Rules: {options_line}")
    if names:
        lines.append(f"Players ({len(names)}/{capacity}):")
        for index, name in enumerate(names):
            marker = " (host)" if index == host else ""
            lines.append(f"{index + 1}. {name}{marker}")
    else:
        lines.append("Nobody is seated.")
    if closed_reason:
        lines.append(closed_reason)
        return MessageSpec(_clip("\n".join(lines)))
    lines.append(
        "Join with the button or /join. The host starts with /start (choose the options there)."
    )
    rows = (
        (
            ButtonSpec(LobbyId("join", channel_id).encode(), "Join", style="success"),
            ButtonSpec(LobbyId("leave", channel_id).encode(), "Leave", style="secondary"),
            ButtonSpec(LobbyId("start", channel_id).encode(), "Start", style="primary"),
            ButtonSpec(LobbyId("addbot", channel_id).encode(), "Add bot", style="secondary"),
        ),
    )
    return MessageSpec(_clip("\n".join(lines)), rows=rows)


@dataclass(frozen=True)
class TurnTimer:
    """A table's turn timer, as data for the table message: the seconds per turn (None: off) and
    when the current wait runs out (None: no timer runs now, e.g. a computer player's turn)."""

    seconds: float | None
    deadline: datetime | None = None


def timer_length(seconds: float) -> str:
    """A turn timer's length for people: "2 min", "30 s" (tests' tiny timers: "0.6 s")."""
    if seconds >= 60 and seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return f"{seconds:g} s"


def discord_time(moment: datetime, style: str = "R") -> str:
    """Discord's timestamp markup: every viewer's client shows ``moment`` in their own locale and
    zone ("R": relative, "in 2 minutes", kept up to date by the client without any edit)."""
    return f"<t:{round(moment.timestamp())}:{style}>"


def timer_line(timer: TurnTimer, *, running: bool = True) -> str:
    """The table message's timer line: the chosen timer and, while one runs, its deadline."""
    if timer.seconds is None:
        return "Turn timer: off"
    line = f"Turn timer: {timer_length(timer.seconds)}"
    if running and timer.deadline is not None:
        line += f" - time is up {discord_time(timer.deadline)}"
    return line


def standings_lines(names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """The players ranked by total, ties sharing a place: ``1. alice: 12``."""
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    lines = []
    place = 0
    previous: int | None = None
    for index, seat in enumerate(order):
        if totals[seat] != previous:
            place = index + 1
            previous = totals[seat]
        lines.append(f"{place}. {names[seat]}: {totals[seat]}")
    return lines


def prompt_stopped(reason: str = "This game was stopped") -> MessageSpec:
    """A DM prompt of a game that ended early: no more buttons."""
    return MessageSpec(f"{reason}; these cards can no longer be played.")


def game_stopped_message(names: Sequence[str], by: str, totals: Sequence[int]) -> MessageSpec:
    """The game was stopped early: who stopped it and the totals so far."""
    lines = [f"**The game was stopped by {by}.** Totals so far:"]
    lines += standings_lines(names, totals)
    return MessageSpec(_clip("\n".join(lines)))


def stop_confirmation(channel_id: int, game_id: str, playing: bool) -> MessageSpec:
    """The confirmation asked by /stop."""
    what = "the game" if playing else "the lobby"
    return MessageSpec(
        f"Really stop {what}? This can't be undone.",
        rows=((ButtonSpec(StopId(channel_id, game_id).encode(), "Stop", style="danger"),),),
    )


# --- channel notices ------------------------------------------------------------------------


def dm_refused_notice(user_id: int, *, left_server: bool = False) -> str:
    """Said in the channel when a player's DMs are closed (or the player left the server)."""
    if left_server:
        return (
            f"<@{user_id}> has left this server, so I can't send them their cards. The host "
            "can end the game with **/stop**."
        )
    return (
        f"<@{user_id}> I can't send you direct messages (they are closed). Use **/hand** in this "
        "channel to see your cards and make your moves."
    )


def _clip(text: str) -> str:
    if len(text) <= MAX_CONTENT:
        return text
    return text[: MAX_CONTENT - 1] + "\N{HORIZONTAL ELLIPSIS}"
