"""The bot's CPU for one computer decision: made on the event loop, against handed to the worker
pool (pickling, the pool's threads, the answer handed back), for Stick'em's levels.

Run from the repository root: ``python benchmarks/think_cpu.py [--decisions 600] [--rounds 3]
[--levels random,normal] [--workers 2]``. Printed per level and round: this process's CPU time
(every thread; the workers' own CPU is not counted) per decision, made inline and through a
pool of ``--workers`` worker processes, on the same positions and seeds (positions of 3-player
games played by the random player). Deciding a quick level on the loop would save that
difference, but measured under load it lengthened the loop's steps and slowed every answer
(docs/benchmarks.md, "CPU per card: the profile by part"): the pool stays.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from host.thinking import decide
from host.workers import warm_up, worker_processes
from tabletop import registry

GAME = "stickem"


def positions(count: int) -> list[tuple[object, int]]:
    """``count`` (view, seed) pairs: each decision of 3-player games played by the random player."""
    game = registry.game(GAME)
    entry = registry.entry(GAME)
    options = {option.name: option.default for option in game.options}
    if game.presets:
        options["preset"] = game.presets[0].name
    found: list[tuple[object, int]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        match = game.new_match(3, options, seed)
        while not match.is_over and len(found) < count:
            seat = next(iter(match.awaiting))
            view = match.view(seat)
            found.append((view, seed * 1000 + len(found)))
            match.apply(seat, decide(GAME, entry, view, "random", seed + len(found)))
    return found


async def measure(level: str, decisions: int, rounds: int, workers: int) -> None:
    """Print the CPU per decision of ``level``, inline and through the pool, each round."""
    entry = registry.entry(GAME)
    cases = positions(decisions)
    pool = worker_processes(workers)
    try:
        for _ in range(workers):
            pool.submit(warm_up).result()
        loop = asyncio.get_running_loop()
        for round_number in range(1, rounds + 1):
            started = time.process_time()
            for view, seed in cases:
                decide(GAME, entry, view, level, seed)
            inline = (time.process_time() - started) / len(cases)
            started = time.process_time()
            for view, seed in cases:
                await loop.run_in_executor(pool, decide, GAME, entry, view, level, seed)
            pooled = (time.process_time() - started) / len(cases)
            print(
                f"{level:>7} round {round_number}: inline {inline * 1e6:6.0f} us, through the pool "
                f"{pooled * 1e6:6.0f} us of the bot's CPU per decision ({inline / pooled:.2f}x)",
                flush=True,
            )
    finally:
        pool.shutdown()


def main() -> None:
    """Parse the arguments and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--levels", default="random,normal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"game={GAME} decisions={args.decisions} rounds={args.rounds} workers={args.workers}")
    for level in args.levels.split(","):
        asyncio.run(measure(level, args.decisions, args.rounds, args.workers))


if __name__ == "__main__":
    main()
