"""Precomputed tables of the game engine (``stupid.game``), built once at import.

Cards in the engine are physical ids, ``card.index * 3 + copy`` (copies 0-2 of a card in games
of several decks), so each suit is one run of 39 ids and a sorted hand keeps its suits apart.
The tables turn ids, seats and codes of the action log into cards, trick values, seat orders
and the events the engine shares between games (events are immutable). Lists rather than
tuples or dicts where the engine indexes them on every play: a list subscript is the cheapest
lookup, and a list's ``__getitem__`` the cheapest function for ``map`` and ``sorted``.
For the engine only.
"""

from __future__ import annotations

from typing import Final

from .cards import Card
from .events import BidMade, CardPlayed
from .rules import MAX_HAND_LIMIT, MAX_PLAYERS

COPIES: Final = 3  # physical card id = card.index * 3 + copy
CARDS: Final = tuple(Card.from_index(i) for i in range(52))
CARD_OF: Final = tuple(CARDS[p // COPIES] for p in range(52 * COPIES))
CARD_LOOKUP: Final = list(CARD_OF).__getitem__
"""``CARD_OF[physical]`` as a function for ``map``: a list's ``__getitem__`` is a plain C
method, several times faster per call than a tuple's slot wrapper."""
SUIT_SPAN: Final = 13 * COPIES
"""Physical cards per suit: suit ``s`` (display order) holds physical ids ``s * 39`` to
``s * 39 + 38``, so a sorted hand keeps each suit in one run (found with ``bisect``)."""
TRICK_VALUE: Final = tuple(
    list(
        100 + p % SUIT_SPAN // COPIES
        if p // SUIT_SPAN == trump
        else p % SUIT_SPAN // COPIES
        if p // SUIT_SPAN == lead
        else -1
        for p in range(52 * COPIES)
    )
    for trump in range(4)
    for lead in range(4)
)
"""``TRICK_VALUE[trump * 4 + lead][physical]``: how strong a card is in a trick (rules section
4) with suit ``trump`` trump and suit ``lead`` led (suits in display order): a trump 100 + its
rank order (0 for a two .. 12 for an ace), a card of the suit led its rank order, any other -1.
Copies of a card are equally strong. Rows are lists: see ``CARD_LOOKUP``."""
VALUES: Final = tuple(
    [TRICK_VALUE[trump * 4 + p // SUIT_SPAN] for p in range(52 * COPIES)] for trump in range(4)
)
"""``VALUES[trump][p]``: the ``TRICK_VALUE`` row of a trick with suit ``trump`` trump whose
suit led is that of physical card ``p``. A game keeps the list of its round's trump."""
ALONE: Final = tuple((seat,) for seat in range(MAX_PLAYERS))
"""``ALONE[seat]`` is ``(seat,)``, the ``awaiting`` of a game waiting for ``seat``."""

RANGES: Final = tuple(tuple(range(size + 1)) for size in range(MAX_HAND_LIMIT + 1))
"""``RANGES[n]`` is ``(0, 1, ..., n)``: the bids of a hand of ``n`` cards."""
DEALER_BIDS: Final = tuple(
    tuple(
        tuple(bid for bid in range(size + 1) if bid != size - bid_sum)
        for bid_sum in range(MAX_PLAYERS * MAX_HAND_LIMIT + 1)
    )
    for size in range(MAX_HAND_LIMIT + 1)
)
"""``DEALER_BIDS[n][s]``: the dealer's bids with ``s`` already bid on hands of ``n`` cards: all
of 0..n but ``n - s``, the number that would make the bids add up to ``n``."""

# The action log holds one int per action (in memory only: saved games store actions as text):
#   a play  seat << 8 | physical card     (physical ids are below 156 < 256; seats below 21)
#   a bid   BID | seat << 8 | number      (BID = 1 << 13, above every seat << 8)
# Play codes index the CardPlayed rows below (a list subscript, faster than a dict lookup).
# The engine writes ``seat << 8`` literally on its hot paths; everything that reads codes back
# goes through the names below.
SEAT_SHIFT: Final = 8
LOW_BITS: Final = (1 << SEAT_SHIFT) - 1
"""``code & LOW_BITS``: the physical card of a play code, the number of a bid code."""
BID: Final = 1 << 13
SEAT_BITS: Final = (BID >> SEAT_SHIFT) - 1
"""``code >> SEAT_SHIFT & SEAT_BITS``: the seat of a play or bid code."""
PLAY_CODES: Final = MAX_PLAYERS << SEAT_SHIFT
assert 52 * COPIES <= LOW_BITS and MAX_PLAYERS <= SEAT_BITS, "the log codes' fields overlap"

# Events are immutable, so equal ones are shared between games: one BidMade per (seat, bid),
# built here, and one CardPlayed per (trick number, seat, card), built the first time it
# happens: PLAYED[trick number][play code], a row of the trick number kept by each game.
BID_CODE: Final = tuple(BID | seat << 8 for seat in range(MAX_PLAYERS))
BID_MADE: Final = tuple(
    [BidMade(seat, number) for number in range(MAX_HAND_LIMIT + 1)] for seat in range(MAX_PLAYERS)
)
"""``BID_MADE[seat][number]`` is ``BidMade(seat, number)``."""
PLAYED: Final[list[list[CardPlayed | None]]] = [[] for _ in range(MAX_HAND_LIMIT + 1)]


def played_row(number: int) -> list[CardPlayed | None]:
    """``PLAYED[number]``, made the first time a trick of that number is played. Two threads
    making it at once both give it ``PLAY_CODES`` empty places (the slice assignment is
    idempotent); the worst case is a CardPlayed built twice."""
    row = PLAYED[number]
    if not row:
        row[:] = [None] * PLAY_CODES
    return row


PHYSICAL: Final = {
    decks: tuple(index * COPIES + copy for copy in range(decks) for index in range(52)) for decks in (1, 2, 3)
}
"""``PHYSICAL[decks]``: the physical ids of the decks in deck order (deck 0's 52 cards first),
the order the keys of a deal are drawn in."""
PAIRS: Final = tuple([(seat, card) for card in CARD_OF] for seat in range(MAX_PLAYERS))
"""``PAIRS[seat][physical]``: the shared (seat, card) pair of that play, for the ``plays`` of a
trick."""

SUIT_LOW: Final = tuple(p // SUIT_SPAN * SUIT_SPAN for p in range(52 * COPIES))
"""``SUIT_LOW[physical]``: the lowest physical id of its suit (the suit's run starts there)."""

SEATING: Final = {
    players: (
        (*range(1, players), 0),
        tuple(tuple((leader + i) % players for i in range(players)) for leader in range(players)),
        tuple(tuple(PAIRS[(leader + i) % players] for i in range(players)) for leader in range(players)),
        tuple((after, ALONE[after]) for after in (*range(1, players), 0)),
    )
    for players in range(1, MAX_PLAYERS + 1)
}
"""By player count: the seat after each seat, each leader's play order, the ``PAIRS`` rows of
the seats in each leader's play order, and (the seat after, its ``awaiting``) for each seat."""
BLOCKS: Final = tuple(
    tuple(
        tuple(slice(seat * hand, seat * hand + hand) for seat in range(players))
        for hand in range(MAX_HAND_LIMIT + 1)
    )
    for players in range(MAX_PLAYERS + 1)
)
"""``BLOCKS[players][hand]``: the slices of the shuffled decks that are the seats' hands."""
