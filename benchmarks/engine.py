"""Engine speed and size: complete random games through the public API.

Run from the repository root: ``python benchmarks/engine.py [--seconds S] [--profile]``.

Every decision goes through the public API exactly as a computer player would use it:
``game.phase``, ``game.awaiting`` and ``game.legal_cards(seat)`` to find the options, a random
pick, then ``choose_misery`` / ``play``, which validate the action and build its events.
Printed per row: complete games per second and decisions per second (best batch of 5 games,
and the median batch: the machine may be shared), the cost of ``game.copy()`` mid-game, the
memory of one game state after the deal and at the end (a deep ``sys.getsizeof`` over every
object the game owns, leaving out the interned cards, the Rules object and enum members,
which all games share) and the length of ``game.to_json()`` at the end.
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
    bits = rng.getrandbits  # bits(30) % n: a uniform pick but for a bias below 1e-8
    decisions = 0
    while True:
        phase = game.phase
        if phase is _TRICKS:
            seat = game.awaiting[0]
            options = game.legal_cards(seat)
            game.play(seat, options[bits(30) % len(options)])
        elif phase is _OVER:
            return game, decisions
        else:
            waiting = game.awaiting
            seat = waiting[bits(30) % len(waiting)]
            options = game.legal_cards(seat)
            game.choose_misery(seat, options[bits(30) % len(options)])
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
    """Play random games in batches for about ``seconds``; return the figures for one row.

    The machine is shared, so each batch of games is timed on its own: the best batch shows
    the engine's speed undisturbed, the median what a busy machine gives.
    """
    rules = Rules.preset(preset)
    rng = Random(players)
    batch = 5
    seed = 0
    rates: list[tuple[float, float]] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions = 0
        t0 = time.perf_counter()
        for _ in range(batch):
            decisions += play_random_game(players, rules, seed, rng)[1]
            seed += 1
        spent = time.perf_counter() - t0
        rates.append((batch / spent, decisions / spent))
    rates.sort()
    best_games, best_decisions = rates[-1]
    median_games, _ = rates[len(rates) // 2]

    fresh = Game.new(players, rules, 1)
    finished, _ = play_random_game(players, rules, 1, Random(1))
    midgame = Game.new(players, rules, 2)
    for _ in range(3 * players * 15 // 2):  # into round 2
        seat = midgame.awaiting[0]
        card = midgame.legal_cards(seat)[0]
        if midgame.phase is _TRICKS:
            midgame.play(seat, card)
        else:
            midgame.choose_misery(seat, card)
    copy_times = []
    for _ in range(20):
        t0 = time.perf_counter()
        for _ in range(1000):
            midgame.copy()
        copy_times.append((time.perf_counter() - t0) / 1000 * 1e6)
    return {
        "games_s": best_games,
        "median_games_s": median_games,
        "decisions_s": best_decisions,
        "copy_us": min(copy_times),
        "dealt_kib": deep_size(fresh) / 1024,
        "end_kib": deep_size(finished) / 1024,
        "json_kib": len(finished.to_json()) / 1024,
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
    version = sys.version.split()[0]
    print(f"Python {version}, about {args.seconds:g} s per row, batches of 5 games.")
    print("games/s and decisions/s: best batch (median batch in brackets); copy: game.copy()")
    print("mid-game (best of 20x1000). Sizes: deep sizeof of one game (interned cards, Rules and")
    print("enum members excluded) after the deal and at the end, and len(to_json()) at the end.")
    print()
    header = (
        f"{'players':>7} {'preset':>7} {'games/s':>7} {'(median)':>8} {'decisions/s':>11} "
        f"{'copy us':>8} {'KiB dealt':>9} {'KiB end':>8} {'JSON KiB':>9}"
    )
    print(header)
    print("-" * len(header))
    for players, preset in ((3, "classic"), (5, "classic"), (5, "amigo"), (7, "classic")):
        row = measure(players, preset, args.seconds)
        print(
            f"{players:>7} {preset:>7} {row['games_s']:>7.0f} {row['median_games_s']:>8.0f} "
            f"{row['decisions_s']:>11.0f} "
            f"{row['copy_us']:>8.2f} {row['dealt_kib']:>9.1f} {row['end_kib']:>8.1f} "
            f"{row['json_kib']:>9.1f}"
        )


if __name__ == "__main__":
    main()
