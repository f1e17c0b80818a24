"""What a card's messages cost a server that shows no pictures, sketched as before or not at all:
the table message (``table_spec``) and a seat's DM prompt (``prompt_spec``) built for a Stick'em
table, with the sketch of their picture (what the bot did for every server until the effect
player and the clicks asked the painter first) and without it, in alternating rounds of one run.

Run from the repository root: ``python benchmarks/unpictured.py [--builds 3000] [--rounds 7]``.
Printed: CPU microseconds per build, the best of the rounds, and new (unpictured) / old
(sketched) for each. A card's share: about 1.5 table messages and 1 prompt per card at 100
tables (docs/benchmarks.md)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.tables.table_messages import prompt_spec, table_spec
from host.tables import Table


def best_us(build: Callable[[], object], builds: int, rounds: int) -> float:
    """The best, over ``rounds``, of the CPU microseconds per call of ``build``."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        for _ in range(builds):
            build()
        best = min(best, (time.process_time() - started) / builds)
    return best * 1e6


def main() -> None:
    """Build both messages both ways, alternating, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    table = Table(561, 2, game="stickem", seed_source=lambda: 3, id_source=lambda: "bench")
    for user in (1, 2, 3):
        table.lobby.join(user, f"player {user}")
    table.lobby.start(1)
    cases = {
        "table message": lambda pictured: lambda: table_spec(table, language="en", pictured=pictured),
        "DM prompt": lambda pictured: lambda: prompt_spec(table, 0, language="en", pictured=pictured),
    }
    for name, case in cases.items():
        # alternate: one round of each in turn, so that both see the same machine
        olds, news = [], []
        for _ in range(args.rounds):
            olds.append(best_us(case(True), args.builds, 1))
            news.append(best_us(case(False), args.builds, 1))
        old, new = min(olds), min(news)
        print(f"{name}: sketched {old:.1f} us, unpictured {new:.1f} us, new/old {new / old:.2f}x "
              f"(saves {old - new:.1f} us)")


if __name__ == "__main__":
    main()
