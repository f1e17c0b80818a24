"""Tournament simulator: many Stupid games between computer players, with statistics.

Every game runs on the real engine and every decision is made from ``game.view(seat)`` only
and applied through ``game.apply`` (so validated). Seats rotate from game to game so no level
keeps a lucky seat, and every game's deal and players derive from the base seed, so a run
replays exactly whatever the number of worker processes. The worker pool, the statistics
(points per round, points against the other seats, win rate, decision times) and the table
are every game's (:mod:`tabletop.tournament`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from stupid.ai.players import DEFAULT_PLAYOUTS, LEVELS, make_player
from stupid.game import Game
from stupid.rules import Rules
from tabletop.tournament import GameResult, LevelStats, ProgressCallback, format_table, run_jobs
from tabletop.tournament import summarize as summarize_levels

__all__ = ["GameResult", "LevelStats", "TableSpec", "format_table", "play_game", "run", "summarize"]


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What to simulate: seat levels (one per player), games, rules, base seed, hard budget."""

    seats: tuple[str, ...]
    games: int
    rules: Rules = field(default_factory=Rules)
    seed: int = 1
    playouts: int = DEFAULT_PLAYOUTS

    def __post_init__(self) -> None:
        for level in self.seats:
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.rules.check(len(self.seats))
        if self.games < 1:
            raise ValueError(f"games must be at least 1, not {self.games}")
        if self.playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {self.playouts}")


def play_game(job: tuple[TableSpec, int]) -> GameResult:
    """Play game number ``index`` of ``spec`` (``job`` is both) and return its result."""
    spec, index = job
    players = len(spec.seats)
    shift = index % players
    levels = tuple(spec.seats[(seat + shift) % players] for seat in range(players))
    game_seed = random.Random(f"stupid-game/{spec.seed}/{index}").getrandbits(48)
    game = Game.new(players, spec.rules, seed=game_seed)
    seats = [
        make_player(level, game_seed + 7919 * seat, playouts=spec.playouts)
        for seat, level in enumerate(levels)
    ]
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    cpu_times: dict[str, list[float]] = {level: [] for level in set(levels)}
    while not game.is_over:
        seat = game.awaiting[0]
        view = game.view(seat)
        start, cpu_start = time.perf_counter(), time.process_time()
        action = seats[seat].act(view)
        times[levels[seat]].append(time.perf_counter() - start)
        cpu_times[levels[seat]].append(time.process_time() - cpu_start)
        game.apply(seat, action)
    return GameResult(
        index=index,
        levels=levels,
        round_scores=tuple(tuple(r) for r in game.round_scores),
        winners=tuple(game.winners),
        times=times,
        cpu_times=cpu_times,
    )


def run(spec: TableSpec, workers: int = 2, progress: ProgressCallback | None = None) -> list[GameResult]:
    """Play every game of ``spec`` on ``workers`` processes; results in game order."""
    return run_jobs(play_game, [(spec, index) for index in range(spec.games)], workers, progress)


def summarize(results: Sequence[GameResult]) -> list[LevelStats]:
    """Per-level statistics, in :data:`LEVELS` order (see :func:`tabletop.tournament.summarize`)."""
    return summarize_levels(results, LEVELS)
