"""An outside opponent for the Stick'em benchmarks: ISMCTS as Trickster's Table's app plays it.

A Python port of the algorithm (not the code) of the public ``dbravender/tricksterstable-rs``
Stick'em AI and the ``ismcts`` crate it uses:

- single-observer ISMCTS: one tree holding every seat's moves (misery picks and cards), with
  availability counts; a child's value is ``reward / visits + sqrt(2 ln(availability) / visits)``;
  an untried legal move is expanded at random; the move played is the root child visited most;
- each iteration deals the cards the deciding seat cannot see at random among the other hands;
- random rollouts to the end of the *game*: the round is finished at random, then every round
  still to come is dealt from a fresh shuffle, misery cards are picked at random and played out
  at random, the first lead rotating one seat a round (``amigo`` rules, 4 players as in the app);
- the reward is computed from the final totals: ``x = 2 (own - lowest) / (highest - lowest) - 1``,
  then ``sign(x) * x**2`` (0 when every total is equal);
- 5,000 iterations per decision (the app's budget, spread over 8 threads sharing one tree; here
  one thread runs them all).

Deviations, all minor: the tree stops at the end of the current round (the rollout takes over
there; the app's tree may reach into the next round's random deal for the last few cards of a
round), and at the misery choice every other seat picks after the deciding one (the engine's
picks are simultaneous and hidden; the app asks them one after another, also hidden).
Decisions are seeded from the player's seed and the decision's place, as ``stickem.ai``'s are,
so a benchmark run replays. For speed a shuffle is the composition of two permutations drawn
from a pool of 256 pre-drawn ones (65,536 orders per deal size, fresh for every decision).
"""

from __future__ import annotations

import math
import random
from operator import itemgetter
from typing import Any

from stickem.ai.core import TRICK_KEYS, VALUE_BITS, deck_codes, play_orders, points_table
from stickem.ai.observe import situation_from_view, to_card, to_code
from stickem.cards import Card
from stickem.views import View

DEFAULT_ITERATIONS = 5000
"""The app's search budget per decision."""

_SHIFT = VALUE_BITS
_POINTS = [points_table(color) for color in range(6)]


_POOL = 256


def _shufflers(rng: random.Random, size: int, count: int) -> list[Any]:
    """Return ``count`` random reorderings of sequences of ``size`` items (as itemgetters)."""
    pool = []
    for _ in range(count):
        perm = list(range(size))
        rng.shuffle(perm)
        pool.append(itemgetter(*perm))
    return pool


def trickster_reward(totals: list[int], seat: int) -> float:
    """Return the app's reward for ``seat`` from the game's final totals."""
    high = max(totals)
    low = min(totals)
    if high == low:
        return 0.0
    x = 2.0 * (totals[seat] - low) / (high - low) - 1.0
    return x * x if x >= 0 else -x * x


class TricksterIsmcts:
    """A Stick'em player searching like Trickster's Table's app (see the module docstring)."""

    def __init__(self, seed: int, iterations: int = DEFAULT_ITERATIONS) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.seed = seed
        self.iterations = iterations

    def __repr__(self) -> str:
        return f"TricksterIsmcts(seed={self.seed}, iterations={self.iterations})"

    def _rng(self, view: View) -> random.Random:
        place = f"trickster/{self.seed}/{view.seat}/{view.round}/{view.trick_number}/{len(view.trick)}"
        return random.Random(place)

    def choose_misery(self, view: View) -> Card:
        """Return the misery pick found by the search."""
        return to_card(self._search(view, misery=True))

    def play(self, view: View) -> Card:
        """Return the card found by the search."""
        return to_card(self._search(view, misery=False))

    def _search(self, view: View, misery: bool) -> int:
        sit = situation_from_view(view)
        if len(sit.hand) == 1:
            return sit.hand[0]
        rng = self._rng(view)
        players = sit.players
        me = sit.seat
        orders = play_orders(players)
        getters = [itemgetter(*order) for order in orders]
        deck = deck_codes(players)
        rounds_after = view.rounds - view.round
        first_leader = view.dealer
        totals = list(view.totals)
        unseen = list(sit.unseen)
        others = [s for s in range(players) if s != me]
        nobody = sit.nobody_on_zeros
        keys_by_color = TRICK_KEYS
        rand = rng.random
        log = math.log
        if misery:
            sizes = [len(sit.hand)] * players
            known_misery: list[int | None] = [None] * players
        else:
            sizes = list(sit.hand_sizes)
            known_misery = list(sit.misery)
        captured_points = [list(sit.captured[s]) for s in range(players)]
        count = min(_POOL, max(8, self.iterations))  # tiny budgets (tests) draw fewer
        unseen_pool = _shufflers(rng, len(unseen), count)
        deck_pool = _shufflers(rng, len(deck), count) if rounds_after else []
        hand_pool = _shufflers(rng, len(sit.hand), count)
        root: list[Any] = [0, 0.0, 0, {}]
        for _ in range(self.iterations):
            # Every hand comes out in random order: a random card is the last one.
            unseen = list(unseen_pool[int(rand() * count)](unseen_pool[int(rand() * count)](unseen)))
            hands: list[list[int]] = [[] for _ in range(players)]
            pos = 0
            for s in others:
                hands[s] = unseen[pos : pos + sizes[s]]
                pos += sizes[s]
            hands[me] = list(hand_pool[int(rand() * count)](hand_pool[int(rand() * count)](sit.hand)))
            picks = known_misery[:]
            trick = list(sit.trick)
            leader = sit.leader
            taken: list[list[int]] = [cs[:] for cs in captured_points]
            node = root
            path: list[tuple[list[Any], int]] = []
            expanded = False
            picking = misery
            pick_turn = 0
            pick_order = [me, *others]
            while not expanded:
                if picking:
                    if pick_turn == players:
                        picking = False
                        continue
                    turn = pick_order[pick_turn]
                else:
                    turn = (leader + len(trick)) % players
                hand = hands[turn]
                if not hand:
                    break
                card, node, expanded = _tree_step(node, hand, rand, log)
                path.append((node, turn))
                hand.remove(card)
                if picking:
                    picks[turn] = card
                    pick_turn += 1
                    continue
                trick.append(card)
                if len(trick) == players:
                    leader = _settle(trick, leader, orders, keys_by_color, nobody, taken)
                    trick = []
            if picking:  # expanded during the picks: the remaining seats pick at random
                for s in pick_order[pick_turn:]:
                    picks[s] = hands[s].pop()
            # Finish the round at random.
            if trick:
                for s in orders[leader][len(trick) :]:
                    trick.append(hands[s].pop())
                leader = _settle(trick, leader, orders, keys_by_color, nobody, taken)
            for column in zip(*hands, strict=True):
                leader = _settle(list(getters[leader](column)), leader, orders, keys_by_color, nobody, taken)
            final = totals[:]
            for s in range(players):
                pick = picks[s]
                assert pick is not None
                table = _POINTS[pick >> _SHIFT]
                final[s] += sum(table[c] for c in taken[s]) - (pick & 31)
            # The rounds still to come, dealt afresh and played at random.
            lead = first_leader
            for _ in range(rounds_after):
                lead = (lead + 1) % players
                dealt = deck_pool[int(rand() * count)](deck_pool[int(rand() * count)](deck))
                round_hands = [list(dealt[15 * s : 15 * s + 15]) for s in range(players)]
                round_picks = [h.pop() for h in round_hands]
                won: list[list[int]] = [[] for _ in range(players)]
                leader = lead
                for column in zip(*round_hands, strict=True):
                    leader = _settle(
                        list(getters[leader](column)), leader, orders, keys_by_color, nobody, won
                    )
                for s in range(players):
                    table = _POINTS[round_picks[s] >> _SHIFT]
                    final[s] += sum(table[c] for c in won[s]) - (round_picks[s] & 31)
            rewards = [trickster_reward(final, s) for s in range(players)]
            for visited, mover in path:
                visited[0] += 1
                visited[1] += rewards[mover]
        children = root[3]
        return max(children, key=lambda c: (children[c][0], -c))


def _tree_step(node: list[Any], hand: list[int], rand: Any, log: Any) -> tuple[int, Any, bool]:
    """Select (UCB1 with availability counts) or expand one move at ``node``."""
    children = node[3]
    untried = [c for c in hand if c not in children]
    if untried:
        card = untried[int(rand() * len(untried))]
        child: list[Any] = [0, 0.0, 1, {}]
        children[card] = child
        return card, child, True
    best = -1e300
    card = hand[0]
    for c in hand:
        k = children[c]
        value = k[1] / k[0] + math.sqrt(2.0 * log(k[2]) / k[0])
        if value > best:
            best = value
            card = c
    for c in hand:
        children[c][2] += 1
    return card, children[card], False


def _settle(
    trick: list[int],
    leader: int,
    orders: tuple[tuple[int, ...], ...],
    keys_by_color: tuple[list[int], ...],
    nobody: bool,
    taken: list[list[int]],
) -> int:
    """Give a full trick to its taker (or set it aside); return who leads next."""
    keys = keys_by_color[trick[0] >> _SHIFT]
    ranks = [keys[c] for c in trick]
    top = max(ranks)
    if top == 0 and nobody:
        return leader
    winner = orders[leader][ranks.index(top)]
    taken[winner].extend(trick)
    return winner


__all__ = ["DEFAULT_ITERATIONS", "TricksterIsmcts", "to_code", "trickster_reward"]
