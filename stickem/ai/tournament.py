"""Tournament simulator: many engine games between computer players, with statistics.

Every game runs on the real engine (:class:`stickem.Game`) and every decision is made from
``game.view(seat)`` only. Seats rotate from game to game so no level keeps a lucky seat, and
every game's deal and players derive from the base seed, so a run replays exactly whatever the
number of worker processes. The worker pool, the statistics and the table are every game's
(:mod:`tabletop.tournament`); the names stay importable from here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from stickem.ai.players import DEFAULT_HARD_ITERATIONS, LEVELS, make_player
from stickem.game import Game, Phase
from stickem.rules import Rules
from tabletop.tournament import (
    SEAT_GAMES_NOTE,
    GameResult,
    LevelStats,
    ProgressCallback,
    format_table,
    run_jobs,
)
from tabletop.tournament import summarize as summarize_levels

__all__ = [
    "SEAT_GAMES_NOTE",
    "GameResult",
    "LevelStats",
    "ProgressCallback",
    "TableSpec",
    "format_table",
    "play_game",
    "run",
    "run_jobs",
    "summarize",
]


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


def run(
    spec: TableSpec, workers: int = 2, progress: ProgressCallback | None = None
) -> list[GameResult]:
    """Play every game of ``spec`` on ``workers`` processes; results in game order.

    On KeyboardInterrupt the worker processes are terminated and joined, then it propagates.
    """
    return run_jobs(_play_packed, [(spec, index) for index in range(spec.games)], workers, progress)


def summarize(results: Sequence[GameResult]) -> list[LevelStats]:
    """Per-level statistics, in :data:`LEVELS` order (see :func:`tabletop.tournament.summarize`)."""
    return summarize_levels(results, LEVELS)
