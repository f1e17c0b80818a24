"""Stick'em drawn as pictures: the hand, the table (the trick, the misery cards, the undealt
cards) and the end of a round; each a :class:`~tabletop.drawing.Picture`, PNG bytes with the
description that says the same in words. Pure and deterministic: the same view gives the same
bytes. The only module of this package that imports Pillow (through the drawing kit).

Every colour has its own shape as well as its hue (green circle, brown square, red triangle,
blue diamond, yellow star, violet cross), so that no player needs to tell colours apart by hue.
Names of the players are given by the caller: the engine knows seats only.

Decision: every card in hand may be played (there is no duty to follow), so when the viewer is
awaited all its cards stand raised and marked; when it is not, none is.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, groupby
from typing import Final

from tabletop.drawing import CARD, SMALL, Canvas, Face, Picture, flow_groups, totals_chart
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
from tabletop.drawing.symbols import draw_symbol
from tabletop.words import plural

from .cards import Card, Color
from .events import RoundScored
from .game import TRICKS_PER_ROUND, Phase
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


def _cards_words(cards: Sequence[Card]) -> str:
    """``green 1, 4 and 9; red 0``: cards in words, one colour at a time."""
    parts = []
    for group in _by_color(cards):
        values = [str(card.value) for card in group]
        listed = values[0] if len(values) == 1 else f"{', '.join(values[:-1])} and {values[-1]}"
        parts.append(f"{group[0].color.value} {listed}")
    return "; ".join(parts) if parts else "none"


def _hand_status(view: View) -> tuple[str, bool]:
    awaited = view.seat is not None and view.seat in view.awaiting
    if view.phase is Phase.MISERY:
        if view.misery_pick is not None:
            return "Misery card picked; waiting for the others", False
        return "Pick your misery card", awaited
    if view.phase is Phase.GAME_OVER:
        return "The game is over", False
    return ("Your turn: play any card" if awaited else "Not your turn"), awaited


def hand_picture(view: View) -> Picture:
    """The viewer's hand by colour, sorted, the cards it may play now raised and marked, and its
    misery card once picked. ValueError for a spectator's view (it has no hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to draw")
    status, playable = _hand_status(view)
    groups = _by_color(view.hand)
    spots = flow_groups([len(group) for group in groups], WIDTH - 2 * MARGIN)
    rows = 1 + max((row for group in spots for _, row in group), default=0)
    top = MARGIN + 100 if view.misery_pick is not None else MARGIN + 78
    row_height = CARD.height + RAISE + 16
    canvas = Canvas(WIDTH, top + rows * row_height + MARGIN)
    count = len(view.hand)
    canvas.text((MARGIN, MARGIN), f"Your hand · {plural(count, 'card')}", 30, bold=True)
    canvas.text((MARGIN, MARGIN + 38), status, 22, YELLOW if playable else MUTED)
    if view.misery_pick is not None:
        x = WIDTH - MARGIN - SMALL.width
        canvas.card(card_face(view.misery_pick), (x, MARGIN), SMALL)
        canvas.text((x - 10, MARGIN + SMALL.height // 2), "misery", 22, MUTED, anchor="rm")
    for group, places in zip(groups, spots, strict=True):
        for card, (x, row) in zip(group, places, strict=True):
            corner = (MARGIN + x, top + row * row_height + (0 if playable else RAISE))
            canvas.card(card_face(card), corner)
            if playable:
                canvas.playable_mark(corner)
    words = f"Your hand, {plural(count, 'card')}: {_cards_words(view.hand)}. {status}."
    if view.misery_pick is not None:
        words += f" Your misery card: {view.misery_pick}."
    return canvas.picture(words)


def _trick_to_show(view: View) -> tuple[str, tuple[tuple[int, Card], ...], int | None]:
    """The title, the plays and the winner (None while playing) of the trick to draw."""
    if view.trick or view.last_trick is None or view.phase is Phase.MISERY:
        title = f"Trick {view.trick_number} of {TRICKS_PER_ROUND}" if view.trick_number else "Table"
        return title, view.trick, None
    return f"Trick {view.last_trick.number}, taken", view.last_trick.plays, view.last_trick.winner


def table_picture(view: View, names: Sequence[str]) -> Picture:
    """The table: each seat with the card it played to the trick (the leading card tagged, the
    seat whose turn it is framed), the misery cards once revealed, and the undealt cards (with 7
    players). Between two tricks the last trick is shown with the seat that took it."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    title, plays, winner = _trick_to_show(view)
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
    canvas.text((MARGIN, MARGIN), f"Round {view.round} of {view.rounds} · {title}", 28, bold=True)
    if view.lead_color is not None and winner is None:
        fill, shape = COLOR_STYLE[view.lead_color]
        width = canvas.text(
            (WIDTH - MARGIN, MARGIN + 14), f"lead: {view.lead_color.value}", 22, MUTED, anchor="rm"
        )
        draw_symbol(canvas.draw, shape, (WIDTH - MARGIN - width - 18, MARGIN + 14), 22, fill)
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
        turn = winner is None and seat in view.awaiting and view.phase is Phase.TRICKS
        draw_seat(
            canvas, (x, y), (tile_width, tile_height), names[seat], None if card is None else card_face(card),
            tag=tag, tag_color=tag_color, turn=turn,
        )  # fmt: skip
        below = y + SEAT_CARD_TOP + CARD.height + 8
        canvas.text((x + tile_width / 2, below), f"took {view.captured_counts[seat]}", 20, MUTED, anchor="mt")
        misery = view.misery_cards[seat] if seat < len(view.misery_cards) else None
        if misery is not None:
            canvas.text((x + tile_width / 2, below + 30), "misery", 18, MUTED, anchor="mt")
            canvas.card(card_face(misery), (x + (tile_width - SMALL.width) // 2, below + 54), SMALL)
    if view.undealt:
        y = height - MARGIN - SMALL.height - 4
        canvas.text((MARGIN, y + SMALL.height // 2), "Out of play this round:", 22, MUTED, anchor="lm")
        x = MARGIN + 250
        for card in view.undealt:
            canvas.card(card_face(card), (x, y), SMALL)
            x += SMALL.width + GAP
    return canvas.picture(_table_words(view, names, title, plays, winner))


def _table_words(
    view: View, names: Sequence[str], title: str, plays: Sequence[tuple[int, Card]], winner: int | None
) -> str:
    parts = [f"Round {view.round} of {view.rounds}, {title.lower()}."]
    if plays:
        played = "; ".join(
            f"{names[seat]} {'led' if index == 0 else 'played'} {card}"
            for index, (seat, card) in enumerate(plays)
        )
        parts.append(played + ".")
        if winner is not None:
            parts.append(f"{names[winner]} took it.")
    else:
        parts.append("No card played yet.")
    waiting = [names[seat] for seat in view.awaiting]
    if waiting and winner is None:
        parts.append(f"Waiting for {', '.join(waiting)}.")
    if any(card is not None for card in view.misery_cards):
        misery = "; ".join(
            f"{names[seat]} {card}" for seat, card in enumerate(view.misery_cards) if card is not None
        )
        parts.append(f"Misery cards: {misery}.")
    counts = ", ".join(f"{names[seat]} {count}" for seat, count in enumerate(view.captured_counts))
    parts.append(f"Cards taken: {counts}.")
    if view.undealt:
        parts.append(f"Out of play this round: {_cards_words(view.undealt)}.")
    return " ".join(parts)


def round_picture(scored: RoundScored, names: Sequence[str]) -> Picture:
    """The end of a round: each seat's misery card, the captured cards of its misery colour
    (the ones that cost points), its score for the round and its total."""
    players = len(scored.scores)
    if len(names) != players:
        raise ValueError(f"{players} names are needed, one a seat")
    row_height = SMALL.height + 18
    header = MARGIN + 50
    canvas = Canvas(WIDTH, header + players * row_height + MARGIN)
    canvas.text((MARGIN, MARGIN), f"Round {scored.round} scored", 28, bold=True)
    canvas.text((WIDTH - MARGIN, MARGIN + 14), "round · total", 20, MUTED, anchor="rm")
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
            canvas.text((x, middle), "no misery cards taken", 20, MUTED, anchor="lm")
        score = scored.scores[seat]
        canvas.text((WIDTH - MARGIN - 90, middle), f"{score:+d}", 28, INK, anchor="rm", bold=True)
        canvas.text(
            (WIDTH - MARGIN - 12, middle), str(scored.totals[seat]), 28, YELLOW, anchor="rm", bold=True
        )
    words = " ".join(
        f"{names[seat]}: misery card {scored.misery_cards[seat]}, "
        f"took {_cards_words(scored.captured_misery[seat]) if scored.captured_misery[seat] else 'none'} "
        f"of that colour; {scored.scores[seat]:+d} this round, total {scored.totals[seat]}."
        for seat in range(players)
    )
    return canvas.picture(f"Round {scored.round} scored. {words}")


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
