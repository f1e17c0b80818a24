"""Sets, runs and "5 wild cards": building and checking melds (sticks.md section 2).

``make_meld(cards, kind, placement)`` builds a :class:`Meld` or raises ``MeldError`` saying what
is wrong; ``meld_kind(cards)`` says which kind the cards make by default. A meld records what
every wild card stands for, as a *position*: in a set every card sits at the set's rank; in a
run at 1-14, where 1 is the low ace and 14 the high ace.

Placement (where wilds go when a run's ends are ambiguous): ``"up"`` (the default) puts spare
wilds above the highest natural card, ``"down"`` below the lowest, and a number fixes the
position of the run's lowest card (1 = low ace ... 12 = Q-K-A). ``"up"`` falls back to lower
windows when the run cannot go up (K♦ W W is Q♦ K♦ A♦ with one wild below and one above).

Decisions: a run has at most 13 cards (ace high or low, never both, no wrap); a run never
holds two cards at one position (two 7♥ cannot be in one run); a set may hold any number of
copies of one card. A meld of wild cards only is not a set or run; exactly five wild cards are
the "5 wild cards" group (kind ``"wild5"``) that only stick 39 asks for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .cards import RANK_NAMES, Card, Suit
from .errors import MeldError, Reason

__all__ = [
    "KINDS",
    "Meld",
    "Placement",
    "describe_cards",
    "interpretations",
    "make_meld",
    "meld_kind",
]

Kind = Literal["set", "run", "wild5"]
KINDS: Final[tuple[str, ...]] = ("set", "run", "wild5")
Placement = Literal["up", "down"] | int
_RUN_NEED: Final = Reason("a run needs at least 3 cards of one suit in sequence", "run")
_SET_NEED: Final = Reason("a set needs at least 3 cards of one rank", "set")
_FIVE_NEED: Final = Reason("'5 wild cards' needs exactly 5 wild cards", "wild5")


def describe_cards(cards: Iterable[Card]) -> str:
    """The cards as players write them: ``"7♥ 8♥ 10♥"``."""
    return " ".join(map(str, cards))


def position_card(suit: Suit, position: int) -> Card:
    """The card at run ``position`` (1-14) of ``suit``: 14 and 1 are both the ace."""
    return Card(suit, 1 if position == 14 else position)


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid set, run or "5 wild cards" group.

    ``cards`` in order (a run low to high); ``positions[i]``: where ``cards[i]`` sits (a set:
    its rank; a run: 1-14; "5 wild cards": 0). ``suit``: a run's suit; ``rank``: a set's rank.
    """

    kind: Kind
    cards: tuple[Card, ...]
    positions: tuple[int, ...]
    suit: Suit | None = None
    rank: int | None = None

    @property
    def low(self) -> int:
        """A run's lowest position (1-14)."""
        return self.positions[0]

    @property
    def high(self) -> int:
        """A run's highest position (1-14)."""
        return self.positions[-1]

    def __len__(self) -> int:
        return len(self.cards)

    def stands_for(self, index: int) -> str | None:
        """What the wild ``cards[index]`` stands for: ``"8♥"`` in a run, ``"9"`` (a rank) in a
        set; None for a natural card or a wild of "5 wild cards"."""
        if not self.cards[index].is_wild or self.kind == "wild5":
            return None
        if self.kind == "run":
            assert self.suit is not None
            return str(position_card(self.suit, self.positions[index]))
        return RANK_NAMES[self.positions[index]]

    @property
    def wilds(self) -> tuple[tuple[Card, str], ...]:
        """Each wild card of the meld with what it stands for."""
        found = []
        for index, card in enumerate(self.cards):
            role = self.stands_for(index)
            if role is not None:
                found.append((card, role))
        return tuple(found)

    def takeable(self, natural: Card) -> int | None:
        """The index of the wild that ``natural`` replaces (sticks.md 5.4), or None."""
        if natural.is_wild or self.kind == "wild5":
            return None
        for index, card in enumerate(self.cards):
            if not card.is_wild:
                continue
            if self.kind == "set" and natural.rank == self.rank:
                return index
            if self.kind == "run" and natural.suit is self.suit:
                position = self.positions[index]
                if (1 if position == 14 else position) == natural.rank:
                    return index
        return None

    def accepts_alone(self, card: Card) -> bool:
        """Whether the natural ``card`` alone could be laid off on this meld (discard rule)."""
        if card.is_wild or self.kind == "wild5":
            return False
        if self.kind == "set":
            return card.rank == self.rank
        if card.suit is not self.suit or len(self.cards) >= 13:
            return False
        positions = (1, 14) if card.rank == 1 else (card.rank,)
        return any(position in (self.low - 1, self.high + 1) for position in positions)

    def extended(self, cards: Sequence[Card], placement: Placement | None = None) -> Meld:
        """This meld with ``cards`` laid off on it; MeldError if they do not fit."""
        if not cards:
            raise MeldError(
                Reason("a lay-off needs at least one card", "lay_off"), Reason("none was given", "none")
            )
        if self.kind == "wild5":
            raise MeldError(
                Reason("nothing can be added to '5 wild cards'", "onto_wild5"),
                Reason(f"{describe_cards(cards)} cannot", "cannot", {"cards": tuple(cards)}),
            )
        if self.kind == "set":
            assert self.rank is not None
            return _make_set((*self.cards, *cards), _SET_NEED, self.rank)
        assert self.suit is not None
        fixed = tuple(zip(self.positions, self.cards, strict=True))
        return _make_run((*self.cards, *cards), _RUN_NEED, placement, fixed=fixed)

    def replaced(self, index: int, natural: Card) -> Meld:
        """This meld with ``natural`` in place of the wild at ``index`` (positions unchanged)."""
        cards = list(self.cards)
        cards[index] = natural
        return Meld(self.kind, tuple(cards), self.positions, self.suit, self.rank)

    def __str__(self) -> str:
        parts = []
        for index, card in enumerate(self.cards):
            role = self.stands_for(index)
            parts.append(str(card) if role is None else f"{card}={role}")
        return " ".join(parts)


def _too_few(cards: Sequence[Card], text: str) -> Reason:
    """Why a meld of fewer than 3 cards is no meld: ``7♥ 7♦ has 2 cards``, or ``no card was
    given`` for an empty one."""
    size = len(cards)
    if not size:
        return Reason("no card was given", "no_card")
    return Reason(
        f"{text} has {size} card{'s' if size != 1 else ''}", "count", {"cards": tuple(cards), "count": size}
    )


def _no_natural(cards: Sequence[Card], text: str) -> Reason:
    return Reason(f"{text} has no natural card (a meld needs one)", "no_natural", {"cards": tuple(cards)})


def _make_set(cards: Sequence[Card], need: Reason, rank: int | None = None) -> Meld:
    text = describe_cards(cards)
    naturals = [card for card in cards if not card.is_wild]
    if len(cards) < 3:
        raise MeldError(need, _too_few(cards, text))
    if not naturals:
        raise MeldError(need, _no_natural(cards, text))
    ranks = sorted({card.rank for card in naturals} | ({rank} if rank is not None else set()))
    if len(ranks) > 1:
        mixed = f"{text} mixes {' and '.join(RANK_NAMES[r] + 's' for r in ranks)}"
        raise MeldError(need, Reason(mixed, "mixes_ranks", {"cards": tuple(cards), "ranks": tuple(ranks)}))
    ordered = tuple(naturals + [card for card in cards if card.is_wild])
    return Meld("set", ordered, (ranks[0],) * len(cards), None, ranks[0])


def _natural_positions(rank: int, low: int, high: int) -> int | None:
    if rank == 1:
        return 1 if low == 1 else (14 if high == 14 else None)
    return rank if low <= rank <= high else None


def _make_run(
    cards: Sequence[Card],
    need: Reason,
    placement: Placement | None = None,
    suit: Suit | None = None,
    fixed: tuple[tuple[int, Card], ...] = (),
) -> Meld:
    text = describe_cards(cards)
    size = len(cards)
    fixed_count = len(fixed)
    new_cards = cards[fixed_count:]
    naturals = [card for card in new_cards if not card.is_wild]
    wild_cards = [card for card in new_cards if card.is_wild]
    if size < 3:
        raise MeldError(need, _too_few(cards, text))
    if not naturals and all(card.is_wild for _, card in fixed):
        raise MeldError(need, _no_natural(cards, text))
    suits = sorted(
        {card.suit.value for card in (*naturals, *(c for _, c in fixed)) if not card.is_wild and card.suit}
        | ({suit.value} if suit is not None else set())
    )
    if len(suits) > 1:
        mixed = Reason(
            f"{text} mixes {' and '.join(suits)}",
            "mixes_suits",
            {"cards": tuple(cards), "suits": tuple(Suit(value) for value in suits)},
        )
        raise MeldError(need, mixed)
    run_suit = Suit(suits[0])
    if size > 13:
        long = Reason(
            f"{text} has {size} cards and a run holds at most 13", "too_long", {"cards": tuple(cards)}
        )
        raise MeldError(need, long)
    ranks = [card.rank for card in naturals]
    if len(set(ranks)) < len(ranks):
        twice = next(card for card in naturals if ranks.count(card.rank) > 1)
        raise MeldError(
            need, Reason(f"{text} holds {twice} twice", "twice", {"cards": tuple(cards), "card": twice})
        )
    fixed_positions = [position for position, _ in fixed]
    fixed_low = min(fixed_positions, default=99)
    fixed_high = max(fixed_positions, default=0)
    windows: list[tuple[int, list[int]]] = []
    for low in range(1, 16 - size):
        high = low + size - 1
        if fixed and not (low <= fixed_low and high >= fixed_high):
            continue
        taken = set(fixed_positions)
        places = []
        for rank in ranks:
            position = _natural_positions(rank, low, high)
            if position is None or position in taken:
                break
            taken.add(position)
            places.append(position)
        else:
            windows.append((low, places))
    if not windows:
        raise MeldError(need, _run_gap(cards, run_suit, ranks, fixed_positions, len(wild_cards)))
    chosen = _choose_window(windows, size, placement, fixed_positions, cards, need)
    low, places = chosen
    by_position: dict[int, Card] = dict(fixed)
    for position, card in zip(places, naturals, strict=True):
        by_position[position] = card
    free = [p for p in range(low, low + size) if p not in by_position]
    for position, card in zip(free, wild_cards, strict=True):
        by_position[position] = card
    order = sorted(by_position)
    return Meld("run", tuple(by_position[p] for p in order), tuple(order), run_suit, None)


def _choose_window(
    windows: list[tuple[int, list[int]]],
    size: int,
    placement: Placement | None,
    fixed: list[int],
    cards: Sequence[Card],
    need: Reason,
) -> tuple[int, list[int]]:
    text = describe_cards(cards)
    if isinstance(placement, int) and not isinstance(placement, bool):
        for window in windows:
            if window[0] == placement:
                return window
        starts = ", ".join(str(low) for low, _ in windows)
        fields = {"cards": tuple(cards), "placement": placement, "starts": tuple(low for low, _ in windows)}
        raise MeldError(
            need,
            Reason(f"{text} cannot start at position {placement}; it can start at {starts}", "start", fields),
        )
    if placement not in (None, "up", "down"):
        bad = Reason(f"placement {placement!r} is not 'up', 'down' or a start position", "placement")
        raise MeldError(need, bad)

    def spare_above(window: tuple[int, list[int]]) -> tuple[int, int]:
        low, places = window
        natural = places + fixed
        return (low + size - 1 - max(natural), low)

    def spare_below(window: tuple[int, list[int]]) -> tuple[int, int]:
        low, places = window
        return (min(places + fixed) - low, -low)

    return max(windows, key=spare_below if placement == "down" else spare_above)


def _run_gap(cards: Sequence[Card], suit: Suit, ranks: list[int], fixed: list[int], wilds: int) -> Reason:
    """Why no window fits: the missing cards between the naturals, for the likelier ace."""
    text = describe_cards(cards)
    best: tuple[Card, ...] = ()
    fewest = 99
    for ace in (1, 14):
        positions = sorted({ace if rank == 1 else rank for rank in ranks} | set(fixed))
        missing = [p for p in range(positions[0], positions[-1]) if p not in positions]
        if len(missing) < fewest:
            fewest = len(missing)
            best = tuple(position_card(suit, p) for p in missing)
    spare = "no wild card" if wilds == 0 else f"only {wilds} wild card{'s' if wilds > 1 else ''}"
    gap = describe_cards(best)
    message = f"{text} has a gap at {gap} and {spare} to fill it" if best else f"{text} does not fit"
    ace = 1 in ranks
    if ace:
        message += " (an ace is high or low, never both, and a run never wraps)"
    if best:
        return Reason(message, "gap", {"cards": tuple(cards), "missing": best, "wilds": wilds, "ace": ace})
    return Reason(message, "no_fit", {"cards": tuple(cards), "ace": ace})


def make_meld(cards: Sequence[Card], kind: str | None = None, placement: Placement | None = None) -> Meld:
    """Build the meld ``cards`` make; MeldError naming the problem if they make none.

    ``kind``: ``"set"``, ``"run"``, ``"wild5"`` or None (the default reading: a set if the cards
    make one, else a run; five wild cards are "5 wild cards"). ``placement``: see the module.
    """
    cards = tuple(Card.parse(card) if isinstance(card, str) else card for card in cards)
    if kind is None:
        if len(cards) == 5 and all(card.is_wild for card in cards):
            kind = "wild5"
        else:
            try:
                return _make_set(cards, _SET_NEED)
            except MeldError:
                pass
            try:
                return _make_run(cards, _RUN_NEED, placement)
            except MeldError as error:
                asked = "a meld is a set (3+ cards of one rank) or a run (3+ cards of one suit in sequence)"
                raise MeldError(Reason(asked, "meld"), error.wrong) from None
    if kind == "set":
        return _make_set(cards, _SET_NEED)
    if kind == "run":
        return _make_run(cards, _RUN_NEED, placement)
    if kind == "wild5":
        if len(cards) != 5 or not all(card.is_wild for card in cards):
            raise MeldError(_FIVE_NEED, not_five(cards))
        return Meld("wild5", cards, (0,) * 5)
    raise ValueError(f"unknown meld kind {kind!r}; kinds are 'set', 'run', 'wild5'")


def meld_kind(cards: Sequence[Card]) -> str | None:
    """``"set"``, ``"run"`` or None: the kind the cards make by default (a set first)."""
    try:
        meld = make_meld(cards)
    except MeldError:
        return None
    return None if meld.kind == "wild5" else meld.kind


def interpretations(cards: Sequence[Card], kind: str | None = None) -> list[Meld]:
    """Every distinct meld the cards can make (of ``kind`` if given), the default reading first.

    A run is read with every start position it allows; used to match melds against a stick.
    """
    found: list[Meld] = []
    kinds = (kind,) if kind is not None else ("wild5", "set", "run")
    for each in kinds:
        try:
            first = make_meld(cards, each)
        except MeldError:
            continue
        found.append(first)
        if each == "run":
            for low in range(1, 13):
                try:
                    meld = _make_run(tuple(cards), _RUN_NEED, low)
                except MeldError:
                    continue
                if meld != first:
                    found.append(meld)
    return found


def run_need(size: int, suit: Suit | None = None) -> str:
    """The sentence that says what a run of ``size`` needs."""
    of_suit = f"{suit.value}" if suit is not None else "one suit"
    return f"at least {size} cards of {of_suit} in sequence"


def not_five(cards: Sequence[Card]) -> Reason:
    """Why ``cards`` are not "5 wild cards"."""
    return Reason(f"{describe_cards(cards)} is not five wild cards", "not_five", {"cards": tuple(cards)})


def make_run_for(cards: Sequence[Card], need: Reason, placement: Placement | None = None) -> Meld:
    """Build a run with the problem worded under ``need`` (used by stick checking)."""
    return _make_run(tuple(cards), need, placement)


def make_set_for(cards: Sequence[Card], need: Reason) -> Meld:
    """Build a set with the problem worded under ``need`` (used by stick checking)."""
    return _make_set(tuple(cards), need)
