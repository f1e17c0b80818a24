"""The game protocol, checked on every game the host offers (and a tiny one of the tests').

What the host relies on: options resolve and refuse clearly; a refused action changes nothing;
the stage changes when a new decision begins; replay from seed and log gives the same game; a
computer player only ever answers with a legal action; results name winners once it is over.
"""

from __future__ import annotations

import random

import pytest

from tabletop import CorruptLog, GameSpec, Match, OptionError, Refused, registry
from tabletop.catalog import render
from tests.tabletop.conftest import short_options


def _play_out(spec: GameSpec, match: Match, seed: int, limit: int = 5000) -> int:
    """Random legal actions until the game ends; how many were taken."""
    draw = random.Random(seed)
    steps = 0
    while not match.is_over:
        assert steps < limit, "the game did not end"
        seat = draw.choice(match.awaiting)
        legal = match.legal_actions(seat)
        assert legal, f"seat {seat} is awaited but has no legal action"
        match.apply(seat, draw.choice(legal))
        steps += 1
    return steps


def _snapshot(match: Match) -> tuple[object, ...]:
    return (match.log, match.stage, match.awaiting, match.round, match.results(), match.view(None))


def test_defaults_resolve_and_every_option_is_described(spec: GameSpec) -> None:
    options = spec.resolve_options(short_options(spec))
    for option in spec.options:
        assert option.name in options
        assert option.help and option.allowed()
    low, high = spec.player_range(options)
    assert spec.min_players <= low <= high <= spec.max_players
    assert spec.stand_in_level in spec.levels


def test_unknown_and_invalid_options_are_refused_by_name(spec: GameSpec) -> None:
    with pytest.raises(OptionError, match="no option 'colour'"):
        spec.resolve_options({"colour": "blue"})
    for option in spec.options:
        with pytest.raises(OptionError, match=option.name) as refused:
            spec.resolve_options({option.name: "9" * 5000})
        assert len(str(refused.value)) < 300  # a huge input is not echoed whole


def test_too_many_players_is_refused(spec: GameSpec) -> None:
    options = spec.resolve_options(short_options(spec))
    with pytest.raises(OptionError):
        spec.new_match(spec.player_range(options)[1] + 1, options, 1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_game_ends_with_winners_and_replays_exactly(spec: GameSpec, seed: int) -> None:
    options = spec.resolve_options(short_options(spec))
    players = spec.player_range(options)[0]
    match = spec.new_match(players, options, seed)
    _play_out(spec, match, seed)
    results = match.results()
    assert results.winners and set(results.winners) <= set(range(players))
    assert len(results.totals) == players
    assert match.awaiting == ()
    again = spec.replay(players, options, seed, match.log)
    assert _snapshot(again) == _snapshot(match)


def test_every_stat_of_a_finished_game_is_named_for_players(spec: GameSpec) -> None:
    """The host stores every stat by name (at most 64 characters) and /stats shows each by the
    label the game gives it."""
    options = spec.resolve_options(short_options(spec))
    players = spec.player_range(options)[0]
    match = spec.new_match(players, options, 4)
    _play_out(spec, match, 4)
    stats = match.results().stats
    assert set(stats) == set(spec.stat_labels)
    for name, values in stats.items():
        assert 0 < len(name) <= 64 and len(values) == players
        assert all(type(value) is int for value in values)
        for language in ("en", "de"):
            label = render(spec.stat_labels[name], language)
            assert label.strip() == label and 0 < len(label) <= 60


def test_refused_actions_change_nothing(spec: GameSpec) -> None:
    options = spec.resolve_options(short_options(spec))
    match = spec.new_match(spec.player_range(options)[0], options, 7)
    idle = [seat for seat in range(match.players) if seat not in match.awaiting]
    before = _snapshot(match)
    for seat, action in [(match.awaiting[0], "nonsense"), (match.awaiting[0], "x" * 3000)]:
        with pytest.raises(Refused):
            match.apply(seat, action)
    if idle:
        any_action = match.legal_actions(match.awaiting[0])[0]
        with pytest.raises(Refused):
            match.apply(idle[0], any_action)
        assert match.legal_actions(idle[0]) == ()
    assert _snapshot(match) == before


def test_copy_is_independent(spec: GameSpec) -> None:
    options = spec.resolve_options(short_options(spec))
    match = spec.new_match(spec.player_range(options)[0], options, 5)
    twin = match.copy()
    seat = match.awaiting[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert twin.log != match.log
    assert match.log == ()


def test_stage_changes_with_every_new_decision(spec: GameSpec) -> None:
    """After an action, either the stage changed or the awaited seats only shrank (several seats
    deciding at once): a prompt made before is stale exactly when its decision is over."""
    options = spec.resolve_options(short_options(spec))
    match = spec.new_match(spec.player_range(options)[0], options, 11)
    draw = random.Random(11)
    while not match.is_over:
        stage, awaiting = match.stage, set(match.awaiting)
        seat = draw.choice(match.awaiting)
        match.apply(seat, draw.choice(match.legal_actions(seat)))
        if match.stage == stage:
            assert set(match.awaiting) < awaiting and seat not in match.awaiting


def test_computer_players_of_every_level_play_a_whole_game(spec: GameSpec) -> None:
    options = spec.resolve_options(short_options(spec))
    players = spec.player_range(options)[0]
    match = spec.new_match(players, options, 3)
    bots = [spec.computer_player(spec.levels[seat % len(spec.levels)], seat) for seat in range(players)]
    steps = 0
    while not match.is_over and steps < 5000:
        seat = match.awaiting[0]
        action = bots[seat].decide(match.view(seat))
        match.apply(seat, action)  # Refused if illegal (legal_actions may list only simple ones)
        steps += 1
    assert match.is_over


def test_a_corrupt_log_is_refused(spec: GameSpec) -> None:
    options = spec.resolve_options(short_options(spec))
    players = spec.player_range(options)[0]
    with pytest.raises(CorruptLog):
        spec.replay(players, options, 1, [(0, "nonsense")])


def test_unknown_game_names_the_games_offered() -> None:
    with pytest.raises(registry.GameNotOffered, match="stickem"):
        registry.game("chess")
