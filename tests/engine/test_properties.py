"""Property tests: random legal games to the end for every player count, preset and option.

At every step: each card is in exactly one place, views show only what their seat may see,
events agree with an independent reference of the rules. At round ends: 14 tricks, scores
equal a recount from the captured cards. Along the way and at the end: JSON replay equals
the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stickem import Card, Game, Phase, Rules, View, deck
from stickem.events import (
    CardPlayed,
    Event,
    GameOver,
    MiseryChosen,
    MiseryRevealed,
    RoundScored,
    RoundStarted,
    TrickSetAside,
    TrickWon,
)

from .helpers import (
    PRESET_PLAYERS,
    random_step,
    reference_next_dealer,
    reference_score,
    reference_winner,
)

PRIVATE_FIELDS = {"seat", "hand", "misery_pick", "captured"}


def check_conservation(game: Game) -> None:
    """Every card of the deck is in exactly one place."""
    places: list[Card] = list(game.undealt) + list(game.set_aside)
    places += [card for _, card in game.current_trick]
    for seat in range(game.players):
        places += game.hand(seat) + game.captured(seat)
        misery = game.misery_card(seat)
        if misery is not None:
            places.append(misery)
    assert Counter(places) == Counter(deck(game.players))


def cards_in(value: object) -> set[Card]:
    """Every card anywhere inside a view field."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple | list):
        found: set[Card] = set()
        for item in value:
            found |= cards_in(item)
        return found
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, Rules):
        return cards_in(tuple(getattr(value, f.name) for f in fields(value)))  # type: ignore[arg-type]
    return set()


def check_views(game: Game) -> None:
    """Each view holds its own secrets only; the public parts are the same for everyone."""
    players = game.players
    hands = [set(game.hand(seat)) for seat in range(players)]
    picks = [game.misery_card(seat) for seat in range(players)]
    secret_picks = game.phase is Phase.MISERY
    public = game.view(None)
    assert public.hand is None and public.misery_pick is None and public.captured is None
    views: list[View] = [public]
    for seat in range(players):
        view = game.view(seat)
        views.append(view)
        assert view.hand == tuple(game.hand(seat))
        assert view.misery_pick is picks[seat]
        assert view.captured == tuple(game.captured(seat))
        secrets: set[Card] = set()
        for other in range(players):
            if other != seat:
                secrets |= hands[other]
                captured_by_other = set(game.captured(other))
                # captured cards were seen in tricks; only the 'captured' field must not hold them
                assert not captured_by_other & set(view.captured or ())
                if secret_picks and picks[other] is not None:
                    secrets.add(picks[other])  # type: ignore[arg-type]
        assert not cards_in(view) & secrets
        for name in {f.name for f in fields(View)} - PRIVATE_FIELDS:
            assert getattr(view, name) == getattr(public, name), name
    everyone = set().union(*hands) | {p for p in picks if secret_picks and p is not None}
    assert not cards_in(public) & everyone
    if secret_picks:
        assert all(card is None for card in public.misery_cards)
    assert public.hand_sizes == tuple(len(h) for h in hands)
    assert public.awaiting == game.awaiting


class Referee:
    """Follows the events with an independent model of the rules and checks each of them."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.nobody = game.rules.all_zero == "nobody"
        self.rotate = game.rules.first_lead == "rotate"
        self.totals = [0] * self.players
        self.swallowed = [0] * self.players
        self.dealer = game.dealer
        self.new_round()

    def new_round(self) -> None:
        self.captured: list[list[Card]] = [[] for _ in range(self.players)]
        self.trick: list[tuple[int, Card]] = []
        self.tricks = 0
        self.leader = self.dealer

    def follow(self, kind: str, seat: int, card: Card, events: list[Event]) -> None:
        head, rest = events[0], events[1:]
        if kind == "misery":
            assert head == MiseryChosen(seat)
            if rest:
                assert rest == [
                    MiseryRevealed(tuple(self.game.misery_card(s) for s in range(self.players)))
                ]  # type: ignore[misc]
            return
        assert isinstance(head, CardPlayed) and (head.seat, head.card) == (seat, card)
        assert head.trick == self.tricks + 1
        expected_seat = (self.leader + len(self.trick)) % self.players
        assert seat == expected_seat
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            assert rest == []
            return
        self.tricks += 1
        position = reference_winner([c for _, c in self.trick], self.nobody)
        done = rest.pop(0)
        if position is None:
            assert done == TrickSetAside(tuple(self.trick), self.tricks, self.leader)
        else:
            winner = self.trick[position][0]
            assert done == TrickWon(winner, tuple(self.trick), self.tricks)
            self.captured[winner] += [c for _, c in self.trick]
            self.leader = winner
        self.trick = []
        if self.tricks < 14:
            assert rest == []
            return
        scored = rest.pop(0)
        assert isinstance(scored, RoundScored)
        misery = scored.misery_cards
        scores = [reference_score(misery[s], self.captured[s]) for s in range(self.players)]
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        assert list(scored.scores) == scores and list(scored.totals) == self.totals
        assert scored.captured_counts == tuple(len(c) for c in self.captured)
        for s in range(self.players):
            own = sorted(c for c in self.captured[s] if c.color == misery[s].color)
            assert list(scored.captured_misery[s]) == own
            self.swallowed[s] += len(own)
        assert self.game.misery_swallowed == self.swallowed
        last = rest.pop(0)
        assert rest == []
        if isinstance(last, GameOver):
            best = max(self.totals)
            assert last.winners == tuple(s for s in range(self.players) if self.totals[s] == best)
            assert scored.round == self.game.rounds
            return
        assert isinstance(last, RoundStarted) and last.round == scored.round + 1
        if self.rotate:
            self.dealer = (self.dealer + 1) % self.players
        else:
            self.dealer = reference_next_dealer(self.totals, scores, self.dealer)
        assert last.dealer == last.leader == self.dealer
        self.new_round()


def check_replay(game: Game) -> None:
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.to_json() == game.to_json()
    for seat in [None, *range(game.players)]:
        assert loaded.view(seat) == game.view(seat)
    assert loaded.totals == game.totals and loaded.awaiting == game.awaiting
    assert loaded.misery_swallowed == game.misery_swallowed
    clone = game.copy()
    assert clone == game and clone.view(None) == game.view(None)
    assert clone.misery_swallowed == game.misery_swallowed
    actions = game.actions
    for start in (0, len(actions) // 2, len(actions), len(actions) + 3):
        assert game.actions_since(start) == actions[start:]
    with pytest.raises(ValueError):
        game.actions_since(-1)


games = st.tuples(
    st.sampled_from(PRESET_PLAYERS),
    st.integers(0, 2**40),
    st.sampled_from([None, "first", "nobody"]),
    st.sampled_from([None, "lowest_score", "rotate"]),
    st.sampled_from([None, 1, 2]),
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(
    spec: tuple[tuple[str, int], int, str | None, str | None, int | None],
) -> None:
    (preset, players), seed, all_zero, first_lead, rounds = spec
    overrides = {
        key: value
        for key, value in (("all_zero", all_zero), ("first_lead", first_lead), ("rounds", rounds))
        if value is not None
    }
    play_checked(Game.new(players, Rules.preset(preset, **overrides), seed), seed)


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_every_preset_and_player_count_plays_to_the_end(preset: str, players: int) -> None:
    play_checked(Game.new(players, Rules.preset(preset), players), players)


def play_checked(game: Game, seed: int) -> None:
    """Play ``game`` to the end at random, checking every invariant along the way."""
    players = game.players
    referee = Referee(game)
    rng = Random(seed)
    replay_at = rng.randrange(1, 100)
    steps = 0
    trick_events = 0
    check_conservation(game)
    check_views(game)
    while game.phase is not Phase.GAME_OVER:
        before_round = game.round
        kind, seat, card, events = random_step(game, rng)
        referee.follow(kind, seat, card, events)
        trick_events += sum(isinstance(e, TrickWon | TrickSetAside) for e in events)
        steps += 1
        check_conservation(game)
        if steps % 7 == 0 or game.round != before_round:
            check_views(game)
        if steps == replay_at:
            check_replay(game)
    check_views(game)
    check_replay(game)
    assert trick_events == 14 * game.rounds
    assert steps == game.rounds * (players + 14 * players) == game.action_count
    assert list(referee.totals) == game.totals
    assert game.events == tuple([*game.start_events, *replay_events(game)])


def replay_events(game: Game) -> list[Event]:
    """The events of every action, by replaying the log on a new game."""
    fresh = Game.new(game.players, game.rules, game.seed)
    out: list[Event] = []
    for action in game.actions:
        out += fresh.apply(action)
    return out
