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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.custom_ids import LobbyId, MiseryConfirmId, MiserySelectId, PlayId, StopId
from stickem import TRICKS_PER_ROUND, Card, Phase, Rules, View
from stickem.events import GameOver, RoundScored, TrickSetAside, TrickWon

MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_CONTENT = 2000

COLOR_EMOJI: dict[str, str] = {
    "green": "\N{LARGE GREEN SQUARE}",
    "brown": "\N{LARGE BROWN SQUARE}",
    "red": "\N{LARGE RED SQUARE}",
    "blue": "\N{LARGE BLUE SQUARE}",
    "yellow": "\N{LARGE YELLOW SQUARE}",
    "violet": "\N{LARGE PURPLE SQUARE}",
}


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


# --- cards ------------------------------------------------------------------------------------


def card_emoji(card: Card) -> str:
    """The color square of a card (a visual aid; never used alone)."""
    return COLOR_EMOJI.get(card.color.value, "")


def card_text(card: Card) -> str:
    """A card for messages: ``🟥 red 7``."""
    return f"{card_emoji(card)} {card}".strip()


def cards_text(cards: Iterable[Card]) -> str:
    """Cards for messages, comma separated, or "none"."""
    text = ", ".join(card_text(card) for card in cards)
    return text or "none"


def hand_lines(cards: Sequence[Card]) -> list[str]:
    """A hand written one color per line: ``🟥 red 2, red 7``."""
    lines = []
    for group in _by_color(cards):
        lines.append(f"{card_emoji(group[0])} " + ", ".join(str(card) for card in group))
    return lines


def _by_color(cards: Sequence[Card]) -> list[list[Card]]:
    groups: list[list[Card]] = []
    for card in sorted(cards):
        if groups and groups[-1][0].color == card.color:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def hand_rows(
    cards: Sequence[Card], max_rows: int = MAX_ROWS, per_row: int = MAX_PER_ROW
) -> list[list[Card]]:
    """Lay out a hand as button rows: one row per color where Discord's limits allow.

    A color with more than ``per_row`` cards takes several rows; when there are more groups than
    rows, the two neighbouring groups that fit together with the fewest cards are merged, and if
    nothing fits any more the cards simply fill the rows in order.
    """
    groups: list[list[Card]] = []
    for color_group in _by_color(cards):
        for start in range(0, len(color_group), per_row):
            groups.append(color_group[start : start + per_row])
    while len(groups) > max_rows:
        pairs = [i for i in range(len(groups) - 1) if len(groups[i]) + len(groups[i + 1]) <= per_row]
        if not pairs:
            flat = sorted(cards)
            return [flat[i : i + per_row] for i in range(0, len(flat), per_row)]
        best = min(pairs, key=lambda i: len(groups[i]) + len(groups[i + 1]))
        groups[best : best + 2] = [groups[best] + groups[best + 1]]
    return groups


# --- rules and lobby --------------------------------------------------------------------------


def rules_text(rules: Rules, players: int | None = None) -> str:
    """The rules of a game in one line."""
    if rules.rounds is not None:
        rounds = f"{rules.rounds} rounds"
    elif players is not None:
        rounds = f"{rules.rounds_for(players)} rounds (one per player)"
    else:
        rounds = "one round per player"
    zero = "first card wins" if rules.all_zero == "first" else "nobody wins"
    lead = "lowest total leads" if rules.first_lead == "lowest_score" else "lead rotates"
    return (
        f"**{rules.preset}** ({rules.min_players}-{rules.max_players} players, {rounds}, "
        f"all-zero trick: {zero}, {lead})"
    )


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


# --- the table message (public) -------------------------------------------------------------


def _plays_text(plays: Sequence[tuple[int, Card]], names: Sequence[str]) -> str:
    return ", ".join(f"{names[seat]}: {card_text(card)}" for seat, card in plays) or "none yet"


ONE_PLAY_PER_LINE_FROM = 5
"""From this many players on, the plays of a trick are listed one per line (phones)."""


def _plays_lines(
    label: str, plays: Sequence[tuple[int, Card]], names: Sequence[str], suffix: str = ""
) -> list[str]:
    """``label: plays`` on one line, or with many players the label and one line per play."""
    if len(names) < ONE_PLAY_PER_LINE_FROM or not plays:
        return [f"{label}: {_plays_text(plays, names)}{suffix}"]
    return [f"{label}{suffix}:"] + [f"- {names[seat]}: {card_text(card)}" for seat, card in plays]


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
    that was ``stopped``: then nobody is waited for). With a ``timer``, a line shows the turn
    timer and the current wait's deadline as a Discord timestamp, which each client shows
    in its own locale and counts down by itself (no edits)."""
    lines = [
        f"**Stick'em** - round {view.round} of {view.rounds} - rules: {view.rules.preset}"
        + (" - **stopped**" if stopped else ""),
    ]
    if view.phase is Phase.MISERY:
        lines.append("Everyone is choosing a misery card (by direct message, or with /hand here).")
        waiting = [names[seat] for seat, picked in enumerate(view.picked) if not picked]
        if not stopped:
            lines.append("Waiting for: " + (", ".join(waiting) or "nobody"))
    elif view.phase is Phase.TRICKS:
        lead = view.lead_color.value if view.lead_color is not None else "not played yet"
        lines.append(f"Trick {view.trick_number} of {TRICKS_PER_ROUND} - lead color: {lead}")
        lines += _plays_lines("Played", view.trick, names)
        if view.awaiting and not stopped:
            lines.append(f"Turn: **{names[view.awaiting[0]]}**")
    if timer is not None:
        lines.append(timer_line(timer, running=not stopped))
    lines.append("")
    lines.append("Players:")
    for seat, name in enumerate(names):
        misery = view.misery_cards[seat]
        if misery is not None:
            status = f"misery {card_text(misery)}"
        elif view.phase is Phase.MISERY:
            status = "has picked" if view.picked[seat] else "choosing"
        else:
            status = "misery hidden"
        lines.append(
            f"{seat + 1}. {name} - {status} - captured {view.captured_counts[seat]}"
            f" - total {view.totals[seat]}"
        )
    if view.undealt and view.phase is not Phase.MISERY:
        lines.append(f"Undealt (out of play): {cards_text(view.undealt)}")
    if view.tricks and view.phase is Phase.TRICKS:  # this round's last trick only
        trick = view.tricks[-1]
        taker = names[trick.winner] if trick.winner is not None else "nobody (set aside)"
        lines.append("")
        lines += _plays_lines(f"Last trick ({trick.number})", trick.plays, names, f" - taken by {taker}")
    return MessageSpec(_clip("\n".join(lines)))


def table_round_over(
    names: Sequence[str],
    round_number: int,
    last_trick: TrickWon | TrickSetAside | None,
    scored: RoundScored,
) -> MessageSpec:
    """The table message once its round is over: misery cards and the last trick."""
    lines = [f"**Stick'em** - round {round_number} is over."]
    for seat, name in enumerate(names):
        lines.append(
            f"{seat + 1}. {name} - misery {card_text(scored.misery_cards[seat])}"
            f" - captured {scored.captured_counts[seat]}"
        )
    if last_trick is not None:
        taker = names[last_trick.winner] if isinstance(last_trick, TrickWon) else "nobody (set aside)"
        lines += _plays_lines(
            f"Last trick ({last_trick.trick})", last_trick.plays, names, f" - taken by {taker}"
        )
    return MessageSpec(_clip("\n".join(lines)))


def round_scored_embed(names: Sequence[str], scored: RoundScored, rounds: int) -> discord.Embed:
    """The end-of-round embed: per player two short lines (misery card, round score and total;
    cards captured and the captured misery cards), compact enough for a phone."""
    lines = []
    for seat, name in enumerate(names):
        lines.append(
            f"**{name}** - misery {card_text(scored.misery_cards[seat])} - "
            f"round {scored.scores[seat]:+d} - total {scored.totals[seat]}"
        )
        lines.append(
            f"\N{NO-BREAK SPACE}\N{NO-BREAK SPACE}captured {scored.captured_counts[seat]} cards; "
            f"misery cards: {cards_text(scored.captured_misery[seat])}"
        )
    return discord.Embed(
        title=f"Round {scored.round} of {rounds} scored",
        description="\n".join(lines),
        colour=discord.Colour.blurple(),
    )


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


def game_over_message(names: Sequence[str], over: GameOver) -> MessageSpec:
    """The end of the game: the final standings and the winners."""
    winners = " and ".join(names[seat] for seat in over.winners)
    verb = "wins" if len(over.winners) == 1 else "share the win"
    embed = discord.Embed(
        title="Final standings",
        description="\n".join(standings_lines(names, over.totals)),
        colour=discord.Colour.gold(),
    )
    return MessageSpec(f"**Game over!** {winners} {verb}.", (embed,))


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


def _clip(text: str) -> str:
    if len(text) <= MAX_CONTENT:
        return text
    return text[: MAX_CONTENT - 1] + "\N{HORIZONTAL ELLIPSIS}"
