"""Views and events as data: JSON-able, and views show each seat only its own secrets."""

from __future__ import annotations

import json
from random import Random

import pytest

from stickem import Card, Game, Phase, Rules, View
from stickem.errors import InvalidSeat, RuleError
from stickem.events import CardPlayed, RoundScored, TrickWon

from .helpers import play_out, random_step


def test_views_and_events_convert_to_json() -> None:
    game = Game.new(7, seed=3)
    rng = Random(3)
    events = list(game.start_events)
    for _ in range(200):
        events += random_step(game, rng)[3]
    for seat in [None, *range(7)]:
        data = game.view(seat).to_dict()
        text = json.dumps(data)
        assert json.loads(text) == data
        assert data["phase"] == game.phase.value and data["rules"]["preset"] == "classic"
    for event in events:
        data = event.to_dict()
        assert data["type"] == type(event).__name__
        json.dumps(data)
    played = next(e for e in events if isinstance(e, CardPlayed))
    assert played.to_dict() == {
        "type": "CardPlayed",
        "seat": played.seat,
        "card": str(played.card),
        "trick": played.trick,
    }


def test_view_during_tricks_shows_trick_lead_color_and_history() -> None:
    game = Game.new(4, seed=9)
    for seat in range(4):
        game.choose_misery(seat, game.hand(seat)[0])
    leader = game.leader
    card = game.hand(leader)[5]
    game.play(leader, card)
    view = game.view((leader + 1) % 4)
    assert view.phase is Phase.TRICKS and view.trick_number == 1
    assert view.trick == ((leader, card),) and view.lead_color is card.color
    assert view.awaiting == ((leader + 1) % 4,) and view.last_trick is None
    assert view.hand_sizes[leader] == 13 and view.captured == ()
    while game.trick_number == 1:
        seat = game.awaiting[0]
        events = game.play(seat, game.legal_cards(seat)[0])
    won = events[-1]
    assert isinstance(won, TrickWon)
    view = game.view(None)
    assert view.trick == () and view.lead_color is None and view.trick_number == 2
    assert view.last_trick is not None and view.last_trick.winner == won.winner
    assert view.tricks == (view.last_trick,) and view.last_trick.plays == won.plays
    assert view.captured_counts[won.winner] == 4 and view.leader == won.winner


def test_view_after_game_over() -> None:
    game = Game.new(3, Rules.preset("amigo"), seed=4)
    events = play_out(game, Random(4))
    view = game.view(1)
    assert isinstance(view, View) and view.phase is Phase.GAME_OVER
    assert view.awaiting == () and view.winners == tuple(game.winners)
    assert view.round == view.rounds == 3 and len(view.round_scores) == 3
    last_scored = [e for e in events if isinstance(e, RoundScored)][-1]
    assert view.misery_cards == last_scored.misery_cards
    assert view.totals == last_scored.totals


def test_hand_mask_matches_hand() -> None:
    game = Game.new(5, seed=2)
    rng = Random(2)
    for _ in range(60):
        random_step(game, rng)
        for seat in range(5):
            hand = game.hand(seat)
            assert game.hand_mask(seat) == sum(1 << card.index for card in hand)
            assert all(isinstance(card, Card) for card in hand)


def test_a_view_given_again_is_the_view_of_the_state_now() -> None:
    """Views are kept per seat and state: each one asked for equals a view made anew for the
    game's state then, through misery picks, tricks, rounds, copies and refused actions."""
    game = Game.new(4, seed=21)
    rng = Random(21)
    kept: list[tuple[Game, list[View]]] = []
    while not game.is_over:
        first = [game.view(seat) for seat in [None, *range(4)]]
        again = [game.view(seat) for seat in [None, *range(4)]]
        assert all(a is b for a, b in zip(first, again, strict=True))  # given again, not remade
        assert first == [game._make_view(seat) for seat in [None, *range(4)]]
        copy = game.copy()
        assert [copy.view(seat) for seat in [None, *range(4)]] == first
        kept.append((copy, first))
        seat = game.awaiting[0]
        wrong = game.play if game.phase is Phase.MISERY else game.choose_misery
        with pytest.raises(RuleError):  # refused (the other phase's action): changes nothing
            wrong(seat, game.hand(seat)[0])
        assert [game.view(seat) for seat in [None, *range(4)]] == [
            game._make_view(seat) for seat in [None, *range(4)]
        ]
        random_step(game, rng)
        assert [game.view(seat) for seat in [None, *range(4)]] == [
            game._make_view(seat) for seat in [None, *range(4)]
        ]
    for copy, views in kept[::40]:  # a copy's views stay those of its own state
        assert [copy.view(seat) for seat in [None, *range(4)]] == views


def test_a_view_kept_for_seat_1_does_not_answer_for_true() -> None:
    game = Game.new(3, seed=5)
    game.view(1)
    for wrong in (True, 1.0, 3, -1):
        try:
            game.view(wrong)  # type: ignore[arg-type]
        except InvalidSeat:
            continue
        raise AssertionError(f"view({wrong!r}) did not raise")
