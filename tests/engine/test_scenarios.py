"""Rule scenarios for every option: all-zero tricks, dealers, rotation, rounds, 7 players,
shared wins and negative totals. Deals come from seeds found by searching for the situation."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from random import Random

import pytest

from stickem import Card, Game, Phase, Rules
from stickem.events import (
    CardPlayed,
    GameOver,
    MiseryChosen,
    MiseryRevealed,
    RoundScored,
    RoundStarted,
    TrickSetAside,
    TrickWon,
)
from stickem.scoring import lowest_score_dealer, winners

from .helpers import find_seed, play_out, reference_next_dealer


def pick_all(game: Game, choose: dict[int, Card] | None = None) -> list[object]:
    """Every seat picks (``choose[seat]`` or its highest non-zero card)."""
    events: list[object] = []
    for seat in range(game.players):
        card = (choose or {}).get(seat) or max(game.hand(seat), key=lambda c: c.value)
        events += game.choose_misery(seat, card)
    return events


def every_hand_has_a_zero(game: Game) -> bool:
    return all(any(c.value == 0 for c in game.hand(s)) for s in range(game.players))


def play_zeros(game: Game) -> list[object]:
    """Play one zero from every hand, starting with the leader."""
    events: list[object] = []
    for _ in range(game.players):
        seat = game.awaiting[0]
        events += game.play(seat, next(c for c in game.hand(seat) if c.value == 0))
    return events


@pytest.mark.parametrize("preset", ["classic", "amigo", "online"])
def test_all_zero_trick_first_goes_to_leader(preset: str) -> None:
    rules = Rules.preset(preset, all_zero="first")
    game = find_seed(every_hand_has_a_zero, 3, rules)
    pick_all(game)
    leader = game.leader
    events = play_zeros(game)
    won = events[-1]
    assert isinstance(won, TrickWon) and won.winner == leader and won.trick == 1
    assert game.awaiting == (leader,) and game.trick_number == 2
    assert len(game.captured(leader)) == 3 and game.set_aside == ()


@pytest.mark.parametrize("preset", ["classic", "amigo", "online"])
def test_all_zero_trick_nobody_is_set_aside(preset: str) -> None:
    rules = Rules.preset(preset, all_zero="nobody")
    game = find_seed(every_hand_has_a_zero, 3, rules)
    pick_all(game)
    leader = game.leader
    events = play_zeros(game)
    aside = events[-1]
    assert isinstance(aside, TrickSetAside)
    assert aside.leader == leader and aside.trick == 1 and len(aside.plays) == 3
    assert game.awaiting == (leader,) and game.leader == leader and game.trick_number == 2
    assert sorted(game.set_aside) == sorted(card for _, card in aside.plays)
    assert all(game.captured(seat) == [] for seat in range(3))
    view = game.view(None)
    assert view.last_trick is not None and view.last_trick.winner is None


def test_set_aside_cards_score_nothing_over_a_round() -> None:
    rules = Rules.preset("amigo")
    game = find_seed(every_hand_has_a_zero, 3, rules)
    pick_all(game)
    events = play_zeros(game)
    rng = Random(3)
    while game.round == 1:
        seat = game.awaiting[0]
        events += game.play(seat, rng.choice(game.legal_cards(seat)))
    set_aside = sum(len(e.plays) for e in events if isinstance(e, TrickSetAside))
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert set_aside >= 3
    assert sum(scored.captured_counts) == 3 * 14 - set_aside


def test_event_order_through_a_round() -> None:
    game = Game.new(3, seed=4)
    start = game.start_events
    assert start == [RoundStarted(1, game.dealer, game.dealer, ())]
    events = pick_all(game)
    assert [type(e) for e in events] == [MiseryChosen] * 3 + [MiseryRevealed]
    reveal = events[-1]
    assert isinstance(reveal, MiseryRevealed)
    assert reveal.cards == tuple(game.misery_card(s) for s in range(3))
    trick_events = []
    while game.round == 1:
        seat = game.awaiting[0]
        trick_events.append(game.play(seat, game.legal_cards(seat)[0]))
    assert all(isinstance(batch[0], CardPlayed) for batch in trick_events)
    last = trick_events[-1]
    assert [type(e) for e in last] == [CardPlayed, TrickWon, RoundScored, RoundStarted]
    assert sum(isinstance(b[-1], TrickWon) for b in trick_events[:-1]) == 13
    started = last[-1]
    assert isinstance(started, RoundStarted) and started.round == 2
    assert game.phase is Phase.MISERY and game.round == 2
    assert game.awaiting == (0, 1, 2)


def test_misery_picks_stay_hidden_until_all_have_picked() -> None:
    game = Game.new(4, seed=8)
    picks = {}
    for seat in range(3):
        picks[seat] = game.hand(seat)[2]
        game.choose_misery(seat, picks[seat])
        for viewer in [None, *range(4)]:
            view = game.view(viewer)
            assert view.misery_cards == (None,) * 4
            assert view.picked == tuple(s <= seat for s in range(4))
            assert view.misery_pick == (picks.get(viewer) if viewer is not None else None)
        assert game.awaiting == tuple(range(seat + 1, 4))
    game.choose_misery(3, game.hand(3)[0])
    assert game.view(None).misery_cards == tuple(game.misery_card(s) for s in range(4))
    assert game.phase is Phase.TRICKS and game.awaiting == (game.dealer,)


@pytest.mark.parametrize(
    ("totals", "scores", "dealer", "expected"),
    [
        ([5, -3, 7], [0, 0, 0], 0, 1),  # lowest total
        ([-3, 4, -3], [2, 0, 1], 1, 2),  # tie on total: lowest round score
        ([-3, 4, -3], [1, 0, 1], 1, 2),  # still tied: clockwise from dealer 1 -> seat 2 first
        ([-3, 4, -3], [1, 0, 1], 2, 0),  # from dealer 2 -> seat 0 first
        ([1, 1, 1, 1], [0, 0, 0, 0], 2, 3),  # everyone tied: the seat after the dealer
        ([1, 2, 2, 1], [3, 0, 0, 3], 0, 3),  # the dealer itself comes last
        ([1, 2, 2, 1], [3, 0, 0, 3], 3, 0),
        ([0, 0, 0], [0, 0, 0], 2, 0),
        ([4, 0, 0, 9, 0], [1, 2, 1, 0, 1], 1, 2),
    ],
)
def test_lowest_score_dealer_tie_breaks(
    totals: list[int], scores: list[int], dealer: int, expected: int
) -> None:
    assert lowest_score_dealer(totals, scores, dealer) == expected
    assert reference_next_dealer(totals, scores, dealer) == expected


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_classic_dealers_follow_lowest_score(players: int) -> None:
    for seed in range(3):
        game = Game.new(players, Rules.preset("classic"), seed)
        dealer = game.dealer
        events = play_out(game, Random(seed))
        scored = [e for e in events if isinstance(e, RoundScored)]
        started = [e for e in events if isinstance(e, RoundStarted)]
        assert len(scored) == 5 and len(started) == 4
        for score, start in zip(scored, started, strict=False):
            expected = reference_next_dealer(list(score.totals), list(score.scores), dealer)
            assert start.dealer == start.leader == expected
            dealer = expected


@pytest.mark.parametrize(("preset", "players"), [("amigo", 4), ("amigo", 6), ("online", 5)])
def test_rotate_moves_the_first_lead_clockwise(preset: str, players: int) -> None:
    game = Game.new(players, Rules.preset(preset), 21)
    first = game.dealer
    events = play_out(game, Random(2))
    dealers = [first] + [e.dealer for e in events if isinstance(e, RoundStarted)]
    rounds = game.rules.rounds_for(players)
    assert dealers == [(first + r) % players for r in range(rounds)]
    if preset == "amigo":
        assert sorted(dealers) == list(range(players))  # everyone leads once


def test_first_trick_is_led_by_the_dealer() -> None:
    for seed in range(5):
        game = Game.new(4, seed=seed)
        pick_all(game)
        assert game.awaiting == (game.dealer,) == (game.leader,)


@pytest.mark.parametrize(
    ("rules", "players", "rounds"),
    [
        (Rules.preset("online", rounds=4), 5, 4),
        (Rules.preset("online"), 4, 5),
        (Rules.preset("classic"), 3, 5),
        (Rules.preset("classic", rounds=4), 7, 4),
        (Rules.preset("amigo"), 3, 3),
        (Rules.preset("amigo"), 5, 5),
    ],
)
def test_number_of_rounds(rules: Rules, players: int, rounds: int) -> None:
    game = Game.new(players, rules, 3)
    assert game.rounds == rounds
    events = play_out(game, Random(3))
    assert sum(isinstance(e, RoundScored) for e in events) == rounds
    assert [type(e) for e in events[-2:]] == [RoundScored, GameOver]
    assert len(game.round_scores) == rounds and game.round == rounds
    assert game.totals == [sum(col) for col in zip(*game.round_scores, strict=True)]


def test_seven_players_leave_three_public_undealt_cards() -> None:
    game = Game.new(7, seed=17)
    undealt_by_round = []
    reused = False
    rng = Random(17)
    while game.phase is not Phase.GAME_OVER:
        undealt = game.undealt
        assert len(undealt) == 3 and list(undealt) == sorted(undealt)
        in_hands = {c for s in range(7) for c in game.hand(s)}
        assert len(in_hands) == 105 and not in_hands & set(undealt)
        for viewer in [None, *range(7)]:
            assert game.view(viewer).undealt == undealt
        if undealt_by_round:
            reused |= bool(set(undealt_by_round[-1]) & in_hands)
        undealt_by_round.append(undealt)
        round_no = game.round
        events = []
        while game.round == round_no and game.phase is not Phase.GAME_OVER:
            seat = rng.choice(game.awaiting)
            card = rng.choice(game.legal_cards(seat))
            if game.phase is Phase.MISERY:
                events += game.choose_misery(seat, card)
            else:
                events += game.play(seat, card)
        scored = next(e for e in events if isinstance(e, RoundScored))
        assert sum(scored.captured_counts) == 7 * 14  # undealt cards are never captured
        started = [e for e in events if isinstance(e, RoundStarted)]
        if started:
            assert started[0].undealt == game.undealt
    assert len(undealt_by_round) == 5 and reused  # undealt cards go back into the deck


def test_shared_win() -> None:
    for seed in range(400):
        game = Game.new(3, seed=seed)
        events = play_out(game, Random(seed))
        if len(game.winners) > 1:
            break
    else:
        raise AssertionError("no shared win found")
    best = max(game.totals)
    assert game.winners == [s for s in range(3) if game.totals[s] == best]
    over = events[-1]
    assert isinstance(over, GameOver) and list(over.winners) == game.winners
    assert game.view(None).winners == tuple(game.winners)


def test_negative_totals_least_negative_wins() -> None:
    for seed in range(400):
        game = Game.new(4, seed=seed)
        play_out(game, Random(seed))
        if max(game.totals) < 0:
            break
    else:
        raise AssertionError("no all-negative game found")
    best = max(game.totals)
    assert best < 0 and game.winners == [s for s in range(4) if game.totals[s] == best]


def test_winners_function() -> None:
    assert winners([-5, -2, -9]) == (1,)
    assert winners([3, 7, 7, 1]) == (1, 2)
    assert winners([0, 0, 0]) == (0, 1, 2)


@pytest.mark.parametrize(
    ("preset", "players"), [("amigo", 7), ("online", 7), ("classic", 2), ("classic", 8)]
)
def test_player_limits(preset: str, players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        Game.new(players, Rules.preset(preset))


def test_seed_none_is_random_and_recorded() -> None:
    game = Game.new(3)
    assert isinstance(game.seed, int)
    again = Game.new(3, seed=game.seed)
    assert [game.hand(s) for s in range(3)] == [again.hand(s) for s in range(3)]


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    a, b, c = Game.new(5, seed=99), Game.new(5, seed=99), Game.new(5, seed=100)
    assert [a.hand(s) for s in range(5)] == [b.hand(s) for s in range(5)]
    assert [a.hand(s) for s in range(5)] != [c.hand(s) for s in range(5)]
    assert all(a.hand(s) == sorted(a.hand(s)) and len(a.hand(s)) == 15 for s in range(5))


def round_transitions(
    players: int, seeds: range
) -> Iterator[tuple[int, RoundScored, RoundStarted]]:
    """(dealer before, RoundScored, next RoundStarted) for every round change of random games."""
    for seed in seeds:
        game = Game.new(players, Rules.preset("classic"), seed)
        dealer = game.dealer
        events = play_out(game, Random(seed))
        for before, after in pairwise(events):
            if isinstance(before, RoundScored) and isinstance(after, RoundStarted):
                yield dealer, before, after
                dealer = after.dealer


def test_dealer_tie_on_total_goes_to_lowest_round_score_in_a_real_game() -> None:
    for dealer, scored, started in round_transitions(3, range(300)):
        low = min(scored.totals)
        tied = [s for s in range(3) if scored.totals[s] == low]
        round_low = min(scored.scores[s] for s in tied)
        if len(tied) > 1 and [scored.scores[s] for s in tied].count(round_low) == 1:
            assert started.dealer == next(s for s in tied if scored.scores[s] == round_low)
            assert started.dealer == reference_next_dealer(
                list(scored.totals), list(scored.scores), dealer
            )
            return
    raise AssertionError("no tie on the lowest total found; widen the search")


def test_dealer_full_tie_goes_clockwise_from_dealer_in_a_real_game() -> None:
    for dealer, scored, started in round_transitions(3, range(300)):
        low = min(scored.totals)
        tied = [s for s in range(3) if scored.totals[s] == low]
        if len(tied) > 1 and len({scored.scores[s] for s in tied}) == 1:
            clockwise = [(dealer + step) % 3 for step in (1, 2, 3)]
            assert started.dealer == next(s for s in clockwise if s in tied)
            return
    raise AssertionError("no full tie found; widen the search")
