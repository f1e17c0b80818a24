"""Engine speed and size: complete random games through the public API.

Run from the repository root: ``python benchmarks/engine.py [--seconds S] [--profile]``.

Every decision goes through the public API exactly as a computer player would use it:
``game.awaiting`` and ``game.legal_cards(seat)`` to find the options, a random pick, then
``choose_misery`` / ``play``, which validate the action and build its events. Printed:
complete games per second, decisions per second, the cost of ``game.copy()``, and the memory
of one game state (a deep ``sys.getsizeof`` over the objects the game owns: shared interned
cards, the Rules object, enum members, events held only as shared immutable references from
the caller are counted once when the game holds them; cards and Rules are excluded) plus the
length of ``game.to_json()``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from enum import Enum
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickem import Card, Game, Phase, Rules

_TRICKS = Phase.TRICKS
_OVER = Phase.GAME_OVER


def play_random_game(players: int, rules: Rules, seed: int, rng: Random) -> tuple[Game, int]:
    """Play one complete game with random legal decisions; return it and its decision count."""
    game = Game.new(players, rules, seed)
    pick = rng.random
    decisions = 0
    while True:
        phase = game.phase
        if phase is _TRICKS:
            seat = game.awaiting[0]
            options = game.legal_cards(seat)
            game.play(seat, options[int(pick() * len(options))])
        elif phase is _OVER:
            return game, decisions
        else:
            waiting = game.awaiting
            seat = waiting[int(pick() * len(waiting))]
            options = game.legal_cards(seat)
            game.choose_misery(seat, options[int(pick() * len(options))])
        decisions += 1


def deep_size(root: object) -> int:
    """Bytes of ``root`` and everything it references, each object once, leaving out shared
    immutable singletons: cards, Rules, enum members, classes, small ints and None."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, Card | Rules | Enum | type) or obj is None:
            continue
        if isinstance(obj, int) and -5 <= obj <= 256:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        elif not isinstance(obj, str | bytes | bytearray | int | float):
            for cls in type(obj).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(obj, name):
                        stack.append(getattr(obj, name))
            if hasattr(obj, "__dict__"):
                stack.append(obj.__dict__)
    return total


def measure(players: int, preset: str, seconds: float) -> dict[str, float]:
    """Play random games for about ``seconds``; return the figures for one table row."""
    rules = Rules.preset(preset)
    rng = Random(players)
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        _, made = play_random_game(players, rules, games, rng)
        games += 1
        decisions += made
        elapsed = time.perf_counter() - start

    fresh = Game.new(players, rules, 1)
    finished, _ = play_random_game(players, rules, 1, Random(1))
    midgame, _ = play_random_game(players, rules, 2, Random(2))
    copies = 20000
    t0 = time.perf_counter()
    for _ in range(copies):
        finished.copy()
    copy_us = (time.perf_counter() - t0) / copies * 1e6
    return {
        "games_s": games / elapsed,
        "decisions_s": decisions / elapsed,
        "copy_us": copy_us,
        "dealt_kib": deep_size(fresh) / 1024,
        "end_kib": deep_size(finished) / 1024,
        "json_kib": len(finished.to_json()) / 1024,
        "midgame": float(midgame.action_count),
    }


def main() -> None:
    """Print the benchmark table (and, with --profile, the hottest functions)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    parser.add_argument("--profile", action="store_true", help="cProfile 200 5-player games")
    args = parser.parse_args()
    if args.profile:
        rules = Rules.preset("classic")
        rng = Random(0)
        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(200):
            play_random_game(5, rules, seed, rng)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print(f"Python {sys.version.split()[0]}, {args.seconds:g} s per row; sizes: deep sizeof of")
    print("one game (interned cards, Rules and enum members excluded), and len(to_json())")
    print()
    header = (
        f"{'players':>7} {'preset':>7} {'games/s':>9} {'decisions/s':>12} "
        f"{'copy us':>8} {'KiB dealt':>9} {'KiB end':>8} {'JSON KiB':>9}"
    )
    print(header)
    print("-" * len(header))
    for players, preset in ((3, "classic"), (5, "classic"), (5, "amigo"), (7, "classic")):
        row = measure(players, preset, args.seconds)
        print(
            f"{players:>7} {preset:>7} {row['games_s']:>9.0f} {row['decisions_s']:>12.0f} "
            f"{row['copy_us']:>8.2f} {row['dealt_kib']:>9.1f} {row['end_kib']:>8.1f} "
            f"{row['json_kib']:>9.1f}"
        )


if __name__ == "__main__":
    main()
