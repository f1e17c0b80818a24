"""Stupid drawn as pictures: the hand (by suit, the cards that may be played raised and marked,
the trump card beside it) and the table (the trump card, each seat's card in the trick, who
led, bids and tricks taken); each a :class:`~tabletop.drawing.Picture`, PNG bytes with the
description that says the same in words. Pure and deterministic: the same view gives the same
bytes. The only module of this package that imports Pillow (through the drawing kit).

Every word on a picture and in its description comes from Stupid's catalog (``art.*``) in the
``language`` asked for (English if not given: a catalog language or a Discord locale).

Suits are drawn as a four-colour deck (clubs green, diamonds blue, hearts vermillion, spades
black), each with its own shape. Names of the players are given by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, groupby

from tabletop.catalog import DEFAULT_LANGUAGE, Text
from tabletop.drawing import CARD, SMALL, Canvas, Face, Picture, flow_groups, game_chart
from tabletop.drawing.canvas import MARGIN, RAISE, WIDTH
from tabletop.drawing.palette import INK, MUTED, ORANGE, YELLOW
from tabletop.drawing.seats import SEAT_CARD_TOP, SEAT_GAP, draw_seat, seat_columns
from tabletop.drawing.suits import SUIT_STYLE, rank_text

from .cards import Card
from .drawn_hand import DrawnHand, drawn_hand
from .game import Phase
from .texts import t
from .views import View

__all__ = ["card_face", "chart_picture", "hand_picture", "table_picture"]


_FACE_RANKS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
"""The ranks printed as a letter, by the name of their letter in the catalog (``rank.jack``)."""


def card_face(card: Card, language: str = DEFAULT_LANGUAGE) -> Face:
    """How ``card`` looks: its rank (a face card's letter in ``language``: Q, or D in German),
    its suit's shape and colour, on a white card."""
    color, shape = SUIT_STYLE[card.suit.value]
    name = _FACE_RANKS.get(card.rank)
    rank = rank_text(card.rank) if name is None else _w(language, t(f"rank.{name}"))
    return Face(rank, shape, color)


def _w(language: str, text: Text) -> str:
    """One of Stupid's texts in ``language``, filled in now (a picture is drawn at once)."""
    return text.render(language)


def _rank_word(card: Card, language: str) -> str:
    return _w(language, t(f"art.rank.{card.name.split(' of ')[0]}"))


def _suit_word(card: Card, language: str) -> str:
    return _w(language, t(f"suit.{card.suit.value}"))


def _card_words(card: Card, language: str) -> str:
    """``queen of clubs`` (``Kreuz-Dame``)."""
    return _w(language, t("art.card", rank=_rank_word(card, language), suit=_suit_word(card, language)))


def _cards_words(cards: Sequence[Card], language: str) -> str:
    """``clubs two, seven and queen; hearts ace``: cards in words, one suit at a time."""
    parts = []
    for _, group in groupby(sorted(cards), key=lambda card: card.suit):
        held = list(group)
        ranks = [_rank_word(card, language) for card in held]
        listed = (
            ranks[0]
            if len(ranks) == 1
            else _w(language, t("list.and", first=", ".join(ranks[:-1]), last=ranks[-1]))
        )
        parts.append(_w(language, t("art.suit_ranks", suit=_suit_word(held[0], language), ranks=listed)))
    return "; ".join(parts) if parts else _w(language, t("art.none"))


def hand_picture(view: View | DrawnHand, language: str = DEFAULT_LANGUAGE) -> Picture:
    """The viewer's hand by suit, sorted, the cards it may play now raised and marked, and the
    trump card, in ``language``'s words (``view``: a seat's view, or what it shows of its hand).
    ValueError for a spectator's view (it has no hand)."""
    hand = view if isinstance(view, DrawnHand) else drawn_hand(view)
    playable = hand.playable
    status = _w(language, hand.status)
    groups = [list(group) for _, group in groupby(hand.cards, key=lambda card: card.suit)]
    spots = flow_groups([len(group) for group in groups], WIDTH - 2 * MARGIN)
    rows = 1 + max((row for group in spots for _, row in group), default=0)
    top = MARGIN + 100
    row_height = CARD.height + RAISE + 16
    canvas = Canvas(WIDTH, top + max(1, rows) * row_height + MARGIN)
    count = len(hand.cards)
    cards = _w(language, t("art.cards", count=count))
    canvas.text((MARGIN, MARGIN), _w(language, t("art.hand_title", cards=cards)), 30, bold=True)
    canvas.text((MARGIN, MARGIN + 38), status, 22, YELLOW if playable else MUTED)
    x = WIDTH - MARGIN - SMALL.width
    canvas.card(card_face(hand.trump, language), (x, MARGIN), SMALL)
    trump_suit = _w(language, t(f"suit.{hand.trump.suit.value}"))
    trump_label = _w(language, t("art.trump_label", suit=trump_suit))
    canvas.text((x - 10, MARGIN + SMALL.height // 2), trump_label, 22, MUTED, anchor="rm")
    for group, places in zip(groups, spots, strict=True):
        for card, (x, row) in zip(group, places, strict=True):
            raised = card in playable
            corner = (MARGIN + x, top + row * row_height + (0 if raised else RAISE))
            canvas.card(card_face(card, language), corner)
            if raised:
                canvas.playable_mark(corner)
    words = _w(
        language,
        t(
            "art.hand_words",
            cards=cards,
            list=_cards_words(hand.cards, language),
            suit=trump_suit,
            card=_card_words(hand.trump, language),
            status=status,
        ),
    )
    if playable and playable != frozenset(hand.cards):
        words += " " + _w(language, t("art.may_play", list=_cards_words(sorted(playable), language)))
    return canvas.picture(words)


def _trick_to_show(view: View, language: str) -> tuple[str, tuple[tuple[int, Card], ...], int | None]:
    """The title, the plays and the winner (None while playing) of the trick to draw."""
    if view.phase is Phase.BIDDING:
        return _w(language, t("art.bidding")), (), None
    if view.trick or view.last_trick is None:
        return (
            _w(language, t("art.trick_of", number=len(view.tricks) + 1, tricks=view.hand_size)),
            view.trick,
            None,
        )
    taken = _w(language, t("art.trick_taken", number=view.last_trick.number))
    return taken, view.last_trick.plays, view.last_trick.winner


def _bid_line(view: View, seat: int, language: str) -> str:
    bid = view.bids[seat]
    if view.phase is Phase.BIDDING:
        return _w(language, t("art.bid", bid=bid)) if bid is not None else _w(language, t("art.bid_open"))
    return _w(language, t("art.bid_took", bid=str(bid), took=view.tricks_taken[seat]))


def table_picture(view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Picture:
    """The table: the trump card, each seat with the card it played to the trick (the leading
    card tagged, the seat whose turn it is framed), its bid and the tricks it has taken, in
    ``language``'s words. Between two tricks the last trick is shown with the seat that took it."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    title, plays, winner = _trick_to_show(view, language)
    played = dict(plays)
    leader = plays[0][0] if plays else None
    columns, tile_width = seat_columns(view.players)
    rows = (view.players + columns - 1) // columns
    tile_height = SEAT_CARD_TOP + CARD.height + 62
    header = MARGIN + SMALL.height + 12
    canvas = Canvas(WIDTH, header + rows * (tile_height + SEAT_GAP) + MARGIN - SEAT_GAP)
    canvas.text(
        (MARGIN, MARGIN), _w(language, t("art.round_of", round=view.round, rounds=view.rounds)), 28, bold=True
    )
    cards = _w(language, t("art.each", cards=_w(language, t("art.cards", count=view.hand_size)), title=title))
    canvas.text((MARGIN, MARGIN + 40), cards, 22, MUTED)
    x = WIDTH - MARGIN - SMALL.width
    canvas.card(card_face(view.trump, language), (x, MARGIN), SMALL)
    trump_label = _w(language, t("art.trump_label", suit=_w(language, t(f"suit.{view.trump_suit.value}"))))
    canvas.text((x - 10, MARGIN + SMALL.height // 2), trump_label, 22, MUTED, anchor="rm")
    row_width = columns * tile_width + (columns - 1) * SEAT_GAP
    left = (WIDTH - row_width) // 2
    for seat in range(view.players):
        row, column = divmod(seat, columns)
        x = left + column * (tile_width + SEAT_GAP)
        y = header + row * (tile_height + SEAT_GAP)
        card = played.get(seat)
        tag, tag_color = ("", INK)
        if winner is not None and seat == winner:
            tag, tag_color = _w(language, t("art.took_it")), YELLOW
        elif seat == leader:
            tag, tag_color = _w(language, t("art.lead")), ORANGE
        turn = winner is None and seat in view.awaiting
        face = None if card is None else card_face(card, language)
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
        bid_line = _bid_line(view, seat, language)
        canvas.fitted_text((x + tile_width / 2, below), bid_line, 20, tile_width - 8, INK, "mt")
        if seat == view.dealer:
            canvas.text(
                (x + tile_width / 2, below + 26), _w(language, t("art.dealer")), 18, MUTED, anchor="mt"
            )
    return canvas.picture(_table_words(view, names, (title, plays, winner), language))


def _table_words(
    view: View,
    names: Sequence[str],
    shown: tuple[str, Sequence[tuple[int, Card]], int | None],
    language: str,
) -> str:
    title, plays, winner = shown
    trump = _w(language, t(f"suit.{view.trump_suit.value}"))
    parts = [
        _w(
            language,
            t("art.table_round", round=view.round, rounds=view.rounds, count=view.hand_size, title=title),
        ),
        _w(
            language,
            t(
                "art.table_trump",
                suit=trump,
                card=_card_words(view.trump, language),
                dealer=names[view.dealer],
            ),
        ),
    ]
    if plays:
        parts.append(
            "; ".join(
                _w(language, _play_words(i == 0, names[seat], _card_words(card, language)))
                for i, (seat, card) in enumerate(plays)
            )
            + "."
        )
        if winner is not None:
            parts.append(_w(language, t("art.took", name=names[winner])))
    bids = "; ".join(_seat_bid(view, names, seat, language) for seat in range(view.players))
    parts.append(_w(language, t("art.bids", bids=bids)))
    if view.awaiting and winner is None:
        parts.append(_w(language, t("art.waiting", names=", ".join(names[seat] for seat in view.awaiting))))
    return " ".join(parts)


def _play_words(led: bool, name: str, card: str) -> Text:
    """``Ada led queen of clubs`` / ``Bo played two of hearts``."""
    return t("art.led", name=name, card=card) if led else t("art.played", name=name, card=card)


def _seat_bid(view: View, names: Sequence[str], seat: int, language: str) -> str:
    """``Ada bid 2, took 1``: a seat's bid and tricks in words."""
    bid = view.bids[seat]
    said = (
        _w(language, t("art.seat_no_bid", name=names[seat]))
        if bid is None
        else _w(language, t("art.seat_bid", name=names[seat], bid=str(bid)))
    )
    if view.phase is Phase.BIDDING:
        return said
    return _w(language, t("art.seat_took", bid=said, took=view.tricks_taken[seat]))


def chart_picture(view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Picture:
    """The chart of every seat's total after each round played so far (the final standings
    once the game is over), the winners marked, in ``language``'s words."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    totals = list(
        accumulate(view.round_scores, lambda done, row: tuple(map(sum, zip(done, row, strict=True))))
    )
    over = view.phase is Phase.GAME_OVER
    return game_chart(totals, names, view.winners, over, t, language)
