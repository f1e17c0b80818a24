"""Stick'em cards written for people: as text, with a colour square as a visual aid only.

Every card is written as its colour name and value ("red 7"), with the colour's square in front
where it helps the eye; the square is never the only way a card is told, so that colour-blind
players and screen readers can play. A hand is written one colour per line, and laid out as
rows of buttons one colour per row where Discord's limits allow.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from stickem.cards import Card
from tabletop.presentation import fit_rows

__all__ = [
    "COLOR_EMOJI",
    "MAX_PER_ROW",
    "MAX_ROWS",
    "ONE_PLAY_PER_LINE_FROM",
    "by_color",
    "card_emoji",
    "card_text",
    "cards_text",
    "hand_lines",
    "hand_rows",
    "plays_lines",
    "plays_text",
]

MAX_ROWS: Final = 5
"""Rows of buttons in one message."""
MAX_PER_ROW: Final = 5
"""Buttons in one row."""

COLOR_EMOJI: Final[dict[str, str]] = {
    "green": "\N{LARGE GREEN SQUARE}",
    "brown": "\N{LARGE BROWN SQUARE}",
    "red": "\N{LARGE RED SQUARE}",
    "blue": "\N{LARGE BLUE SQUARE}",
    "yellow": "\N{LARGE YELLOW SQUARE}",
    "violet": "\N{LARGE PURPLE SQUARE}",
}
"""The square shown in front of a card of each colour."""

ONE_PLAY_PER_LINE_FROM: Final = 5
"""From this many players on, the plays of a trick are listed one per line (phones)."""

Plays = Sequence[tuple[int, Card]]


def card_emoji(card: Card) -> str:
    """The colour square of a card (a visual aid; never used alone)."""
    return COLOR_EMOJI.get(card.color.value, "")


def card_text(card: Card) -> str:
    """A card for messages: ``🟥 red 7``."""
    return f"{card_emoji(card)} {card}".strip()


def cards_text(cards: Iterable[Card]) -> str:
    """Cards for messages, comma separated, or "none"."""
    return ", ".join(card_text(card) for card in cards) or "none"


def by_color(cards: Iterable[Card]) -> list[list[Card]]:
    """The cards sorted and grouped by colour (display order), each group sorted by value."""
    groups: list[list[Card]] = []
    for card in sorted(cards):
        if groups and groups[-1][0].color == card.color:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def hand_lines(cards: Iterable[Card]) -> list[str]:
    """A hand written one colour per line: ``🟥 red 2, red 7``."""
    return [f"{card_emoji(group[0])} " + ", ".join(map(str, group)) for group in by_color(cards)]


def hand_rows(
    cards: Sequence[Card], max_rows: int = MAX_ROWS, per_row: int = MAX_PER_ROW
) -> list[list[Card]]:
    """A hand laid out as button rows: one row per colour where the limits allow.

    A colour with more than ``per_row`` cards takes several rows; when there are more groups than
    rows, the two neighbouring groups that fit together with the fewest cards are merged, and if
    nothing fits any more the cards simply fill the rows in order.
    """
    return fit_rows(by_color(cards), sorted(cards), per_row, max_rows)


def plays_text(plays: Plays, names: Sequence[str]) -> str:
    """The cards of a trick on one line: ``ann: 🟥 red 7, bob: 🟦 blue 2``, or "none yet"."""
    return ", ".join(f"{names[seat]}: {card_text(card)}" for seat, card in plays) or "none yet"


def plays_lines(label: str, plays: Plays, names: Sequence[str], suffix: str = "") -> list[str]:
    """``label: plays`` on one line, or with many players the label and one line per play."""
    if len(names) < ONE_PLAY_PER_LINE_FROM or not plays:
        return [f"{label}: {plays_text(plays, names)}{suffix}"]
    return [f"{label}{suffix}:"] + [f"- {names[seat]}: {card_text(card)}" for seat, card in plays]
