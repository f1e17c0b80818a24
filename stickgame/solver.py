"""Finding melds in a hand: can it complete a stick, and how far is it from doing so.

Used by ``Game.legal_actions``, the prompts and the computer players; the rules themselves are
checked by ``sticks.match_stick`` when the melds are laid down. ``find_completion`` finds every
lay-down the engine accepts; ``deficit`` estimates how many cards a hand lacks.

How the search works. A meld never has to be longer than its need asks, except a named run
(A K Q of hearts) whose natural card lies outside the named cards: it reaches from the named
cards to that card. So each need is met by a *shape* (:mod:`stickgame.shapes`): a set of one
rank, or a run of one suit over a window of positions. A shape takes every natural card of
the hand that it can hold and no earlier meld took, and wild cards fill the rest: a natural
card in a meld saves a wild, so taking it never costs. The one reason to leave a natural card
to another meld is that every meld must hold one: a need that finds nothing free may *take
over* a natural card from an earlier meld that keeps another, a wild taking its place there
(6♣ 7♣ W 9♣ 10♣ and 8♣ W W for "a run of 5 clubs and 3 eights"; 7♠ 7♥ W and 7♦ W W for "2
sets"). Needs go runs first (they want particular cards), longest first, then sets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .actions import MeldPlay
from .cards import Card
from .shapes import Shape, shape_for, shapes
from .sticks import Need, Stick

__all__ = ["Candidate", "candidates", "deficit", "find_completion", "new_melds", "plan"]

_SET_RANKS: Final = (1, *range(3, 14))
_NO_PLAN: Final = 10**6


@dataclass(frozen=True, slots=True)
class Candidate:
    """A way to meet one need: the ``naturals`` it uses, how many ``wilds`` fill the rest, and
    ``placement``: a run's lowest position."""

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
    for shape in shapes(need):
        used = shape.take(naturals)
        if used:
            found.append(Candidate("run", tuple(used), shape.size - len(used), shape.placement))
    return found


def candidates(need: Need, naturals: Counter[Card]) -> list[Candidate]:
    """Every smallest meld for ``need`` holding at least one natural of ``naturals`` (fewest
    wilds first)."""
    if need.kind == "wild5":
        return [Candidate("wild5", (), 5)]
    found = _set_candidates(need, naturals) if need.kind == "set" else _run_candidates(need, naturals)
    found.sort(key=lambda c: c.wilds)
    return found


@dataclass(slots=True)
class _Placed:
    """A meld of the search: its shape and the natural cards it holds now."""

    shape: Shape | None  # None: "5 wild cards"
    naturals: list[Card]

    def candidate(self) -> Candidate:
        if self.shape is None:
            return Candidate("wild5", (), 5)
        wilds = self.shape.size - len(self.naturals)
        return Candidate(self.shape.kind, tuple(self.naturals), wilds, self.shape.placement)


class _Search:
    """A depth-first search over the needs for the melds that lack the fewest cards.

    ``width`` (None: all) bounds the shapes tried per need, best first. With ``exact`` only a
    lay-down of the whole stick counts (the search stops at the first), and a need the hand
    holds nothing for ends it; otherwise such a need costs its whole size, one natural card of
    it drawn at least (``forced``), and the best estimate wins.
    """

    def __init__(self, hand: Iterable[Card], stick: Stick, width: int | None, exact: bool) -> None:
        cards = list(hand)
        self.wild_count = sum(card.is_wild for card in cards)
        self.free: Counter[Card] = Counter(card for card in cards if not card.is_wild)
        self.needs = sorted(stick.needs, key=lambda n: (n.kind != "run", -n.size))
        self.exact = exact
        self.options: list[list[Shape]] = []
        self.costs: list[list[int]] = []  # each option's wilds with the whole hand free
        least = []
        for need in self.needs:
            scored = [(shape.size - len(shape.take(self.free)), shape) for shape in shapes(need)]
            fitting = [(wilds, shape) for wilds, shape in scored if wilds < shape.size]
            fitting.sort(key=lambda item: item[0])  # stable: in table order among equals
            fitting = fitting[:width]
            self.options.append([shape for _, shape in fitting])
            self.costs.append([wilds for wilds, _ in fitting])
            least.append(5 if need.kind == "wild5" else fitting[0][0] if fitting else need.size)
        # the fewest wilds the needs from each index on can do with (a bound for pruning)
        self.least = [sum(least[index:]) for index in range(len(least) + 1)]
        # how many equal needs follow each one (itself included): they take options in order
        self.group = [1] * len(self.needs)
        for index in range(len(self.needs) - 2, -1, -1):
            if self.needs[index] == self.needs[index + 1]:
                self.group[index] = self.group[index + 1] + 1
        self.placed: list[_Placed] = []
        self.forced = 0
        self.best = 1 if exact else _NO_PLAN
        self.chosen: tuple[Candidate, ...] = ()

    def run(self) -> tuple[int, tuple[Candidate, ...]]:
        """(cards lacking, the melds found): (0, melds) for a lay-down."""
        hopeless = any(not o and n.kind != "wild5" for o, n in zip(self.options, self.needs, strict=True))
        if self.exact and hopeless:
            return self.best, ()  # a need the hand holds no natural card for
        self._search(0, 0, 0)
        return self.best, self.chosen

    def _lack(self, wilds: int) -> int:
        return max(self.forced, wilds - self.wild_count, 0)

    def _search(self, index: int, wilds: int, start: int) -> None:
        if self._lack(wilds + self.least[index]) >= self.best:
            return
        if index == len(self.needs):
            self.best = self._lack(wilds)
            self.chosen = tuple(placed.candidate() for placed in self.placed)
            return
        need = self.needs[index]
        if need.kind == "wild5":
            self._descend(index, wilds + 5, _Placed(None, []), 0)
            return
        # equal needs take options in order (no other order is tried), so each of this need
        # and the equal ones after it costs at least the option's wilds with the whole hand
        group = self.group[index]
        after = self.least[index + group]
        options, costs = self.options[index], self.costs[index]
        cheapest = _NO_PLAN  # the fewest wilds of a meld tried for this need
        for number in range(start, len(options)):
            if self._lack(wilds + costs[number] * group + after) >= self.best:
                break  # the options are in order of cost
            shape = options[number]
            taken = shape.take(self.free)
            if not taken:
                continue
            cheapest = min(cheapest, shape.size - len(taken))
            cost = wilds + shape.size - len(taken)
            if self._lack(cost + costs[number] * (group - 1) + after) >= self.best:
                continue
            self.free.subtract(taken)
            self._descend(index, cost, _Placed(shape, taken), number)
            self.free.update(taken)
            if self.best == 0:
                return
        if self._lack(wilds + need.size * group + after) < self.best and self._take_over(index, wilds):
            cheapest = min(cheapest, need.size)
        if not self.exact and cheapest >= need.size:
            # none of it from the hand (or a named run reaching far for its natural card): the
            # whole need is missing, one natural card of it at least
            self.forced += 1
            self._search(index + 1, wilds + need.size, 0)
            self.forced -= 1

    def _take_over(self, index: int, wilds: int) -> bool:
        """Meet need ``index`` with a natural card an earlier meld gives up for a wild."""
        need = self.needs[index]
        tried = False
        for donor in list(self.placed):
            if len(donor.naturals) < 2:
                continue
            for card in dict.fromkeys(donor.naturals):
                shape = shape_for(need, card)
                if shape is None:
                    continue
                tried = True
                place = donor.naturals.index(card)
                del donor.naturals[place]
                # the new meld: the card and wilds; the donor: one wild more
                self._descend(index, wilds + shape.size, _Placed(shape, [card]), len(self.options[index]))
                donor.naturals.insert(place, card)
                if self.best == 0:
                    return True
        return tried

    def _descend(self, index: int, wilds: int, placed: _Placed, number: int) -> None:
        self.placed.append(placed)
        following = index + 1 < len(self.needs) and self.needs[index + 1] == self.needs[index]
        self._search(index + 1, wilds, number if following else 0)
        self.placed.pop()


def plan(hand: Iterable[Card], stick: Stick, width: int = 10) -> tuple[int, tuple[Candidate, ...]]:
    """The least number of cards ``hand`` lacks to complete ``stick`` and the melds that need
    it (0: it can be laid down now). Each need looks at its ``width`` best shapes, so a
    count above 0 is an estimate (``find_completion`` looks at all of them)."""
    return _Search(hand, stick, width, exact=False).run()


def deficit(hand: Iterable[Card], stick: Stick) -> int:
    """How many cards ``hand`` lacks to complete ``stick``: 0 exactly when ``find_completion``
    finds a lay-down, above 0 an estimate."""
    cards = list(hand)
    lack = plan(cards, stick)[0]
    if lack and find_completion(cards, stick) is not None:
        return 0  # a lay-down among the shapes ``plan`` left out
    return lack


def find_completion(hand: Iterable[Card], stick: Stick) -> tuple[MeldPlay, ...] | None:
    """Melds from ``hand`` that complete ``stick`` (one per need, runs first), or None when
    the hand holds no lay-down of it."""
    cards = list(hand)
    if stick.is_free:
        return None
    lack, chosen = _Search(cards, stick, None, exact=True).run()
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
