"""A strength check that cannot pass by luck: ``normal`` against three ``random`` seats.

The games are fixed by their seeds, so the outcome is reproducible; the assertion asks for a
margin far beyond the noise measured in the same games (ten standard errors), so it holds
only if the heuristic is genuinely much stronger than random play. The larger comparisons,
including ``hard``, live in ``benchmarks/ai.py``.
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
