"""``benchmarks/discord_load.py``'s comparison, with its runs replaced by fixed figures: the
warm-up pair is run (with its own window) and printed but never enters the ratios, and the
sides alternate which one runs first."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from benchmarks import discord_load
from benchmarks.pairing import ratios
from benchmarks.side_by_side import Side

OLD = Path("/tmp/old-tree")
"""The other checkout of the comparison (never run: the runs are replaced)."""


def arguments(**changes: Any) -> argparse.Namespace:
    """The options of a comparison of this checkout against ``OLD``, pictures off."""
    values: dict[str, Any] = {
        "images": "off", "compare": str(OLD), "old_env": [], "old_images": "same", "pairs": 2,
        "warm_up": 5.0, "seconds": 20.0, "concurrent": False,
    }
    values.update(changes)
    return argparse.Namespace(**values)


Runs = tuple[list[tuple[str, float]], list[Any]]


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Runs:
    """Replace the measuring by figures that say which run they came from: a warm-up window's
    p99 is 1000 ms, a counted one's 10 ms (new) or 20 ms (old). Returns the runs made (side,
    window) and the pairs that reached the ratios."""
    made: list[tuple[str, float]] = []
    reached: list[Any] = []

    async def fake_run(
        count: int, args: argparse.Namespace, source: Path = discord_load.REPO,
        extra_env: dict[str, str] | None = None, *, images: bool = True, seconds: float | None = None,
        barrier: object = None,
    ) -> dict[str, Any]:
        side = "new" if source == discord_load.REPO else "old"
        window = args.seconds if seconds is None else seconds
        made.append((side, window))
        p99 = 1000.0 if window == args.warm_up else (10.0 if side == "new" else 20.0)
        return {"p99_ms": p99, "side": side}

    monkeypatch.setattr(discord_load, "run", fake_run)
    monkeypatch.setattr(discord_load, "print_row", lambda r, args: None)
    monkeypatch.setattr(discord_load, "print_shares", lambda measured, order: None)
    monkeypatch.setattr(discord_load, "print_ratios", lambda count, pairs, names: reached.append(pairs))
    return made, reached


def test_the_warm_up_runs_with_its_own_window_and_is_not_counted(runs: Runs) -> None:
    made, reached = runs
    discord_load.compare(100, arguments())
    assert made == [
        ("new", 5.0), ("old", 5.0),  # the warm-up
        ("new", 20.0), ("old", 20.0),  # pair 1: new first
        ("old", 20.0), ("new", 20.0),  # pair 2: old first
    ]
    (pairs,) = reached
    assert [(first["side"], second["side"]) for first, second in pairs] == [("new", "old")] * 2
    assert [(first["p99_ms"], second["p99_ms"]) for first, second in pairs] == [(10.0, 20.0)] * 2


def test_no_warm_up_when_asked_for_none(runs: Runs) -> None:
    made, reached = runs
    discord_load.compare(100, arguments(warm_up=0.0, pairs=3))
    assert [window for _, window in made] == [20.0] * 6
    assert len(reached[0]) == 3


def test_comparison_sides() -> None:
    new, old = discord_load.comparison_sides(
        arguments(old_env=["STICKEM_X=1"], old_images="default")
    )
    assert new == Side("new", discord_load.REPO, {}, False)
    assert old == Side("old", OLD.resolve(), {"STICKEM_X": "1"}, True)
    on, off = discord_load.comparison_sides(arguments(images="both", compare=None))
    assert (on.name, on.images, off.name, off.images) == ("on", True, "off", False)
    assert on.source == off.source == discord_load.REPO


def side_figures(failed: int, interactions: int) -> dict[str, Any]:
    """What :func:`discord_load.print_shares` reads of one side's run."""
    return {
        "side_cores": 0.5, "bot_cpu_share": 0.3, "workers_cpu_share": 0.1, "harness_cpu_share": 0.1,
        "machine_busy": 0.6, "control": discord_load.HostInflation(10, 0.0001, 0.001, 0, 1.0),
        "other_runs": [], "bot_major_faults": 0, "bytecode_written": 0,
        "failed": failed, "interactions": interactions,
    }


def test_a_pair_with_failed_interactions_says_its_tails_mean_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    discord_load.print_shares({"new": side_figures(0, 1000), "old": side_figures(0, 1000)}, ("new", "old"))
    assert "nothing else seen" in capsys.readouterr().out
    discord_load.print_shares({"new": side_figures(0, 1000), "old": side_figures(11, 1000)}, ("new", "old"))
    out = capsys.readouterr().out
    assert "old: 11 interactions failed" in out and "new:" not in out.split("\n", 1)[1]


def test_a_ratio_without_a_value_reads_n_a_not_nan() -> None:
    """A figure 0 on both sides (the painter's cache with pictures off) or on the old one has no
    ratio: the line says so ("n/a"), never "nanx"; the known ratios beside it are printed."""
    none = discord_load.ratio_line(ratios([0.0, 0.0], [0.0, 0.0]))
    assert "nan" not in none
    assert none == (
        "0.00/0.00 = n/a, 0.00/0.00 = n/a; median of the ratios n/a (n/a); medians 0.00 / 0.00 = n/a"
    )
    some = discord_load.ratio_line(ratios([3.0, 2.0], [0.0, 1.0]))
    assert "nan" not in some
    assert some.startswith("3.00/0.00 = n/a, 2.00/1.00 = 2.00x; median of the ratios 2.00x (2.00-2.00x)")
    assert discord_load.times(1.5) == "1.50x"
