"""Computer players: legal answers from views only, reproducible, and ``normal`` beats ``random``."""

from __future__ import annotations

import random

import pytest

from stupid import Action, Card, Game, Rules
from stupid.ai import LEVELS, make_player
from stupid.ai.heuristics import choose_bid, choose_card, estimate_tricks
from stupid.ai.model import trick_winner_index
from stupid.ai.situation import situation_from_view
from stupid.ai.tournament import TableSpec, run, summarize

from .helpers import c, reference_winner


def play_with(levels: list[str], seed: int, rules: Rules | None = None, playouts: int = 40) -> Game:
    game = Game.new(len(levels), rules, seed)
    players = [make_player(level, seed + seat, playouts=playouts) for seat, level in enumerate(levels)]
    while not game.is_over:
        seat = game.awaiting[0]
        view = game.view(seat)
        action = players[seat].act(view)
        legal = game.legal_actions(seat)
        assert action in legal
        game.apply(seat, action)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_games(level: str) -> None:
    game = play_with([level, "random", "normal"], seed=3, rules=Rules(max_hand=4))
    assert game.is_over and len(game.round_scores) == 7


def test_hard_plays_with_several_decks() -> None:
    game = play_with(["hard"] + ["normal"] * 8, seed=4, rules=Rules(max_hand=3))
    assert game.is_over and game.decks == 2


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_reproducible_from_the_seed(level: str) -> None:
    first = play_with([level, level, level], seed=8, rules=Rules(max_hand=3))
    second = play_with([level, level, level], seed=8, rules=Rules(max_hand=3))
    assert first.actions == second.actions


def test_players_answer_from_the_view_alone() -> None:
    """Two games that look the same to seat 0 but differ in the hidden hands get the same answer."""
    game = Game.new(4, Rules(max_hand=3), seed=21)
    while game.round < 3:
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[0])
    view = game.view(game.awaiting[0])
    hard = make_player("hard", 5, playouts=30)
    answer = hard.act(view)
    assert hard.act(view) == answer
    situation = situation_from_view(view)
    assert list(situation.hand) == [card.index for card in view.hand or ()]
    with pytest.raises(ValueError, match="spectator"):
        situation_from_view(game.public_view())


def test_situation_counts_unseen_cards_and_voids() -> None:
    game = Game.new(3, Rules(max_hand=5), seed=2)
    rng = random.Random(0)
    while game.round < 5 or len(game.completed_tricks) < 3:
        seat = game.awaiting[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = game.awaiting[0]
    sit = situation_from_view(game.view(seat))
    hidden = sum(len(game.hand(s)) for s in range(3) if s != seat) + 52 - 15 - 1
    assert sum(sit.unseen) == hidden
    for done in game.completed_tricks:
        lead = done.plays[0][1].suit
        for player, card in done.plays:
            if card.suit is not lead:
                assert sit.voids[player] >> lead.order & 1
                assert all(card.suit is not lead for card in game.hand(player))


def test_normal_bids_more_with_stronger_hands_and_respects_the_dealer() -> None:
    strong = [c("AS"), c("KS"), c("AH")]
    weak = [c("2C"), c("3D"), c("4H")]
    spades = 3
    codes = lambda cards: [card.index for card in cards]  # noqa: E731
    assert estimate_tricks(codes(strong), spades, 4, 1) > 2 > 1 > estimate_tricks(codes(weak), spades, 4, 1)
    assert choose_bid(1.2, [0, 1, 2, 3]) == 1
    assert choose_bid(1.2, [0, 2, 3]) == 2
    assert choose_bid(1.5, [0, 2, 3]) == 2  # 1 forbidden; nearest


def test_normal_takes_when_short_and_ducks_when_made() -> None:
    hearts = 2
    hand = [c("2C").index, c("KC").index, c("5D").index]
    trick = [c("9C").index]
    assert choose_card(hand, trick, hearts, need=1, after=0) == c("KC").index
    assert choose_card(hand, trick, hearts, need=0, after=0) == c("2C").index
    void = [c("3H").index, c("AD").index]
    assert choose_card(void, trick, hearts, need=1, after=2) == c("3H").index  # trump in
    assert choose_card(void, trick, hearts, need=0, after=2) == c("AD").index  # shed the ace


def test_int_model_agrees_with_the_reference() -> None:
    rng = random.Random(4)
    deck = [Card.from_index(i) for i in range(52)] * 2
    for _ in range(300):
        cards = rng.sample(deck, rng.randint(1, 8))
        trump = rng.choice(cards).suit
        assert trick_winner_index([card.index for card in cards], trump.order) == reference_winner(
            cards, trump
        )


def test_act_returns_actions() -> None:
    game = Game.new(2, seed=1)
    action = make_player("normal", 1).act(game.view(game.awaiting[0]))
    assert isinstance(action, Action) and action.kind == "bid"
    with pytest.raises(ValueError, match="unknown level"):
        make_player("expert", 1)
    with pytest.raises(ValueError, match="not this seat's turn"):
        make_player("normal", 1).play(game.view(game.awaiting[0]))


def test_normal_clearly_beats_random() -> None:
    """16 fixed games, 208 rounds: a margin far beyond the noise measured in the same games."""
    spec = TableSpec(seats=("normal", "random", "random", "random"), games=16, seed=2024)
    by_level = {s.level: s for s in summarize(run(spec, workers=1))}
    normal = by_level["normal"]
    assert normal.relative is not None and normal.relative_error is not None
    assert normal.relative > 5 * normal.relative_error
    assert normal.win_rate > 0.5
    assert normal.mean_points > by_level["random"].mean_points


def test_search_deals_respect_shown_voids_and_hand_sizes() -> None:
    from stupid.ai.search import SearchSettings, _sample

    game = Game.new(4, Rules(max_hand=7), seed=31)
    rng = random.Random(3)
    checked = 0
    while not game.is_over and checked < 30:
        seat = game.awaiting[0]
        view = game.view(seat)
        sit = situation_from_view(view)
        if game.phase.value == "tricks" and any(sit.voids):
            hands = _sample(sit, random.Random(checked), SearchSettings(samples=3))
            for other in range(4):
                assert len(hands[other]) == sit.hand_sizes[other]
                if other != seat:
                    assert all(not sit.voids[other] >> (code // 13) & 1 for code in hands[other])
            assert sorted(hands[seat]) == sorted(sit.hand)
            dealt = [code for other in range(4) if other != seat for code in hands[other]]
            for code in set(dealt):
                assert dealt.count(code) <= sit.unseen[code]
            checked += 1
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 5
