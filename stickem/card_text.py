"""Stick'em cards written for people: as text, with a colour square as a visual aid only.

Every card is written as its colour name and value ("red 7", in German "rot 7": the words are
the catalog's, :mod:`stickem.texts`), with the colour's square in front
where it helps the eye; the square is never the only way a card is told, so that colour-blind
players and screen readers can play. A hand is written one colour per line, and laid out as
rows of buttons one colour per row where Discord's limits allow.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from stickem.cards import Card, Color
from stickem.texts import CATALOG, comma_list, t
from tabletop.catalog import DEFAULT_LANGUAGE, Text
from tabletop.presentation import fit_rows

__all__ = [
    "COLOR_EMOJI",
    "MAX_PER_ROW",
    "MAX_ROWS",
    "ONE_PLAY_PER_LINE_FROM",
    "CardWords",
    "by_color",
    "card_emoji",
    "card_name",
    "card_text",
    "cards_text",
    "colour_name",
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


@dataclass(frozen=True)
class CardWords(Text):
    """A card's or a colour's words: there are few, so each is filled in once per language
    (a hand and a table show dozens of cards in every message)."""

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The words in ``language`` (filled in on the first use, then remembered)."""
        return _card_words(self, language)


@lru_cache(maxsize=4096)
def _card_words(words: CardWords, language: str) -> str:
    return Text.render(words, language)


@cache
def colour_name(color: Color) -> Text:
    """A colour's name, in the reader's language ("red", "rot")."""
    return CardWords(CATALOG, f"colour.{color.value}")


@cache
def card_name(card: Card) -> Text:
    """A card's name, its colour and value ("red 7", "rot 7")."""
    return CardWords(CATALOG, "card.name", (("colour", colour_name(card.color)), ("value", card.value)))


@cache
def card_text(card: Card) -> Text:
    """A card for messages: ``🟥 red 7``."""
    return CardWords(CATALOG, "card.shown", (("card", card_name(card)), ("square", card_emoji(card))))


def cards_text(cards: Iterable[Card]) -> Text:
    """Cards for messages, comma separated, or "none"."""
    return comma_list([card_text(card) for card in cards], t("cards.none"))


def by_color(cards: Iterable[Card]) -> list[list[Card]]:
    """The cards sorted and grouped by colour (display order), each group sorted by value."""
    groups: list[list[Card]] = []
    for card in sorted(cards):
        if groups and groups[-1][0].color == card.color:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def hand_lines(cards: Iterable[Card]) -> list[Text]:
    """A hand written one colour per line: ``🟥 red 2, red 7``."""
    return [
        t(
            "card.shown",
            square=card_emoji(group[0]),
            card=comma_list([card_name(card) for card in group], t("cards.none")),
        )
        for group in by_color(cards)
    ]


def hand_rows(
    cards: Sequence[Card], max_rows: int = MAX_ROWS, per_row: int = MAX_PER_ROW
) -> list[list[Card]]:
    """A hand laid out as button rows: one row per colour where the limits allow.

    A colour with more than ``per_row`` cards takes several rows; when there are more groups than
    rows, the two neighbouring groups that fit together with the fewest cards are merged, and if
    nothing fits any more the cards simply fill the rows in order.
    """
    return fit_rows(by_color(cards), sorted(cards), per_row, max_rows)


def _play(seat: int, card: Card, names: Sequence[str]) -> Text:
    """One card of a trick with who played it: ``ann: 🟥 red 7``."""
    return t("trick.play", name=names[seat], card=card_text(card))


def plays_text(plays: Plays, names: Sequence[str]) -> Text:
    """The cards of a trick on one line: ``ann: 🟥 red 7, bob: 🟦 blue 2``, or "none yet"."""
    return comma_list([_play(seat, card, names) for seat, card in plays], t("trick.none_yet"))


def plays_lines(label: Text, plays: Plays, names: Sequence[str], suffix: Text | None = None) -> list[Text]:
    """``label: plays`` on one line, or with many players the label and one line per play;
    ``suffix`` (who took the trick) after the plays or the label."""
    if len(names) < ONE_PLAY_PER_LINE_FROM or not plays:
        line = t("trick.line", label=label, plays=plays_text(plays, names))
        return [line if suffix is None else t("trick.with_suffix", text=line, suffix=suffix)]
    head = label if suffix is None else t("trick.with_suffix", text=label, suffix=suffix)
    return [t("trick.head", label=head)] + [
        t("trick.play_line", name=names[seat], card=card_text(card)) for seat, card in plays
    ]
