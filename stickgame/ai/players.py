"""Computer players: ``random``, ``normal`` and ``hard``, each answering from a seat's view.

Players keep no state between calls: each decision draws its randomness from a generator
seeded with the player's seed and where the decision sits in the game (round, number of
actions so far, stock and discard sizes, table, hand sizes), so a player replays a game
exactly and can be rebuilt.

- ``random``: a random legal action, laying cards down or off nine times in ten when it can.
- ``normal``: draws the discard when it brings its stick closer (or, stick completed, when it
  can lay the card), lays down as soon as it can, then adds melds and lays off, and discards
  the allowed card whose loss leaves its stick closest to done.
- ``hard``: as ``normal``, plus it takes wilds from the table when that completes its stick or
  makes a new meld, and breaks discard ties by its *outs* (how many unseen cards, four copies
  of each less those in its hand, on the table and atop the discard pile, would bring the
  stick one card closer) less the *danger* of the card (how well it matches what the next
  player picked up), the danger priced by the game's standing (:mod:`stickgame.ai.stakes`): a
  leader gives up several outs not to feed the next seat, a seat that trails in a round that
  can end the game gives up none (its own speed is all that can save it). At a 2-player
  table a completed stick it holds back until it can lay it down and go out in the same turn,
  unless the other seat has completed its own (:mod:`stickgame.ai.going_out`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from stickgame.actions import (
    Action,
    AddMeld,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    Swap,
    TakeWild,
)
from stickgame.cards import SUITS, Card
from stickgame.legal import discards, lay_offs, play_actions
from stickgame.solver import deficit, find_completion, new_melds
from stickgame.sticks import Stick
from stickgame.views import TableMeld, View

from .going_out import HOLDING_PLAYERS, held_discard, held_draw, lay_down_now
from .stakes import stakes

__all__ = ["LEVELS", "ComputerPlayer", "Player", "make_player"]

LEVELS: tuple[str, ...] = ("random", "normal", "hard")

"""The computer player levels, weakest first."""


@runtime_checkable
class Player(Protocol):
    """Anything that can take a seat: answers the next action from the seat's view."""

    def act(self, view: View) -> Action:
        """The action to apply for ``view.seat`` now."""
        ...


class ComputerPlayer:
    """A computer player of one level; see :func:`make_player`."""

    def __init__(self, level: str, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r}, seed={self.seed})"

    def act(self, view: View) -> Action:
        """This level's action for the view's seat (which must be the seat to play)."""
        if view.seat is None or view.hand is None or view.turn != view.seat or view.phase == "over":
            raise ValueError("a computer player acts only for the seat whose turn it is")
        rng = random.Random(_decision_seed(self.seed, view))
        if self.level == "random":
            return _random_action(view, rng)
        return _thinking_action(view, rng, hard=self.level == "hard")


def make_player(level: str, seed: int = 0) -> Player:
    """A computer player of ``level`` (one of :data:`LEVELS`), reproducible from ``seed``."""
    return ComputerPlayer(level, seed)


def _decision_seed(seed: int, view: View) -> int:
    place = (
        f"{seed}/{view.seat}/{view.round}/{view.actions}/{view.phase}/{view.stock_size}/"
        f"{view.discard_size}/{len(view.melds)}/{view.hand_sizes}"
    )
    return random.Random(place).getrandbits(63)


def _random_action(view: View, rng: random.Random) -> Action:
    if view.phase == "draw":
        return rng.choice([DrawStock(), DrawDiscard()] if view.discard_top else [DrawStock()])
    assert view.seat is not None and view.hand is not None
    options = play_actions(view.seat, view.hand, view.stick, view.melds)
    laying = [a for a in options if isinstance(a, LayDown | AddMeld | LayOff)]
    if laying and rng.random() < 0.9:
        return rng.choice(laying)
    return rng.choice(options)


# ---------------------------------------------------------------------------------- thinking


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _fits_table(card: Card, melds: Sequence[TableMeld]) -> bool:
    return any(t.meld.accepts_alone(card) for t in melds)


def _thinking_action(view: View, rng: random.Random, *, hard: bool) -> Action:
    assert view.seat is not None and view.hand is not None
    hand = list(view.hand)
    stick = view.stick
    if view.phase == "draw":
        return _draw(view, hand, stick, hard)
    if stick is not None:
        plays = find_completion(hand, stick)
        if plays is not None:
            if not hard or lay_down_now(view, hand, plays):
                return LayDown(plays)
            return held_discard(view, hand, stick)
        if hard:
            take = _take_to_complete(view, hand, stick)
            if take is not None:
                return take
    else:
        melds = new_melds(hand)
        if melds:
            return AddMeld(max(melds, key=lambda play: sum(not c.is_wild for c in play.cards)))
        offs = lay_offs(view.seat, hand, view.melds)
        if offs:
            return min(offs, key=lambda off: off.cards[0].is_wild)
        if hard:
            take = _take_for_meld(view, hand)
            if take is not None:
                return take
    return _discard(view, hand, stick, rng, hard)


def _draw(view: View, hand: list[Card], stick: Stick | None, hard: bool) -> Action:
    top = view.discard_top
    if top is None:
        return DrawStock()
    if (
        hard
        and stick is not None
        and view.players <= HOLDING_PLAYERS
        and find_completion(hand, stick) is not None
    ):
        return held_draw(view, hand, stick, top)  # a stick held back, or a hand dealt complete
    if stick is not None:
        # the gain must outlast the discard that follows, or two players pass cards for ever
        after = [*hand, top]
        kept = min(deficit(_without(after, d.card), stick) for d in discards(after, view.melds))
        return DrawDiscard() if kept < deficit(hand, stick) else DrawStock()
    grows = len(new_melds([*hand, top])) > len(new_melds(hand))
    if not top.is_wild and (_fits_table(top, view.melds) or grows):
        return DrawDiscard()
    return DrawStock()


def _takeable(view: View, hand: list[Card]) -> list[tuple[int, Card, Card]]:
    """(meld index, natural from hand, wild it frees) for every possible swap."""
    found = []
    for card in sorted({c for c in hand if not c.is_wild}):
        for index, table_meld in enumerate(view.melds):
            spot = table_meld.meld.takeable(card)
            if spot is not None:
                found.append((index, card, table_meld.meld.cards[spot]))
    return found


def _take_to_complete(view: View, hand: list[Card], stick: Stick) -> Action | None:
    for index, card, wild in _takeable(view, hand):
        after = [*_without(hand, card), wild]
        plays = find_completion(after, stick)
        if plays is not None:
            return TakeWild((Swap(index, card),), LayDown(plays))
    return None


def _take_for_meld(view: View, hand: list[Card]) -> Action | None:
    for index, card, wild in _takeable(view, hand):
        after = [*_without(hand, card), wild]
        for play in new_melds(after):
            if any(c.is_wild for c in play.cards):
                return TakeWild((Swap(index, card),), AddMeld(play))
    return None


def _outs(rest: list[Card], stick: Stick, base: int, seen: Counter[Card]) -> int:
    """How many unseen natural cards would bring ``rest`` one card closer to ``stick``: only
    cards of a rank in the hand or within two of a hand card in its suit are tried."""
    near: set[Card] = set()
    for card in rest:
        if card.is_wild or card.suit is None:
            continue
        near.update(Card(suit, card.rank) for suit in SUITS)
        for rank in range(card.rank - 2, card.rank + 3):
            if 1 <= rank <= 13 and rank != 2:
                near.add(Card(card.suit, rank))
    total = 0
    for card in near:
        copies = 4 - seen[card]
        if copies > 0 and deficit([*rest, card], stick) < base:
            total += copies
    return total


def _danger(card: Card, picked: Sequence[Card]) -> int:
    """How well ``card`` matches the cards the next player took from the discard pile."""
    score = 0
    for other in picked:
        if other.is_wild:
            continue
        if other.rank == card.rank:
            score += 2
        elif other.suit is card.suit and abs(other.rank - card.rank) <= 2:
            score += 1
    return score


def _connections(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards of the hand could meld with ``card`` (same rank or near in suit)."""
    return sum(
        1
        for other in hand
        if other is not card
        and not other.is_wild
        and (other.rank == card.rank or (other.suit is card.suit and abs(other.rank - card.rank) <= 2))
    )


def _discard(view: View, hand: list[Card], stick: Stick | None, rng: random.Random, hard: bool) -> Action:
    """The allowed discard that leaves the stick closest to done (normal: ties by fewest
    connections, then at random; hard: ties by most outs less the game's price of the danger
    of feeding the next seat (:mod:`stickgame.ai.stakes`), then fewest connections)."""
    options = discards(hand, view.melds)
    assert view.seat is not None
    picked = view.picked_up[(view.seat + 1) % view.players]
    scored = [(deficit(_without(hand, d.card), stick) if stick is not None else 0, d) for d in options]
    low = min(base for base, _ in scored)
    ties = [d for base, d in scored if base == low]
    if not hard:
        return min(ties, key=lambda d: (_connections(d.card, hand), rng.random()))
    if stick is None:
        return min(ties, key=lambda d: (_danger(d.card, picked), _connections(d.card, hand), rng.random()))
    seen = _seen(view, hand)
    defense = stakes(view).defense

    def value(action: Discard) -> float:
        outs = _outs(_without(hand, action.card), stick, low, seen) if len(ties) > 1 else 0
        return outs - defense * _danger(action.card, picked)

    return min(ties, key=lambda d: (-value(d), _connections(d.card, hand), rng.random()))


def _seen(view: View, hand: Sequence[Card]) -> Counter[Card]:
    """The cards the seat can see: its hand, the table's melds and the top of the discard pile."""
    seen: Counter[Card] = Counter(hand)
    for table_meld in view.melds:
        seen.update(table_meld.meld.cards)
    if view.discard_top is not None:
        seen[view.discard_top] += 1
    return seen
