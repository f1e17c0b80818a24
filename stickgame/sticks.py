"""The 44 sticks, what each asks for, and checking melds against a stick (sticks.md section 3).

A :class:`Stick` names :class:`Need` s (one per meld). ``completes(stick, melds)`` says whether
the melds complete the stick; ``match_stick`` returns how (which reading of each meld, e.g. where
its wilds stand) or raises ``MeldError`` naming what is missing.

Decisions from sticks.md: "2 sets" may be two sets of one rank, "2 runs" two runs of one suit;
a meld may be longer than its need; an exact-card stick's run must hold the named cards (a wild
may stand for one); a stick is completed by exactly as many melds as it names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Final

from .cards import RANK_NAMES, Card, Suit, rank_plural
from .errors import MeldError, Reason
from .melds import Meld, describe_cards, interpretations, make_run_for, make_set_for, not_five, position_card

__all__ = ["FREE", "STICKS", "Need", "Stick", "completes", "match_stick"]


@dataclass(frozen=True, slots=True)
class Need:
    """One meld a stick asks for: ``kind`` ("set", "run", "wild5"), at least ``size`` cards,
    optionally of ``rank`` (a set) or ``suit`` (a run), and holding the ``named`` run
    positions (14 = the high ace)."""

    kind: str
    size: int = 3
    rank: int | None = None
    suit: Suit | None = None
    named: tuple[int, ...] = ()

    def describe(self) -> str:
        """How the stick names this meld: ``"a run of 4"``, ``"3 eights"``, ``"A K Q of hearts"``."""
        if self.kind == "wild5":
            return "5 wild cards"
        if self.named:
            assert self.suit is not None
            names = " ".join(RANK_NAMES[1 if p == 14 else p] for p in self.named)
            return f"{names} of {self.suit.value}"
        if self.kind == "set":
            if self.rank is not None:
                return f"{self.size} {rank_plural(self.rank)}"
            return "a set" if self.size == 3 else f"a set of {self.size}"
        of = f" of {self.size}" if self.size > 3 else ""
        if self.suit is not None:
            suit = self.suit.value
            return f"a run of {suit}" if self.size == 3 else f"a run of {self.size} {suit}"
        return f"a run{of}"

    def requirement(self) -> str:
        """The sentence saying what this need asks: ``"a run of 4 needs at least 4 cards ..."``."""
        if self.kind == "wild5":
            return "5 wild cards needs exactly 5 wild cards"
        if self.kind == "set":
            rank = f"{RANK_NAMES[self.rank]}s" if self.rank is not None else "one rank"
            return f"{self.describe()} needs at least {self.size} cards of {rank}"
        suit = self.suit.value if self.suit is not None else "one suit"
        if self.named:
            named = " ".join(str(position_card(self.suit or Suit.CLUBS, p)) for p in sorted(self.named))
            return f"{self.describe()} needs a run of {suit} holding {named}"
        return f"{self.describe()} needs at least {self.size} cards of {suit} in sequence"

    def asked(self) -> Reason:
        """:meth:`requirement` as a :class:`Reason` (code "need", naming this need)."""
        return Reason(self.requirement(), "need", {"need": self})

    def problem(self, meld: Meld) -> str | None:
        """Why ``meld`` does not meet this need, or None if it does."""
        reason = self.reason(meld)
        return None if reason is None else reason.text

    def reason(self, meld: Meld) -> Reason | None:
        """:meth:`problem` as a :class:`Reason`, or None if ``meld`` meets this need."""
        text = describe_cards(meld.cards)
        cards = {"cards": meld.cards}
        if meld.kind != self.kind:
            kind = "group of 5 wild cards" if meld.kind == "wild5" else meld.kind
            return Reason(f"{text} is a {kind}", f"is_{meld.kind}", cards)
        if len(meld) < self.size:
            return Reason(f"{text} has {len(meld)} cards", "count", {**cards, "count": len(meld)})
        if self.rank is not None and meld.rank != self.rank:
            fields = {**cards, "rank": meld.rank or 1}
            return Reason(f"{text} is a set of {rank_plural(meld.rank or 1)}", "set_of", fields)
        if self.suit is not None and meld.suit is not self.suit:
            suit = meld.suit.value if meld.suit else "?"
            return Reason(f"{text} is a run of {suit}", "run_of", {**cards, "suit": meld.suit})
        missing = [p for p in self.named if p not in meld.positions]
        if missing:
            assert meld.suit is not None
            lacking = tuple(position_card(meld.suit, p) for p in missing)
            fields = {"meld": meld, "missing": lacking}
            return Reason(f"{meld} does not hold {describe_cards(lacking)}", "lacks", fields)
        return None

    def build(self, cards: Sequence[Card]) -> Meld:
        """Build ``cards`` as this need's kind; MeldError worded with this need."""
        if self.kind == "set":
            return make_set_for(cards, self.asked())
        if self.kind == "run":
            return make_run_for(cards, self.asked())
        found = interpretations(cards, "wild5")
        if not found:
            raise MeldError(self.asked(), not_five(cards))
        return found[0]


@dataclass(frozen=True, slots=True)
class Stick:
    """One stick from the bag: its ``number`` (1-44; 41-44 are the Frees), its ``text`` as the
    table spells it, its ``points`` (the fewest cards that complete it) and its ``needs``."""

    number: int
    text: str
    points: int
    needs: tuple[Need, ...]

    @property
    def is_free(self) -> bool:
        """Whether this is a Free stick (completed as soon as it is drawn, 0 points)."""
        return not self.needs

    def __str__(self) -> str:
        return self.text


def _run(size: int = 3, suit: Suit | None = None) -> Need:
    return Need("run", size, None, suit)


def _set(size: int = 3, rank: int | None = None) -> Need:
    return Need("set", size, rank)


def _named(suit: Suit, *positions: int) -> Need:
    return Need("run", len(positions), None, suit, tuple(positions))


_H, _S, _C, _D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
_TABLE: Final[tuple[tuple[str, int, tuple[Need, ...]], ...]] = (
    ("a run and a set", 6, (_run(), _set())),
    ("2 sets", 6, (_set(), _set())),
    ("2 runs", 6, (_run(), _run())),
    ("3 sets", 9, (_set(), _set(), _set())),
    ("3 runs", 9, (_run(), _run(), _run())),
    ("a run of 4 and a set", 7, (_run(4), _set())),
    ("a run of 4 and 2 sets", 10, (_run(4), _set(), _set())),
    ("a run of 5 and a set", 8, (_run(5), _set())),
    ("a run of 5 and a run of 3", 8, (_run(5), _run())),
    ("a run of 4 and a run of 3", 7, (_run(4), _run())),
    ("a run of 4 and a set of 4", 8, (_run(4), _set(4))),
    ("2 sets of 4", 8, (_set(4), _set(4))),
    ("2 runs of 4", 8, (_run(4), _run(4))),
    ("2 runs of 5", 10, (_run(5), _run(5))),
    ("3 runs of 4", 12, (_run(4), _run(4), _run(4))),
    ("4 sets", 12, (_set(), _set(), _set(), _set())),
    ("4 runs", 12, (_run(), _run(), _run(), _run())),
    ("a run of 7 and a set", 10, (_run(7), _set())),
    ("a run of 8", 8, (_run(8),)),
    ("a run of 9", 9, (_run(9),)),
    ("a set of 6", 6, (_set(6),)),
    ("a set of 7", 7, (_set(7),)),
    ("2 sets of 5", 10, (_set(5), _set(5))),
    ("a run of hearts and a set", 6, (_run(3, _H), _set())),
    ("a run of spades and a run of clubs", 6, (_run(3, _S), _run(3, _C))),
    ("a run of 6 diamonds", 6, (_run(6, _D),)),
    ("a run of 5 clubs and 3 eights", 8, (_run(5, _C), _set(3, 8))),
    ("4 aces", 4, (_set(4, 1),)),
    ("3 kings and 3 queens", 6, (_set(3, 13), _set(3, 12))),
    ("4 fives and 4 sixes", 8, (_set(4, 5), _set(4, 6))),
    ("3 fives and 3 tens", 6, (_set(3, 5), _set(3, 10))),
    ("a run and a set of 5", 8, (_run(), _set(5))),
    ("a run of 5 and 3 jacks", 8, (_run(5), _set(3, 11))),
    ("2 runs and a set of 5", 11, (_run(), _run(), _set(5))),
    ("a run of 4 and 4 tens", 8, (_run(4), _set(4, 10))),
    ("A K Q J 10 of clubs", 5, (_named(_C, 14, 13, 12, 11, 10),)),
    ("A K Q of hearts", 3, (_named(_H, 14, 13, 12),)),
    ("3 4 5 of hearts and 3 4 5 of spades", 6, (_named(_H, 3, 4, 5), _named(_S, 3, 4, 5))),
    ("5 wild cards", 5, (Need("wild5", 5),)),
    ("a run of 10", 10, (_run(10),)),
)

STICKS: Final[tuple[Stick, ...]] = (
    *(Stick(number, text, points, needs) for number, (text, points, needs) in enumerate(_TABLE, 1)),
    *(Stick(number, "Free", 0, ()) for number in range(41, 45)),
)
"""The 44 sticks in the order of sticks.md's table (1-40), then the 4 Frees (41-44)."""
FREE: Final = STICKS[40]


def _readings(meld: Meld | Sequence[Meld] | Sequence[Card]) -> list[Meld]:
    if isinstance(meld, Meld):
        return [meld]
    if meld and all(isinstance(item, Meld) for item in meld):
        return [item for item in meld if isinstance(item, Meld)]
    return interpretations([card for card in meld if isinstance(card, Card)])


def match_stick(stick: Stick, melds: Sequence[Meld | Sequence[Meld] | Sequence[Card]]) -> tuple[Meld, ...]:
    """The readings of ``melds`` (in their order) that complete ``stick``; MeldError if none.

    Each entry is a built :class:`Meld` (kept as it is), a list of its possible readings (tried
    in order), or a sequence of cards (every reading is tried: set or run, any wild placement;
    the default reading first).
    """
    if stick.is_free:
        raise MeldError(
            Reason("a Free stick is completed when drawn", "free"), Reason("it takes no melds", "no_melds")
        )
    needs = stick.needs
    if len(melds) != len(needs):
        melds_named = "one meld" if len(needs) == 1 else f"{len(needs)} melds"
        raise MeldError(
            Reason(f"'{stick}' names {melds_named}", "stick_melds", {"stick": stick, "count": len(needs)}),
            Reason(f"you gave {len(melds)}", "gave", {"count": len(melds)}),
        )
    readings = [_readings(meld) for meld in melds]
    best: tuple[int, Reason, Reason] | None = None  # (pairs met, what was asked, the problem)
    for order in permutations(range(len(needs))):
        chosen: list[Meld] = []
        for index, need_index in enumerate(order):
            need = needs[need_index]
            fitting = next((m for m in readings[index] if need.problem(m) is None), None)
            if fitting is None:
                problem = _problem(need, melds[index], readings[index])
                if best is None or index > best[0]:
                    best = (index, need.asked(), problem)
                break
            chosen.append(fitting)
        else:
            return tuple(chosen)
    assert best is not None
    raise MeldError(best[1], best[2])


def _problem(need: Need, given: Meld | Sequence[Meld] | Sequence[Card], readings: list[Meld]) -> Reason:
    same_kind = [m for m in readings if m.kind == need.kind]
    fits = Reason("it does not fit", "does_not_fit")
    if same_kind:
        return need.reason(same_kind[0]) or fits
    if readings:
        return need.reason(readings[0]) or fits
    cards = given.cards if isinstance(given, Meld) else [c for c in given if isinstance(c, Card)]
    try:
        need.build(cards)
    except MeldError as error:
        return error.wrong
    return fits


def completes(stick: Stick, melds: Sequence[Meld | Sequence[Card]]) -> bool:
    """Whether ``melds`` (built melds or card sequences) complete ``stick``."""
    try:
        match_stick(stick, melds)
    except MeldError:
        return False
    return True
