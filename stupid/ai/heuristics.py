"""The ``normal`` level's rules of thumb, on the int card model (also the search's playouts).

Bidding: each card's chance to take a trick is estimated from its rank, whether it is trump,
how many cards of the decks are in the other hands (more players and bigger hands: more
higher cards out against it) and how likely a plain card is to be trumped; the bid is the
rounded sum, moved to the nearest allowed number when the dealer's restriction forbids it.

Play: aim at the bid exactly. Short of it, take: win with the lowest card that wins when last
to play, with the highest when others follow; lead the strongest card. Made it, duck: play the
highest card that does not win (shedding danger); when every card wins, win with the highest
if last (nobody can overtake) or play the lowest and hope to be overtaken; lead the weakest.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["choose_bid", "choose_card", "estimate_tricks"]

CLEAR_WEIGHT = 1.2
"""How much each unseen higher card of the suit lowers a card's chance (tuned in self-play)."""
NOT_RUFFED = 0.72
"""Per opponent, the chance a plain card is not trumped."""
LOW_TRUMP = 0.25
"""The chance a trump that is not the highest out still takes a trick (by ruffing)."""


def estimate_tricks(hand: Sequence[int], trump: int, players: int, decks: int) -> float:
    """The expected tricks of ``hand``: a sum of per-card chances (see the module docstring)."""
    size = len(hand)
    out = (players - 1) * size / (52 * decks)  # share of each unseen card held by opponents
    free = max(0.0, 1.0 - CLEAR_WEIGHT * out)
    not_ruffed = NOT_RUFFED ** (players - 1) if size > 1 else 0.9 ** (players - 1)
    total = 0.0
    for code in hand:
        higher = (12 - code % 13) * decks
        clear = free**higher
        if code // 13 == trump:
            total += clear + (1.0 - clear) * (LOW_TRUMP if size > 2 else 0.1)
        else:
            total += clear * not_ruffed * (1.0 if size > 1 else 1.0 / players + 0.3)
    return total


def choose_bid(expected: float, legal_bids: Sequence[int]) -> int:
    """The allowed bid nearest to ``expected`` (ties: the lower)."""
    return min(legal_bids, key=lambda n: (abs(n - expected), n))


def choose_card(hand: Sequence[int], trick: Sequence[int], trump: int, need: int, after: int) -> int:
    """The card to play: take a trick when ``need`` > 0 (short of the bid), else duck.

    ``trick``: the cards played so far in this trick; ``after``: how many seats play after this
    one in the trick. Between equally strong cards the lower code is played. Written as plain
    loops over packed keys (``strength * 64 - code`` to find the strongest, ``+ code`` the
    weakest; codes are below 64): this is the search's playout policy, its hottest code.
    """
    if not trick:
        if len(hand) == 1:
            return hand[0]
        if need > 0:  # lead the strongest: max (power, -code)
            return max(hand, key=lambda c: (100 + c % 13 if c // 13 == trump else c % 13) * 64 - c)
        return min(hand, key=lambda c: (100 + c % 13 if c // 13 == trump else c % 13) * 64 + c)
    lead = trick[0] // 13
    options = [c for c in hand if c // 13 == lead] or list(hand)
    if len(options) == 1:
        return options[0]
    best = -1
    for c in trick:
        suit = c // 13
        value = 100 + c % 13 if suit == trump else (c % 13 if suit == lead else -1)
        if value > best:
            best = value
    top_win = top_lose = low_win = low_any = -1  # -1: none yet
    top_win_key = top_lose_key = -(1 << 30)
    low_win_key = low_any_key = 1 << 30
    for c in options:
        suit = c // 13
        rank = c % 13
        value = 100 + rank if suit == trump else (rank if suit == lead else -1)
        power = 100 + rank if suit == trump else rank
        if need > 0:
            if value > best:
                key = value * 64 - c
                if key > top_win_key:
                    top_win_key, top_win = key, c
                key = value * 64 + c
                if key < low_win_key:
                    low_win_key, low_win = key, c
            key = power * 64 + c
            if key < low_any_key:
                low_any_key, low_any = key, c
        elif value > best:
            key = value * 64 + c
            if key < low_win_key:
                low_win_key, low_win = key, c
            key = power * 64 - c
            if key > top_win_key:
                top_win_key, top_win = key, c
        else:
            key = power * 64 - c
            if key > top_lose_key:
                top_lose_key, top_lose = key, c
    if need > 0:
        if top_win >= 0:
            return low_win if after == 0 else top_win
        return low_any
    if top_lose >= 0:
        return top_lose
    return top_win if after == 0 else low_win
