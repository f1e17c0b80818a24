"""What the table itself shows (not the game: each game's presentation writes its own messages).

Nothing here sends anything or needs an event loop: every message is a
:class:`tabletop.presentation.Message`, as a game's are (its buttons' intents are their custom
ids), that :mod:`bot.tables.payload` turns into what discord.py sends. Here: players' names made
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
from host.catalog import DEFAULT_LANGUAGE, Words, render, text
from tabletop.catalog import Text
from tabletop.presentation import Button, Message, Style, standings_lines

MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_CONTENT = 2000



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
    title: str | Text,
    options_line: str,
    capacity: int,
    *,
    closed_reason: str | None = None,
    host: int | None = 0,
    note: str | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Message:
    """The lobby message of a table of the game ``title``: seated players in order (seat
    ``host`` marked), the options (``options_line``, the game's words), Join / Leave / Start /
    Add bot buttons; ``note``: a line about this lobby (a rematch's) above how to join."""
    if closed_reason:
        lines = [text("lobby.title_closed", language=language, title=title)]
    else:
        lines = [text("lobby.title", language=language, title=title)]
    lines.append(text("lobby.rules", language=language, options=options_line))
    if names:
        lines.append(text("lobby.players", language=language, seated=len(names), capacity=capacity))
        for index, name in enumerate(names):
            if index == host:
                lines.append(text("lobby.player_host", language=language, number=index + 1, name=name))
            else:
                lines.append(text("lobby.player", language=language, number=index + 1, name=name))
    else:
        lines.append(text("lobby.nobody", language=language))
    if closed_reason:
        lines.append(closed_reason)
        return Message(_clip("\n".join(lines)))
    if note:
        lines.append(note)
    lines.append(text("lobby.how_to_join", language=language))
    def button(action: str, label: str, style: Style) -> Button:
        return Button(label, LobbyId(action, channel_id).encode(), style=style)

    rows = (
        (
            button("join", text("lobby.join_button", language=language), "success"),
            button("leave", text("lobby.leave_button", language=language), "secondary"),
            button("start", text("lobby.start_button", language=language), "primary"),
            button("addbot", text("lobby.add_bot_button", language=language), "secondary"),
        ),
    )
    return Message(_clip("\n".join(lines)), rows=rows)


@dataclass(frozen=True)
class TurnTimer:
    """A table's turn timer, as data for the table message: the seconds per turn (None: off) and
    when the current wait runs out (None: no timer runs now, e.g. a computer player's turn)."""

    seconds: float | None
    deadline: datetime | None = None


def timer_length(seconds: float, language: str = DEFAULT_LANGUAGE) -> str:
    """A turn timer's length for people: "2 min", "30 s" (tests' tiny timers: "0.6 s")."""
    if seconds >= 60 and seconds % 60 == 0:
        return text("timer.minutes", language=language, minutes=int(seconds // 60))
    return text("timer.seconds", language=language, seconds=seconds)


def timer_line(timer: TurnTimer, *, running: bool = True, language: str = DEFAULT_LANGUAGE) -> str:
    """The table message's timer line: the chosen timer and, while one runs, its deadline."""
    if timer.seconds is None:
        return text("timer.off", language=language)
    length = timer_length(timer.seconds, language)
    if running and timer.deadline is not None:
        when = discord.utils.format_dt(timer.deadline, "R")
        return text("timer.running", language=language, length=length, when=when)
    return text("timer.on", language=language, length=length)



def prompt_stopped(reason: Words | None = None, language: str = DEFAULT_LANGUAGE) -> Message:
    """A DM prompt of a game that ended early: no more buttons (``reason``: why, by default
    that the game was stopped), in ``language`` (its reader's)."""
    why = render(reason, language) if reason is not None else text("prompt.stopped", language=language)
    return Message(text("prompt.retired", language=language, reason=why))


def game_stopped_message(
    names: Sequence[str], by: Words, totals: Sequence[int], language: str = DEFAULT_LANGUAGE
) -> Message:
    """The game was stopped early: who stopped it and the totals so far."""
    lines = [text("stop.stopped_by", language=language, name=render(by, language))]
    lines += standings_lines(names, totals)
    return Message(_clip("\n".join(lines)))


def stop_confirmation(
    channel_id: int, game_id: str, playing: bool, language: str = DEFAULT_LANGUAGE
) -> Message:
    """The confirmation asked by /stop."""
    button = text("stop.button", language=language)
    if playing:
        ask = text("stop.confirm_game", language=language)
    else:
        ask = text("stop.confirm_lobby", language=language)
    return Message(
        ask,
        rows=((Button(button, StopId(channel_id, game_id).encode(), style="danger"),),),
    )


# --- channel notices ------------------------------------------------------------------------


def dm_refused_notice(user_id: int, *, left_server: bool = False, language: str = DEFAULT_LANGUAGE) -> str:
    """Said in the channel when a player's DMs are closed (or the player left the server)."""
    if left_server:
        return text("prompt.left_server", language=language, user=user_id)
    return text("prompt.dms_closed", language=language, user=user_id)


def _clip(text: str) -> str:
    if len(text) <= MAX_CONTENT:
        return text
    return text[: MAX_CONTENT - 1] + "\N{HORIZONTAL ELLIPSIS}"
