"""How Stick Game writes its cards, hands, melds and sticks in messages (no Discord here), as
catalog texts (:mod:`stickgame.texts`) shown in each reader's language.

Every card is written as text ("7♥", "10♣", "joker"; in German "B♥", "D♠", "Joker"); an emoji
(a suit, 🃏) is only ever a visual aid next to that text, so that screen readers and
colour-blind players can play. A wild on the table says what it stands for: "joker(=9♥)" in a
run, "2♣(=K)" in a set.

The names of cards, melds and sticks are made once and kept (a text is an immutable value):
a prompt or a table message names the same cards again and again.

The hand order used everywhere (text, selects, the positions a draft records) is
:func:`hand_order`: the wild cards first (jokers, then deuces by suit), then the natural cards
by suit (clubs, diamonds, hearts, spades) and rank (ace low).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from tabletop.catalog import Text

from .cards import Card, Suit
from .melds import Meld, position_card
from .sticks import Need, Stick
from .texts import t
from .views import TableMeld

__all__ = [
    "MAX_CONTENT",
    "Words",
    "card_emoji",
    "card_name",
    "cards_text",
    "group_name",
    "hand_lines",
    "hand_order",
    "joined",
    "lines",
    "meld_label",
    "meld_short",
    "meld_text",
    "need_hint",
    "need_name",
    "rank_name",
    "stick_hint",
    "stick_line",
    "stick_name",
    "suit_group",
    "suit_name",
]

Words = str | Text
"""What a player reads: plain words (a name, "7♥") or a catalog text, shown in their language."""

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
_WILD_GROUP: Final = "Wild"
_SEPARATORS: Final = {
    "join.space": " ",
    "join.line": "\n",
    "join.semicolon": "; ",
    "join.comma": ", ",
    "join.dot": " · ",
    "join.pipe": " | ",
}
"""The separators every language writes alike: plain strings joined by one stay one string."""
_LETTERED: Final = frozenset({1, 11, 12, 13})
"""The ranks written with a letter (A, J, Q, K): each language has its own."""


def joined(items: Sequence[Words], key: str = "join.space") -> Words:
    """``items`` joined by the text ``key`` (``"{first} {rest}"``, ``"{first} and {rest}"``):
    plain strings side by side stay one string where the separator is the same in every
    language; a text among them makes a text."""
    merged: list[Words] = []
    separator = _SEPARATORS.get(key)
    for item in items:
        if separator is not None and merged and isinstance(item, str) and isinstance(merged[-1], str):
            merged[-1] = f"{merged[-1]}{separator}{item}"
        else:
            merged.append(item)
    if not merged:
        return ""
    result = merged[-1]
    for item in reversed(merged[:-1]):
        result = t(key, first=item, rest=result)
    return result


def lines(items: Sequence[Words]) -> Words:
    """``items`` one per line."""
    return joined(items, "join.line")


def card_emoji(card: Card) -> str:
    """The card's emoji (its suit, or 🃏 for a joker): a visual aid next to its text only."""
    return _JOKER_EMOJI if card.suit is None else _SUIT_EMOJI[card.suit]


@lru_cache(maxsize=4096)
def rank_name(rank: int) -> Words:
    """A rank as a card shows it: ``"7"``, or the language's letter (``"J"``, German ``"B"``)."""
    return t(f"rank.short.{rank}") if rank in _LETTERED else str(rank)


@lru_cache(maxsize=4096)
def suit_name(suit: Suit) -> Text:
    """A suit's name: "hearts" (German "Herz")."""
    return t(f"suit.name.{suit.value}")


@lru_cache(maxsize=4096)
def card_name(card: Card) -> Words:
    """A card: ``"7♥"``, ``"J♣"`` (German ``"B♣"``), ``"joker"``."""
    if card.suit is None:
        return t("card.joker")
    if card.rank not in _LETTERED:
        return str(card)
    return t("card.suited", rank=rank_name(card.rank), suit=card.suit.symbol)


def _order_key(card: Card) -> tuple[bool, int]:
    return (not card.is_wild, card.index)


def hand_order(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The hand as it is shown: wild cards first, then by suit and rank."""
    return tuple(sorted(hand, key=_order_key))


def suit_group(card: Card) -> str:
    """The group a card is listed under in a hand (an id, English): "Wild" or its suit
    ("Hearts"); :func:`group_name` is what a player reads."""
    if card.is_wild or card.suit is None:
        return _WILD_GROUP
    return _SUIT_TITLES[card.suit]


@lru_cache(maxsize=4096)
def group_name(card: Card) -> Text:
    """The name of the group a card is listed under: "Wild", "Hearts" (German "Joker", "Herz")."""
    if card.is_wild or card.suit is None:
        return t("suit.wild_group")
    return t(f"suit.group.{card.suit.value}")


def cards_text(cards: Iterable[Card]) -> Words:
    """Cards separated by spaces (``"7♥ 8♥ joker"``), or "none"."""
    names = [card_name(card) for card in cards]
    return joined(names) if names else t("cards.none")


def hand_lines(hand: Sequence[Card]) -> list[Words]:
    """A hand one group per line, in :func:`hand_order`: ``"Hearts: 7♥ 8♥ 10♥"``."""
    found: list[Words] = []
    group: Card | None = None
    cards: list[Card] = []
    for card in hand_order(hand):
        if group is not None and suit_group(card) != suit_group(group) and cards:
            found.append(t("hand.group", group=group_name(group), cards=cards_text(cards)))
            cards = []
        group = card
        cards.append(card)
    if cards and group is not None:
        found.append(t("hand.group", group=group_name(group), cards=cards_text(cards)))
    return found or [t("hand.empty")]


def _role(meld: Meld, index: int) -> Words | None:
    """What the wild ``meld.cards[index]`` stands for: a card in a run, a rank in a set."""
    if not meld.cards[index].is_wild or meld.kind == "wild5":
        return None
    if meld.kind == "run":
        assert meld.suit is not None
        return card_name(position_card(meld.suit, meld.positions[index]))
    return rank_name(meld.positions[index])


@lru_cache(maxsize=4096)
def meld_text(meld: Meld) -> Words:
    """A meld with what each wild stands for: ``"7♥ 8♥ joker(=9♥) 10♥"``."""
    if meld.kind == "wild5":
        return t("meld.wild5", cards=cards_text(meld.cards))
    parts: list[Words] = []
    for index, card in enumerate(meld.cards):
        role = _role(meld, index)
        parts.append(card_name(card) if role is None else t("meld.wild_as", card=card_name(card), role=role))
    return joined(parts)


@lru_cache(maxsize=4096)
def meld_short(meld: Meld) -> Words:
    """A meld in few characters, for a crowded table: ``"3♥-J♥ (wild 6♥ 10♥)"``,
    ``"9♠ 9♥ 9♦ +1 wild"``."""
    if meld.kind == "wild5":
        return t("meld.wild5_short")
    roles = [role for index in range(len(meld.cards)) if (role := _role(meld, index)) is not None]
    if meld.kind == "set":
        naturals = cards_text(card for card in meld.cards if not card.is_wild)
        return t("meld.set_short_wilds", cards=naturals, count=len(roles)) if roles else naturals
    assert meld.suit is not None
    low, high = card_name(position_card(meld.suit, meld.low)), card_name(position_card(meld.suit, meld.high))
    if roles:
        return t("meld.run_short_wilds", low=low, high=high, wilds=joined(roles))
    return t("meld.run_short", low=low, high=high)


def meld_label(index: int, table_meld: TableMeld, names: Sequence[str]) -> Text:
    """A table meld for a select or a line: ``"#3 Alice: 7♥ 8♥ joker(=9♥)"`` (1-based number)."""
    return t("meld.label", number=index + 1, owner=names[table_meld.owner], meld=meld_text(table_meld.meld))


@lru_cache(maxsize=4096)
def need_name(need: Need) -> Text:
    """How a stick names one of its melds: ``"a run of 4"``, ``"3 eights"``, ``"A K Q of hearts"``."""
    if need.kind == "wild5":
        return t("need.wild5")
    if need.named:
        assert need.suit is not None
        ranks = joined([rank_name(1 if position == 14 else position) for position in need.named])
        return t("need.named", ranks=ranks, suit=suit_name(need.suit))
    if need.kind == "set":
        if need.rank is not None:
            return t("need.set_rank", size=need.size, ranks=t(f"rank.plural.{need.rank}"))
        return t("need.set") if need.size == 3 else t("need.set_of", size=need.size)
    if need.suit is not None:
        if need.size == 3:
            return t("need.run_suit", suit=suit_name(need.suit))
        return t("need.run_of_suit", size=need.size, suit=suit_name(need.suit))
    return t("need.run") if need.size == 3 else t("need.run_of", size=need.size)


@lru_cache(maxsize=4096)
def need_hint(need: Need) -> Text:
    """What one of a stick's melds asks, briefly: ``"a run of 4: 4+ cards of one suit in sequence"``."""
    name = need_name(need)
    if need.kind == "wild5":
        return t("hint.wild5", need=name)
    if need.named:
        assert need.suit is not None
        return t("hint.named", need=name, suit=suit_name(need.suit))
    if need.kind == "set":
        if need.rank is not None:
            return t("hint.set_rank", need=name, size=need.size, ranks=t(f"rank.plural.{need.rank}"))
        return t("hint.set", need=name, size=need.size)
    if need.suit is not None:
        return t("hint.run_suit", need=name, size=need.size, suit=suit_name(need.suit))
    return t("hint.run", need=name, size=need.size)


@lru_cache(maxsize=4096)
def stick_name(stick: Stick) -> Text:
    """A stick's name as the table spells it: "2 runs of 4", "Free" (German "2 Folgen aus 4")."""
    return t("stick.free") if stick.is_free else t(f"stick.name.{stick.number}")


@lru_cache(maxsize=4096)
def stick_line(stick: Stick) -> Text:
    """``"**2 runs of 4** (8 points)"``."""
    return t("stick.line", stick=stick_name(stick), count=stick.points)


@lru_cache(maxsize=4096)
def stick_hint(stick: Stick) -> Words:
    """Each distinct meld the stick asks for, briefly, separated by semicolons."""
    hints: list[Words] = []
    for need in stick.needs:
        hint = need_hint(need)
        if hint not in hints:
            hints.append(hint)
    return joined(hints, "join.semicolon")
