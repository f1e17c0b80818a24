"""What the table itself shows (not the game: each game's presentation writes its own messages).

Nothing here sends anything or needs an event loop: every message is a
:class:`tabletop.presentation.Message`, as a game's are (its buttons' intents are their custom
ids), its texts catalog keys and fields (:func:`host.catalog.lazy`) that
:func:`bot.tables.payload.localized` fills in in the reader's language, and that
:mod:`bot.tables.payload` turns into what discord.py sends. Here: players' names made
safe, the lobby message, the turn timer's line, standings, the /stop confirmation, notices about
closed DMs.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.ids import LobbyId, StopId
from host.catalog import Words, lazy
from host.text import joined
from tabletop.catalog import Text
from tabletop.presentation import Button, Message, Style, standings_lines

MAX_PER_ROW = 5



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
    title: Words,
    options_line: Words,
    capacity: int,
    *,
    closed_reason: Words | None = None,
    host: int | None = 0,
    note: Words | None = None,
) -> Message:
    """The lobby message of a table of the game ``title``: seated players in order (seat
    ``host`` marked), the options (``options_line``, the game's words), Join / Leave / Start /
    Add bot buttons; ``note``: a line about this lobby (a rematch's) above how to join."""
    if closed_reason:
        lines: list[Words] = [lazy("lobby.title_closed", title=title)]
    else:
        lines = [lazy("lobby.title", title=title)]
    lines.append(lazy("lobby.rules", options=options_line))
    if names:
        lines.append(lazy("lobby.players", seated=len(names), capacity=capacity))
        for index, name in enumerate(names):
            if index == host:
                lines.append(lazy("lobby.player_host", number=index + 1, name=name))
            else:
                lines.append(lazy("lobby.player", number=index + 1, name=name))
    else:
        lines.append(lazy("lobby.nobody"))
    if closed_reason:
        lines.append(closed_reason)
        return Message(joined(lines, "\n"))
    if note:
        lines.append(note)
    lines.append(lazy("lobby.how_to_join"))

    def button(action: str, label: Words, style: Style) -> Button:
        return Button(label, LobbyId(action, channel_id).encode(), style=style)

    rows = (
        (
            button("join", lazy("lobby.join_button"), "success"),
            button("leave", lazy("lobby.leave_button"), "secondary"),
            button("start", lazy("lobby.start_button"), "primary"),
            button("addbot", lazy("lobby.add_bot_button"), "secondary"),
        ),
    )
    return Message(joined(lines, "\n"), rows=rows)


@dataclass(frozen=True)
class TurnTimer:
    """A table's turn timer, as data for the table message: the seconds per turn (None: off) and
    when the current wait runs out (None: no timer runs now, e.g. a computer player's turn)."""

    seconds: float | None
    deadline: datetime | None = None


def timer_length(seconds: float) -> Text:
    """A turn timer's length for people: "2 min", "30 s" (tests' tiny timers: "0.6 s")."""
    if seconds >= 60 and seconds % 60 == 0:
        return lazy("timer.minutes", minutes=int(seconds // 60))
    return lazy("timer.seconds", seconds=seconds)


def timer_line(timer: TurnTimer, *, running: bool = True) -> Text:
    """The table message's timer line: the chosen timer and, while one runs, its deadline."""
    if timer.seconds is None:
        return lazy("timer.off")
    length = timer_length(timer.seconds)
    if running and timer.deadline is not None:
        when = discord.utils.format_dt(timer.deadline, "R")
        return lazy("timer.running", length=length, when=when)
    return lazy("timer.on", length=length)


def prompt_stopped(reason: Words | None = None) -> Message:
    """A DM prompt of a game that ended early: no more buttons (``reason``: why, by default
    that the game was stopped)."""
    return Message(lazy("prompt.retired", reason=reason if reason is not None else lazy("prompt.stopped")))


def game_stopped_message(names: Sequence[str], by: Words, totals: Sequence[int]) -> Message:
    """The game was stopped early: who stopped it and the totals so far."""
    lines: list[Words] = [lazy("stop.stopped_by", name=by)]
    lines += standings_lines(names, totals)
    return Message(joined(lines, "\n"))


def stop_confirmation(channel_id: int, game_id: str, playing: bool) -> Message:
    """The confirmation asked by /stop."""
    ask = lazy("stop.confirm_game") if playing else lazy("stop.confirm_lobby")
    button = Button(lazy("stop.button"), StopId(channel_id, game_id).encode(), style="danger")
    return Message(ask, rows=((button,),))


# --- channel notices ------------------------------------------------------------------------


def dm_refused_notice(user_id: int, *, left_server: bool = False) -> Text:
    """Said in the channel when a player's DMs are closed (or the player left the server)."""
    if left_server:
        return lazy("prompt.left_server", user=user_id)
    return lazy("prompt.dms_closed", user=user_id)
