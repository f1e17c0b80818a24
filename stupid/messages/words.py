"""Cards, hands, tricks and seats written as text for chat messages, in the reader's language.

A card is always written as text, ``Q♣`` or ``10♥`` (its suit symbol is a character a screen
reader names, "club suit"); the letter of a face card is the reader's (``D♣`` in German: Dame),
so a face card is a :class:`~tabletop.catalog.Text` and a number card a plain string. A suit
that matters (trump, the suit led) is also named in words. Lines and lists of texts are joined
by catalog texts too (:func:`lines`, :func:`listed`), so that a message stays a text filled in
when shown.

Messages longer than Discord's 2000 characters are rewritten in more compact forms (a trick's
cards without the names of all who played them), and cut only as a last resort
(:func:`fitted`): the form shown is chosen when the text is filled in, the first that fits in
the reader's language (:class:`Fitted`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from string import Formatter
from typing import Final

from stupid.cards import Card, Suit
from stupid.texts import CATALOG, t
from tabletop.catalog import DEFAULT_LANGUAGE, Field, Text, render

__all__ = [
    "MAX_CONTENT",
    "ONE_PLAY_PER_LINE_FROM",
    "Fitted",
    "Plays",
    "Words",
    "bold",
    "card_text",
    "clip",
    "fitted",
    "hand_lines",
    "lines",
    "listed",
    "plays_lines",
    "rank_text",
    "suit_name",
    "suit_one",
    "suit_text",
    "tricks_word",
]

MAX_CONTENT: Final = 2000
"""The most characters of a message's text (Discord's limit)."""

ONE_PLAY_PER_LINE_FROM: Final = 5
"""From this many players on, a trick's plays are listed one per line (phones), as Stick'em's."""

Plays = Sequence[tuple[int, Card]]
"""A trick's (seat, card) pairs in play order."""

Words = str | Text
"""What a message is made of: a plain string (names, numbers, cards 2-10) or a catalog text."""


@cache
def _faces() -> dict[int, Text]:
    """The rank letters of the face cards (made once, on first need)."""
    return {11: t("rank.jack"), 12: t("rank.queen"), 13: t("rank.king"), 14: t("rank.ace")}


@cache
def _suits() -> dict[Suit, tuple[Text, Text, Text]]:
    """Per suit: its name as trump or in a list (``hearts``), its name for one card (``heart``),
    and its symbol with its name (``♥ hearts``)."""
    names = {
        Suit.CLUBS: (t("suit.clubs"), t("suit_one.clubs")),
        Suit.DIAMONDS: (t("suit.diamonds"), t("suit_one.diamonds")),
        Suit.HEARTS: (t("suit.hearts"), t("suit_one.hearts")),
        Suit.SPADES: (t("suit.spades"), t("suit_one.spades")),
    }
    return {
        suit: (name, one, t("suit.shown", symbol=suit.symbol, suit=name))
        for suit, (name, one) in names.items()
    }


@cache
def card_text(card: Card) -> Words:
    """A card for messages and button labels: ``Q♣`` (``D♣`` in German), ``10♥``."""
    face = _faces().get(card.rank)
    if face is None:
        return str(card)
    return t("card.face", rank=face, symbol=card.suit.symbol)


def rank_text(card: Card) -> Words:
    """A card's rank alone: ``Q`` (``D`` in German), ``10``."""
    return _faces().get(card.rank) or str(card)[:-1]


def suit_name(suit: Suit) -> Text:
    """A suit's name as trump, led or missing: ``hearts`` (``Herz``)."""
    return _suits()[suit][0]


def suit_one(suit: Suit) -> Text:
    """A suit's name for one card of it: ``heart`` (``Herz``)."""
    return _suits()[suit][1]


def suit_text(suit: Suit) -> Text:
    """A suit with its symbol as a visual aid: ``♥ hearts``."""
    return _suits()[suit][2]


def tricks_word(count: int) -> Text:
    """``1 trick``, ``3 tricks``."""
    return t("count.tricks", count=count)


def bold(words: Words) -> Text:
    """``**words**``."""
    return t("layout.bold", text=words)


def _joined(items: Sequence[Words], join: Callable[[Words, Words], Text]) -> Words:
    """``items`` joined pairwise by ``join``, as a balanced tree (shallow however many)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    middle = len(items) // 2
    return join(_joined(items[:middle], join), _joined(items[middle:], join))


def lines(items: Sequence[Words]) -> Words:
    """``items`` one per line."""
    return _joined(items, lambda above, below: t("layout.lines", above=above, below=below))


def listed(items: Sequence[Words]) -> Words:
    """``items`` separated by commas: ``Q♣, 2♣``."""
    return _joined(items, lambda first, rest: t("layout.comma", first=first, rest=rest))


def hand_lines(hand: Sequence[Card], trump: Suit) -> list[Words]:
    """A hand one suit per line, in suit order, the trump suit marked: ``♥ hearts (trump): 4, J``."""
    found: list[Words] = []
    for suit in Suit:
        cards = listed([rank_text(card) for card in sorted(card for card in hand if card.suit is suit)])
        if cards:
            if suit is trump:
                found.append(t("hand.trump_suit", suit=suit_text(suit), cards=cards))
            else:
                found.append(t("hand.suit", suit=suit_text(suit), cards=cards))
    return found or [t("hand.empty")]


def plays_lines(heading: Words, plays: Plays, names: Sequence[str], *, compact: bool = False) -> list[Words]:
    """``heading: Alice: Q♣, Bob: 2♣`` on one line, one play per line from
    :data:`ONE_PLAY_PER_LINE_FROM` players on, or ``compact``: the cards alone in play order
    after the seat that led (for a message that must shrink)."""
    if not plays:
        return [t("plays.none", heading=heading)]
    if compact:
        cards = listed([card_text(card) for _, card in plays])
        return [t("plays.compact", heading=heading, leader=names[plays[0][0]], cards=cards)]
    each = [t("plays.play", name=names[seat], card=card_text(card)) for seat, card in plays]
    if len(names) < ONE_PLAY_PER_LINE_FROM:
        return [t("plays.line", heading=heading, plays=listed(each))]
    return [t("plays.heading", heading=heading), *(t("plays.item", play=play) for play in each)]


@cache
def _shape(key: str) -> tuple[int, dict[str, int]]:
    """The most characters of ``key``'s own words in any language and plural form, and how
    often each field is written at most (read-only)."""
    widest = 0
    uses: dict[str, int] = {}
    for language in CATALOG.languages():
        entry = CATALOG.translation(key, language)
        if entry is None:
            continue
        for template in (entry,) if isinstance(entry, str) else tuple(entry.values()):
            parts = list(Formatter().parse(template))
            widest = max(widest, sum(len(literal) for literal, _, _, _ in parts))
            counts = Counter(name for _, name, _, _ in parts if name is not None)
            for name, count in counts.items():
                uses[name] = max(uses.get(name, 0), count)
    return widest, uses


def _bound(words: Field) -> int:
    """At least as many characters as ``words`` has in any language: the widest form of each
    text, its fields as often as a form writes them (a number with room for its separators, a
    date as long as its longest form)."""
    if type(words) is str:
        return len(words)
    if not isinstance(words, Text):
        digits = len(str(words))
        return digits + digits // 3 + 1
    if words.catalog is not CATALOG:  # the host's line (the turn timer): measured as shown
        languages = (*CATALOG.languages(), *words.catalog.languages())
        return max(len(render(words, language)) for language in languages)
    total, uses = _shape(words.key)
    for name, value in words.fields:
        count = uses.get(name, 0)
        if count:
            total += count * (len(value) if type(value) is str else _bound(value))
    return total


def _bound_lines(found: Sequence[Words]) -> int:
    """At least as many characters as ``found``, one per line, has in any language."""
    return sum(map(_bound, found)) + max(len(found) - 1, 0) * _shape("layout.lines")[0]


@dataclass(frozen=True)
class Fitted(Text):
    """A message's text in several forms, from the full one to the most compact: shown in the
    first form that fits in a message in the reader's language (cut with an ellipsis if even
    the last does not). Its own key and field name the full form, which is what a reader of
    the catalog alone would see."""

    forms: tuple[Words, ...] = ()

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The first form that fits, in ``language``."""
        text = ""
        for form in self.forms:
            text = render(form, language)
            if len(text) <= MAX_CONTENT:
                return text
        return clip(text)


def clip(text: str) -> str:
    """``text`` cut to :data:`MAX_CONTENT` characters (an ellipsis shows the cut)."""
    if len(text) <= MAX_CONTENT:
        return text
    return text[: MAX_CONTENT - 1] + "\N{HORIZONTAL ELLIPSIS}"


def fitted(write: Callable[[int], Sequence[Words]], levels: int = 1) -> Words:
    """The lines ``write(level)`` gives, one per line, in the first form from level 0 (the full
    form) up to ``levels - 1`` (the most compact) that fits in a message in the reader's
    language. A message that fits in every language whatever its words (a quick upper bound)
    is written in its full form alone."""
    full = write(0)
    if _bound_lines(full) <= MAX_CONTENT:
        return lines(full)
    forms = (lines(full), *(lines(write(level)) for level in range(1, levels)))
    return Fitted(CATALOG, "layout.fitted", (("text", forms[0]),), forms)
