"""Every level plays only legal cards, in every preset, with 3-7 players."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stickem import Game, Phase, Rules
from stickem.ai import LEVELS, make_player

from .helpers import play_round

TABLES = [
    (preset, players)
    for preset in Rules.PRESETS
    for players in range(3, 8)
    if Rules.preset(preset).allows(players)
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    levels=st.lists(st.sampled_from(LEVELS), min_size=7, max_size=7),
    seed=st.integers(0, 2**32),
)
def test_every_level_plays_legal_cards(
    table: tuple[str, int], levels: list[str], seed: int
) -> None:
    preset, players = table
    game = Game.new(players, Rules.preset(preset), seed=seed)
    seats = [make_player(levels[s], seed + s, iterations=12) for s in range(players)]
    decisions = play_round(game, seats)  # play_round asserts each card is legal
    assert len(decisions) == players * 15
    assert game.phase is Phase.GAME_OVER or game.round == 2


def test_all_presets_and_counts_are_covered() -> None:
    assert {p for p, _ in TABLES} == set(Rules.PRESETS)
    assert {n for _, n in TABLES} == set(range(3, 8))
