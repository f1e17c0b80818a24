"""A seat's private prompt: its hand as text, and the buttons of its decision.

- Bidding, the seat's turn: one button per bid from 0 to the hand size (intent: the bid's
  action text, ``b3``), five to a row; the dealer's forbidden bid is shown disabled and the
  text says why (or, when that number is outside 0..hand size, that the dealer is free).
- Tricks: one button per distinct card (intent ``pQC``; copies of several decks are one button
  labelled ``Q♣ x2``, since ``pQC`` plays any copy), enabled only for the cards the seat may
  play now (the suit led if it holds one), in at most :data:`CARD_ROWS` rows, one suit per row
  where that fits. Not its turn: the same buttons, all disabled.
- Not its turn to bid: the hand as text, no buttons, and whose turn it is.

Always shown: the seat's own bid and tricks taken this round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from stupid.actions import Action
from stupid.cards import Card, Suit
from stupid.game import Phase
from stupid.views import View
from tabletop.presentation import MAX_BUTTONS_PER_ROW, Button, Component, Message, Style, fit_rows
from tabletop.words import plural

from .table import bids_sum, cards_each, taking_line, winners_text
from .words import card_text, clip, hand_lines, plays_lines, suit_text, tricks_word

__all__ = [
    "CARD_ROWS",
    "acted_message",
    "bid_rows",
    "card_rows",
    "card_rows_layout",
    "dealer_note",
    "prompt_message",
]

CARD_ROWS: Final = 3
"""The most rows of card buttons: ten distinct cards always fit, and a phone shows them whole."""

Rows = tuple[tuple[Component, ...], ...]


def prompt_message(view: View, names: Sequence[str]) -> Message:
    """The seat's prompt for its own ``view``."""
    if view.phase is Phase.GAME_OVER:
        total = view.totals[view.seat] if view.seat is not None else 0
        return Message(
            f"**Stupid is over:** {winners_text(names, view.winners)}. Your total: {total}. "
            "The table message shows the final standings."
        )
    lines = [_header(view)]
    awaited = view.seat in view.awaiting
    rows: Rows = ()
    if view.phase is Phase.BIDDING:
        lines += _bidding_lines(view, names, awaited)
        if awaited:
            rows = bid_rows(view)
    else:
        lines += _trick_lines(view, names, awaited)
        rows = card_rows(view, enabled=awaited)
    lines.append(_own_line(view))
    lines += _hand_block(view)
    return Message(clip("\n".join(lines)), rows=rows)


def _header(view: View) -> str:
    return (
        f"**Stupid - round {view.round} of {view.rounds}** - {cards_each(view.hand_size)} - "
        f"trump card **{card_text(view.trump)}** ({suit_text(view.trump_suit)} are trump)"
    )


def _bidding_lines(view: View, names: Sequence[str], awaited: bool) -> list[str]:
    made = [(seat, bid) for seat, bid in enumerate(view.bids) if bid is not None]
    if made:
        said = ", ".join(f"{names[seat]} {bid}" for seat, bid in made)
        so_far = f"Bids so far: {said} (adding up to {bids_sum(view)})."
    else:
        so_far = "Nobody has bid yet."
    if not awaited:
        return [f"Waiting for **{names[view.awaiting[0]]}** to bid.", so_far]
    lines = [f"**Your turn to bid:** how many tricks will you take, exactly? {so_far}"]
    note = dealer_note(view)
    if note is not None:
        lines.append(note)
    return lines


def dealer_note(view: View) -> str | None:
    """Why the dealer may not make one bid, or that it may make any (its bids outside 0..hand
    size); None unless the seat is the dealer and about to bid."""
    if view.phase is not Phase.BIDDING or view.seat != view.dealer or view.seat not in view.awaiting:
        return None
    others = bids_sum(view)
    tricks = tricks_word(view.hand_size)
    forbidden = view.hand_size - others
    if forbidden >= 0:
        return f"As dealer you may not bid {forbidden}: the bids would add up to the {tricks} of this round."
    return (
        f"As dealer you may bid anything: the others' bids already add up to {others}, "
        f"more than the {tricks} of this round."
    )


def _trick_lines(view: View, names: Sequence[str], awaited: bool) -> list[str]:
    number = len(view.tricks) + 1
    lead = view.lead_suit
    lines = [f"Trick {number} of {view.hand_size} - lead suit: {suit_text(lead) if lead else 'not led yet'}"]
    if view.trick:
        lines += plays_lines("Played", view.trick, names)
        lines += taking_line(view, names)
    if not awaited:
        lines.append(f"Waiting for **{names[view.awaiting[0]]}** to play.")
    elif lead is None:
        lines.append("**Your turn:** you lead, play any card.")
    elif any(card.suit is lead for card in view.hand or ()):
        lines.append(f"**Your turn:** follow suit, play a {lead.value[:-1]} ({lead.symbol}).")
    else:
        lines.append(f"**Your turn:** you have no {lead.value}, play any card.")
    return lines


def _own_line(view: View) -> str:
    seat = view.seat
    if seat is None:
        return ""
    bid = view.bids[seat]
    said = "not made yet" if bid is None else str(bid)
    return f"Your bid: {said} - tricks taken: {view.tricks_taken[seat]}"


def _hand_block(view: View) -> list[str]:
    hand = view.hand or ()
    return [f"Your hand ({plural(len(hand), 'card')}):", *hand_lines(hand, view.trump_suit)]


def bid_rows(view: View) -> Rows:
    """Bid buttons 0..hand size, five to a row (eleven at most: three rows); only the legal
    bids enabled (the dealer's forbidden one is shown disabled)."""
    buttons = [
        Button(
            str(number),
            Action.bid(number).encode(),
            style="primary" if number in view.legal else "danger",
            disabled=number not in view.legal,
        )
        for number in range(view.hand_size + 1)
    ]
    step = MAX_BUTTONS_PER_ROW
    return tuple(tuple(buttons[start : start + step]) for start in range(0, len(buttons), step))


def card_rows(view: View, *, enabled: bool) -> Rows:
    """The seat's hand as buttons, one per distinct card; enabled (if ``enabled``) only for the
    cards it may play now."""
    counts = Counter(view.hand or ())
    legal = set(view.legal) if enabled else set()
    return tuple(
        tuple(_card_button(card, counts[card], view.trump_suit, card in legal) for card in row)
        for row in card_rows_layout(sorted(counts))
    )


def _card_button(card: Card, copies: int, trump: Suit, enabled: bool) -> Button:
    label = card_text(card) + (f" x{copies}" if copies > 1 else "")
    style: Style = "primary" if card.suit is trump else "secondary"
    return Button(label, Action.play(card).encode(), style=style, disabled=not enabled)


def card_rows_layout(cards: Sequence[Card], max_rows: int = CARD_ROWS) -> list[list[Card]]:
    """Distinct sorted ``cards`` laid out in rows of at most five: one suit per row where the
    rows allow, else neighbouring suits share a row (the pair with the fewest cards first),
    else the cards simply fill the rows in order."""
    suits = [[card for card in cards if card.suit is suit] for suit in Suit]
    return fit_rows(suits, cards, MAX_BUTTONS_PER_ROW, max_rows)


def acted_message(view: View, action: Action) -> Message:
    """What the clicked prompt becomes once its seat took ``action`` (``view``: the seat's view
    afterwards): the bid or card and the hand, with no live button."""
    if action.kind == "bid":
        lines = [f"You bid **{action.number}** in round {view.round}.", _own_line(view), *_hand_block(view)]
        return Message(clip("\n".join(lines)))
    assert action.card is not None
    card = card_text(action.card)
    if view.phase is not Phase.TRICKS:  # that card ended the round (or the game)
        closed = view.round - 1 if view.phase is Phase.BIDDING else view.round
        return Message(f"You played **{card}** in the last trick of round {closed}.")
    in_trick = any(seat == view.seat for seat, _ in view.trick)
    number = len(view.tricks) + (1 if in_trick else 0)
    lines = [f"You played **{card}** in trick {number} of round {view.round}.", _own_line(view)]
    lines += _hand_block(view)
    return Message(clip("\n".join(lines)), rows=card_rows(view, enabled=False))
