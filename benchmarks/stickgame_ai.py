"""Stick Game computer players: hard vs normal and normal vs random, 2-player games.

Run from the repository root: ``python benchmarks/stickgame_ai.py [--games N] [--sticks K]``.

Prints the table every game's simulator prints (``tabletop.tournament``), per level: seat-games,
completed sticks per round ± standard error, the same against the other seats, win rate (shared
wins count as fractions) and decision times, with a note explaining each column. Seats
alternate game by game. ``--sticks`` shortens games (sticks to win; 7 is the real game).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickgame import Rules
from stickgame.simulate import format_stats, header, tournament


def main() -> None:
    """Run both pairings and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--sticks", type=int, default=7, help="sticks to win (7: the real game)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules(sticks_to_win=args.sticks)
    for pairing in (("hard", "normal"), ("normal", "random")):
        start = time.perf_counter()
        stats = tournament(pairing, args.games, rules, args.seed)
        print(f"{header(pairing, args.games, rules, args.seed)}: {time.perf_counter() - start:.0f} s")
        print(format_stats(stats))
        print()


if __name__ == "__main__":
    main()
