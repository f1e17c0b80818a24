"""Stupid: two variants of ``hard`` head to head on duplicate deals (a cheap check of a change).

Run from the repository root::

    nice -n 15 python benchmarks/stupid_hard_ab.py --deals 40 --a 120 --b 240

Four players, full 13-round games on the real engine, every decision from ``game.view(seat)``.
Each deal is played twice: ``--a`` in seats 0 and 2 and ``--b`` in 1 and 3, then swapped. A
variant is ``playouts[:reward]`` (see :func:`stupid.ai.players.make_player`).
Reported: A's points per round minus B's ± one standard error over deals, A's share of the
wins ± one standard error (50% is level) and the median CPU ms per decision of each (decisions
with more than one legal choice).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stupid.ai.players import ComputerPlayer, make_player
from stupid.game import Game

PLAYERS = 4


def _player(variant: str, seed: int) -> ComputerPlayer:
    playouts, *rest = variant.split(":")
    return make_player("hard", seed, playouts=int(playouts), reward=rest[0] if rest else "game")


def _game(game_seed: int, a: str, b: str, a_first: bool) -> tuple[float, float, list[float], list[float]]:
    """One game: A's points per round minus B's, A's share of the win, both sides' CPU ms."""
    game = Game.new(PLAYERS, seed=game_seed)
    mine = [(seat % 2 == 0) == a_first for seat in range(PLAYERS)]
    seats = [_player(a if mine[s] else b, game_seed + 7919 * s) for s in range(PLAYERS)]
    times: tuple[list[float], list[float]] = ([], [])
    while not game.is_over:
        seat = game.awaiting[0]
        view = game.view(seat)
        start = time.process_time()
        action = seats[seat].act(view)
        if len(view.legal) > 1:
            times[0 if mine[seat] else 1].append((time.process_time() - start) * 1000)
        game.apply(seat, action)
    totals = game.totals
    ours = sum(t for s, t in enumerate(totals) if mine[s]) / 2
    theirs = sum(t for s, t in enumerate(totals) if not mine[s]) / 2
    share = sum(1 for s in game.winners if mine[s]) / len(game.winners)
    return (ours - theirs) / len(game.round_scores), share, times[0], times[1]


def _deal(job: tuple[int, str, str, int]) -> tuple[float, float, list[float], list[float]]:
    deal, a, b, seed = job
    game_seed = random.Random(f"stupid-hard-ab/{seed}/{deal}").getrandbits(48)
    one = _game(game_seed, a, b, True)
    two = _game(game_seed, a, b, False)
    return (one[0] + two[0]) / 2, (one[1] + two[1]) / 2, one[2] + two[2], one[3] + two[3]


def _se(values: list[float]) -> float:
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")


def main() -> None:
    """Play the deals and print one line of results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--a", default="120")
    parser.add_argument("--b", default="240")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(_deal, [(d, args.a, args.b, args.seed) for d in range(args.deals)]))
    diffs = [r[0] for r in results]
    wins = [r[1] for r in results]
    a_ms = [t for r in results for t in r[2]]
    b_ms = [t for r in results for t in r[3]]
    print(
        f"{args.deals} deals x 2, seed {args.seed}, {time.perf_counter() - start:.0f} s: "
        f"A {args.a} - B {args.b}: "
        f"{statistics.fmean(diffs):+.2f} ± {_se(diffs):.2f} points a round, A wins "
        f"{100 * statistics.fmean(wins):.1f}% ± {100 * _se(wins):.1f}; median CPU ms A "
        f"{statistics.median(a_ms):.1f}, B {statistics.median(b_ms):.1f}"
    )


if __name__ == "__main__":
    main()
