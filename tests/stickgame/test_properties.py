"""Property tests: random seeds, 2-8 players, random legal turns to the end of a short game."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from stickgame import DECK, Game, RuleError, make_meld

from .helpers import SHORT, random_turn_action, snapshot

_WHOLE = Counter(DECK)


def _cards_in_place(game: Game) -> Counter[object]:
    where: Counter[object] = Counter(game.stock) + Counter(game.discard_pile)
    for seat in range(game.players):
        where.update(game.hand(seat))
    for table_meld in game.melds:
        where.update(table_meld.meld.cards)
    return where


def _check_melds(game: Game) -> None:
    for table_meld in game.melds:
        meld = table_meld.meld
        rebuilt = make_meld(meld.cards, meld.kind, meld.low if meld.kind == "run" else None)
        if any(not card.is_wild for card in meld.cards) or meld.kind == "wild5":
            assert rebuilt.kind == meld.kind and len(rebuilt) == len(meld)


def _check_views(game: Game) -> None:
    """A seat's view is the public view plus its own hand and own uncompleted stick only."""
    public = game.public_view()
    assert public.seat is None and public.hand is None and public.stick is None
    shared = [f.name for f in fields(public) if f.name not in ("seat", "hand", "stick")]
    for seat in range(game.players):
        view = game.view(seat)
        assert view.hand == game.hand(seat) and view.stick == game.stick(seat)
        assert all(getattr(view, name) == getattr(public, name) for name in shared)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 8))
def test_random_games_keep_every_invariant(seed: int, players: int) -> None:
    game = Game.new(players, SHORT, seed)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        assert steps < 20000, "the game did not end"
        action = random_turn_action(game, rng)
        game.apply(game.turn, action)
        steps += 1
        if steps % 7 == 0 or game.is_over:
            assert _cards_in_place(game) == _WHOLE
            _check_melds(game)
            _check_views(game)
    assert game.winners and all(0 <= seat < players for seat in game.winners)
    assert max(len(game.completed(s)) for s in range(players)) >= SHORT.sticks_to_win
    again = Game.from_json(game.to_json())
    assert again.log == game.log and again.public_view() == game.public_view()
    assert all(again.view(s) == game.view(s) for s in range(players))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 8), st.integers(0, 60))
def test_refused_actions_change_nothing(seed: int, players: int, steps: int) -> None:
    game = Game.new(players, SHORT, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(game.turn, random_turn_action(game, rng))
    if game.is_over:
        return
    before = snapshot(game)
    other = (game.turn + 1) % players
    for seat, text in ((other, "S"), (game.turn, "X *"), (game.turn, "O 99 7H"), (game.turn, "L 3H 4H 5H")):
        try:
            game.apply(seat, text)
        except RuleError:
            assert snapshot(game) == before
        else:
            return  # the action happened to be legal: nothing more to compare
