"""Stick'em drawn as pictures: the hand, the table (the trick, the misery cards, the undealt
cards) and the end of a round; each a :class:`~tabletop.drawing.Picture`, PNG bytes with the
description that says the same in words. Pure and deterministic: the same view gives the same
bytes. The only module of this package that imports Pillow (through the drawing kit).

Every colour has its own shape as well as its hue (green circle, brown square, red triangle,
blue diamond, yellow star, violet cross), so that no player needs to tell colours apart by hue.
Names of the players are given by the caller: the engine knows seats only.

Every word on a picture and in its description comes from Stick'em's catalog (``art.*``, the
colours' and cards' names) in the ``language`` asked for (English if not given: a catalog
language or a Discord locale).

The hand picture draws a :class:`~stickem.drawn_hand.DrawnHand` (what a seat's view shows of its
hand, and nothing else), so that the host keeps one picture per hand, not per view.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, groupby
from typing import Final

from tabletop.catalog import DEFAULT_LANGUAGE, Text
from tabletop.drawing import CARD, SMALL, Canvas, Face, Picture, flow_groups, game_chart
from tabletop.drawing.canvas import GAP, MARGIN, RAISE, WIDTH
from tabletop.drawing.palette import (
    BLUE,
    BLUISH_GREEN,
    BROWN,
    INK,
    MUTED,
    ORANGE,
    REDDISH_PURPLE,
    RGB,
    VERMILLION,
    YELLOW,
)
from tabletop.drawing.seats import SEAT_CARD_TOP, SEAT_GAP, draw_seat, seat_columns

from .card_text import card_name, colour_name
from .cards import Card, Color
from .drawn_hand import DrawnHand, drawn_hand
from .events import RoundScored
from .game import TRICKS_PER_ROUND, Phase
from .texts import t
from .views import View

__all__ = ["COLOR_STYLE", "card_face", "chart_picture", "hand_picture", "round_picture", "table_picture"]

COLOR_STYLE: Final[dict[Color, tuple[RGB, str]]] = {
    Color.GREEN: (BLUISH_GREEN, "circle"),
    Color.BROWN: (BROWN, "square"),
    Color.RED: (VERMILLION, "triangle"),
    Color.BLUE: (BLUE, "diamond"),
    Color.YELLOW: (YELLOW, "star"),
    Color.VIOLET: (REDDISH_PURPLE, "cross"),
}
"""Each colour's fill and shape."""


def card_face(card: Card) -> Face:
    """How ``card`` looks: its colour, its colour's shape, its value."""
    fill, shape = COLOR_STYLE[card.color]
    return Face(str(card.value), shape, fill, filled=True)


def _by_color(cards: Sequence[Card]) -> list[list[Card]]:
    return [list(group) for _, group in groupby(sorted(cards), key=lambda card: card.color)]


def _w(language: str, text: Text) -> str:
    """One of Stick'em's texts in ``language``, filled in now (a picture is drawn at once)."""
    return text.render(language)


def _cards_words(cards: Sequence[Card], language: str) -> str:
    """``green 1, 4 and 9; red 0``: cards in words, one colour at a time."""
    parts = []
    for group in _by_color(cards):
        values = [str(card.value) for card in group]
        listed = (
            values[0]
            if len(values) == 1
            else _w(language, t("join.and", first=", ".join(values[:-1]), rest=values[-1]))
        )
        parts.append(_w(language, t("art.colour_values", colour=colour_name(group[0].color), values=listed)))
    return "; ".join(parts) if parts else _w(language, t("art.none"))


def hand_picture(view: View | DrawnHand, language: str = DEFAULT_LANGUAGE) -> Picture:
    """The viewer's hand by colour, sorted, the cards it may play now raised and marked, and its
    misery card once picked, in ``language``'s words (``view``: a seat's view, or what it shows
    of its hand). ValueError for a spectator's view (it has no hand)."""
    hand = view if isinstance(view, DrawnHand) else drawn_hand(view)
    playable = hand.playable
    status = _w(language, hand.status)
    groups = _by_color(hand.cards)
    spots = flow_groups([len(group) for group in groups], WIDTH - 2 * MARGIN)
    rows = 1 + max((row for group in spots for _, row in group), default=0)
    top = MARGIN + 100 if hand.misery_pick is not None else MARGIN + 78
    row_height = CARD.height + RAISE + 16
    canvas = Canvas(WIDTH, top + rows * row_height + MARGIN)
    count = len(hand.cards)
    cards = _w(language, t("art.cards", count=count))
    canvas.text((MARGIN, MARGIN), _w(language, t("art.hand_title", cards=cards)), 30, bold=True)
    canvas.text((MARGIN, MARGIN + 38), status, 22, YELLOW if playable else MUTED)
    if hand.misery_pick is not None:
        x = WIDTH - MARGIN - SMALL.width
        canvas.card(card_face(hand.misery_pick), (x, MARGIN), SMALL)
        canvas.text(
            (x - 10, MARGIN + SMALL.height // 2), _w(language, t("art.misery")), 22, MUTED, anchor="rm"
        )
    for group, places in zip(groups, spots, strict=True):
        for card, (x, row) in zip(group, places, strict=True):
            corner = (MARGIN + x, top + row * row_height + (0 if playable else RAISE))
            canvas.card(card_face(card), corner)
            if playable:
                canvas.playable_mark(corner)
    words = _w(
        language, t("art.hand_words", cards=cards, list=_cards_words(hand.cards, language), status=status)
    )
    if hand.misery_pick is not None:
        words += " " + _w(language, t("art.your_misery", card=card_name(hand.misery_pick)))
    return canvas.picture(words)


def _trick_to_show(view: View) -> tuple[tuple[Text, Text], tuple[tuple[int, Card], ...], int | None]:
    """The title (as drawn, and as written in the description), the plays and the winner (None
    while playing) of the trick to draw."""
    if view.trick or view.last_trick is None or view.phase is Phase.MISERY:
        number = view.trick_number
        if number:
            title = (
                t("art.trick_of", number=number, tricks=TRICKS_PER_ROUND),
                t("art.trick_of_words", number=number, tricks=TRICKS_PER_ROUND),
            )
        else:
            title = (t("art.table"), t("art.table_words"))
        return title, view.trick, None
    taken = view.last_trick.number
    titles = (t("art.trick_taken", number=taken), t("art.trick_taken_words", number=taken))
    return titles, view.last_trick.plays, view.last_trick.winner


def table_picture(view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Picture:
    """The table: each seat with the card it played to the trick (the leading card tagged, the
    seat whose turn it is framed), the misery cards once revealed, and the undealt cards (with 7
    players), in ``language``'s words. Between two tricks the last trick is shown with the seat
    that took it."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    (title, title_words), plays, winner = _trick_to_show(view)
    played = dict(plays)
    leader = plays[0][0] if plays else None
    revealed = any(card is not None for card in view.misery_cards)
    columns, tile_width = seat_columns(view.players)
    rows = (view.players + columns - 1) // columns
    tile_height = SEAT_CARD_TOP + CARD.height + (SMALL.height + 74 if revealed else 44)
    header = MARGIN + 44
    undealt_height = SMALL.height + 12 if view.undealt else 0
    height = header + rows * (tile_height + SEAT_GAP) + undealt_height + MARGIN
    canvas = Canvas(WIDTH, height)
    heading = t("art.round_title", round=view.round, rounds=view.rounds, title=title)
    canvas.text((MARGIN, MARGIN), _w(language, heading), 28, bold=True)
    if view.lead_color is not None and winner is None:
        fill, shape = COLOR_STYLE[view.lead_color]
        lead = _w(language, t("art.lead", colour=colour_name(view.lead_color)))
        width = canvas.text((WIDTH - MARGIN, MARGIN + 14), lead, 22, MUTED, anchor="rm")
        canvas.symbol(shape, (WIDTH - MARGIN - width - 18, MARGIN + 14), 22, fill)
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
            tag, tag_color = _w(language, t("art.lead_tag")), ORANGE
        turn = winner is None and seat in view.awaiting and view.phase is Phase.TRICKS
        draw_seat(
            canvas, (x, y), (tile_width, tile_height), names[seat], None if card is None else card_face(card),
            tag=tag, tag_color=tag_color, turn=turn,
        )  # fmt: skip
        below = y + SEAT_CARD_TOP + CARD.height + 8
        took = _w(language, t("art.took", count=view.captured_counts[seat]))
        canvas.text((x + tile_width / 2, below), took, 20, MUTED, anchor="mt")
        misery = view.misery_cards[seat] if seat < len(view.misery_cards) else None
        if misery is not None:
            canvas.text(
                (x + tile_width / 2, below + 30), _w(language, t("art.misery")), 18, MUTED, anchor="mt"
            )
            canvas.card(card_face(misery), (x + (tile_width - SMALL.width) // 2, below + 54), SMALL)
    if view.undealt:
        y = height - MARGIN - SMALL.height - 4
        canvas.text(
            (MARGIN, y + SMALL.height // 2), _w(language, t("art.out_of_play")), 22, MUTED, anchor="lm"
        )
        x = MARGIN + 250
        for card in view.undealt:
            canvas.card(card_face(card), (x, y), SMALL)
            x += SMALL.width + GAP
    return canvas.picture(_table_words(view, names, (title_words, plays, winner), language))


def _play_words(led: bool, name: str, card: Card) -> Text:
    """``ann led red 7`` / ``bob played blue 3``."""
    return (
        t("art.led", name=name, card=card_name(card))
        if led
        else t("art.played", name=name, card=card_name(card))
    )


def _table_words(
    view: View,
    names: Sequence[str],
    shown: tuple[Text, Sequence[tuple[int, Card]], int | None],
    language: str,
) -> str:
    title, plays, winner = shown
    parts = [_w(language, t("art.table_round", round=view.round, rounds=view.rounds, title=title))]
    if plays:
        played = "; ".join(
            _w(language, _play_words(index == 0, names[seat], card))
            for index, (seat, card) in enumerate(plays)
        )
        parts.append(played + ".")
        if winner is not None:
            parts.append(_w(language, t("art.took_it_words", name=names[winner])))
    else:
        parts.append(_w(language, t("art.no_card_yet")))
    waiting = [names[seat] for seat in view.awaiting]
    if waiting and winner is None:
        parts.append(_w(language, t("art.waiting", names=", ".join(waiting))))
    if any(card is not None for card in view.misery_cards):
        misery = "; ".join(
            _w(language, t("art.seat_card", name=names[seat], card=card_name(card)))
            for seat, card in enumerate(view.misery_cards)
            if card is not None
        )
        parts.append(_w(language, t("art.misery_cards", cards=misery)))
    counts = ", ".join(f"{names[seat]} {count}" for seat, count in enumerate(view.captured_counts))
    parts.append(_w(language, t("art.cards_taken", counts=counts)))
    if view.undealt:
        parts.append(_w(language, t("art.out_of_play_words", list=_cards_words(view.undealt, language))))
    return " ".join(parts)


def round_picture(scored: RoundScored, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Picture:
    """The end of a round: each seat's misery card, the captured cards of its misery colour
    (the ones that cost points), its score for the round and its total, in ``language``'s
    words."""
    players = len(scored.scores)
    if len(names) != players:
        raise ValueError(f"{players} names are needed, one a seat")
    row_height = SMALL.height + 18
    header = MARGIN + 50
    canvas = Canvas(WIDTH, header + players * row_height + MARGIN)
    canvas.text((MARGIN, MARGIN), _w(language, t("art.scored", round=scored.round)), 28, bold=True)
    canvas.text((WIDTH - MARGIN, MARGIN + 14), _w(language, t("art.round_total")), 20, MUTED, anchor="rm")
    name_width = 150
    for seat in range(players):
        y = header + seat * row_height
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + row_height - 8), radius=10)
        middle = y + (row_height - 8) // 2
        canvas.fitted_text((MARGIN + 12, middle), names[seat], 24, name_width - 16, INK, anchor="lm")
        x = MARGIN + name_width
        canvas.card(card_face(scored.misery_cards[seat]), (x, y + 1), SMALL)
        x += SMALL.width + 18
        captured = scored.captured_misery[seat]
        step = min(SMALL.width + GAP, (WIDTH - MARGIN - 170 - x - SMALL.width) // max(1, len(captured) - 1))
        for index, card in enumerate(captured):
            canvas.card(card_face(card), (x + index * step, y + 1), SMALL)
        if not captured:
            canvas.text((x, middle), _w(language, t("art.no_misery_taken")), 20, MUTED, anchor="lm")
        score = scored.scores[seat]
        canvas.text((WIDTH - MARGIN - 90, middle), f"{score:+d}", 28, INK, anchor="rm", bold=True)
        canvas.text(
            (WIDTH - MARGIN - 12, middle), str(scored.totals[seat]), 28, YELLOW, anchor="rm", bold=True
        )
    words = " ".join(
        _w(
            language,
            t(
                "art.seat_scored",
                name=names[seat],
                card=card_name(scored.misery_cards[seat]),
                taken=_cards_words(scored.captured_misery[seat], language),
                score=f"{scored.scores[seat]:+d}",
                total=scored.totals[seat],
            ),
        )
        for seat in range(players)
    )
    return canvas.picture(_w(language, t("art.scored_words", round=scored.round, words=words)))


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
