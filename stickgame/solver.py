"""Finding melds in a hand: can it complete a stick, and how far is it from doing so.

Used by ``Game.legal_actions`` and the computer players; the rules themselves are checked by
``sticks.match_stick`` when the melds are laid down. ``find_completion`` looks for the
smallest melds each need allows (a longer meld is never needed to complete a stick, except a
named run whose only natural card lies outside the named cards, which it does not look for).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .actions import MeldPlay
from .cards import Card, Suit
from .sticks import Need, Stick

__all__ = ["Candidate", "candidates", "deficit", "find_completion", "new_melds", "plan"]

_SET_RANKS: Final = (1, *range(3, 14))
_SUITS: Final = tuple(Suit)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A way to meet one need: the ``naturals`` it uses, how many ``wilds`` fill the rest, and
    ``missing``: positions with neither in the hand (0 for a meld the hand can make now)."""

    kind: str
    naturals: tuple[Card, ...]
    wilds: int
    placement: int | None = None


def _set_candidates(need: Need, naturals: Counter[Card]) -> list[Candidate]:
    found = []
    by_rank: dict[int, list[Card]] = {}
    for card, count in naturals.items():
        by_rank.setdefault(card.rank, []).extend([card] * count)
    for rank in (need.rank,) if need.rank is not None else _SET_RANKS:
        cards = by_rank.get(rank, [])[: need.size]
        if cards:
            found.append(Candidate("set", tuple(cards), need.size - len(cards)))
    return found


def _run_candidates(need: Need, naturals: Counter[Card]) -> list[Candidate]:
    found = []
    size = need.size
    for suit in (need.suit,) if need.suit is not None else _SUITS:
        for low in range(1, 16 - size):
            positions = range(low, low + size)
            if need.named and not set(need.named) <= set(positions):
                continue
            used = []
            for position in positions:
                if position == 2:
                    continue  # a deuce is wild: this place is always a wild's
                card = Card(suit, 1 if position == 14 else position)
                if naturals[card]:
                    used.append(card)
            if used:
                found.append(Candidate("run", tuple(used), size - len(used), low))
    return found


def _fill_set(option: Candidate, naturals: Counter[Card]) -> Candidate | None:
    """The set ``option`` made of the naturals still available (wilds for the rest)."""
    rank = option.naturals[0].rank
    size = len(option.naturals) + option.wilds
    cards: list[Card] = []
    for card, count in naturals.items():
        if card.rank == rank and count > 0:
            cards.extend([card] * count)
    if not cards:
        return None
    cards = cards[:size]
    return Candidate("set", tuple(cards), size - len(cards))


def candidates(need: Need, naturals: Counter[Card]) -> list[Candidate]:
    """Every smallest meld for ``need`` holding at least one natural of ``naturals`` (fewest
    wilds first)."""
    if need.kind == "wild5":
        return [Candidate("wild5", (), 5)]
    found = _set_candidates(need, naturals) if need.kind == "set" else _run_candidates(need, naturals)
    found.sort(key=lambda c: c.wilds)
    return found


def plan(hand: Iterable[Card], stick: Stick, width: int = 10) -> tuple[int, tuple[Candidate, ...]]:
    """The least number of cards ``hand`` lacks to complete ``stick`` and the melds that need
    it (0: it can be laid down now). Each need looks at its ``width`` best candidates."""
    cards = list(hand)
    wild_count = sum(card.is_wild for card in cards)
    naturals = Counter(card for card in cards if not card.is_wild)
    # runs first: they need particular cards, a set takes whichever of its rank are left
    needs = sorted(stick.needs, key=lambda n: (n.kind != "run", -n.size))
    best: list[object] = [10**6, ()]
    cache: dict[Need, list[Candidate]] = {}
    for need in needs:
        if need not in cache:
            cache[need] = candidates(need, naturals)[:width]
    all_options = [cache[need] for need in needs]

    def search(index: int, wilds_needed: int, chosen: tuple[Candidate, ...], start: int) -> None:
        lack = max(0, wilds_needed - wild_count)
        if lack >= best[0]:  # type: ignore[operator]
            return
        if index == len(needs):
            best[0], best[1] = lack, chosen
            return
        same = index > 0 and needs[index] == needs[index - 1]
        tried = False
        for number, option in enumerate(all_options[index]):
            if same and number < start:
                continue
            if option.kind == "set":
                filled = _fill_set(option, naturals)
                if filled is None:
                    continue
                option = filled
            usage = Counter(option.naturals)
            if any(naturals[card] < count for card, count in usage.items()):
                continue
            tried = True
            naturals.subtract(usage)
            search(index + 1, wilds_needed + option.wilds, (*chosen, option), number)
            naturals.update(usage)
        if not tried:
            # nothing in hand for this need: all of it is missing (one natural at least)
            search(index + 1, wilds_needed + needs[index].size, chosen, 0)

    search(0, 0, (), 0)
    return best[0], best[1]  # type: ignore[return-value]


def deficit(hand: Iterable[Card], stick: Stick) -> int:
    """How many cards ``hand`` lacks to complete ``stick`` (0: it can now)."""
    return plan(hand, stick)[0]


def find_completion(hand: Iterable[Card], stick: Stick) -> tuple[MeldPlay, ...] | None:
    """Melds from ``hand`` that complete ``stick`` (one per need, runs first), or None."""
    cards = list(hand)
    if stick.is_free:
        return None
    lack, chosen = plan(cards, stick, width=24)
    if lack or len(chosen) != len(stick.needs):
        return None
    wilds = [card for card in cards if card.is_wild]
    plays = []
    for option in chosen:
        use = wilds[: option.wilds]
        del wilds[: option.wilds]
        placement = option.placement if option.kind == "run" else None
        plays.append(MeldPlay((*option.naturals, *use), option.kind, placement))
    return tuple(plays)


_ANY_SET: Final = Need("set")
_ANY_RUN: Final = Need("run")


def new_melds(hand: Iterable[Card]) -> list[MeldPlay]:
    """Every 3-card set or run ``hand`` can lay down now (fewest wilds first)."""
    cards = list(hand)
    wilds = [card for card in cards if card.is_wild]
    naturals = Counter(card for card in cards if not card.is_wild)
    found = []
    for need in (_ANY_SET, _ANY_RUN):
        for option in candidates(need, naturals):
            if option.wilds <= len(wilds):
                placement = option.placement if option.kind == "run" else None
                found.append(MeldPlay((*option.naturals, *wilds[: option.wilds]), option.kind, placement))
    return found
