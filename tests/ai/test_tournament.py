"""The tournament simulator: rotation, reproducibility across workers, statistics, table."""

from __future__ import annotations

import pytest

from stickem import Rules
from stickem.ai.tournament import TableSpec, format_table, play_game, run, summarize


def spec(games: int = 3) -> TableSpec:
    return TableSpec(
        seats=("hard", "normal", "random"),
        games=games,
        rules=Rules.preset("classic", rounds=1),
        seed=9,
        iterations=20,
    )


def test_seats_rotate_between_games() -> None:
    levels = [play_game(spec(), i).levels for i in range(3)]
    assert levels == [
        ("hard", "normal", "random"),
        ("normal", "random", "hard"),
        ("random", "hard", "normal"),
    ]


def test_results_do_not_depend_on_worker_count() -> None:
    one = run(spec(), workers=1)
    two = run(spec(), workers=2)
    assert [(r.levels, r.round_scores, r.winners) for r in one] == [
        (r.levels, r.round_scores, r.winners) for r in two
    ]


def test_progress_reports_every_game() -> None:
    seen: list[tuple[int, int]] = []
    run(spec(2), workers=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]


def test_summary_matches_the_games() -> None:
    results = run(spec(4), workers=1)
    stats = {s.level: s for s in summarize(results)}
    assert set(stats) == {"hard", "normal", "random"}
    for level, s in stats.items():
        seat_scores = [
            r.round_scores[0][seat]
            for r in results
            for seat, lv in enumerate(r.levels)
            if lv == level
        ]
        assert s.seats == 4
        assert s.mean_points == pytest.approx(sum(seat_scores) / len(seat_scores))
        assert s.decisions == 4 * 15
        assert 0.0 <= s.win_rate <= 1.0
        assert s.median_ms <= s.p95_ms
    assert sum(s.win_rate * s.seats for s in stats.values()) == pytest.approx(4.0)
    table = format_table(summarize(results))
    assert "| hard |" in table and "| random |" in table and "median ms" in table


@pytest.mark.parametrize(
    ("seats", "message"),
    [(("hard", "genius", "random"), "unknown level"), (("hard", "random"), "3-7 players")],
)
def test_bad_specs_are_refused(seats: tuple[str, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TableSpec(seats=seats, games=1, rules=Rules.preset("classic"))
