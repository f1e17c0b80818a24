"""Stick Game drawn as pictures: the hand (by suit and rank, the wild cards apart) with the
player's secret stick as a card of its own, and the table (the discard pile's top card, the
stock, and every player's melds with what each wild card stands for); each a
:class:`~tabletop.drawing.Picture`, PNG bytes with the description that says the same in words.
Pure and deterministic: the same view gives the same bytes. The only module of this package
that imports Pillow (through the drawing kit).

Suits are drawn as a four-colour deck with a shape each; a deuce carries a WILD band, a joker
is a card of its own (a star, JOKER, WILD). Names of the players are given by the caller.

Every word on a picture and in its description comes from Stick Game's catalog (``art.*``, the
suits' and sticks' names) in the ``language`` asked for (English if not given: a catalog
language or a Discord locale).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Final

from tabletop.catalog import DEFAULT_LANGUAGE, Text
from tabletop.drawing import CARD, SMALL, Canvas, Face, Picture, flow_groups, game_chart
from tabletop.drawing.canvas import GAP, MARGIN, WIDTH
from tabletop.drawing.cards import CardSize
from tabletop.drawing.fonts import text_width
from tabletop.drawing.palette import BLACK, INK, MUTED, PANEL, REDDISH_PURPLE, RGB, YELLOW, mix
from tabletop.drawing.seats import TURN
from tabletop.drawing.suits import SUIT_STYLE, rank_text

from .cards import Card
from .drawn_hand import DrawnHand, drawn_hand
from .melds import Meld, position_card
from .present_text import stick_name, suit_name
from .sticks import Stick
from .texts import t
from .views import TableMeld, View

__all__ = ["card_face", "card_words", "chart_picture", "hand_picture", "round_totals", "table_picture"]

STICK: Final = CardSize(250, 120, 12)
"""The secret stick's card."""
STICK_WOOD: Final[RGB] = (214, 178, 120)
_MELD_STEP: Final = SMALL.width + 4


def _w(language: str, text: Text) -> str:
    """One of Stick Game's texts in ``language``, filled in now (a picture is drawn at once)."""
    return text.render(language)


def card_face(card: Card, language: str = DEFAULT_LANGUAGE) -> Face:
    """How ``card`` looks: rank and suit (a deuce with a WILD band), or the joker."""
    if card.suit is None:
        return Face(
            _w(language, t("art.face_joker")),
            "star",
            REDDISH_PURPLE,
            note=_w(language, t("art.face_joker_note")),
        )
    color, shape = SUIT_STYLE[card.suit.value]
    note = _w(language, t("art.face_wild")) if card.is_wild else ""
    return Face(_rank_letter(card.rank, language), shape, color, note=note)


def _rank_letter(rank: int, language: str) -> str:
    """How a rank is printed on a card: 2-10, and a face card's letter in ``language`` (Q, or D
    in German)."""
    return _w(language, t(f"rank.short.{rank}")) if rank in (1, 11, 12, 13) else rank_text(rank)


def _rank_word(rank: int, language: str) -> str:
    return _w(language, t(f"art.rank.{rank}"))


def card_words(card: Card, language: str = DEFAULT_LANGUAGE) -> str:
    """A card in words: ``"seven of hearts"``, ``"joker"`` (German ``"Herz-Sieben"``)."""
    if card.suit is None:
        return _w(language, t("art.joker"))
    return _w(language, t("art.card", rank=_rank_word(card.rank, language), suit=suit_name(card.suit)))


def _order(card: Card) -> tuple[bool, int]:
    return (not card.is_wild, card.index)


def _groups(hand: Sequence[Card]) -> list[list[Card]]:
    """The wild cards first, then each suit by rank."""
    key = lambda card: "wild" if card.is_wild or card.suit is None else card.suit.value  # noqa: E731
    return [list(group) for _, group in groupby(sorted(hand, key=_order), key=key)]


def _words(cards: Sequence[Card], language: str) -> str:
    return ", ".join(card_words(card, language) for card in cards) or _w(language, t("art.none"))


def _stick_lines(text: str, width: float, size: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _draw_stick(canvas: Canvas, stick: Stick | None, xy: tuple[int, int], language: str) -> None:
    x, y = xy
    box = (x, y, x + STICK.width, y + STICK.height)
    if stick is None:
        canvas.outline(box, MUTED, width=3, radius=STICK.radius)
        laid = _w(language, t("art.laid_down"))
        canvas.text((x + STICK.width / 2, y + STICK.height / 2), laid, 22, MUTED, anchor="mm")
        return
    canvas.panel(box, STICK_WOOD, STICK.radius, edge=BLACK, width=2)
    canvas.text(
        (x + 12, y + 10), _w(language, t("art.your_stick")), 16, mix(STICK_WOOD, BLACK, 0.6), bold=True
    )
    points = _w(language, t("art.pts", points=stick.points))
    canvas.text(
        (x + STICK.width - 12, y + 10), points, 16, mix(STICK_WOOD, BLACK, 0.6), anchor="ra", bold=True
    )
    size = 24
    name = _w(language, stick_name(stick))
    lines = _stick_lines(name, STICK.width - 24, size)
    while len(lines) > 3 and size > 16:
        size -= 2
        lines = _stick_lines(name, STICK.width - 24, size)
    top = y + 40 + (STICK.height - 48 - len(lines) * (size + 4)) / 2
    for index, line in enumerate(lines):
        canvas.text(
            (x + STICK.width / 2, top + index * (size + 4)), line, size, BLACK, anchor="ma", bold=True
        )


def hand_picture(view: View | DrawnHand, language: str = DEFAULT_LANGUAGE) -> Picture:
    """The viewer's hand (the wild cards first, then by suit and rank) and its secret stick as a
    card of its own, in ``language``'s words (``view``: a seat's view, or what it shows of its
    hand). ValueError for the public view (it has no hand)."""
    hand = view if isinstance(view, DrawnHand) else drawn_hand(view)
    groups = _groups(hand.cards)
    spots = flow_groups([len(group) for group in groups], WIDTH - 2 * MARGIN)
    rows = 1 + max((row for group in spots for _, row in group), default=0)
    top = MARGIN + STICK.height + 16
    row_height = CARD.height + 12
    canvas = Canvas(WIDTH, top + rows * row_height + MARGIN)
    count = len(hand.cards)
    cards = _w(language, t("art.cards", count=count))
    canvas.text((MARGIN, MARGIN), _w(language, t("art.hand_title", cards=cards)), 30, bold=True)
    status = _w(language, hand.status)
    canvas.text((MARGIN, MARGIN + 40), status, 22, YELLOW if hand.awaited else MUTED)
    canvas.text((MARGIN, MARGIN + 72), _w(language, t("art.round", round=hand.round)), 22, MUTED)
    _draw_stick(canvas, hand.stick, (WIDTH - MARGIN - STICK.width, MARGIN), language)
    for group, places in zip(groups, spots, strict=True):
        for card, (x, row) in zip(group, places, strict=True):
            canvas.card(card_face(card, language), (MARGIN + x, top + row * row_height))
    wilds = [card for card in hand.cards if card.is_wild]
    naturals = _words(sorted((card for card in hand.cards if not card.is_wild), key=_order), language)
    if wilds:
        wild_words = _words(sorted(wilds, key=_order), language)
        words = _w(language, t("art.hand_words_wild", cards=cards, list=naturals, wilds=wild_words))
    else:
        words = _w(language, t("art.hand_words", cards=cards, list=naturals))
    if hand.stick is not None:
        stick = t("art.stick_words", stick=stick_name(hand.stick), count=hand.stick.points)
    else:
        stick = t("art.stick_laid_words")
    return canvas.picture(f"{words} {_w(language, stick)} {status}.")


def _stands_for(meld: Meld, index: int, language: str) -> tuple[str, str | None] | None:
    """What the wild ``meld.cards[index]`` stands for: (rank text, suit name or None for a set)."""
    if not meld.cards[index].is_wild or meld.kind == "wild5":
        return None
    if meld.kind == "run":
        assert meld.suit is not None
        card = position_card(meld.suit, meld.positions[index])
        return _rank_letter(card.rank, language), meld.suit.value
    return _rank_letter(meld.positions[index], language), None


def _stands_words(meld: Meld, index: int, language: str) -> str:
    if meld.kind == "run":
        assert meld.suit is not None
        return card_words(position_card(meld.suit, meld.positions[index]), language)
    return _w(language, t("art.a_rank", rank=_rank_word(meld.positions[index], language)))


def _kind_words(meld: Meld) -> Text:
    if meld.kind == "set":
        return t("art.set")
    return t("art.run") if meld.kind == "run" else t("art.wild5")


def _meld_words(meld: Meld, language: str) -> str:
    parts = []
    for index, card in enumerate(meld.cards):
        named = card_words(card, language)
        role = _stands_for(meld, index, language)
        if role is None:
            parts.append(named)
        else:
            stands = _stands_words(meld, index, language)
            said = (
                t("art.as_itself", card=named)
                if stands == named
                else t("art.as_card", card=named, stands=stands)
            )
            parts.append(_w(language, said))
    return _w(language, t("art.meld", kind=_kind_words(meld), cards=", ".join(parts)))


def _draw_meld(
    canvas: Canvas, meld: Meld, number: int, xy: tuple[int, int], width: int, language: str
) -> None:
    """Meld ``number`` at ``xy``, its cards closer together if it is wider than ``width``."""
    x, y = xy
    step = min(_MELD_STEP, (width - SMALL.width) // max(1, len(meld.cards) - 1))
    canvas.text((x, y), f"#{number}", 18, MUTED)
    for index, card in enumerate(meld.cards):
        left = x + index * step
        canvas.card(card_face(card, language), (left, y + 22), SMALL)
        role = _stands_for(meld, index, language)
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
            canvas.ellipse(chip, INK)
            canvas.symbol(shape, (chip[0] + 10, label_y), 15, color)


MELD_ROW: Final = 22 + SMALL.height + 30
"""The height of a row of melds: the number, the cards, what the wilds stand for."""


def _seat_melds(view: View, seat: int) -> list[tuple[int, TableMeld]]:
    return [(index, meld) for index, meld in enumerate(view.melds) if meld.owner == seat]


def table_picture(view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Picture:
    """The table: the discard pile's top card, the stock, whose turn it is, and for each player
    the completed sticks, the cards in hand and the melds on the table (numbered as the prompts
    number them), each wild card with what it stands for, in ``language``'s words."""
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
    canvas.text((MARGIN, MARGIN), _w(language, t("art.round", round=view.round)), 28, bold=True)
    turn = _w(language, _turn_words(view, names))
    canvas.fitted_text((MARGIN, MARGIN + 42), turn, 24, 380, YELLOW)
    canvas.text((MARGIN, MARGIN + 76), _w(language, t("art.dealer", name=names[view.dealer])), 20, MUTED)
    stock_x = WIDTH - MARGIN - CARD.width
    discard_x = stock_x - CARD.width - 110
    if view.discard_top is not None:
        canvas.card(card_face(view.discard_top, language), (discard_x, MARGIN))
    else:
        canvas.slot((discard_x, MARGIN))
    canvas.text((discard_x - 10, MARGIN + 40), _w(language, t("art.discard")), 20, MUTED, anchor="rm")
    canvas.text((discard_x - 10, MARGIN + 66), str(view.discard_size), 24, INK, anchor="rm", bold=True)
    canvas.back((stock_x, MARGIN))
    canvas.text((stock_x - 10, MARGIN + 40), _w(language, t("art.stock")), 20, MUTED, anchor="rm")
    canvas.text((stock_x - 10, MARGIN + 66), str(view.stock_size), 24, INK, anchor="rm", bold=True)
    y = header
    for seat, ((melds, spots, _), height) in enumerate(zip(layouts, blocks, strict=True)):
        turn_here = view.phase != "over" and seat == view.turn
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + height), mix(PANEL, TURN, 0.18) if turn_here else PANEL)
        if turn_here:
            canvas.outline((MARGIN, y, WIDTH - MARGIN, y + height), TURN, width=3)
        done = len(view.completed[seat])
        sticks = _w(language, t("art.sticks", count=done))
        if view.rules.scoring == "points":
            points = sum(c.stick.points for c in view.completed[seat])
            sticks += " · " + _w(language, t("art.pts", points=points))
        held = _w(language, t("art.cards", count=view.hand_sizes[seat]))
        info = _w(language, t("art.info", sticks=sticks, cards=held))
        info_width = text_width(info, 20)
        canvas.fitted_text((MARGIN + 12, y + 10), names[seat], 24, inner - info_width - 20, INK)
        canvas.text((WIDTH - MARGIN - 12, y + 12), info, 20, MUTED, anchor="ra")
        for (index, table_meld), places in zip(melds, spots, strict=True):
            x, row = places[0]
            corner = (MARGIN + 12 + x, y + 40 + row * MELD_ROW)
            _draw_meld(canvas, table_meld.meld, index + 1, corner, inner - x, language)
        y += height + GAP
    return canvas.picture(_table_words(view, names, turn, language))


def _turn_words(view: View, names: Sequence[str]) -> Text:
    """Whose turn it is and to do what, or who won."""
    if view.phase == "over":
        winners = [names[seat] for seat in view.winners]
        listed = (
            winners[0] if len(winners) == 1 else t("art.and", first=", ".join(winners[:-1]), last=winners[-1])
        )
        if len(view.winners) == 1:
            return t("art.game_over_wins", winners=listed)
        return t("art.game_over_share", winners=listed)
    if view.phase == "draw":
        return t("art.to_draw", name=names[view.turn])
    return t("art.to_play", name=names[view.turn])


def _table_words(view: View, names: Sequence[str], turn: str, language: str) -> str:
    if view.discard_top is not None:
        discard = card_words(view.discard_top, language)
    else:
        discard = _w(language, t("art.empty"))
    words = t(
        "art.table_words",
        round=view.round,
        turn=turn,
        discard=discard,
        size=t("art.cards", count=view.discard_size),
        stock=t("art.cards", count=view.stock_size),
    )
    parts = [_w(language, words)]
    for seat, name in enumerate(names):
        done = len(view.completed[seat])
        sticks, cards = t("art.sticks", count=done), t("art.cards", count=view.hand_sizes[seat])
        line = _w(language, t("art.seat_words", name=name, sticks=sticks, cards=cards))
        melds = _seat_melds(view, seat)
        if melds:
            listed = "; ".join(f"#{index + 1} {_meld_words(m.meld, language)}" for index, m in melds)
            line = _w(language, t("art.seat_melds", seat=line, melds=listed))
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


def chart_picture(view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Picture:
    """The chart of every seat's completed sticks (or points) after each finished round (the
    final standings once the game is over), the winners marked, in ``language``'s words."""
    if len(names) != view.players:
        raise ValueError(f"{view.players} names are needed, one a seat")
    totals = round_totals(view)
    over = view.phase == "over"
    return game_chart(totals, names, view.winners, over, t, language)
