"""Tournament simulator: many engine games between computer players, with statistics.

Every game runs on the real engine (:class:`stickem.Game`) and every decision is made from
``game.view(seat)`` only. Seats rotate from game to game so no level keeps a lucky seat, and
every game's deal and players derive from the base seed, so a run replays exactly whatever the
number of worker processes.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from stickem.ai.players import DEFAULT_HARD_ITERATIONS, LEVELS, make_player
from stickem.game import Game, Phase
from stickem.rules import Rules

ProgressCallback = Callable[[int, int], None]
Job = Any
"""One game to play, as the ``play`` function of :func:`run_jobs` takes it."""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What to simulate: seat levels (one per player), rules, games, base seed, hard budget."""

    seats: tuple[str, ...]
    games: int
    rules: Rules
    seed: int = 1
    iterations: int | None = None
    time_budget: float | None = None

    def __post_init__(self) -> None:
        for level in self.seats:
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        players = len(self.seats)
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(
                f"{self.rules.preset} rules allow {self.rules.min_players}-"
                f"{self.rules.max_players} players, not {players}"
            )
        if self.games < 1:
            raise ValueError(f"games must be at least 1, not {self.games}")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.time_budget is not None and not self.time_budget > 0:
            raise ValueError(f"time budget must be positive, not {self.time_budget}")


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


def play_game(spec: TableSpec, index: int) -> GameResult:
    """Play game number ``index`` of ``spec`` and return its result."""
    players = len(spec.seats)
    shift = index % players
    levels = tuple(spec.seats[(seat + shift) % players] for seat in range(players))
    game_seed = random.Random(f"game/{spec.seed}/{index}").getrandbits(48)
    game = Game.new(players, spec.rules, seed=game_seed)
    iterations = DEFAULT_HARD_ITERATIONS if spec.iterations is None else spec.iterations
    seats = [
        make_player(
            level, game_seed + 7919 * seat, iterations=iterations, time_budget=spec.time_budget
        )
        for seat, level in enumerate(levels)
    ]
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    cpu_times: dict[str, list[float]] = {level: [] for level in set(levels)}
    while game.phase is not Phase.GAME_OVER:
        for seat in game.awaiting:
            view = game.view(seat)
            player = seats[seat]
            start, cpu_start = time.perf_counter(), time.process_time()
            misery = game.phase is Phase.MISERY
            card = player.choose_misery(view) if misery else player.play(view)
            times[levels[seat]].append(time.perf_counter() - start)
            cpu_times[levels[seat]].append(time.process_time() - cpu_start)
            if misery:
                game.choose_misery(seat, card)
            else:
                game.play(seat, card)
    return GameResult(
        index=index,
        levels=levels,
        round_scores=tuple(tuple(r) for r in game.round_scores),
        winners=tuple(game.winners),
        times=times,
        cpu_times=cpu_times,
    )


def _play_packed(args: tuple[TableSpec, int]) -> GameResult:
    return play_game(*args)


def _ignore_interrupts() -> None:
    """Worker initializer: leave Ctrl-C to the parent, which terminates the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(
    spec: TableSpec, workers: int = 2, progress: ProgressCallback | None = None
) -> list[GameResult]:
    """Play every game of ``spec`` on ``workers`` processes; results in game order.

    On KeyboardInterrupt the worker processes are terminated and joined, then it propagates.
    """
    return run_jobs(_play_packed, [(spec, index) for index in range(spec.games)], workers, progress)


def run_jobs(
    play: Callable[[Job], GameResult],
    jobs: Sequence[Job],
    workers: int = 2,
    progress: ProgressCallback | None = None,
) -> list[GameResult]:
    """Run ``play`` (a module-level function, so spawned workers can import it) on every job
    on ``workers`` processes; results sorted by ``GameResult.index``. Shared by every game's
    simulator. On KeyboardInterrupt the workers are terminated and joined, then it propagates.
    """
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


def summarize(results: Sequence[GameResult]) -> list[LevelStats]:
    """Return per-level statistics, in :data:`LEVELS` order.

    Points are per round. Standard errors treat each game as one sample. ``relative`` is the
    level's mean round score minus the mean round score of the other seats at the same table
    (only in games mixing levels). A shared win counts as a share.
    """
    present = [level for level in LEVELS if any(level in r.levels for r in results)]
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


SEAT_GAMES_NOTE = "seat-games: the games played at this level, counted once per seat it held in each game."
"""What the table's seat-games column counts, printed under the table."""


def format_table(stats: Sequence[LevelStats]) -> str:
    """Return the statistics as a plain-text table (also valid Markdown); `SEAT_GAMES_NOTE`
    says what its seat-games column counts."""
    lines = [
        "| level | seat-games | points/round | vs other seats | win rate | decisions "
        "| median ms | p95 ms | median CPU ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in stats:
        relative = (
            "n/a" if s.relative is None else f"{s.relative:+.2f} ± {s.relative_error or 0.0:.2f}"
        )
        lines.append(
            f"| {s.level} | {s.seats} | {s.mean_points:+.2f} ± {s.points_error:.2f} | {relative} "
            f"| {100 * s.win_rate:.1f}% | {s.decisions} | {s.median_ms:.2f} | {s.p95_ms:.2f} "
            f"| {s.cpu_median_ms:.2f} |"
        )
    return "\n".join(lines)
