"""The search's inlined trick winners and scoring agree with the engine.

The hot loop of :mod:`stickem.ai.search` settles tricks with its own inlined code (in the tree
walk and in both playouts) for speed. These tests replay what that code played with the
engine's ``trick_winner`` and ``round_score`` and compare the points, on random deals.
"""

from __future__ import annotations

import random
from itertools import cycle, islice
from operator import itemgetter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickem import Card, Game, Phase, Rules, deck, round_score, trick_winner
from stickem.ai import make_player
from stickem.ai.core import play_orders, points_table
from stickem.ai.objective import GameObjective
from stickem.ai.observe import situation_from_view, to_card, to_code
from stickem.ai.search import SearchSettings, _random_playout, dump_playout, run_search


class RecordingHand(list[int]):
    """A hand that remembers the cards popped from it, in order."""

    def __init__(self, cards: list[int]) -> None:
        super().__init__(cards)
        self.played: list[int] = []

    def pop(self, index: int = -1) -> int:  # type: ignore[override]
        card = super().pop(index)
        self.played.append(card)
        return card


def engine_gains(
    rules: Rules,
    misery: list[Card],
    trick: list[int],
    leader: int,
    plays: list[list[int]],
) -> list[int]:
    """Points each seat captures when ``plays[s]`` lists seat ``s``'s cards in playing order.

    ``trick`` holds the cards already played by ``leader`` and the seats after it.
    """
    players = len(plays)
    queues = [list(p) for p in plays]
    captured: list[list[Card]] = [[] for _ in range(players)]
    current = list(trick)
    while any(queues) or current:
        order = list(islice(cycle(range(players)), leader, leader + players))
        for seat in order[len(current) :]:
            current.append(queues[seat].pop(0))
        cards = [to_card(c) for c in current]
        win = trick_winner(cards, rules)
        if win is not None:
            leader = order[win]
            captured[leader].extend(cards)
        current = []
    return [round_score(m, taken) + m.value for m, taken in zip(misery, captured, strict=True)]


@st.composite
def playout_position(draw: st.DrawFn) -> tuple[Rules, list[Card], list[int], int, list[list[int]]]:
    """A random mid-round position: misery cards, a partial trick, its leader, equal hands."""
    players = draw(st.integers(3, 7))
    rules = Rules.preset(draw(st.sampled_from(["classic", "amigo"])))
    cards = draw(st.permutations(deck(players)))
    misery = list(cards[:players])
    rest = [to_code(c) for c in cards[players:]]
    tricks_left = draw(st.integers(1, len(rest) // players))
    in_trick = draw(st.integers(0, players - 1))
    leader = draw(st.integers(0, players - 1))
    trick = rest[:in_trick]
    pool = rest[in_trick:]
    owed = {(leader + i) % players for i in range(in_trick, players)}
    hands = []
    for seat in range(players):
        size = tricks_left - 1 + (seat in owed)
        hands.append(pool[:size])
        pool = pool[size:]
    return rules, misery, trick, leader, hands


@settings(max_examples=200, deadline=None)
@given(playout_position())
def test_random_playout_scores_like_the_engine(
    position: tuple[Rules, list[Card], list[int], int, list[list[int]]],
) -> None:
    rules, misery, trick, leader, hands = position
    players = len(hands)
    orders = play_orders(players)
    points = [points_table(to_code(m) >> 5) for m in misery]
    owed = {(leader + i) % players for i in range(len(trick), players)} if trick else set()
    # The random playout plays a seat's last card into the open trick, then its cards in order.
    plays = [[h[-1], *h[:-1]] if s in owed else list(h) for s, h in enumerate(hands)]
    gains = [0] * players
    getters = [itemgetter(*order) for order in orders]
    nobody = rules.all_zero == "nobody"
    _random_playout([list(h) for h in hands], list(trick), leader, orders, getters, points, nobody, gains)
    assert gains == engine_gains(rules, misery, trick, leader, plays)


@settings(max_examples=200, deadline=None)
@given(playout_position(), st.randoms(use_true_random=False))
def testdump_playout_scores_like_the_engine(
    position: tuple[Rules, list[Card], list[int], int, list[list[int]]], rng: random.Random
) -> None:
    rules, misery, trick, leader, hands = position
    players = len(hands)
    for hand in hands:
        rng.shuffle(hand)
    recording = [RecordingHand(h) for h in hands]
    orders = play_orders(players)
    points = [points_table(to_code(m) >> 5) for m in misery]
    colors = [to_code(m) >> 5 for m in misery]
    gains = [0] * players
    nobody = rules.all_zero == "nobody"
    dump_playout(list(recording), list(trick), leader, orders, colors, points, nobody, gains)
    assert all(not h for h in recording)
    plays = [h.played for h in recording]
    assert gains == engine_gains(rules, misery, trick, leader, plays)


@pytest.mark.parametrize("preset", ["classic", "amigo"])
@pytest.mark.parametrize("in_trick", [0, 2])
def test_playouts_score_an_all_zero_trick_like_the_engine(preset: str, in_trick: int) -> None:
    """The rare all-zero trick: the first zero takes it (classic) or it is set aside (amigo)."""
    rules = Rules.preset(preset)
    players = 5
    zeros = [to_code(c) for c in deck(players) if c.value == 0]
    misery = [c for c in deck(players) if c.value == 3]
    orders = play_orders(players)
    points = [points_table(to_code(m) >> 5) for m in misery]
    colors = [to_code(m) >> 5 for m in misery]
    nobody = rules.all_zero == "nobody"
    getters = [itemgetter(*order) for order in orders]
    leader = 3
    trick = zeros[:in_trick]
    hands: list[list[int]] = [[] for _ in range(players)]
    for i, card in enumerate(zeros[in_trick:], start=in_trick):
        hands[(leader + i) % players].append(card)
    expected = engine_gains(rules, misery, trick, leader, hands)
    assert (expected == [0] * players) == nobody
    gains = [0] * players
    _random_playout([h[:] for h in hands], trick[:], leader, orders, getters, points, nobody, gains)
    assert gains == expected
    gains = [0] * players
    dump_playout([h[:] for h in hands], trick[:], leader, orders, colors, points, nobody, gains)
    assert gains == expected


@pytest.mark.parametrize("objective", ["round", "game"])
@pytest.mark.parametrize("opponents", ["policy", "tree"])
@pytest.mark.parametrize("playout", ["random", "dump"])
@pytest.mark.parametrize(("preset", "players"), [("classic", 3), ("amigo", 4), ("classic", 6)])
def test_search_scores_the_last_trick_like_the_engine(
    objective: str, opponents: str, playout: str, preset: str, players: int
) -> None:
    """In the last trick, with one other seat still to play, every card is known."""
    checked = 0
    for seed in range(6):
        game = Game.new(players, Rules.preset(preset), seed=seed)
        bots = [make_player("random", seed * 10 + s) for s in range(players)]
        # Play to the last trick, up to the second-to-last card.
        while game.phase is not Phase.GAME_OVER and game.round == 1:
            seat = game.awaiting[0]
            view = game.view(seat)
            if game.phase is Phase.TRICKS and sum(len(game.hand(s)) for s in range(players)) == 2:
                break
            if game.phase is Phase.MISERY:
                game.choose_misery(seat, bots[seat].choose_misery(view))
            else:
                game.play(seat, bots[seat].play(view))
        if game.round != 1 or game.phase is not Phase.TRICKS:
            continue
        seat = game.awaiting[0]
        sit = situation_from_view(game.view(seat))
        settings_ = SearchSettings(
            iterations=4, playout=playout, opponents=opponents, objective=objective
        )
        stats = run_search(sit, settings_, random.Random(seed))
        ((card, (visits, mean)),) = stats.items()
        assert visits == 4
        end = game.copy()
        end.play(seat, to_card(card))
        other = end.awaiting[0]
        end.play(other, end.hand(other)[0])
        final = end.round_scores[0]
        spread = 1.0 / (players - 1)
        expected = (final[seat] - (sum(final) - final[seat]) * spread) / 20.0
        if objective == "game":  # the totals before the round and the rounds left count
            assert sit.rounds_left == Rules.preset(preset).rounds_for(players) - 1
            outlook = GameObjective(sit.totals_before(), sit.rounds_left, 20.0)
            expected = outlook.reward(final, seat)
        assert mean == pytest.approx(expected)
        checked += 1
    assert checked >= 3
