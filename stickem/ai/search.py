"""Information Set Monte Carlo Tree Search for the trick phase.

Each iteration deals the cards the searching seat cannot see at random among the other hands
(a determinisation consistent with everything it witnessed), walks the tree with UCB, expands
one move, finishes the round with a playout and backs up, for every node, the reward of the
seat that moved into it. ``SearchSettings.objective`` says which reward
(:mod:`stickem.ai.objective`): ``"game"`` (default), the seat's chance of finishing the game
first given the totals and the rounds left; ``"round"``, its round score minus the mean of the
other seats.

Two ways to treat the other seats (``SearchSettings.opponents``):

- ``"policy"`` (default): the tree holds only the searching seat's own moves (an open-loop
  tree over its card sequence); the other seats play by the playout policy inside the tree as
  in the playout. This avoids "strategy fusion" (an opponent node averaging over deals that
  opponent could tell apart) and measured about +5 points per round stronger against
  ``normal`` tables than the classic variant.
- ``"tree"``: classic single-observer ISMCTS, every seat's moves in the tree with availability
  counts.

Playouts (``SearchSettings.playout``): ``"dump"`` (default) lets each seat that follows dump
its highest card of the current taker's misery color (or of its own) when that card does not
take the lead, else play at random; ``"random"`` plays uniformly at random.

The hot loop works on lists of ints (see :mod:`stickem.ai.core`). Random choices cost almost
nothing: the hidden hands come out of the deal in random order and the own hand is shuffled
once per iteration (by composing pre-drawn permutations), so "a random card" is the last one.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from stickem.ai.core import TRICK_KEYS, VALUE_BITS, play_orders, points_table
from stickem.ai.objective import OBJECTIVES, GameObjective
from stickem.ai.situation import Situation

_POOL_SIZE = 512

# ``_RANK_OF[lead_color](code) == TRICK_KEYS[lead_color][code]``, bound once for the playouts.
_RANK_OF = tuple(keys.__getitem__ for keys in TRICK_KEYS)

# ``_LOGS[n] == math.log(n)`` (and ``_LOGS[0] == 0``), grown on demand and shared by every search.
_LOGS: list[float] = [0.0]


def _log_table(size: int) -> list[float]:
    """Return the shared table of natural logs, grown to hold at least ``size`` entries."""
    if len(_LOGS) < size:
        _LOGS.extend(math.log(a) for a in range(len(_LOGS), size))
    return _LOGS


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """Budget and tuning of one search: stop after ``iterations`` or ``time_budget`` seconds.

    ``time_budget`` None means the iteration budget alone decides (fully reproducible).
    ``exploration`` is the UCB constant on rewards divided by ``reward_scale``; ``playout``
    is ``"dump"`` or ``"random"``; ``opponents`` is ``"policy"`` or ``"tree"``; ``objective``
    is ``"game"`` or ``"round"`` (see above).
    """

    iterations: int = 1000
    time_budget: float | None = None
    exploration: float = 0.25
    reward_scale: float = 20.0
    playout: str = "dump"
    opponents: str = "policy"
    objective: str = "game"

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.time_budget is not None and not self.time_budget > 0:
            raise ValueError(f"time_budget must be positive, not {self.time_budget}")
        if self.playout not in ("dump", "random"):
            raise ValueError(f"playout must be 'dump' or 'random', not {self.playout!r}")
        if self.opponents not in ("policy", "tree"):
            raise ValueError(f"opponents must be 'policy' or 'tree', not {self.opponents!r}")
        if self.objective not in OBJECTIVES:
            raise ValueError(f"objective must be 'game' or 'round', not {self.objective!r}")


class _PermutationPool:
    """Pre-drawn random permutations of ``range(n)``, drawn from the search's own RNG.

    Each permutation is kept as a function that reorders a sequence by it (an ``itemgetter``),
    so composing two pooled permutations yields a fresh-looking shuffle in C, far cheaper than
    ``random.shuffle`` or list comprehensions in the hot loop.
    """

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._pools: dict[int, list[Callable[[Sequence[int]], Any]]] = {}

    def get(self, size: int) -> list[Callable[[Sequence[int]], Any]]:
        """Return ``_POOL_SIZE`` reorderings: ``pool[k](seq)[i] == seq[perm_k[i]]``, a tuple."""
        pool = self._pools.get(size)
        if pool is None:
            pool = []
            for _ in range(_POOL_SIZE):
                perm = list(range(size))
                self._rng.shuffle(perm)
                # itemgetter needs an index and returns a bare item for one: keep tuples.
                pool.append(itemgetter(*perm) if size > 1 else tuple)
            self._pools[size] = pool
        return pool


def search_play(sit: Situation, settings: SearchSettings, rng: random.Random) -> int:
    """Return the card code the seat ``sit.seat`` should play, found by ISMCTS.

    Requires the trick phase: every misery card is known, and it is the seat's turn.
    """
    hand = list(sit.hand)
    if len(hand) == 1:
        return hand[0]
    stats = run_search(sit, settings, rng)
    return max(stats, key=lambda c: (stats[c][0], stats[c][1], -c))


def run_search(
    sit: Situation, settings: SearchSettings, rng: random.Random
) -> dict[int, tuple[int, float]]:
    """Run the search and return, per root move, (visits, mean reward)."""
    players = sit.players
    me = sit.seat
    if sit.to_play != me:
        raise ValueError("the searching seat is not the one to play")
    orders = play_orders(players)
    points = [points_table(color) for color in sit.misery_colors]
    base = sit.scores_so_far()
    nobody = sit.nobody_on_zeros
    keys_by_color = TRICK_KEYS
    shift = VALUE_BITS
    unseen = list(sit.unseen)
    others = [s for s in range(players) if s != me]
    sizes = sit.hand_sizes
    my_hand = list(sit.hand)
    start_trick = list(sit.trick)
    start_leader = sit.leader
    pools = _PermutationPool(rng)
    unseen_perms = pools.get(len(unseen))
    hand_perms = pools.get(len(my_hand))
    rand = rng.random
    explore = settings.exploration
    inv_scale = 1.0 / settings.reward_scale
    spread = 1.0 / (players - 1) if players > 1 else 0.0
    seat_range = range(players)
    dumping = settings.playout == "dump"
    modelled = settings.opponents == "policy"
    misery_colors = [-1 if c is None else c for c in sit.misery_colors]
    getters = [itemgetter(*order) for order in orders]
    game = (
        GameObjective(sit.totals_before(), sit.rounds_left, settings.reward_scale)
        if settings.objective == "game"
        else None
    )

    # Nothing after the deadline costs more with a bigger iteration budget (the log table grows
    # with the iterations actually run), so a time budget bounds the whole search.
    deadline = None if settings.time_budget is None else time.perf_counter() + settings.time_budget
    # UCB reads logs[n] for n up to the iteration number + 1; the table grows as iterations run.
    logs = _log_table(64)
    root: list[Any] = [0, 0.0, 0, {}]
    for iteration in range(settings.iterations):
        if iteration & 31 == 0:
            if len(logs) < iteration + 34:
                logs = _log_table(2 * (iteration + 34))
            if deadline is not None and iteration and time.perf_counter() > deadline:
                break
        # Determinise: deal the unseen cards at random; the order inside each hand is random too.
        first = unseen_perms[int(rand() * _POOL_SIZE)]
        second = unseen_perms[int(rand() * _POOL_SIZE)]
        mixed = list(second(first(unseen)))  # mixed[i] == unseen[first[second[i]]]
        hands: list[list[int]] = [[] for _ in seat_range]
        pos = 0
        for s in others:
            size = sizes[s]
            hands[s] = mixed[pos : pos + size]
            pos += size
        hands[me] = list(hand_perms[int(rand() * _POOL_SIZE)](my_hand))
        trick = start_trick[:]
        leader = start_leader
        gains = [0] * players
        node = root
        path: list[tuple[list[Any], int]] = []
        turn = (leader + len(trick)) % players
        # Selection and one expansion.
        while True:
            hand_now = hands[turn]
            if not hand_now:
                break
            if modelled and turn != me:
                card = hand_now[_policy_index(hand_now, trick, turn, leader, orders, misery_colors)]
                hand_now.remove(card)
                trick.append(card)
                if len(trick) == players:
                    keys = keys_by_color[trick[0] >> shift]
                    ranks = [keys[c] for c in trick]
                    top = max(ranks)
                    if not (top == 0 and nobody):
                        winner = orders[leader][ranks.index(top)]
                        table = points[winner]
                        gains[winner] += sum([table[c] for c in trick])
                        leader = winner
                    trick = []
                turn = (leader + len(trick)) % players
                continue
            children = node[3]
            untried = [c for c in hand_now if c not in children]
            if untried:
                if len(untried) < len(hand_now):
                    for c in hand_now:
                        if c in children:
                            children[c][2] += 1
                card = untried[int(rand() * len(untried))]
                child = [0, 0.0, 1, {}]
                children[card] = child
                expanded = True
            else:
                best_value = -1e300
                card = hand_now[0]
                child = children[card]
                for c in hand_now:
                    k = children[c]
                    k[2] += 1
                    visits = k[0]
                    value = (k[1] + explore * (logs[k[2]] * visits) ** 0.5) / visits
                    if value > best_value:
                        best_value = value
                        card = c
                        child = k
                expanded = False
            path.append((child, turn))
            hand_now.remove(card)
            trick.append(card)
            if len(trick) == players:
                keys = keys_by_color[trick[0] >> shift]
                ranks = [keys[c] for c in trick]
                top = max(ranks)
                if not (top == 0 and nobody):
                    winner = orders[leader][ranks.index(top)]
                    table = points[winner]
                    gains[winner] += sum([table[c] for c in trick])
                    leader = winner
                trick = []
            turn = (leader + len(trick)) % players
            node = child
            if expanded:
                break
        # Playout: finish the round from here.
        if dumping:
            dump_playout(hands, trick, leader, orders, misery_colors, points, nobody, gains)
        else:
            _random_playout(hands, trick, leader, orders, getters, points, nobody, gains)
        final = [base[s] + gains[s] for s in seat_range]
        if game is None:
            total = sum(final)
            rewards = [(f - (total - f) * spread) * inv_scale for f in final]
        elif modelled:  # only the searching seat moves in the tree
            rewards = [0.0] * players
            rewards[me] = game.reward(final, me)
        else:
            rewards = [game.reward(final, s) for s in seat_range]
        for visited, mover in path:
            visited[0] += 1
            visited[1] += rewards[mover]
    return {card: (k[0], k[1] / k[0] if k[0] else 0.0) for card, k in root[3].items()}


def _random_playout(
    hands: list[list[int]],
    trick: list[int],
    leader: int,
    orders: tuple[tuple[int, ...], ...],
    getters: list[itemgetter[Any]],
    points: list[list[int]],
    nobody: bool,
    gains: list[int],
) -> None:
    """Finish the round at random, adding each seat's points to ``gains``.

    The hands are in random order, so the seats still owed a card in ``trick`` play their
    last card and every later trick is one "column" of the hands (seat ``s`` plays
    ``hands[s][i]`` in trick ``i``), taken in play order by ``getters[leader]``.
    """
    keys_by_color = TRICK_KEYS
    shift = VALUE_BITS
    if trick:
        order = orders[leader]
        for s in order[len(trick) :]:
            trick.append(hands[s].pop())
        keys = keys_by_color[trick[0] >> shift]
        ranks = [keys[c] for c in trick]
        top = max(ranks)
        if not (top == 0 and nobody):
            winner = order[ranks.index(top)]
            table = points[winner]
            gains[winner] += sum([table[c] for c in trick])
            leader = winner
    rank_of = _RANK_OF
    scorers = [table.__getitem__ for table in points]
    for column in zip(*hands, strict=True):
        cards = getters[leader](column)
        ranks = list(map(rank_of[cards[0] >> shift], cards))
        top = max(ranks)
        if top == 0 and nobody:
            continue
        winner = orders[leader][ranks.index(top)]
        gains[winner] += sum(map(scorers[winner], cards))
        leader = winner


def dump_playout(
    hands: list[list[int]],
    trick: list[int],
    leader: int,
    orders: tuple[tuple[int, ...], ...],
    misery_colors: list[int],
    points: list[list[int]],
    nobody: bool,
    gains: list[int],
) -> None:
    """Finish the round with a cheap informed policy, adding each seat's points to ``gains``.

    The leader plays a random card; every later seat, if it can without taking the lead,
    dumps its highest card of the current taker's misery color, else its highest card of its
    own misery color, else a random card. This models opponents who punish whoever takes a
    trick, which pure random playouts miss.
    """
    keys_by_color = TRICK_KEYS
    shift = VALUE_BITS
    mask = (1 << VALUE_BITS) - 1
    players = len(hands)
    while True:
        order = orders[leader]
        if trick:
            cards = trick
            keys = keys_by_color[cards[0] >> shift]
            best = -2
            win = 0
            for i, c in enumerate(cards):
                if keys[c] > best:
                    best = keys[c]
                    win = i
            start = len(cards)
            trick = []
        else:
            first = hands[leader]
            if not first:
                return
            lead = first.pop()
            cards = [lead]
            keys = keys_by_color[lead >> shift]
            best = keys[lead]
            win = 0
            start = 1
        for pos in range(start, players):
            seat = order[pos]
            hand = hands[seat]
            target = misery_colors[order[win]]
            own = misery_colors[seat]
            pick = -1
            pick_score = -1
            for i, c in enumerate(hand):
                color = c >> shift
                if color == target:
                    score = 40 + (c & mask)
                elif color == own:
                    score = 20 + (c & mask)
                else:
                    continue
                if score > pick_score and keys[c] <= best:
                    pick_score = score
                    pick = i
            card = hand.pop(pick) if pick >= 0 else hand.pop()
            cards.append(card)
            rank = keys[card]
            if rank > best:
                best = rank
                win = pos
        if best == 0 and nobody:
            continue
        taker = order[win]
        gains[taker] += sum(map(points[taker].__getitem__, cards))
        leader = taker


def _policy_index(
    hand: list[int],
    trick: list[int],
    seat: int,
    leader: int,
    orders: tuple[tuple[int, ...], ...],
    misery_colors: list[int],
) -> int:
    """Return the index in ``hand`` of the card the playout policy plays (see dump_playout)."""
    if not trick:
        return len(hand) - 1
    keys = TRICK_KEYS[trick[0] >> VALUE_BITS]
    best = -2
    win = 0
    for i, c in enumerate(trick):
        if keys[c] > best:
            best = keys[c]
            win = i
    target = misery_colors[orders[leader][win]]
    own = misery_colors[seat]
    pick = len(hand) - 1
    pick_score = -1
    for i, c in enumerate(hand):
        color = c >> VALUE_BITS
        if color == target:
            score = 40 + (c & 31)
        elif color == own:
            score = 20 + (c & 31)
        else:
            continue
        if score > pick_score and keys[c] <= best:
            pick_score = score
            pick = i
    return pick
