"""A fast round simulator on card codes, for tuning and quick strength checks of brains.

It follows RULES sections 1-4 on its own (the engine in :mod:`stickem` is the reference; the
tests check that both agree on trick winners and scores) and hands every brain only its own
:class:`~stickem.ai.situation.Situation`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stickem.ai.brains import Brain
from stickem.ai.core import deck_codes, play_orders, round_points, trick_winner_index
from stickem.ai.situation import Situation

TRICKS = 14


def play_round(
    brains: Sequence[Brain], rng: random.Random, leader: int, nobody_on_zeros: bool = False
) -> list[int]:
    """Deal and play one round between ``brains`` (one per seat); return the round scores."""
    players = len(brains)
    deck = deck_codes(players)
    rng.shuffle(deck)
    hands = [sorted(deck[15 * s : 15 * s + 15]) for s in range(players)]
    undealt = tuple(deck[15 * players :])
    empty: tuple[tuple[int, ...], ...] = tuple(() for _ in range(players))
    picks: list[int] = []
    for seat in range(players):
        own = tuple(hands[seat])
        sit = Situation(
            players=players,
            seat=seat,
            hand=own,
            misery=tuple(None for _ in range(players)),
            leader=leader,
            trick=(),
            captured=empty,
            hand_sizes=tuple(15 for _ in range(players)),
            unseen=_unseen(players, own, undealt),
            nobody_on_zeros=nobody_on_zeros,
        )
        pick = brains[seat].misery(sit)
        if pick not in own:
            raise ValueError(f"seat {seat} picked a card it does not hold")
        picks.append(pick)
    for seat, pick in enumerate(picks):
        hands[seat].remove(pick)
    misery = tuple(picks)
    visible = undealt + misery
    captured: list[list[int]] = [[] for _ in range(players)]
    orders = play_orders(players)
    for _ in range(TRICKS):
        trick: list[int] = []
        for seat in orders[leader]:
            own = tuple(hands[seat])
            seen = visible + tuple(c for cs in captured for c in cs) + tuple(trick)
            sit = Situation(
                players=players,
                seat=seat,
                hand=own,
                misery=misery,
                leader=leader,
                trick=tuple(trick),
                captured=tuple(tuple(cs) for cs in captured),
                hand_sizes=tuple(len(h) for h in hands),
                unseen=_unseen(players, own, seen),
                nobody_on_zeros=nobody_on_zeros,
            )
            card = brains[seat].play(sit)
            if card not in own:
                raise ValueError(f"seat {seat} played a card it does not hold")
            hands[seat].remove(card)
            trick.append(card)
        index = trick_winner_index(trick, nobody_on_zeros)
        if index is not None:
            leader = orders[leader][index]
            captured[leader].extend(trick)
    return [round_points(misery[s], captured[s]) for s in range(players)]


def _unseen(players: int, hand: tuple[int, ...], seen: tuple[int, ...]) -> tuple[int, ...]:
    known = set(hand) | set(seen)
    return tuple(c for c in deck_codes(players) if c not in known)
