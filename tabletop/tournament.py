"""Tournaments between computer players, for any game: run the games, gather the statistics.

A game's simulator plays one game per job (``play``: a module-level function, so that spawned
worker processes can import it) and returns a :class:`GameResult`; :func:`run_jobs` runs the jobs
on worker processes, :func:`summarize` turns the results into one :class:`LevelStats` per
computer level and :func:`format_table` prints them. Stick'em's and Stupid's simulators share
these; nothing here knows a game.
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import statistics
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "SEAT_GAMES_NOTE",
    "GameResult",
    "Job",
    "LevelStats",
    "ProgressCallback",
    "columns_note",
    "format_table",
    "run_jobs",
    "summarize",
]

ProgressCallback = Callable[[int, int], None]
"""Called with (games done, games in all) after each game."""
Job = Any
"""One game to play, as the ``play`` function of :func:`run_jobs` takes it."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: the level at each seat, round scores, winners, decision times."""

    index: int
    levels: tuple[str, ...]
    round_scores: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    times: dict[str, list[float]]
    cpu_times: dict[str, list[float]]


@dataclass(slots=True)
class LevelStats:
    """Aggregated results of one level over a run."""

    level: str
    seats: int = 0
    mean_points: float = 0.0
    points_error: float = 0.0
    relative: float | None = None
    relative_error: float | None = None
    win_rate: float = 0.0
    decisions: int = 0
    median_ms: float = 0.0
    p95_ms: float = 0.0
    cpu_median_ms: float = 0.0


def _ignore_interrupts() -> None:
    """Worker initializer: leave Ctrl-C to the parent, which terminates the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_jobs(
    play: Callable[[Job], GameResult],
    jobs: Sequence[Job],
    workers: int = 2,
    progress: ProgressCallback | None = None,
) -> list[GameResult]:
    """Run ``play`` on every job on ``workers`` processes (in this one for 1 or fewer); results
    sorted by ``GameResult.index``. On KeyboardInterrupt the workers are terminated and joined,
    then it propagates."""
    results: list[GameResult] = []
    if workers <= 1:
        for job in jobs:
            results.append(play(job))
            if progress is not None:
                progress(len(results), len(jobs))
    else:
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(workers, initializer=_ignore_interrupts)
        try:
            for result in pool.imap_unordered(play, jobs):
                results.append(result)
                if progress is not None:
                    progress(len(results), len(jobs))
        except BaseException:
            pool.terminate()
            raise
        else:
            pool.close()
        finally:
            pool.join()
    results.sort(key=lambda r: r.index)
    return results


def summarize(results: Sequence[GameResult], levels: Sequence[str]) -> list[LevelStats]:
    """Per-level statistics, in the order of ``levels`` (the game's, weakest first).

    Points are per round. Standard errors treat each game as one sample. ``relative`` is the
    level's mean round score minus the mean round score of the other seats at the same table
    (only in games mixing levels). A shared win counts as a share.
    """
    present = [level for level in levels if any(level in r.levels for r in results)]
    table: list[LevelStats] = []
    for level in present:
        stats = LevelStats(level)
        per_game: list[float] = []
        rel_game: list[float] = []
        wins = 0.0
        times: list[float] = []
        cpu_times: list[float] = []
        for result in results:
            mine = [s for s, lv in enumerate(result.levels) if lv == level]
            if not mine:
                continue
            rounds = len(result.round_scores)
            own = [sum(r[s] for r in result.round_scores) / rounds for s in mine]
            per_game.append(statistics.fmean(own))
            rest = [s for s in range(len(result.levels)) if s not in mine]
            if rest:
                other = [sum(r[s] for r in result.round_scores) / rounds for s in rest]
                rel_game.append(statistics.fmean(own) - statistics.fmean(other))
            share = 1.0 / len(result.winners) if result.winners else 0.0
            wins += sum(share for s in mine if s in result.winners)
            stats.seats += len(mine)
            times.extend(result.times.get(level, []))
            cpu_times.extend(result.cpu_times.get(level, []))
        stats.mean_points, stats.points_error = _mean_error(per_game)
        if rel_game:
            stats.relative, stats.relative_error = _mean_error(rel_game)
        stats.win_rate = wins / stats.seats if stats.seats else 0.0
        stats.decisions = len(times)
        if times:
            ordered = sorted(times)
            stats.median_ms = 1000 * statistics.median(ordered)
            stats.p95_ms = 1000 * ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
            stats.cpu_median_ms = 1000 * statistics.median(cpu_times)
        table.append(stats)
    return table


def _mean_error(samples: Sequence[float]) -> tuple[float, float]:
    if not samples:
        return 0.0, 0.0
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, 0.0
    return mean, statistics.stdev(samples) / math.sqrt(len(samples))


NOTE_WIDTH = 100
"""The width the column note is wrapped at."""

SEAT_GAMES_NOTE = "seat-games: the games played at this level, counted once per seat it held in each game."
"""What the table's seat-games column counts (the first line of :func:`columns_note`)."""


def columns_note(score: str = "points/round", scored: str = "points") -> str:
    """What each column of :func:`format_table` means, printed under it by every game's
    ``simulate``; ``score`` is the table's score column and ``scored`` what it counts."""
    entries = [
        SEAT_GAMES_NOTE,
        f"{score}: the {scored} per round of a seat of this level, on average; "
        "± is the standard error (each game one sample): the true mean lies within "
        "two of them either way about 95% of the time.",
        f"vs other seats: its {score} minus that of the other seats at the same tables "
        "(games mixing levels only; n/a when every seat has this level), ± as above.",
        "win rate: the games it won (a shared win counts as a share).",
        "decisions: the moves it chose.",
        "median ms, p95 ms: wall-clock milliseconds per decision, the middle one and the one 95% "
        "of them stay under.",
        "median CPU ms: processor time per decision, the middle one (other programs on the "
        "machine do not inflate it).",
    ]
    return "\n".join(textwrap.fill(entry, NOTE_WIDTH, subsequent_indent="  ") for entry in entries)


def format_table(stats: Sequence[LevelStats], score: str = "points/round") -> str:
    """The statistics as a plain-text table (also valid Markdown); :func:`columns_note` says
    what each column means, ``score`` names the score column."""
    lines = [
        f"| level | seat-games | {score} | vs other seats | win rate | decisions "
        "| median ms | p95 ms | median CPU ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in stats:
        relative = "n/a" if s.relative is None else f"{s.relative:+.2f} ± {s.relative_error or 0.0:.2f}"
        lines.append(
            f"| {s.level} | {s.seats} | {s.mean_points:+.2f} ± {s.points_error:.2f} | {relative} "
            f"| {100 * s.win_rate:.1f}% | {s.decisions} | {s.median_ms:.2f} | {s.p95_ms:.2f} "
            f"| {s.cpu_median_ms:.2f} |"
        )
    return "\n".join(lines)
