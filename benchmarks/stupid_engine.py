"""Stupid engine speed: complete random games through the public API, next to Stick'em's.

Run from the repository root: ``python benchmarks/stupid_engine.py [--seconds S]``.

Every decision goes through the public API as a host would use it: ``game.phase`` and
``game.awaiting`` to find the seat, ``game.legal_bids(seat)`` / ``game.legal_cards(seat)`` for
the options, a random pick, then ``game.bid`` / ``game.play``, which validate the action and
build its events. Printed per row: complete games per second and decisions per second (best
batch of 5 games, and the median batch: the machine is shared). Stick'em's engine is measured
in the same run by ``benchmarks/engine.py``'s driver, one batch of each engine in turn, and
the ratios of decisions per second are printed, of the best and of the median batches (the
games differ in length: a 4-player Stupid game has 13 rounds of 1-7 cards, 248 decisions; a
5-player Stick'em game 5 rounds of 15 cards).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import play_random_game as play_stickem

from stickem import Rules as StickemRules
from stupid import Game, Phase

_BIDDING = Phase.BIDDING
_OVER = Phase.GAME_OVER


def play_stupid(players: int, seed: int, rng: Random) -> tuple[Game, int]:
    """Play one complete game with random legal decisions; return it and its decision count."""
    game = Game.new(players, None, seed)
    bits = rng.getrandbits
    decisions = 0
    while True:
        phase = game.phase
        if phase is _OVER:
            return game, decisions
        seat = game.awaiting[0]
        if phase is _BIDDING:
            bids = game.legal_bids(seat)
            game.bid(seat, bids[bits(30) % len(bids)])
        else:
            cards = game.legal_cards(seat)
            game.play(seat, cards[bits(30) % len(cards)])
        decisions += 1


def batch(play: Callable[[int], int], first_seed: int) -> tuple[float, float]:
    """(games/s, decisions/s) of one batch of 5 games, seeds ``first_seed`` and the next four."""
    t0 = time.perf_counter()
    decisions = 0
    for seed in range(first_seed, first_seed + 5):
        decisions += play(seed)
    spent = time.perf_counter() - t0
    return 5 / spent, decisions / spent


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    rng = Random(1)
    stickem_rules = StickemRules.preset("classic")
    print(f"Python {sys.version.split()[0]}, about {args.seconds:g} s per measurement, batches of 5 games.")
    header = (
        f"{'engine':<16} {'games/s':>8} {'(median)':>9} {'decisions/s':>12} {'(median)':>9} "
        f"{'decisions/game':>15}"
    )
    print(header)
    print("-" * len(header))
    rows: dict[str, list[tuple[float, float]]] = {
        name: [] for name in ("stupid 4p", "stupid 7p", "stickem 5p")
    }
    per_game: dict[str, float] = {}
    drivers: dict[str, Callable[[int], int]] = {
        "stupid 4p": lambda seed: play_stupid(4, seed, rng)[1],
        "stupid 7p": lambda seed: play_stupid(7, seed, rng)[1],
        "stickem 5p": lambda seed: play_stickem(5, stickem_rules, seed, rng)[1],
    }
    deadline = time.perf_counter() + args.seconds * len(drivers)
    seed = 0
    while time.perf_counter() < deadline:  # in turn, so a busy spell of the machine hits all alike
        for name, driver in drivers.items():
            rows[name].append(batch(driver, seed))
        seed += 5
    for name, driver in drivers.items():
        per_game[name] = statistics.fmean(driver(seed) for seed in range(3))
        rates = sorted(rows[name])
        best_games, best_decisions = rates[-1]
        median_games = rates[len(rates) // 2][0]
        median_decisions = sorted(r[1] for r in rates)[len(rates) // 2]
        print(
            f"{name:<16} {best_games:>8.0f} {median_games:>9.0f} {best_decisions:>12.0f} "
            f"{median_decisions:>9.0f} {per_game[name]:>15.0f}"
        )
    best = max(r[1] for r in rows["stickem 5p"])
    median = statistics.median(r[1] for r in rows["stickem 5p"])
    for name in ("stupid 4p", "stupid 7p"):
        ratio = max(r[1] for r in rows[name]) / best
        median_ratio = statistics.median(r[1] for r in rows[name]) / median
        print(
            f"{name}: {ratio:.2f}x Stick'em's decisions per second (best batches), "
            f"{median_ratio:.2f}x (median batches)"
        )


if __name__ == "__main__":
    main()
