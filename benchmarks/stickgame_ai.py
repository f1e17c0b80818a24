"""Stick Game computer players against each other: by default hard vs normal and normal vs
random, 2-player games.

Run from the repository root: ``python benchmarks/stickgame_ai.py [--games N] [--sticks K]
[--seed S] [--seats hard,normal] [--seats normal,random]``.

Prints the table every game's simulator prints (``tabletop.tournament``), per level: seat-games,
completed sticks per round ± standard error, the same against the other seats, win rate (shared
wins count as fractions) and decision times (wall clock and processor time), with a note
explaining each column; under it, each level's share of the games won with its 95% interval
(Wilson's score interval over seat-games, a shared win counting as its share). Seats rotate
game by game. ``--sticks`` shortens games (sticks to win; 7 is the real game). ``--seats``
(repeatable) names one table: ``hard,normal,hard,normal`` is a 4-player table of two of each.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickgame import Rules
from stickgame.ai import LEVELS
from stickgame.simulate import format_stats, header, tournament
from tabletop.tournament import GameResult

DEFAULT_TABLES = (("hard", "normal"), ("normal", "random"))
BLOCK = 24
"""Games per block: a multiple of every table size used (2, 3, 4, 6, 8), so the seats rotate
as in one ``tournament``."""


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval (95% for ``z`` 1.96) for ``wins`` out of ``games``."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def win_shares(results: list[GameResult]) -> str:
    """One line per level: games won (a shared win as its share) of its seat-games, the share
    and its 95% interval."""
    lines = []
    for level in LEVELS:
        seats = sum(result.levels.count(level) for result in results)
        if not seats:
            continue
        wins = sum(
            sum(1 for seat in result.winners if result.levels[seat] == level) / len(result.winners)
            for result in results
            if result.winners
        )
        low, high = wilson(wins, seats)
        lines.append(
            f"{level}: won {wins:g} of {seats} seat-games, {100 * wins / seats:.1f}% "
            f"(95% interval {100 * low:.1f}-{100 * high:.1f}%)"
        )
    return "\n".join(lines)


def _table(text: str) -> tuple[str, ...]:
    levels = tuple(part.strip() for part in text.split(","))
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or not 2 <= len(levels) <= 8:
        raise argparse.ArgumentTypeError(f"seats are 2-8 of {', '.join(LEVELS)}, comma-separated")
    return levels


def _run(levels: tuple[str, ...], games: int, rules: Rules, seed: int) -> list[GameResult]:
    """The same games as ``tournament(levels, games, rules, seed)``, played in blocks of
    ``BLOCK`` whose running win shares go to standard error (a bounded run cut short still
    says where it stood)."""
    results: list[GameResult] = []
    for start in range(0, games, BLOCK):
        block = tournament(levels, min(BLOCK, games - start), rules, seed + start)
        results.extend(replace(result, index=start + result.index) for result in block)
        shares = "; ".join(win_shares(results).splitlines())
        print(f"  after {len(results)} games: {shares}", file=sys.stderr, flush=True)
    return results


def main() -> None:
    """Run each table and print its statistics."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--sticks", type=int, default=7, help="sticks to win (7: the real game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=_table, action="append", help="one table, e.g. hard,normal")
    args = parser.parse_args()
    rules = Rules(sticks_to_win=args.sticks)
    for levels in args.seats or DEFAULT_TABLES:
        start = time.perf_counter()
        results = _run(levels, args.games, rules, args.seed)
        print(f"{header(levels, args.games, rules, args.seed)}: {time.perf_counter() - start:.0f} s")
        print(format_stats(results))
        print(win_shares(results))
        print()


if __name__ == "__main__":
    main()
