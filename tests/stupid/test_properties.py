"""Property tests: random legal games to the end for 2-14 players and random options.

At every step: every physical card (card and copy) is in exactly one place, views hold the
viewer's own hand only and agree on everything public, events agree with independent
reference rules. At round ends: scores equal a recount from the bids and the tricks. At the
end and along the way: replay from JSON equals the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stupid import Card, Game, Phase, Rules, View, full_deck
from stupid.events import BidMade, CardPlayed, GameOver, RoundScored, TrickWon
from stupid.rules import min_decks

from .helpers import random_step, reference_score, reference_winner

PRIVATE = {"seat", "hand", "legal"}


def check_places(game: Game) -> None:
    """Every physical card of the decks is in exactly one place."""
    places = game.card_places()
    keys = [key for key, _ in places]
    assert len(keys) == len(set(keys)) == 52 * game.decks
    assert Counter(card for card, _ in keys) == Counter(full_deck() * game.decks)
    assert {copy for _, copy in keys} == set(range(game.decks))
    for seat in range(game.players):
        assert Counter(card for (card, _), place in places if place == f"hand {seat}") == Counter(
            game.hand(seat)
        )


def cards_in(value: object) -> Counter[Card]:
    """Every card anywhere inside a view field, with repeats."""
    found: Counter[Card] = Counter()
    _count_cards(value, found)
    return found


def _count_cards(value: object, found: Counter[Card]) -> None:
    """Add every card inside ``value`` to ``found`` (one counter for the whole walk: a counter
    per card and per container, each added into the one above, cost most of this test)."""
    if isinstance(value, Card):
        found[value] += 1
    elif isinstance(value, tuple | list):
        for item in value:
            _count_cards(item, found)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, Rules):
        for f in fields(value):  # type: ignore[arg-type]
            _count_cards(getattr(value, f.name), found)


def check_views(game: Game) -> None:
    """Each view holds its own hand only; the public parts are the same for everyone."""
    public = game.public_view()
    assert public.hand is None and public.legal == ()
    public_cards = cards_in(public)
    played = Counter(
        card for (card, _), place in game.card_places() if place == "trick" or place.startswith("taken")
    )
    # Public: the turned card, the cards of the trick and of this round's completed tricks
    # (``last_trick`` repeats the latest of them).
    assert public_cards == Counter([game.trump]) + played + cards_in(public.last_trick)
    for seat in range(game.players):
        view = game.view(seat)
        assert view.hand == tuple(game.hand(seat))
        for f in fields(View):
            if f.name not in PRIVATE:
                assert getattr(view, f.name) == getattr(public, f.name), f.name
        # The only cards a seat sees beyond the public ones are its own.
        own, legal = Counter(view.hand), cards_in(view.legal)
        assert legal - own == Counter()  # legal cards come from the own hand
        assert cards_in(view) - public_cards - own - legal == Counter()


def check_step(
    game: Game, seat: int, action: object, events: list[object], before: dict[str, object]
) -> None:
    for event in events:
        if isinstance(event, BidMade | CardPlayed):
            assert event.seat == seat
        elif isinstance(event, TrickWon):
            cards = [card for _, card in event.plays]
            trump = before["trump"]
            assert event.plays[reference_winner(cards, trump)][0] == event.winner  # type: ignore[arg-type]
        elif isinstance(event, RoundScored):
            bids, taken = event.bids, event.taken
            assert sum(taken) == before["hand_size"]
            assert event.scores == tuple(reference_score(b, t) for b, t in zip(bids, taken, strict=True))
            assert sum(bids) != before["hand_size"]  # the dealer's restriction held
        elif isinstance(event, GameOver):
            assert event.winners == tuple(s for s, t in enumerate(event.totals) if t == max(event.totals))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 14),
    max_hand=st.integers(1, 10),
    extra_deck=st.booleans(),
    choices=st.integers(0, 2**32),
)
def test_random_games(seed: int, players: int, max_hand: int, extra_deck: bool, choices: int) -> None:
    decks = min(3, min_decks(players) + extra_deck)
    max_hand = min(max_hand, (52 * decks - 1) // players)
    rules = Rules(decks=decks if extra_deck else None, max_hand=max_hand)
    game = Game.new(players, rules, seed)
    rng = Random(choices)
    steps = 0
    while not game.is_over:
        if steps % 13 == 0:
            check_places(game)
            check_views(game)
        before = {
            "trump": game.trump_suit,
            "hand_size": game.hand_size,
            "json": game.to_json() if steps % 97 == 0 else None,
        }
        seat, action, events = random_step(game, rng)
        check_step(game, seat, action, list(events), before)
        if before["json"] is not None:
            assert Game.from_json(str(before["json"])).action_count == game.action_count - 1
        steps += 1
    check_places(game)
    check_views(game)
    assert game.phase is Phase.GAME_OVER
    assert len(game.round_scores) == rules.rounds
    recount = [
        sum(reference_score(b[s], t[s]) for b, t in zip(game.bid_history, game.taken_history, strict=True))
        for s in range(players)
    ]
    assert game.totals == recount
    assert Game.from_json(game.to_json()) == game
