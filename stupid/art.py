"""Stupid drawn as pictures: the hand (by suit, the cards that may be played raised and marked,
the trump card beside it) and the table (the trump card, each seat's card in the trick, who
led, bids and tricks taken); each a :class:`~tabletop.drawing.Picture`, PNG bytes with the
description that says the same in words. Pure and deterministic: the same view gives the same
bytes. The only module of this package that imports Pillow (through the drawing kit).

Suits are drawn as a four-colour deck (clubs green, diamonds blue, hearts vermillion, spades
black), each with its own shape. Names of the players are given by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, groupby

from tabletop.drawing import CARD, SMALL, Canvas, Face, Picture, flow_groups, totals_chart
from tabletop.drawing.canvas import MARGIN, RAISE, WIDTH
from tabletop.drawing.palette import INK, MUTED, ORANGE, YELLOW
from tabletop.drawing.seats import SEAT_CARD_TOP, SEAT_GAP, draw_seat, seat_columns
from tabletop.drawing.suits import SUIT_STYLE, rank_text
from tabletop.words import plural

from .cards import Card
from .game import Phase
from .views import View

__all__ = ["card_face", "chart_picture", "hand_picture", "table_picture"]


def card_face(card: Card) -> Face:
    """How ``card`` looks: its rank, its suit's shape and colour, on a white card."""
    color, shape = SUIT_STYLE[card.suit.value]
    return Face(rank_text(card.rank), shape, color)


def _rank_word(card: Card) -> str:
    return card.name.split(" of ")[0]


def _cards_words(cards: Sequence[Card]) -> str:
    """``clubs 2, 7 and queen; hearts ace``: cards in words, one suit at a time."""
    parts = []
    for suit, group in groupby(sorted(cards), key=lambda card: card.suit):
        ranks = [_rank_word(card) for card in group]
        listed = ranks[0] if len(ranks) == 1 else f"{', '.join(ranks[:-1])} and {ranks[-1]}"
        parts.append(f"{suit.value} {listed}")
    return "; ".join(parts) if parts else "none"


def _playable(view: View) -> frozenset[Card]:
    return frozenset(item for item in view.legal if isinstance(item, Card))


def _hand_status(view: View, playable: frozenset[Card]) -> str:
    awaited = view.seat is not None and view.seat in view.awaiting
    if view.phase is Phase.GAME_OVER:
        return "The game is over"
    if not awaited:
        return "Not your turn"
    if view.phase is Phase.BIDDING:
        return "Your turn to bid"
    if view.hand is not None and playable == frozenset(view.hand):
        return "Your turn: play any card"
    return "Your turn: play a raised card"


def hand_picture(view: View) -> Picture:
    """The viewer's hand by suit, sorted, the cards it may play now raised and marked, and the
    trump card. ValueError for a spectator's view (it has no hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to draw")
    playable = _playable(view)
    status = _hand_status(view, playable)
    groups = [list(group) for _, group in groupby(view.hand, key=lambda card: card.suit)]
    spots = flow_groups([len(group) for group in groups], WIDTH - 2 * MARGIN)
    rows = 1 + max((row for group in spots for _, row in group), default=0)
    top = MARGIN + 100
    row_height = CARD.height + RAISE + 16
    canvas = Canvas(WIDTH, top + max(1, rows) * row_height + MARGIN)
    count = len(view.hand)
    canvas.text((MARGIN, MARGIN), f"Your hand · {plural(count, 'card')}", 30, bold=True)
    canvas.text((MARGIN, MARGIN + 38), status, 22, YELLOW if playable else MUTED)
    x = WIDTH - MARGIN - SMALL.width
    canvas.card(card_face(view.trump), (x, MARGIN), SMALL)
    canvas.text(
        (x - 10, MARGIN + SMALL.height // 2), f"trump: {view.trump_suit.value}", 22, MUTED, anchor="rm"
    )
    for group, places in zip(groups, spots, strict=True):
        for card, (x, row) in zip(group, places, strict=True):
            raised = card in playable
            corner = (MARGIN + x, top + row * row_height + (0 if raised else RAISE))
            canvas.card(card_face(card), corner)
            if raised:
                canvas.playable_mark(corner)
    words = f"Your hand, {plural(count, 'card')}: {_cards_words(view.hand)}."
    words += f" Trump: {view.trump_suit.value} ({view.trump.name} turned up). {status}."
    if playable and playable != frozenset(view.hand):
        words += f" You may play: {_cards_words(sorted(playable))}."
    return canvas.picture(words)


def _trick_to_show(view: View) -> tuple[str, tuple[tuple[int, Card], ...], int | None]:
    """The title, the plays and the winner (None while playing) of the trick to draw."""
    if view.phase is Phase.BIDDING:
        return "bidding", (), None
    if view.trick or view.last_trick is None:
        return f"trick {len(view.tricks) + 1} of {view.hand_size}", view.trick, None
    return f"trick {view.last_trick.number}, taken", view.last_trick.plays, view.last_trick.winner


def _bid_line(view: View, seat: int) -> str:
    bid = view.bids[seat]
    if view.phase is Phase.BIDDING:
        return f"bid {bid}" if bid is not None else "bid ?"
    return f"bid {bid} · took {view.tricks_taken[seat]}"


def table_picture(view: View, names: Sequence[str]) -> Picture:
    """The table: the trump card, each seat with the card it played to the trick (the leading
    card tagged, the seat whose turn it is framed), its bid and the tricks it has taken. Between
    two tricks the last trick is shown with the seat that took it."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    title, plays, winner = _trick_to_show(view)
    played = dict(plays)
    leader = plays[0][0] if plays else None
    columns, tile_width = seat_columns(view.players)
    rows = (view.players + columns - 1) // columns
    tile_height = SEAT_CARD_TOP + CARD.height + 62
    header = MARGIN + SMALL.height + 12
    canvas = Canvas(WIDTH, header + rows * (tile_height + SEAT_GAP) + MARGIN - SEAT_GAP)
    canvas.text((MARGIN, MARGIN), f"Round {view.round} of {view.rounds}", 28, bold=True)
    cards = f"{plural(view.hand_size, 'card')} each · {title}"
    canvas.text((MARGIN, MARGIN + 40), cards, 22, MUTED)
    x = WIDTH - MARGIN - SMALL.width
    canvas.card(card_face(view.trump), (x, MARGIN), SMALL)
    canvas.text(
        (x - 10, MARGIN + SMALL.height // 2), f"trump: {view.trump_suit.value}", 22, MUTED, anchor="rm"
    )
    row_width = columns * tile_width + (columns - 1) * SEAT_GAP
    left = (WIDTH - row_width) // 2
    for seat in range(view.players):
        row, column = divmod(seat, columns)
        x = left + column * (tile_width + SEAT_GAP)
        y = header + row * (tile_height + SEAT_GAP)
        card = played.get(seat)
        tag, tag_color = ("", INK)
        if winner is not None and seat == winner:
            tag, tag_color = "TOOK IT", YELLOW
        elif seat == leader:
            tag, tag_color = "LEAD", ORANGE
        turn = winner is None and seat in view.awaiting
        face = None if card is None else card_face(card)
        draw_seat(
            canvas,
            (x, y),
            (tile_width, tile_height),
            names[seat],
            face,
            tag=tag,
            tag_color=tag_color,
            turn=turn,
        )
        below = y + SEAT_CARD_TOP + CARD.height + 8
        canvas.fitted_text((x + tile_width / 2, below), _bid_line(view, seat), 20, tile_width - 8, INK, "mt")
        if seat == view.dealer:
            canvas.text((x + tile_width / 2, below + 26), "dealer", 18, MUTED, anchor="mt")
    return canvas.picture(_table_words(view, names, title, plays, winner))


def _table_words(
    view: View, names: Sequence[str], title: str, plays: Sequence[tuple[int, Card]], winner: int | None
) -> str:
    parts = [
        f"Round {view.round} of {view.rounds}, {view.hand_size} cards each, {title}.",
        f"Trump: {view.trump_suit.value} ({view.trump.name} turned up). Dealer: {names[view.dealer]}.",
    ]
    if plays:
        parts.append(
            "; ".join(
                f"{names[seat]} {'led' if i == 0 else 'played'} {card.name}"
                for i, (seat, card) in enumerate(plays)
            )
            + "."
        )
        if winner is not None:
            parts.append(f"{names[winner]} took it.")
    bids = "; ".join(
        f"{names[seat]} bid {'nothing yet' if bid is None else bid}"
        + ("" if view.phase is Phase.BIDDING else f", took {view.tricks_taken[seat]}")
        for seat, bid in enumerate(view.bids)
    )
    parts.append(f"Bids: {bids}.")
    if view.awaiting and winner is None:
        parts.append(f"Waiting for {', '.join(names[seat] for seat in view.awaiting)}.")
    return " ".join(parts)


def chart_picture(view: View, names: Sequence[str]) -> Picture:
    """The chart of every seat's total after each round played so far (the final standings
    once the game is over), the winners marked."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    totals = list(
        accumulate(view.round_scores, lambda done, row: tuple(map(sum, zip(done, row, strict=True))))
    )
    over = view.phase is Phase.GAME_OVER
    title = "Final standings" if over else f"Standings after round {len(totals)}"
    return totals_chart(totals, names, title, view.winners if over else ())
