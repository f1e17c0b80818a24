"""Games between computer players, and their statistics (for the CLI and the benchmarks)."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .ai import make_player
from .game import Game
from .rules import Rules

__all__ = ["LevelStats", "format_stats", "play_game", "tournament"]


@dataclass
class LevelStats:
    """What one level did over many games: shared ``wins``, completed sticks per round and the
    seconds each decision took."""

    games: int = 0
    wins: float = 0.0
    sticks_per_round: list[float] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)

    def win_rate(self) -> float:
        """Wins per game played (a shared win counts as a fraction)."""
        return self.wins / self.games if self.games else 0.0

    def sticks_mean_and_error(self) -> tuple[float, float]:
        """Mean completed sticks per round and its standard error."""
        values = self.sticks_per_round
        if len(values) < 2:
            return (values[0] if values else 0.0, 0.0)
        return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))

    def decision_ms(self) -> tuple[float, float]:
        """Median and 95th percentile milliseconds per decision."""
        ordered = sorted(self.decision_seconds)
        if not ordered:
            return (0.0, 0.0)
        return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000


def play_game(
    levels: Sequence[str], seed: int, rules: Rules, stats: dict[str, LevelStats] | None = None
) -> Game:
    """One game, seat ``i`` played by ``levels[i]``; timings and results go into ``stats``."""
    game = Game.new(len(levels), rules, seed)
    players = [make_player(level, seed * 16 + seat) for seat, level in enumerate(levels)]
    clock = time.perf_counter
    while not game.is_over:
        seat = game.turn
        view = game.view(seat)
        start = clock()
        action = players[seat].act(view)
        spent = clock() - start
        if stats is not None:
            stats.setdefault(levels[seat], LevelStats()).decision_seconds.append(spent)
        game.apply(seat, action)
    if stats is not None:
        for seat, level in enumerate(levels):
            entry = stats.setdefault(level, LevelStats())
            entry.games += 1
            if seat in game.winners:
                entry.wins += 1 / len(game.winners)
            entry.sticks_per_round.append(len(game.completed(seat)) / game.round)
    return game


def tournament(levels: Sequence[str], games: int, rules: Rules, seed: int = 1) -> dict[str, LevelStats]:
    """``games`` games, the seats rotated each game so no level keeps the same seat."""
    stats: dict[str, LevelStats] = {}
    for number in range(games):
        shift = number % len(levels)
        rotated = [*levels[shift:], *levels[:shift]]
        play_game(rotated, seed + number, rules, stats)
    return stats


def format_stats(stats: dict[str, LevelStats]) -> str:
    """A small table: level, games, win rate, sticks per round ± error, decision times."""
    lines = [f"{'level':8} {'games':>6} {'win %':>7} {'sticks/round':>16} {'median ms':>10} {'p95 ms':>8}"]
    for level, entry in stats.items():
        mean, error = entry.sticks_mean_and_error()
        median, p95 = entry.decision_ms()
        lines.append(
            f"{level:8} {entry.games:>6} {100 * entry.win_rate():>6.1f}% "
            f"{mean:>9.3f} ± {error:.3f} {median:>10.2f} {p95:>8.1f}"
        )
    return "\n".join(lines)
