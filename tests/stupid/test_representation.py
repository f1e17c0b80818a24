"""The engine's inner bookkeeping (``stupid.game``): the turn invariant and independent copies.

These read private attributes on purpose: they pin down what the fast paths of ``bid`` and
``play`` rely on (see ``_NOBODY`` in ``stupid/game.py``), which no public behaviour shows until
it goes wrong.
"""

from __future__ import annotations

import copy
from random import Random

import pytest

from stupid import Game, Phase, Rules
from stupid.game import _NOBODY

from .helpers import random_step

SHARED_LISTS = {"_values", "_led", "_played", "_shuffled"}
"""List attributes a copy may share: module tables and this round's deal, which no step changes."""


def check_turn_invariant(game: Game) -> None:
    """The seat to bid or play, kept for the identity fast path, agrees with the public state."""
    if game.phase is Phase.BIDDING:
        assert game._bidder == game.awaiting[0] and type(game._bidder) is int
        assert game._player is _NOBODY
    elif game.phase is Phase.TRICKS:
        assert game._player == game.awaiting[0] and type(game._player) is int
        assert game._bidder is _NOBODY
        assert game._closer == (game.leader - 1) % game.players
    else:
        assert game._bidder is _NOBODY and game._player is _NOBODY and game.awaiting == ()


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (7, 3), (14, 4), (21, 5)])
def test_the_turn_invariant_holds_after_every_step(players: int, seed: int) -> None:
    rules = Rules(max_hand=2) if players == 21 else None  # 21 seats hold at most 7 of 156 cards
    game = Game.new(players, rules, seed)
    rng = Random(seed)
    check_turn_invariant(game)
    while not game.is_over:
        random_step(game, rng)
        check_turn_invariant(game)


def play_some(game: Game, steps: int, seed: int) -> None:
    rng = Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        random_step(game, rng)


@pytest.mark.parametrize(
    "make_copy", [Game.copy, copy.copy, copy.deepcopy], ids=["copy", "copy.copy", "deepcopy"]
)
def test_a_copy_owns_every_list_it_can_change(make_copy: object) -> None:
    game = Game.new(5, Rules(decks=2), 8)
    play_some(game, 37, 1)  # inside a trick of round 3
    assert game._trick
    twin = make_copy(game)  # type: ignore[operator]
    for name in Game.__slots__:
        mine, theirs = getattr(game, name), getattr(twin, name)
        if isinstance(mine, list) and name not in SHARED_LISTS:
            assert theirs is not mine, name
            assert theirs == mine or name == "_key_of", name  # the deal's scratch list: any content
            for inner, twin_inner in zip(mine, theirs, strict=True):
                if isinstance(inner, list):
                    assert twin_inner is not inner, name
    before = game.to_json(), [game.hand(seat) for seat in range(5)], game.current_trick
    play_some(twin, 200, 2)
    assert (game.to_json(), [game.hand(seat) for seat in range(5)], game.current_trick) == before
    play_some(game, 200, 3)  # and the other way round
    assert Game.from_json(game.to_json()) == game and Game.from_json(twin.to_json()) == twin
