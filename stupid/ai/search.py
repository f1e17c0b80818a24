"""The ``hard`` level: determinized Monte Carlo with ``normal`` playouts.

Each iteration deals the cards the seat has not seen among the other hands (and the face-down
stock) consistently with what it witnessed: the cards played, and the voids shown by failing
to follow suit. Bids are soft evidence: a few deals are drawn and the one whose hands best fit
the bids already made (by the ``normal`` estimate of each seat's dealt hand) is kept. On that
deal every candidate move (a bid, or a distinct legal card) is played out to the end of the
round with every seat on the ``normal`` policy (seats yet to bid bid as ``normal`` would), and
scored for the game, not the round (``reward="game"``, the default): the playout's round scores
are added to the totals and the reward is the seat's chance of finishing first from there, with
every other seat's remaining gain against it drawn from a normal distribution of the variance
of the rounds left (:func:`stupid.ai.situation.spread_after`), seats taken as independent. In
the last round that is 1 for a win (shared by the tied), 0 otherwise; a leader then plays safe
and a trailer gambles. A small share of the round's score difference breaks ties between
candidates whose chances are equal (hopeless or certain). ``reward="round"`` scores the round's
score minus the mean of the others' instead. Bids are searched the same way (every legal bid is
a candidate). The candidate with the best total wins. The budget is a number of playouts, so a
decision depends only on its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from stupid.ai.heuristics import choose_bid, choose_card, estimate_tricks
from stupid.ai.model import trick_winner_index
from stupid.ai.situation import Situation
from stupid.tricks import forbidden_bid, round_score

__all__ = ["SearchSettings", "search_bid", "search_card"]


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """``playouts``: the budget per decision (split among the candidates); ``samples``: the
    deals drawn per iteration to pick the one fitting the bids best (1: bids ignored);
    ``reward``: ``"game"`` (the chance to finish first) or ``"round"`` (the round's score
    difference); see the module docstring."""

    playouts: int = 240
    samples: int = 3
    reward: str = "game"

    def __post_init__(self) -> None:
        if self.playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {self.playouts}")
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, not {self.samples}")
        if self.reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {self.reward!r}")


REWARDS = ("game", "round")
"""The search's rewards: the chance to finish first, or the round's score difference."""
TIE_BREAK = 0.0005
"""Weight of the round's score difference (points) beside the chance to win (0-1)."""


@lru_cache(maxsize=64)
def _pool(unseen: tuple[int, ...]) -> tuple[int, ...]:
    """The unseen cards as a list of codes, a copy of a card as often as it is unseen."""
    return tuple(code for code, count in enumerate(unseen) for _ in range(count))


def _deal(sit: Situation, rng: random.Random) -> list[list[int]] | None:
    """Hidden hands for the other seats respecting shown voids (None if this draw failed).

    The most constrained seat takes the first cards it may hold in a random order of the unseen
    cards, the next seat the first of the rest, and so on. The order is drawn lazily (a
    Fisher-Yates shuffle stopped once every hand is full), so a deal costs the cards it looks
    at, not the whole face-down stock.
    """
    pool = list(_pool(sit.unseen))
    size = len(pool)
    drawn = 0  # pool[:drawn] is the random order so far
    used = [False] * size
    random_unit = rng.random
    hands: list[list[int]] = [[] for _ in range(sit.players)]
    hands[sit.seat] = list(sit.hand)
    others = [s for s in range(sit.players) if s != sit.seat]
    others.sort(key=lambda s: -bin(sit.voids[s]).count("1"))  # most constrained first
    for seat in others:
        need = sit.hand_sizes[seat]
        if not need:
            continue
        void = sit.voids[seat]
        hand = hands[seat]
        index = 0
        while len(hand) < need:
            if index == drawn:
                if drawn == size:
                    return None
                pick = drawn + int(random_unit() * (size - drawn))
                pool[drawn], pool[pick] = pool[pick], pool[drawn]
                drawn += 1
            if not used[index]:
                code = pool[index]
                if not void >> (code // 13) & 1:
                    hand.append(code)
                    used[index] = True
            index += 1
    return hands


def _misfit(sit: Situation, hands: list[list[int]]) -> float:
    """How badly a deal fits the bids made: the sum of |normal estimate - bid| over bidders."""
    total = 0.0
    for seat, bid in enumerate(sit.bids):
        if bid is None or seat == sit.seat:
            continue
        dealt = hands[seat] + list(sit.played[seat])
        total += abs(estimate_tricks(dealt, sit.trump, sit.players, sit.decks) - bid)
    return total


def _sample(sit: Situation, rng: random.Random, settings: SearchSettings) -> list[list[int]]:
    """One deal of the hidden cards: of up to ``settings.samples`` draws, the best fit to the bids."""
    drawn: list[list[list[int]]] = []
    for _ in range(4 * settings.samples):
        hands = _deal(sit, rng)
        if hands is not None:
            drawn.append(hands)
            if len(drawn) == settings.samples:
                break
    if not drawn:  # the shown voids could not be respected in these draws: ignore them
        hands = _deal(replace(sit, voids=(0,) * sit.players), rng)
        assert hands is not None
        return hands
    if len(drawn) == 1:
        return drawn[0]
    return min(drawn, key=lambda hands: _misfit(sit, hands))


def _playout(
    sit: Situation,
    hands: list[list[int]],
    bids: list[int],
    taken: list[int],
    trick: list[int],
    leader: int,
) -> list[int]:
    """Play the round to its end with the normal policy; return the round scores."""
    players = sit.players
    trump = sit.trump
    while True:
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        if not hand:
            break
        card = choose_card(hand, trick, trump, bids[seat] - taken[seat], players - 1 - len(trick))
        hand.remove(card)
        trick.append(card)
        if len(trick) == players:
            leader = (leader + trick_winner_index(trick, trump)) % players
            taken[leader] += 1
            trick = []
    return [round_score(b, t) for b, t in zip(bids, taken, strict=True)]


def _round_reward(scores: Sequence[int], seat: int) -> float:
    """The seat's round score minus the mean of the others'."""
    others = [score for s, score in enumerate(scores) if s != seat]
    return scores[seat] - sum(others) / len(others)


HERMITE = (
    (0.381186990207322, 0.661147012558241),
    (1.157193712446780, 0.207802325814892),
    (1.981656756695843, 0.0170779830074134),
    (2.930637420257244, 0.000199604072211368),
)
"""Gauss-Hermite nodes and weights (8 points, the positive half): ``E f(X)`` for a standard
normal ``X`` is ``sum(w * (f(t√2) + f(-t√2))) / √π``."""


def win_chance(totals: Sequence[float], seat: int, spread: float) -> float:
    """The chance ``seat`` finishes first from ``totals`` when every seat still gains an
    independent normal amount, so that two seats' gains differ with variance ``spread``.

    Given the seat's own gain ``x`` the others' finishes are independent, so the chance is the
    mean over ``x`` of the product of their chances to stay below (an 8-point Gauss-Hermite
    quadrature). ``spread`` 0: the game is over: 1 for the sole leader, ``1/k`` for each of
    ``k`` tied leaders, else 0.
    """
    mine = totals[seat]
    if spread <= 0:
        best = max(totals)
        return 1.0 / sum(1 for t in totals if t == best) if mine == best else 0.0
    sigma = math.sqrt(spread / 2.0)  # one seat's own gain
    leads = [mine - total for other, total in enumerate(totals) if other != seat]
    scale = 1.0 / (sigma * math.sqrt(2.0))
    chance = 0.0
    for node, weight in HERMITE:
        for x in (node * math.sqrt(2.0) * sigma, -node * math.sqrt(2.0) * sigma):
            product = 1.0
            for lead in leads:
                product *= 0.5 * (1.0 + math.erf((lead + x) * scale))
            chance += weight * product
    return chance / math.sqrt(math.pi)


def _reward(
    scores: Sequence[int], sit: Situation, settings: SearchSettings, seen: dict[tuple[int, ...], float]
) -> float:
    """A playout's value to the seat (see the module docstring). ``seen`` keeps the values of
    one decision by round scores: a round has few score lines (each seat makes its bid or not)."""
    key = tuple(scores)
    value = seen.get(key)
    if value is not None:
        return value
    value = _round_reward(scores, sit.seat)
    if settings.reward == "game" and sit.totals:
        totals = [total + score for total, score in zip(sit.totals, scores, strict=True)]
        value = win_chance(totals, sit.seat, sit.spread_left) + TIE_BREAK * value
    seen[key] = value
    return value


def _remaining_bids(sit: Situation, hands: list[list[int]], own: int) -> list[int]:
    """Every seat's bid on this deal: the ones made, ``own`` for the seat, normal bids after."""
    bids = [bid if bid is not None else -1 for bid in sit.bids]
    bids[sit.seat] = own
    seat = sit.seat
    while seat != sit.dealer:
        seat = (seat + 1) % sit.players
        made = [b for b in bids if b >= 0]
        allowed = list(range(sit.hand_size + 1))
        if seat == sit.dealer:
            forbidden = forbidden_bid(made, sit.hand_size)
            allowed = [n for n in allowed if n != forbidden]
        bids[seat] = choose_bid(estimate_tricks(hands[seat], sit.trump, sit.players, sit.decks), allowed)
    return bids


def search_bid(sit: Situation, rng: random.Random, settings: SearchSettings) -> int:
    """The bid with the best mean playout reward among ``sit.legal_bids``."""
    candidates = list(sit.legal_bids)
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    seen: dict[tuple[int, ...], float] = {}
    rounds = max(1, settings.playouts // len(candidates))
    first = (sit.dealer + 1) % sit.players
    for _ in range(rounds):
        hands = _sample(sit, rng, settings)
        for index, bid in enumerate(candidates):
            bids = _remaining_bids(sit, hands, bid)
            scores = _playout(sit, [h[:] for h in hands], bids, [0] * sit.players, [], first)
            totals[index] += _reward(scores, sit, settings, seen)
    return candidates[max(range(len(candidates)), key=totals.__getitem__)]


def search_card(
    sit: Situation, candidates: Sequence[int], rng: random.Random, settings: SearchSettings
) -> int:
    """The card among ``candidates`` (distinct legal cards) with the best mean playout reward."""
    if len(candidates) == 1:
        return candidates[0]
    bids = [bid or 0 for bid in sit.bids]
    totals = [0.0] * len(candidates)
    seen: dict[tuple[int, ...], float] = {}
    rounds = max(1, settings.playouts // len(candidates))
    players = sit.players
    for _ in range(rounds):
        hands = _sample(sit, rng, settings)
        for index, card in enumerate(candidates):
            trial = [h[:] for h in hands]
            trial[sit.seat].remove(card)
            trick = [*sit.trick, card]
            taken = list(sit.taken)
            leader = sit.leader
            if len(trick) == players:
                leader = (leader + trick_winner_index(trick, sit.trump)) % players
                taken[leader] += 1
                trick = []
            scores = _playout(sit, trial, bids, taken, trick, leader)
            totals[index] += _reward(scores, sit, settings, seen)
    return candidates[max(range(len(candidates)), key=totals.__getitem__)]
