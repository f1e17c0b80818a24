"""Games between computer players, and their statistics (for the CLI and the benchmarks).

The statistics and the table are every game's (:mod:`tabletop.tournament`), so that
``python -m stickgame simulate`` reads like Stick'em's and Stupid's: one row per level, then a
note saying what each column means. A round's score is the sticks a seat completed in it
(Frees included), whatever the game's scoring; the win rate follows the game's scoring.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable, Sequence

from tabletop.catalog import render
from tabletop.tournament import NOTE_WIDTH, GameResult, LevelStats, columns_note, format_table, summarize
from tabletop.words import plural

from .ai import LEVELS, make_player
from .game import Game
from .rules import Rules
from .terminal_words import FREE_STICK

__all__ = ["SCORE", "LevelStats", "format_stats", "header", "play_game", "tournament"]

SCORE = "sticks/round"
"""The table's score column: completed sticks per round."""


def play_game(levels: Sequence[str], seed: int, rules: Rules, index: int = 0) -> GameResult:
    """One game, seat ``i`` played by ``levels[i]``: its sticks per round, winners and the
    wall-clock and processor seconds of every decision, by level."""
    game = Game.new(len(levels), rules, seed)
    players = [make_player(level, seed * 16 + seat) for seat, level in enumerate(levels)]
    times: dict[str, list[float]] = {level: [] for level in levels}
    cpu_times: dict[str, list[float]] = {level: [] for level in levels}
    while not game.is_over:
        seat = game.turn
        view = game.view(seat)
        start, cpu_start = time.perf_counter(), time.process_time()
        action = players[seat].act(view)
        times[levels[seat]].append(time.perf_counter() - start)
        cpu_times[levels[seat]].append(time.process_time() - cpu_start)
        game.apply(seat, action)
    rounds = tuple(
        tuple(sum(1 for done in game.completed(seat) if done.round == number) for seat in range(len(levels)))
        for number in range(1, game.round + 1)
    )
    return GameResult(index, tuple(levels), rounds, tuple(game.winners), times, cpu_times)


def tournament(
    levels: Sequence[str],
    games: int,
    rules: Rules,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameResult]:
    """``games`` games (game ``n`` from seed ``seed + n``), the seats rotated each game so no
    level keeps the same seat; ``progress(done, games)`` after each game, if given."""
    results = []
    for number in range(games):
        shift = number % len(levels)
        rotated = [*levels[shift:], *levels[:shift]]
        results.append(play_game(rotated, seed + number, rules, number))
        if progress is not None:
            progress(number + 1, games)
    return results


def header(levels: Sequence[str], games: int, rules: Rules, seed: int) -> str:
    """What ``simulate`` prints before it plays, as Stick'em's and Stupid's simulators do: the
    seats, the rules, how many games and the seed (which plays them again)."""
    return (
        f"{len(levels)} players ({', '.join(levels)}), {rules.scoring} scoring, "
        f"{plural(rules.sticks_to_win, 'stick')} to win, {plural(games, 'game')}, seed {seed}"
    )


def format_stats(results: Sequence[GameResult]) -> str:
    """What ``simulate`` prints after the games (under :func:`header`): the rounds played, one
    row per level (as Stick'em's and Stupid's simulators print them) and what each column
    means."""
    if not results:
        return "no games played"
    rounds = sum(len(result.round_scores) for result in results)
    return "\n".join(
        [
            f"{plural(rounds, 'round')} played",
            format_table(summarize(results, LEVELS), SCORE),
            columns_note(SCORE, "completed sticks (Frees included)"),
            textwrap.fill(render(FREE_STICK), NOTE_WIDTH, subsequent_indent="  "),
        ]
    )
