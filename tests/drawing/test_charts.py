"""The charts of the totals after each round, for every game: golden images (20 rounds of 7
players, a whole 14-player game of Stupid, Stick Game's sticks), the totals each line follows,
the standings in the description, same view same bytes."""

from __future__ import annotations

import dataclasses
import random

import pytest

from stickem import art as stickem_art
from stickem.game import Phase as StickemPhase
from stickgame import art as stickgame_art
from stickgame.sticks import FREE, STICKS
from stickgame.views import Completion
from stupid import art as stupid_art
from tabletop.drawing import totals_chart
from tests.drawing import stickem_scenes, stickgame_scenes, stupid_scenes
from tests.drawing.helpers import assert_matches_golden, decode


def _stickem_20_rounds() -> stickem_art.View:
    rng = random.Random(20)
    scores = tuple(tuple(rng.randint(-12, 14) for _ in range(7)) for _ in range(20))
    totals = tuple(sum(row[seat] for row in scores) for seat in range(7))
    best = max(totals)
    view = stickem_scenes.misery_game().view(None)
    return dataclasses.replace(
        view,
        phase=StickemPhase.GAME_OVER,
        round_scores=scores,
        totals=totals,
        winners=tuple(seat for seat in range(7) if totals[seat] == best),
    )


def _stupid_whole_game() -> stupid_art.View:
    game = stupid_scenes.bidding(14, seed=8)
    rng = random.Random(8)
    while game.awaiting:
        seat = game.awaiting[0]
        if game.phase.value == "bidding":
            game.bid(seat, rng.choice(game.legal_bids(seat)[:2]))
        else:
            game.play(seat, rng.choice(game.legal_cards(seat)))
    return game.view(None)


def _stickgame_after_rounds() -> stickgame_art.View:
    view = stickgame_scenes.game(4).view(None)
    completed = (
        (Completion(STICKS[0], 1, 1), Completion(STICKS[5], 3, 1), Completion(FREE, 4, 0)),
        (Completion(STICKS[1], 2, 1),),
        (),
        (Completion(STICKS[2], 1, 2), Completion(STICKS[3], 2, 2), Completion(STICKS[4], 3, 2)),
    )
    return dataclasses.replace(view, round=4, completed=completed)


def test_golden_chart_of_20_rounds_of_7_players() -> None:
    view = _stickem_20_rounds()
    picture = stickem_art.chart_picture(view, stickem_scenes.NAMES)
    assert_matches_golden(picture.png, "chart_stickem_20_rounds")
    assert decode(picture.png).size == (picture.width, picture.height)
    assert picture.description.startswith("Final standings: a chart of the totals after each of 20 rounds.")


def test_the_lines_follow_the_running_totals() -> None:
    view = _stickem_20_rounds()
    picture = stickem_art.chart_picture(view, stickem_scenes.NAMES)
    for seat, name in enumerate(stickem_scenes.NAMES):
        running, total = [], 0
        for row in view.round_scores:
            total += row[seat]
            running.append(str(total))
        assert f"{name}: {', '.join(running)}." in picture.description
    first = min(view.winners)
    assert f"1. {stickem_scenes.NAMES[first]} {view.totals[first]}" in picture.description


def test_golden_chart_of_a_whole_14_player_stupid_game() -> None:
    view = _stupid_whole_game()
    assert view.phase.value == "game_over" and len(view.round_scores) == view.rounds
    picture = stupid_art.chart_picture(view, stupid_scenes.NAMES)
    assert_matches_golden(picture.png, "chart_stupid_14")
    order = sorted(range(14), key=lambda seat: (-view.totals[seat], seat))
    standings = "; ".join(
        f"{place}. {stupid_scenes.NAMES[seat]} {view.totals[seat]}" for place, seat in enumerate(order, 1)
    )
    assert standings in picture.description


def test_golden_chart_of_stick_game_sticks_by_round() -> None:
    view = _stickgame_after_rounds()
    assert stickgame_art.round_totals(view) == [(1, 0, 0, 1), (1, 1, 0, 2), (2, 1, 0, 3)]
    picture = stickgame_art.chart_picture(view, stickgame_scenes.NAMES[:4])
    assert_matches_golden(picture.png, "chart_stickgame")
    assert picture.description.startswith("Standings after round 3:")


def test_stick_game_by_points_counts_the_sticks_points() -> None:
    view = _stickgame_after_rounds()
    by_points = dataclasses.replace(view, rules=view.rules.replace(scoring="points"))
    first = STICKS[0].points
    assert stickgame_art.round_totals(by_points)[0] == (first, 0, 0, STICKS[2].points)


def test_the_same_view_gives_the_same_bytes() -> None:
    first = stickem_art.chart_picture(_stickem_20_rounds(), stickem_scenes.NAMES)
    assert first.png == stickem_art.chart_picture(_stickem_20_rounds(), stickem_scenes.NAMES).png


def test_bad_calls_are_refused() -> None:
    with pytest.raises(ValueError, match="every round"):
        totals_chart([(1, 2), (3,)], ["A", "B"], "Standings")
    with pytest.raises(ValueError, match="7 names"):
        stickem_art.chart_picture(_stickem_20_rounds(), ["A"])
