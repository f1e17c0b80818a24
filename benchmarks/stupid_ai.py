"""Strength and decision times of Stupid's computer players.

Run from the repository root: ``python benchmarks/stupid_ai.py [--games N] [--workers W]``.
Prints Markdown tables from the tournament simulator (seats rotate every game, every decision
from the seat's view only):

1. ``hard`` against three ``normal`` seats (4 players, 13 rounds a game);
2. ``normal`` against three ``random`` seats.

"vs other seats" is the level's points per round minus the other seats' at the same table,
± one standard error (a game is one sample); a 95% interval is about ± 2 standard errors.
Decision times are wall clock per decision (median, p95) and process CPU time (median): on a
shared machine the CPU time is the truer measure of cost.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stupid.ai.players import DEFAULT_PLAYOUTS
from stupid.ai.tournament import TableSpec, format_table, run, summarize
from tabletop.console import ProgressBar


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS, help="hard: playouts per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = [
        ("hard vs 3 normal", ("hard", "normal", "normal", "normal")),
        ("normal vs 3 random", ("normal", "random", "random", "random")),
    ]
    print(f"Python {sys.version.split()[0]}; {args.games} games per table; hard: {args.playouts} playouts")
    for title, seats in tables:
        spec = TableSpec(seats=seats, games=args.games, seed=args.seed, playouts=args.playouts)
        start = time.perf_counter()
        results = run(spec, workers=args.workers, progress=ProgressBar())
        spent = time.perf_counter() - start
        rounds = sum(len(r.round_scores) for r in results)
        print(f"\n### {title} ({rounds} rounds, {spent:.0f} s)\n")
        print(format_table(summarize(results)))


if __name__ == "__main__":
    main()
