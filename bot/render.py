"""What the bot shows: pure functions from engine views and events to message specs.

Nothing here sends anything or needs an event loop: a :class:`MessageSpec` is plain data (content,
``discord.Embed`` objects, and rows of :class:`ButtonSpec` / :class:`SelectSpec`) that the cogs turn
into Discord messages and views. Every card is written as its color name and value ("red 7"),
with a color square in front as a visual aid only, so that color-blind players and screen readers
can play.

Public renderings take the public view (``game.view(None)``) or public events only, so they cannot
leak a hand or an unrevealed misery pick; private renderings take the seat's own view.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.custom_ids import LobbyId, MiseryConfirmId, MiserySelectId, PlayId, StopId
from stickem import TRICKS_PER_ROUND, Card, Phase, Rules, View
from stickem.card_text import (
    card_emoji,
    card_text,
    cards_text,
    hand_lines,
    hand_rows,
)
from stickem.card_text import plays_lines as _plays_lines
from stickem.channel_messages import clip as _clip
from stickem.channel_messages import game_over_message as stickem_game_over_message
from stickem.channel_messages import round_over_message, rules_line, standings_lines
from stickem.channel_messages import round_scored_embed as stickem_round_scored_embed
from stickem.channel_messages import table_message as stickem_table_message
from stickem.events import GameOver, RoundScored, TrickSetAside, TrickWon
from tabletop.presentation import Embed, Message

MAX_PER_ROW = 5


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


@dataclass(frozen=True)
class SelectSpec:
    """A string select menu."""

    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]
    disabled: bool = False


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


# --- cards: written by the game (stickem.card_text); used here by the hand prompts ------------------


# --- rules and lobby --------------------------------------------------------------------------


def rules_text(rules: Rules, players: int | None = None) -> str:
    """The rules of a game in one line (Stick'em's own words: :func:`stickem.channel_messages.rules_line`)."""
    return rules_line(rules, players)


def _spec(message: Message) -> MessageSpec:
    """A message the game wrote (no components) as the bot sends it."""
    return MessageSpec(message.content, tuple(_embed(embed) for embed in message.embeds))


def _embed(embed: Embed) -> discord.Embed:
    return discord.Embed(title=embed.title, description=embed.description or None, colour=embed.colour)


def lobby_message(
    channel_id: int,
    names: Sequence[str],
    rules: Rules,
    capacity: int,
    *,
    closed_reason: str | None = None,
    host: int | None = 0,
) -> MessageSpec:
    """The lobby message: seated players in order (seat ``host`` marked), the rules, Join /
    Leave / Start / Add bot buttons."""
    lines = ["**Stick'em table**" + (" (closed)" if closed_reason else "")]
    lines.append(f"Rules: {rules_text(rules, len(names) or None)}")
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
        "Join with the button or /join. The host starts with /start (choose the rules and rounds there)."
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


# --- the table message (public) -------------------------------------------------------------


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


def table_message(
    view: View, names: Sequence[str], *, stopped: bool = False, timer: TurnTimer | None = None
) -> MessageSpec:
    """The channel's table message for the public ``view`` of a running game (or of a game
    that was ``stopped``: then nobody is waited for), as Stick'em writes it
    (:func:`stickem.channel_messages.table_message`). With a ``timer``, a line shows the turn
    timer and the current wait's deadline as a Discord timestamp, which each client shows in
    its own locale and counts down by itself (no edits)."""
    notes = () if timer is None else (timer_line(timer, running=not stopped),)
    return _spec(stickem_table_message(view, names, notes=notes, stopped=stopped))


def table_round_over(
    names: Sequence[str],
    round_number: int,
    last_trick: TrickWon | TrickSetAside | None,
    scored: RoundScored,
) -> MessageSpec:
    """The table message once its round is over: misery cards and the last trick."""
    return _spec(round_over_message(names, round_number, last_trick, scored))


def round_scored_embed(names: Sequence[str], scored: RoundScored, rounds: int) -> discord.Embed:
    """The end-of-round embed (:func:`stickem.channel_messages.round_scored_embed`)."""
    return _embed(stickem_round_scored_embed(names, scored, rounds))


def game_over_message(names: Sequence[str], over: GameOver) -> MessageSpec:
    """The end of the game: the final standings and the winners."""
    return _spec(stickem_game_over_message(names, over))


def prompt_stopped(reason: str = "This game was stopped") -> MessageSpec:
    """A DM prompt of a game that ended early: no more buttons."""
    return MessageSpec(f"{reason}; these cards can no longer be played.")


def game_stopped_message(names: Sequence[str], by: str, totals: Sequence[int]) -> MessageSpec:
    """The game was stopped early: who stopped it and the totals so far."""
    lines = [f"**The game was stopped by {by}.** Totals so far:"]
    lines += standings_lines(names, totals)
    return MessageSpec(_clip("\n".join(lines)))


def score_message(view: View, names: Sequence[str], *, timer: TurnTimer | None = None) -> MessageSpec:
    """The answer to /score: the table state and the totals (public information only)."""
    table = table_message(view, names, timer=timer)
    lines = ["", "Standings:", *standings_lines(names, view.totals)]
    return MessageSpec(_clip(table.content + "\n" + "\n".join(lines)))


# --- private messages (a seat's own view) ---------------------------------------------------


def misery_prompt(
    view: View, channel_id: int, game_id: str, selected: Card | None = None, *, header: str = ""
) -> MessageSpec:
    """The misery choice for a seat: its hand, a select menu and a confirm button."""
    hand = tuple(view.hand or ())
    lines = [header] if header else []
    lines.append(
        f"**Round {view.round} of {view.rounds}** - choose your misery card "
        "(its color counts against you; the choice is final once confirmed)."
    )
    lines.append("Your 15 cards:")
    lines += hand_lines(hand)
    if view.undealt:
        lines.append(f"Undealt this round: {cards_text(view.undealt)}")
    if selected is not None:
        lines.append(f"Selected: **{selected}**. Confirm to lock it in.")
    select = SelectSpec(
        MiserySelectId(channel_id, game_id, view.round).encode(),
        "Pick your misery card",
        tuple(OptionSpec(str(card), str(card), card_emoji(card) or None, card == selected) for card in hand),
    )
    if selected is not None:
        confirm = ButtonSpec(
            MiseryConfirmId(channel_id, game_id, view.round, selected).encode(),
            f"Confirm {selected}",
            card_emoji(selected) or None,
            style="danger",
        )
    else:
        confirm = ButtonSpec(
            MiseryConfirmId.unselected(channel_id, game_id, view.round),
            "Confirm",
            style="danger",
            disabled=True,
        )
    return MessageSpec(_clip("\n".join(lines)), rows=((select,), (confirm,)))


def misery_done(card: Card, round_number: int) -> MessageSpec:
    """The misery prompt after the pick: no more components."""
    return MessageSpec(
        f"Your misery card for round {round_number}: **{card}**. It stays secret until everyone has picked."
    )


def hand_prompt(
    view: View,
    names: Sequence[str],
    channel_id: int,
    game_id: str,
    *,
    header: str = "",
    disabled: bool = False,
) -> MessageSpec:
    """A seat's hand as buttons, grouped by color, with the state of the trick."""
    seat = view.seat
    hand = tuple(view.hand or ())
    lines = [header] if header else []
    lines.append(f"**Round {view.round} of {view.rounds}, trick {view.trick_number} of {TRICKS_PER_ROUND}**")
    if view.phase is Phase.TRICKS:
        lead = view.lead_color.value if view.lead_color is not None else "you lead"
        if view.awaiting and view.awaiting[0] == seat:
            lines.append(f"**Your turn.** Lead color: {lead}.")
        elif view.awaiting:
            lines.append(f"Waiting for {names[view.awaiting[0]]}. Lead color: {lead}.")
        lines += _plays_lines("Played", view.trick, names)
    if seat is not None and view.misery_cards[seat] is not None:
        own = view.misery_cards[seat]
        assert own is not None
        lines.append(f"Your misery card: {card_text(own)}")
    if not hand:
        lines.append("Your hand is empty.")
    rows = _hand_buttons(hand, channel_id, game_id, view.round, view.trick_number, disabled=disabled)
    return MessageSpec(_clip("\n".join(lines)), rows=rows)


def _hand_buttons(
    hand: Sequence[Card], channel_id: int, game_id: str, round_number: int, trick: int, *, disabled: bool
) -> tuple[tuple[Component, ...], ...]:
    """The card buttons of a hand, one row per color where Discord's limits allow."""
    return tuple(
        tuple(
            ButtonSpec(
                PlayId(channel_id, game_id, round_number, trick, card).encode(),
                str(card),
                card_emoji(card) or None,
                disabled=disabled,
            )
            for card in row
        )
        for row in hand_rows(hand)
    )


def played_message(
    view: View,
    names: Sequence[str],
    card: Card,
    channel_id: int,
    game_id: str,
    round_number: int,
    trick: int,
) -> MessageSpec:
    """A hand message after its owner played ``card`` in ``trick`` of ``round_number``: the rest
    of the hand, with its buttons disabled (the next turn comes as a new message). When that card
    ended the round (``view`` has moved on to the next round or the game is over), just the card."""
    if view.round != round_number or view.phase is Phase.GAME_OVER:
        return MessageSpec(f"You played **{card}** in the last trick of round {round_number}.")
    hand = tuple(view.hand or ())
    lines = [f"You played **{card}** in trick {trick} of round {round_number}."]
    rows = _hand_buttons(hand, channel_id, game_id, round_number, trick, disabled=True)
    return MessageSpec(_clip("\n".join(lines)), rows=rows)


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
        "channel to see your cards, pick your misery card and play."
    )


def turn_mention(user_id: int, round_number: int, trick: int) -> str:
    """Said in the channel on the turn of a player who plays through /hand."""
    return f"<@{user_id}> it is your turn (round {round_number}, trick {trick}): use **/hand**."


def misery_mention(user_id: int, round_number: int) -> str:
    """Said in the channel when a /hand player must pick a misery card."""
    return f"<@{user_id}> round {round_number}: pick your misery card with **/hand**."
