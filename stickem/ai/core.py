"""Compact integer card model used by the computer players.

A card is the int ``color_index << 5 | value``: the color index follows the display order
(green 0 ... violet 5) and values stay below 32. Every table here is indexed by that code, so
the hot loops of the search never touch objects, only small ints and lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

COLOR_COUNT = 6
VALUE_BITS = 5
CODE_LIMIT = COLOR_COUNT << VALUE_BITS
TRUMP_BONUS = 32
"""Added to a trump's value so every trump outranks every lead card."""

OFF_ZERO_KEY = -1
"""Rank of a zero of a color other than the lead color: it can never win."""

_DECK_SHAPE: dict[int, tuple[int, int]] = {
    3: (9, 5),
    4: (12, 5),
    5: (15, 5),
    6: (15, 6),
    7: (18, 6),
}


def encode(color_index: int, value: int) -> int:
    """Return the int code of the card with this color index and value."""
    return color_index << VALUE_BITS | value


def color_of(code: int) -> int:
    """Return the color index of a card code."""
    return code >> VALUE_BITS


def value_of(code: int) -> int:
    """Return the face value of a card code."""
    return code & ((1 << VALUE_BITS) - 1)


def deck_codes(players: int) -> list[int]:
    """Return the sorted deck for ``players`` seats as card codes (RULES section 1)."""
    if players not in _DECK_SHAPE:
        raise ValueError(f"players must be 3-7, not {players}")
    values, colors = _DECK_SHAPE[players]
    return [encode(c, v) for c in range(colors) for v in range(values)]


def _key_table(lead_color: int) -> list[int]:
    table = [OFF_ZERO_KEY] * CODE_LIMIT
    for code in range(CODE_LIMIT):
        color, value = color_of(code), value_of(code)
        if color == lead_color:
            table[code] = value
        elif value > 0:
            table[code] = TRUMP_BONUS + value
    return table


TRICK_KEYS: tuple[list[int], ...] = tuple(_key_table(c) for c in range(COLOR_COUNT))
"""``TRICK_KEYS[lead_color][code]``: the card's rank in a trick; the first highest rank wins."""


def trick_winner_index(cards: Sequence[int], nobody_on_zeros: bool) -> int | None:
    """Return the play-order position of the trick's winner, or None if nobody wins.

    ``nobody_on_zeros`` is the ``all_zero="nobody"`` rule: a trick of only zeros is set aside.
    """
    keys = TRICK_KEYS[cards[0] >> VALUE_BITS]
    ranks = [keys[c] for c in cards]
    best = max(ranks)
    if best == 0 and nobody_on_zeros:
        return None
    return ranks.index(best)


def points_table(misery_color: int | None) -> list[int]:
    """Return, per card code, what capturing that card scores for a player of this misery color."""
    table = [1] * CODE_LIMIT
    if misery_color is not None:
        for value in range(1 << VALUE_BITS):
            table[encode(misery_color, value)] = -value
    return table


def round_points(misery_card: int, captured: Iterable[int]) -> int:
    """Return a player's round score (RULES section 4) from card codes."""
    table = points_table(color_of(misery_card))
    return sum(table[c] for c in captured) - value_of(misery_card)


def play_orders(players: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each leader seat, the seats in the order they play a trick."""
    return tuple(tuple((lead + i) % players for i in range(players)) for lead in range(players))
