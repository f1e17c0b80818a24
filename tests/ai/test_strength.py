"""Strength checks that cannot pass by luck: ``normal`` against ``random``, ``hard`` against
``normal``.

The games are fixed by their seeds (``hard`` runs on an iteration budget, never a clock), so
the outcome is reproducible; each assertion asks for a margin far beyond the noise measured in
the same games (ten and five standard errors), so it holds only if the stronger level is
genuinely stronger. The larger comparisons live in ``benchmarks/ai.py``.
"""

from __future__ import annotations

from stickem import Rules
from stickem.ai.tournament import TableSpec, run, summarize


def test_normal_clearly_beats_random() -> None:
    spec = TableSpec(
        seats=("normal", "random", "random", "random"),
        games=16,
        rules=Rules.preset("amigo"),
        seed=2024,
    )
    results = run(spec, workers=1)
    by_level = {s.level: s for s in summarize(results)}
    normal = by_level["normal"]
    assert normal.relative is not None and normal.relative_error is not None
    assert normal.relative > 10 * normal.relative_error
    assert normal.relative > 8.0
    assert normal.win_rate > 0.5
    assert normal.mean_points > by_level["random"].mean_points


def test_hard_clearly_beats_normal() -> None:
    """A cheap ``hard`` (200 iterations) against three ``normal`` seats, 8 games, 32 rounds."""
    spec = TableSpec(
        seats=("hard", "normal", "normal", "normal"),
        games=8,
        rules=Rules.preset("amigo"),
        seed=7,
        iterations=200,
    )
    results = run(spec, workers=1)
    by_level = {s.level: s for s in summarize(results)}
    hard = by_level["hard"]
    assert hard.relative is not None and hard.relative_error is not None
    assert hard.relative > 5 * hard.relative_error
    assert hard.relative > 5.0
    assert hard.mean_points > by_level["normal"].mean_points
