"""Views and events as data: JSON-able, and views show each seat only its own secrets."""

from __future__ import annotations

import json
from collections.abc import Callable
from random import Random

import pytest

from stickem import Card, Game, Phase, Rules, View, deck
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


def _refusals(game: Game, seat: int) -> list[Callable[[], object]]:
    """Every kind of action the engine refuses now, some of them after part of their checks
    passed (the seat awaited, a card parsed): each must change nothing."""
    act = game.choose_misery if game.phase is Phase.MISERY else game.play
    other = game.play if game.phase is Phase.MISERY else game.choose_misery
    hand = game.hand(seat)
    outside = next(card for card in deck(game.players) if card not in hand)  # someone else's, or undealt
    idle = next((s for s in range(game.players) if s not in game.awaiting), None)
    refused: list[Callable[[], object]] = [
        lambda: other(seat, hand[0]),  # the other phase's action
        lambda: act(seat, outside),  # a card not in the hand
        lambda: act(seat, str(outside)),  # type: ignore[arg-type]  # the same as text: parsed, then refused
        lambda: act(seat, "no card"),  # type: ignore[arg-type]  # text naming no card
        lambda: act(seat, hand[0], round=game.round + 1),  # meant for another round
        lambda: act(game.players, hand[0]),  # no such seat
        lambda: act(True, hand[0]),  # a bool is no seat (bool is an int to mypy)
    ]
    if idle is not None:
        refused.append(lambda: act(idle, game.hand(idle)[0] if game.hand(idle) else hand[0]))
    return refused


def test_kept_views_hold_nothing_mutable_and_survive_every_refusal() -> None:
    """A view is given again to every caller that asks for it in the same state (the host's
    message, the prompts, a computer's decision): it must hold nothing a caller could change
    (a frozen view is hashable only if every field, however deep, is), and a refused action of
    any kind, even one refused after some checks passed, must leave the state the kept views
    show (no change without an action in the log)."""
    seats: list[int | None] = [None, *range(5)]
    game = Game.new(5, Rules.preset("amigo"), seed=8)
    rng = Random(8)
    while not game.is_over:
        kept = [game.view(seat) for seat in seats]
        for view in kept:
            hash(view)  # TypeError if a list, dict or set is anywhere inside
        for refuse in _refusals(game, game.awaiting[0]):
            with pytest.raises(RuleError):
                refuse()
        assert [game.view(seat) for seat in seats] == [game._make_view(seat) for seat in seats] == kept
        random_step(game, rng)
