"""The public table message: the round, the trump card, the bidding or the trick, per player
the bid, the tricks taken and the total, the last trick; and its last form when a round closes.

Built from the public view only (``game.view(None)``) or from public events, so it cannot show
a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from stupid.events import RoundScored, TrickWon
from stupid.game import Phase
from stupid.tricks import trick_winner
from stupid.views import View
from tabletop.presentation import Message
from tabletop.words import plural

from .words import card_text, fitted, plays_lines, suit_text, tricks_word

__all__ = [
    "bids_sum",
    "cards_each",
    "round_closed_message",
    "table_message",
    "taking_line",
    "winners_text",
]


def cards_each(count: int) -> str:
    """``1 card each``, ``7 cards each``."""
    return f"{plural(count, 'card')} each"


def bids_sum(view: View) -> int:
    """The bids made so far this round, added up."""
    return sum(bid for bid in view.bids if bid is not None)


def taking_line(view: View, names: Sequence[str]) -> list[str]:
    """Who takes the trick being played if nothing better comes: ``Taking it so far: Bob (K♣)``
    (no line before its first card)."""
    if not view.trick:
        return []
    seat, card = view.trick[trick_winner([card for _, card in view.trick], view.trump)]
    return [f"Taking it so far: {names[seat]} ({card_text(card)})"]


def winners_text(names: Sequence[str], winners: Sequence[int]) -> str:
    """``Alice wins`` or ``Alice and Bob share the win``."""
    who = " and ".join(names[seat] for seat in winners)
    return f"{who} wins" if len(winners) == 1 else f"{who} share the win"


def table_message(view: View, names: Sequence[str], *, notes: Sequence[str], stopped: bool) -> Message:
    """The channel's table message for the public ``view``; ``notes`` (the host's timer line)
    go before the players; ``stopped``: the game was ended early, nobody is waited for."""
    return Message(fitted(lambda level: _table_lines(view, names, notes, stopped, level), 3))


def _table_lines(
    view: View, names: Sequence[str], notes: Sequence[str], stopped: bool, level: int
) -> list[str]:
    """The table message's lines; from ``level`` 1 the last trick is written compactly, from 2
    the trick being played too (for 14 long names)."""
    over = view.phase is Phase.GAME_OVER
    state = " - **stopped**" if stopped else " - **game over**" if over else ""
    lines = [
        f"**Stupid** - round {view.round} of {view.rounds} - {cards_each(view.hand_size)} - "
        f"dealer: {names[view.dealer]}{state}",
        f"Trump card: **{card_text(view.trump)}** - {suit_text(view.trump_suit)} are trump",
    ]
    waiting = bool(view.awaiting) and not stopped
    total = bids_sum(view)
    if view.phase is Phase.BIDDING:
        made = sum(bid is not None for bid in view.bids)
        lines.append(
            f"Bidding: {made} of {view.players} bids made, adding up to {total} "
            f"(this round has {tricks_word(view.hand_size)})"
        )
        if waiting:
            lines.append(f"To bid: **{names[view.awaiting[0]]}**")
    elif view.phase is Phase.TRICKS:
        lead = suit_text(view.lead_suit) if view.lead_suit is not None else "not led yet"
        lines.append(f"Trick {len(view.tricks) + 1} of {view.hand_size} - lead suit: {lead}")
        lines += plays_lines("Played", view.trick, names, compact=level >= 2)
        lines += taking_line(view, names)
        lines.append(f"Bids add up to {total} for {tricks_word(view.hand_size)}.")
        if waiting:
            lines.append(f"Turn: **{names[view.awaiting[0]]}**")
    else:
        lines.append(f"**Game over:** {winners_text(names, view.winners)}.")
    lines += notes
    lines += ["", "Players:"]
    lines += [_player_line(view, names, seat) for seat in range(view.players)]
    last = view.last_trick
    if last is not None and view.phase is not Phase.BIDDING:
        label = f"Last trick ({last.number})"
        lines.append("")
        taker = f" - taken by {names[last.winner]}"
        lines += plays_lines(label, last.plays, names, taker, compact=level >= 1)
    return lines


def _player_line(view: View, names: Sequence[str], seat: int) -> str:
    """``3. Carol (dealer) - bid 2 - took 1 - total 45`` (no tricks taken while bidding)."""
    bid = view.bids[seat]
    parts = [f"{seat + 1}. {names[seat]}" + (" (dealer)" if seat == view.dealer else "")]
    parts.append("no bid yet" if bid is None else f"bid {bid}")
    if view.phase is not Phase.BIDDING:
        parts.append(f"took {view.tricks_taken[seat]}")
    parts.append(f"total {view.totals[seat]}")
    return " - ".join(parts)


def round_closed_message(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """The table message's last form for a round that ``events`` closed: per player the bid
    against the tricks taken, and the last trick; None if no round closed."""
    scored = next((event for event in events if isinstance(event, RoundScored)), None)
    if scored is None:
        return None
    tricks = [event for event in events if isinstance(event, TrickWon)]
    last = tricks[-1] if tricks else None
    size = view.rules.hand_sizes[scored.round - 1]

    def lines(level: int) -> list[str]:
        out = [f"**Stupid** - round {scored.round} of {view.rounds} is over ({cards_each(size)})."]
        for seat, name in enumerate(names):
            bid, taken = scored.bids[seat], scored.taken[seat]
            verdict = "made it" if bid == taken else "missed"
            out.append(f"{seat + 1}. {name} - bid {bid}, took {taken}: {verdict}")
        if last is not None:
            out.append("")
            out += plays_lines(
                f"Last trick ({last.trick})", last.plays, names, f" - taken by {names[last.winner]}",
                compact=level >= 1,
            )
        return out

    return Message(fitted(lines))
