"""Stick Game drawn as pictures: the hand (by suit and rank, the wild cards apart) with the
player's secret stick as a card of its own, and the table (the discard pile's top card, the
stock, and every player's melds with what each wild card stands for); each a
:class:`~tabletop.drawing.Picture`, PNG bytes with the description that says the same in words.
Pure and deterministic: the same view gives the same bytes. The only module of this package
that imports Pillow (through the drawing kit).

Suits are drawn as a four-colour deck with a shape each; a deuce carries a WILD band, a joker
is a card of its own (a star, JOKER, WILD). Names of the players are given by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Final

from tabletop.drawing import CARD, SMALL, Canvas, Face, Picture, flow_groups, totals_chart
from tabletop.drawing.canvas import GAP, MARGIN, WIDTH
from tabletop.drawing.cards import CardSize
from tabletop.drawing.fonts import text_width
from tabletop.drawing.palette import BLACK, INK, MUTED, PANEL, REDDISH_PURPLE, RGB, YELLOW, mix
from tabletop.drawing.seats import TURN
from tabletop.drawing.suits import SUIT_STYLE, rank_text
from tabletop.drawing.symbols import draw_symbol
from tabletop.words import plural

from .cards import Card
from .melds import Meld, position_card
from .sticks import Stick
from .views import TableMeld, View

__all__ = ["card_face", "card_words", "chart_picture", "hand_picture", "round_totals", "table_picture"]

STICK: Final = CardSize(250, 120, 12)
"""The secret stick's card."""
STICK_WOOD: Final[RGB] = (214, 178, 120)
_RANK_WORDS: Final = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}  # fmt: skip
_MELD_STEP: Final = SMALL.width + 4


def card_face(card: Card) -> Face:
    """How ``card`` looks: rank and suit (a deuce with a WILD band), or the joker."""
    if card.suit is None:
        return Face("JOKER", "star", REDDISH_PURPLE, note="WILD")
    color, shape = SUIT_STYLE[card.suit.value]
    return Face(rank_text(card.rank), shape, color, note="WILD" if card.is_wild else "")


def card_words(card: Card) -> str:
    """A card in words: ``"seven of hearts"``, ``"joker"``."""
    if card.suit is None:
        return "joker"
    return f"{_RANK_WORDS[card.rank]} of {card.suit.value}"


def _order(card: Card) -> tuple[bool, int]:
    return (not card.is_wild, card.index)


def _groups(hand: Sequence[Card]) -> list[list[Card]]:
    """The wild cards first, then each suit by rank."""
    key = lambda card: "wild" if card.is_wild or card.suit is None else card.suit.value  # noqa: E731
    return [list(group) for _, group in groupby(sorted(hand, key=_order), key=key)]


def _words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(card) for card in cards) or "none"


def _stick_lines(text: str, width: float, size: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _draw_stick(canvas: Canvas, stick: Stick | None, xy: tuple[int, int]) -> None:
    x, y = xy
    box = (x, y, x + STICK.width, y + STICK.height)
    if stick is None:
        canvas.outline(box, MUTED, width=3, radius=STICK.radius)
        canvas.text((x + STICK.width / 2, y + STICK.height / 2), "stick laid down", 22, MUTED, anchor="mm")
        return
    canvas.draw.rounded_rectangle(box, radius=STICK.radius, fill=STICK_WOOD, outline=BLACK, width=2)
    canvas.text((x + 12, y + 10), "YOUR STICK", 16, mix(STICK_WOOD, BLACK, 0.6), bold=True)
    points = f"{stick.points} pts"
    canvas.text(
        (x + STICK.width - 12, y + 10), points, 16, mix(STICK_WOOD, BLACK, 0.6), anchor="ra", bold=True
    )
    size = 24
    lines = _stick_lines(stick.text, STICK.width - 24, size)
    while len(lines) > 3 and size > 16:
        size -= 2
        lines = _stick_lines(stick.text, STICK.width - 24, size)
    top = y + 40 + (STICK.height - 48 - len(lines) * (size + 4)) / 2
    for index, line in enumerate(lines):
        canvas.text(
            (x + STICK.width / 2, top + index * (size + 4)), line, size, BLACK, anchor="ma", bold=True
        )


def hand_picture(view: View) -> Picture:
    """The viewer's hand (the wild cards first, then by suit and rank) and its secret stick as a
    card of its own. ValueError for the public view (it has no hand)."""
    if view.hand is None:
        raise ValueError("the public view has no hand to draw")
    groups = _groups(view.hand)
    spots = flow_groups([len(group) for group in groups], WIDTH - 2 * MARGIN)
    rows = 1 + max((row for group in spots for _, row in group), default=0)
    top = MARGIN + STICK.height + 16
    row_height = CARD.height + 12
    canvas = Canvas(WIDTH, top + rows * row_height + MARGIN)
    count = len(view.hand)
    canvas.text((MARGIN, MARGIN), f"Your hand · {plural(count, 'card')}", 30, bold=True)
    awaited = view.seat is not None and view.seat in view.awaiting
    if view.phase == "over":
        status = "The game is over"
    elif not awaited:
        status = "Not your turn"
    else:
        status = "Your turn: draw a card" if view.phase == "draw" else "Your turn: meld, lay off, discard"
    canvas.text((MARGIN, MARGIN + 40), status, 22, YELLOW if awaited else MUTED)
    canvas.text((MARGIN, MARGIN + 72), f"Round {view.round}", 22, MUTED)
    _draw_stick(canvas, view.stick, (WIDTH - MARGIN - STICK.width, MARGIN))
    for group, places in zip(groups, spots, strict=True):
        for card, (x, row) in zip(group, places, strict=True):
            canvas.card(card_face(card), (MARGIN + x, top + row * row_height))
    wilds = [card for card in view.hand if card.is_wild]
    naturals = sorted((card for card in view.hand if not card.is_wild), key=_order)
    words = f"Your hand, {plural(count, 'card')}: {_words(naturals)}"
    words += f"; wild: {_words(sorted(wilds, key=_order))}." if wilds else "."
    if view.stick is not None:
        words += f" Your stick: {view.stick.text} ({view.stick.points} points)."
    else:
        words += " Your stick is laid down."
    return canvas.picture(f"{words} {status}.")


def _stands_for(meld: Meld, index: int) -> tuple[str, str | None] | None:
    """What the wild ``meld.cards[index]`` stands for: (rank text, suit name or None for a set)."""
    if not meld.cards[index].is_wild or meld.kind == "wild5":
        return None
    if meld.kind == "run":
        assert meld.suit is not None
        card = position_card(meld.suit, meld.positions[index])
        return rank_text(card.rank), meld.suit.value
    return rank_text(meld.positions[index]), None


def _stands_words(meld: Meld, index: int) -> str:
    if meld.kind == "run":
        assert meld.suit is not None
        return card_words(position_card(meld.suit, meld.positions[index]))
    return f"a {_RANK_WORDS[meld.positions[index]]}"


def _meld_words(meld: Meld) -> str:
    parts = []
    for index, card in enumerate(meld.cards):
        role = _stands_for(meld, index)
        if role is None:
            parts.append(card_words(card))
        else:
            stands = _stands_words(meld, index)
            parts.append(
                f"{card_words(card)} (wild, as itself)"
                if stands == card_words(card)
                else f"{card_words(card)} as {stands}"
            )
    kind = {"set": "set", "run": "run", "wild5": "5 wild cards"}[meld.kind]
    return f"{kind}: {', '.join(parts)}"


def _draw_meld(canvas: Canvas, meld: Meld, number: int, xy: tuple[int, int], width: int) -> None:
    """Meld ``number`` at ``xy``, its cards closer together if it is wider than ``width``."""
    x, y = xy
    step = min(_MELD_STEP, (width - SMALL.width) // max(1, len(meld.cards) - 1))
    canvas.text((x, y), f"#{number}", 18, MUTED)
    for index, card in enumerate(meld.cards):
        left = x + index * step
        canvas.card(card_face(card), (left, y + 22), SMALL)
        role = _stands_for(meld, index)
        if role is None:
            continue
        rank, suit = role
        middle = left + SMALL.width / 2
        label_y = y + 22 + SMALL.height + 13
        if suit is None:
            canvas.text((middle, label_y), f"={rank}", 20, YELLOW, anchor="mm", bold=True)
        else:
            color, shape = SUIT_STYLE[suit]
            label = canvas.text((middle - 8, label_y), f"={rank}", 20, YELLOW, anchor="mm", bold=True)
            chip = (middle - 8 + label / 2 + 2, label_y - 10, middle - 8 + label / 2 + 22, label_y + 10)
            canvas.draw.ellipse(chip, fill=INK)
            draw_symbol(canvas.draw, shape, (chip[0] + 10, label_y), 15, color)


MELD_ROW: Final = 22 + SMALL.height + 30
"""The height of a row of melds: the number, the cards, what the wilds stand for."""


def _seat_melds(view: View, seat: int) -> list[tuple[int, TableMeld]]:
    return [(index, meld) for index, meld in enumerate(view.melds) if meld.owner == seat]


def table_picture(view: View, names: Sequence[str]) -> Picture:
    """The table: the discard pile's top card, the stock, whose turn it is, and for each player
    the completed sticks, the cards in hand and the melds on the table (numbered as the prompts
    number them), each wild card with what it stands for."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    inner = WIDTH - 2 * MARGIN - 24
    layouts = []
    for seat in range(view.players):
        melds = _seat_melds(view, seat)
        sizes = [min(len(meld.meld.cards), inner // _MELD_STEP) for _, meld in melds]
        spots = flow_groups(sizes, inner, SMALL, gap=_MELD_STEP - SMALL.width, group_gap=26)
        rows = 1 + max((row for group in spots for _, row in group), default=-1)
        layouts.append((melds, spots, rows))
    header = MARGIN + CARD.height + 20
    blocks = [44 + rows * MELD_ROW for _, _, rows in layouts]
    canvas = Canvas(WIDTH, header + sum(blocks) + GAP * len(blocks) + MARGIN)
    canvas.text((MARGIN, MARGIN), f"Round {view.round}", 28, bold=True)
    if view.phase == "over":
        winners = " and ".join(names[seat] for seat in view.winners)
        turn = f"Game over: {winners} {'wins' if len(view.winners) == 1 else 'share the win'}"
    else:
        turn = f"{names[view.turn]} {'to draw' if view.phase == 'draw' else 'to play'}"
    canvas.fitted_text((MARGIN, MARGIN + 42), turn, 24, 380, YELLOW)
    canvas.text((MARGIN, MARGIN + 76), f"dealer: {names[view.dealer]}", 20, MUTED)
    stock_x = WIDTH - MARGIN - CARD.width
    discard_x = stock_x - CARD.width - 110
    if view.discard_top is not None:
        canvas.card(card_face(view.discard_top), (discard_x, MARGIN))
    else:
        canvas.slot((discard_x, MARGIN))
    canvas.text((discard_x - 10, MARGIN + 40), "discard", 20, MUTED, anchor="rm")
    canvas.text((discard_x - 10, MARGIN + 66), str(view.discard_size), 24, INK, anchor="rm", bold=True)
    canvas.back((stock_x, MARGIN))
    canvas.text((stock_x - 10, MARGIN + 40), "stock", 20, MUTED, anchor="rm")
    canvas.text((stock_x - 10, MARGIN + 66), str(view.stock_size), 24, INK, anchor="rm", bold=True)
    y = header
    for seat, ((melds, spots, _), height) in enumerate(zip(layouts, blocks, strict=True)):
        turn_here = view.phase != "over" and seat == view.turn
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + height), mix(PANEL, TURN, 0.18) if turn_here else PANEL)
        if turn_here:
            canvas.outline((MARGIN, y, WIDTH - MARGIN, y + height), TURN, width=3)
        done = len(view.completed[seat])
        sticks = plural(done, 'stick')
        if view.rules.scoring == "points":
            sticks += f" · {sum(c.stick.points for c in view.completed[seat])} pts"
        info = f"{sticks} · {view.hand_sizes[seat]} cards"
        info_width = text_width(info, 20)
        canvas.fitted_text((MARGIN + 12, y + 10), names[seat], 24, inner - info_width - 20, INK)
        canvas.text((WIDTH - MARGIN - 12, y + 12), info, 20, MUTED, anchor="ra")
        for (index, table_meld), places in zip(melds, spots, strict=True):
            x, row = places[0]
            corner = (MARGIN + 12 + x, y + 40 + row * MELD_ROW)
            _draw_meld(canvas, table_meld.meld, index + 1, corner, inner - x)
        y += height + GAP
    return canvas.picture(_table_words(view, names, turn))


def _table_words(view: View, names: Sequence[str], turn: str) -> str:
    discard = card_words(view.discard_top) if view.discard_top is not None else "empty"
    parts = [
        f"Round {view.round}. {turn}. Discard pile: {discard} on top, {view.discard_size} cards;"
        f" stock: {view.stock_size} cards."
    ]
    for seat, name in enumerate(names):
        done = len(view.completed[seat])
        line = f"{name}: {plural(done, 'stick')}, {view.hand_sizes[seat]} cards in hand"
        melds = _seat_melds(view, seat)
        if melds:
            line += "; melds " + "; ".join(f"#{index + 1} {_meld_words(m.meld)}" for index, m in melds)
        parts.append(line + ".")
    return " ".join(parts)


def round_totals(view: View) -> list[tuple[int, ...]]:
    """Every seat's total after each finished round: its completed sticks (or their points,
    when the game is scored by points) up to that round. A Free drawn at the start of a round
    counts in that round."""
    finished = view.round if view.phase == "over" else view.round - 1
    by_points = view.rules.scoring == "points"
    rows = []
    for last in range(1, finished + 1):
        row = []
        for done in view.completed:
            counted = [c for c in done if c.round <= last]
            row.append(sum(c.stick.points for c in counted) if by_points else len(counted))
        rows.append(tuple(row))
    return rows


def chart_picture(view: View, names: Sequence[str]) -> Picture:
    """The chart of every seat's completed sticks (or points) after each finished round (the
    final standings once the game is over), the winners marked."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    totals = round_totals(view)
    over = view.phase == "over"
    title = "Final standings" if over else f"Standings after round {len(totals)}"
    return totals_chart(totals, names, title, view.winners if over else ())
