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
from stupid.texts import t
from stupid.views import View
from tabletop.catalog import Text
from tabletop.presentation import MAX_BUTTONS_PER_ROW, Button, Component, Message, Style, fit_rows

from .table import bids_sum, cards_each, taking_line, trick_heading, winners_text
from .words import (
    Words,
    card_text,
    fitted,
    hand_lines,
    plays_lines,
    suit_name,
    suit_one,
    suit_text,
    tricks_word,
)

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
        return Message(t("prompt.game_over", winners=winners_text(names, view.winners), total=total))
    lines: list[Words] = [_header(view)]
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
    return Message(fitted(lambda _: lines), rows=rows)


def _header(view: View) -> Text:
    return t(
        "prompt.header",
        round=view.round,
        rounds=view.rounds,
        cards=cards_each(view.hand_size),
        card=card_text(view.trump),
        suit=suit_text(view.trump_suit),
    )


def _bidding_lines(view: View, names: Sequence[str], awaited: bool) -> list[Words]:
    made = [(seat, bid) for seat, bid in enumerate(view.bids) if bid is not None]
    so_far: Text
    if made:
        said = ", ".join(f"{names[seat]} {bid}" for seat, bid in made)
        so_far = t("prompt.bids_so_far", bids=said, total=bids_sum(view))
    else:
        so_far = t("prompt.nobody_bid")
    if not awaited:
        return [t("prompt.waiting_bid", name=names[view.awaiting[0]]), so_far]
    lines: list[Words] = [t("prompt.your_bid", so_far=so_far)]
    note = dealer_note(view)
    if note is not None:
        lines.append(note)
    return lines


def dealer_note(view: View) -> Text | None:
    """Why the dealer may not make one bid, or that it may make any (its bids outside 0..hand
    size); None unless the seat is the dealer and about to bid."""
    if view.phase is not Phase.BIDDING or view.seat != view.dealer or view.seat not in view.awaiting:
        return None
    others = bids_sum(view)
    tricks = tricks_word(view.hand_size)
    forbidden = view.hand_size - others
    if forbidden >= 0:
        return t("prompt.dealer_forbidden", bid=forbidden, tricks=tricks)
    return t("prompt.dealer_free", others=others, tricks=tricks)


def _trick_lines(view: View, names: Sequence[str], awaited: bool) -> list[Words]:
    lead = view.lead_suit
    lines: list[Words] = [trick_heading(view)]
    if view.trick:
        lines += plays_lines(t("trick.played"), view.trick, names)
        lines += taking_line(view, names)
    if not awaited:
        lines.append(t("prompt.waiting_play", name=names[view.awaiting[0]]))
    elif lead is None:
        lines.append(t("prompt.you_lead"))
    elif any(card.suit is lead for card in view.hand or ()):
        lines.append(t("prompt.follow", suit=suit_one(lead), symbol=lead.symbol))
    else:
        lines.append(t("prompt.void", suit=suit_name(lead)))
    return lines


def _own_line(view: View) -> Words:
    seat = view.seat
    if seat is None:
        return ""
    bid = view.bids[seat]
    said: Words = t("prompt.no_bid") if bid is None else str(bid)
    return t("prompt.own", bid=said, taken=view.tricks_taken[seat])


def _hand_block(view: View) -> list[Words]:
    hand = view.hand or ()
    return [t("prompt.hand", count=len(hand)), *hand_lines(hand, view.trump_suit)]


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
    label = t("card.copies", card=card_text(card), copies=copies) if copies > 1 else card_text(card)
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
        assert action.number is not None
        bid: list[Words] = [t("acted.bid", bid=action.number, round=view.round), _own_line(view)]
        bid += _hand_block(view)
        return Message(fitted(lambda _: bid))
    assert action.card is not None
    card = card_text(action.card)
    if view.phase is not Phase.TRICKS:  # that card ended the round (or the game)
        closed = view.round - 1 if view.phase is Phase.BIDDING else view.round
        return Message(t("acted.last_card", card=card, round=closed))
    in_trick = any(seat == view.seat for seat, _ in view.trick)
    number = len(view.tricks) + (1 if in_trick else 0)
    played: list[Words] = [t("acted.card", card=card, trick=number, round=view.round), _own_line(view)]
    played += _hand_block(view)
    return Message(fitted(lambda _: played), rows=card_rows(view, enabled=False))
