"""How Stick Game writes its cards, hands, melds and sticks in messages (no Discord here).

Every card is written as text ("7♥", "10♣", "joker"); an emoji (a suit, 🃏) is only ever a
visual aid next to that text, so that screen readers and colour-blind players can play. A wild
on the table says what it stands for: "joker(=9♥)" in a run, "2♣(=K)" in a set.

The hand order used everywhere (text, selects, the positions a draft records) is
:func:`hand_order`: the wild cards first (jokers, then deuces by suit), then the natural cards
by suit (clubs, diamonds, hearts, spades) and rank (ace low).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from tabletop.words import plural

from .cards import Card, Suit, rank_plural
from .melds import Meld, position_card
from .sticks import Need, Stick
from .views import TableMeld

__all__ = [
    "MAX_CONTENT",
    "card_emoji",
    "cards_text",
    "clip",
    "hand_lines",
    "hand_order",
    "meld_label",
    "meld_short",
    "meld_text",
    "need_hint",
    "plural",
    "stick_hint",
    "stick_line",
    "suit_group",
]

MAX_CONTENT: Final = 2000
"""The longest message text Discord takes."""

_SUIT_EMOJI: Final = {Suit.CLUBS: "♣️", Suit.DIAMONDS: "♦️", Suit.HEARTS: "♥️", Suit.SPADES: "♠️"}
_JOKER_EMOJI: Final = "🃏"
_SUIT_TITLES: Final = {
    Suit.CLUBS: "Clubs",
    Suit.DIAMONDS: "Diamonds",
    Suit.HEARTS: "Hearts",
    Suit.SPADES: "Spades",
}


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking a cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_emoji(card: Card) -> str:
    """The card's emoji (its suit, or 🃏 for a joker): a visual aid next to its text only."""
    return _JOKER_EMOJI if card.suit is None else _SUIT_EMOJI[card.suit]


def _order_key(card: Card) -> tuple[bool, int]:
    return (not card.is_wild, card.index)


def hand_order(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The hand as it is shown: wild cards first, then by suit and rank."""
    return tuple(sorted(hand, key=_order_key))


def suit_group(card: Card) -> str:
    """The group a card is listed under in a hand: "Wild" or its suit ("Hearts")."""
    if card.is_wild or card.suit is None:
        return "Wild"
    return _SUIT_TITLES[card.suit]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards separated by spaces (``"7♥ 8♥ joker"``), or "none"."""
    return " ".join(str(card) for card in cards) or "none"


def hand_lines(hand: Sequence[Card]) -> list[str]:
    """A hand one group per line, in :func:`hand_order`: ``"Hearts: 7♥ 8♥ 10♥"``."""
    lines: list[str] = []
    group = ""
    cards: list[Card] = []
    for card in hand_order(hand):
        if suit_group(card) != group and cards:
            lines.append(f"{group}: {cards_text(cards)}")
            cards = []
        group = suit_group(card)
        cards.append(card)
    if cards:
        lines.append(f"{group}: {cards_text(cards)}")
    return lines or ["(no cards)"]


def meld_text(meld: Meld) -> str:
    """A meld with what each wild stands for: ``"7♥ 8♥ joker(=9♥) 10♥"``."""
    if meld.kind == "wild5":
        return f"{cards_text(meld.cards)} (5 wild cards)"
    parts = []
    for index, card in enumerate(meld.cards):
        role = meld.stands_for(index)
        parts.append(str(card) if role is None else f"{card}(={role})")
    return " ".join(parts)


def meld_short(meld: Meld) -> str:
    """A meld in few characters, for a crowded table: ``"3♥-J♥ (wild 6♥ 10♥)"``,
    ``"9♠ 9♥ 9♦ +1 wild"``."""
    if meld.kind == "wild5":
        return "5 wild cards"
    wilds = [role for index in range(len(meld.cards)) if (role := meld.stands_for(index)) is not None]
    if meld.kind == "set":
        naturals = cards_text(card for card in meld.cards if not card.is_wild)
        return naturals + (f" +{len(wilds)} wild" if wilds else "")
    assert meld.suit is not None
    span = f"{position_card(meld.suit, meld.low)}-{position_card(meld.suit, meld.high)}"
    return span + (f" (wild {' '.join(wilds)})" if wilds else "")


def meld_label(index: int, table_meld: TableMeld, names: Sequence[str], limit: int = 100) -> str:
    """A table meld for a select or a line: ``"#3 Alice: 7♥ 8♥ joker(=9♥)"`` (1-based number)."""
    return clip(f"#{index + 1} {names[table_meld.owner]}: {meld_text(table_meld.meld)}", limit)


def need_hint(need: Need) -> str:
    """What one of a stick's melds asks, briefly: ``"a run of 4: 4+ cards of one suit in sequence"``."""
    if need.kind == "wild5":
        return "5 wild cards: exactly five jokers or deuces"
    if need.named:
        assert need.suit is not None
        return f"{need.describe()}: a run of {need.suit.value} holding them"
    if need.kind == "set":
        if need.rank is not None:
            return f"{need.describe()}: a set of {need.size}+ {rank_plural(need.rank)}"
        return f"{need.describe()}: {need.size}+ cards of one rank"
    suit = need.suit.value if need.suit is not None else "one suit"
    return f"{need.describe()}: {need.size}+ cards of {suit} in sequence"


def stick_line(stick: Stick) -> str:
    """``"**2 runs of 4** (8 points)"``."""
    return f"**{stick.text}** ({plural(stick.points, 'point')})"


def stick_hint(stick: Stick) -> str:
    """Each distinct meld the stick asks for, briefly, separated by semicolons."""
    hints: list[str] = []
    for need in stick.needs:
        hint = need_hint(need)
        if hint not in hints:
            hints.append(hint)
    return "; ".join(hints)
