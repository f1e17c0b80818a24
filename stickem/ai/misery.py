"""The ``hard`` misery pick: the heuristic's best few colors, weighed by playouts for the game.

The rule of thumb (:func:`stickem.ai.heuristics.misery_scores`) names the candidate colors (the
lowest card of each of the best ``CANDIDATES`` colors). Each iteration deals the unseen cards at
random among the other hands, lets every other seat pick by the rule of thumb, plays the round
out with the search's informed playout (:func:`stickem.ai.search.dump_playout`) and scores the
candidate with the search's objective (:mod:`stickem.ai.objective`), a UCB bandit sharing the
iterations. So the pick, too, plays for the game: a leader in the last round keeps to the color
that risks least, a trailer may take the one that pays off more often.
"""

from __future__ import annotations

import math
import random
import time

from stickem.ai.core import color_of, play_orders, points_table, value_of
from stickem.ai.heuristics import choose_misery_card, misery_scores
from stickem.ai.objective import GameObjective, round_reward
from stickem.ai.search import SearchSettings, dump_playout
from stickem.ai.situation import Situation

CANDIDATES = 3
"""How many of the heuristic's best colors the playouts compare."""

SHARE = 0.5
"""Share of the search's iteration budget the misery pick uses (it is made once a round)."""


def misery_candidates(hand: tuple[int, ...] | list[int], count: int = CANDIDATES) -> list[int]:
    """Return the lowest card of each of the ``count`` best-scoring colors, best first."""
    scores = misery_scores(hand)
    colors = sorted(scores, key=lambda c: (-scores[c], c))[:count]
    return [min(c for c in hand if color_of(c) == color) for color in colors]


def search_misery(sit: Situation, settings: SearchSettings, rng: random.Random) -> int:
    """Return the misery pick for ``sit`` (the misery phase: no card played yet)."""
    stats = misery_stats(sit, settings, rng)
    return max(stats, key=lambda c: (stats[c][0], stats[c][1], -c))


def misery_stats(
    sit: Situation, settings: SearchSettings, rng: random.Random
) -> dict[int, tuple[int, float]]:
    """Run the playouts and return, per candidate pick, (visits, mean reward)."""
    hand = list(sit.hand)
    candidates = misery_candidates(hand)
    if len(candidates) == 1:
        return {candidates[0]: (0, 0.0)}
    players = sit.players
    me = sit.seat
    others = [s for s in range(players) if s != me]
    orders = play_orders(players)
    unseen = list(sit.unseen)
    size = len(hand)
    inv_scale = 1.0 / settings.reward_scale
    game = (
        GameObjective(sit.totals_before(), sit.rounds_left, settings.reward_scale)
        if settings.objective == "game"
        else None
    )
    visits = [0] * len(candidates)
    sums = [0.0] * len(candidates)
    budget = max(len(candidates), int(settings.iterations * SHARE))
    deadline = None if settings.time_budget is None else time.perf_counter() + settings.time_budget
    for iteration in range(budget):
        if deadline is not None and iteration >= len(candidates) and time.perf_counter() > deadline:
            break
        if iteration < len(candidates):
            index = iteration
        else:
            log_n = math.log(iteration)
            index = max(
                range(len(candidates)),
                key=lambda i: sums[i] / visits[i] + settings.exploration * math.sqrt(log_n / visits[i]),
            )
        pick = candidates[index]
        rng.shuffle(unseen)
        hands: list[list[int]] = [[] for _ in range(players)]
        misery = [0] * players
        for n, seat in enumerate(others):
            other_hand = unseen[n * size : (n + 1) * size]
            choice = choose_misery_card(other_hand)
            other_hand.remove(choice)
            rng.shuffle(other_hand)
            hands[seat] = other_hand
            misery[seat] = choice
        mine = [c for c in hand if c != pick]
        rng.shuffle(mine)
        hands[me] = mine
        misery[me] = pick
        colors = [color_of(m) for m in misery]
        gains = [-value_of(m) for m in misery]
        points = [points_table(color) for color in colors]
        dump_playout(hands, [], sit.leader, orders, colors, points, sit.nobody_on_zeros, gains)
        reward = round_reward(gains, me, inv_scale) if game is None else game.reward(gains, me)
        visits[index] += 1
        sums[index] += reward
    return {c: (visits[i], sums[i] / visits[i] if visits[i] else 0.0) for i, c in enumerate(candidates)}
