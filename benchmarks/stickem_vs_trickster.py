"""Stick'em's ``hard`` against the outside ISMCTS of Trickster's Table's app (a Python port).

Run from the repository root, e.g.::

    nice -n 10 timeout 1500 python benchmarks/stickem_vs_trickster.py --deals 4 --objectives round,game

4 players, ``amigo`` rules (4 rounds), two ``hard`` seats against two seats of
:class:`benchmarks.trickster_ismcts.TricksterIsmcts` (5,000 iterations per decision), seated
alternately. Duplicate deals: every deal (fixed by ``--seed`` and the deal number) is played
twice per contender, once with ``hard`` in seats 0 and 2 and once in seats 1 and 3, so both sides
get the same cards. Every decision is seeded, so a run replays.

A game is won by the side holding the highest total (a tie on top shares the game by seats).
Reported per contender: games won by ``hard`` (mean, 95% interval over deals), points per
round of the ``hard`` seats minus the ISMCTS seats (± standard error over deals, 95% interval)
and median CPU ms per decision on both sides (misery picks included).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from trickster_ismcts import DEFAULT_ITERATIONS, TricksterIsmcts

from stickem import Rules
from stickem.ai import make_player
from stickem.game import Game, Phase


@dataclass
class Tally:
    """What one contender scored over the run."""

    wins: list[float] = field(default_factory=list)  # per deal: mean share of the 2 games
    margins: list[float] = field(default_factory=list)  # per deal: points/round hard - ismcts
    hard_ms: list[float] = field(default_factory=list)
    other_ms: list[float] = field(default_factory=list)


def play(
    deal_seed: int, hard_seats: tuple[int, ...], make_hard: Any, make_other: Any
) -> tuple[float, float, list[float], list[float]]:
    """Play one game; return (hard's share of the win, points/round margin, hard ms, other ms)."""
    rules = Rules.preset("amigo")
    game = Game.new(4, rules, seed=deal_seed)
    seats: list[Any] = [
        make_hard(deal_seed + 7919 * s) if s in hard_seats else make_other(deal_seed + 7919 * s)
        for s in range(4)
    ]
    hard_ms: list[float] = []
    other_ms: list[float] = []
    while game.phase is not Phase.GAME_OVER:
        for seat in game.awaiting:
            view = game.view(seat)
            misery = game.phase is Phase.MISERY
            start = time.process_time()
            card = seats[seat].choose_misery(view) if misery else seats[seat].play(view)
            (hard_ms if seat in hard_seats else other_ms).append(1000 * (time.process_time() - start))
            if misery:
                game.choose_misery(seat, card)
            else:
                game.play(seat, card)
    totals = game.view(0).totals
    top = max(totals)
    tied = [s for s in range(4) if totals[s] == top]
    share = sum(1 for s in tied if s in hard_seats) / len(tied)
    rounds = len(game.round_scores)
    hard_points = sum(totals[s] for s in hard_seats) / len(hard_seats)
    other_points = sum(totals[s] for s in range(4) if s not in hard_seats) / (4 - len(hard_seats))
    return share, (hard_points - other_points) / rounds, hard_ms, other_ms


def time_decisions(seed: int, every: int, hard_iterations: int, iterations: int) -> str:
    """Time ``hard`` and the ISMCTS port on the same views; return a Markdown line.

    One game of four ``normal`` players is played; at every ``every``-th decision (misery picks
    included) both ``hard`` (default objective) and the port decide on that seat's view, one
    after the other in this process, and their CPU times are kept.
    """
    game = Game.new(4, Rules.preset("amigo"), seed=seed)
    normal = [make_player("normal", seed + s) for s in range(4)]
    hard = make_player("hard", seed, iterations=hard_iterations)
    port = TricksterIsmcts(seed, iterations)
    hard_ms: list[float] = []
    port_ms: list[float] = []
    count = 0
    while game.phase is not Phase.GAME_OVER:
        for seat in game.awaiting:
            view = game.view(seat)
            misery = game.phase is Phase.MISERY
            if count % every == 0 and len(view.hand or ()) > 1:
                for player, times in ((hard, hard_ms), (port, port_ms)):
                    start = time.process_time()
                    _ = player.choose_misery(view) if misery else player.play(view)
                    times.append(1000 * (time.process_time() - start))
            count += 1
            card = normal[seat].choose_misery(view) if misery else normal[seat].play(view)
            if misery:
                game.choose_misery(seat, card)
            else:
                game.play(seat, card)
    hard_median = statistics.median(hard_ms)
    port_median = statistics.median(port_ms)
    return f"| {len(hard_ms)} | {hard_median:.0f} | {port_median:.0f} | 1 : {port_median / hard_median:.1f} |"


def interval(values: list[float]) -> tuple[float, float]:
    """Return (mean, half-width of the normal 95% interval) of per-deal values."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    """Run the duplicate match and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trickster-iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--hard-iterations", type=int, default=1000)
    parser.add_argument(
        "--opponent",
        choices=("trickster", "hard-round"),
        default="trickster",
        help="the two other seats: the Trickster ISMCTS port, or the earlier hard (round objective)",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=None,
        help="start no new deal after this many seconds (the table covers the deals played)",
    )
    parser.add_argument(
        "--objectives",
        default="",
        help="comma-separated hard objectives to compare (empty: the default hard)",
    )
    parser.add_argument(
        "--time-only",
        type=int,
        default=0,
        metavar="EVERY",
        help="only time hard and the port on every EVERY-th decision of one game of normal seats",
    )
    args = parser.parse_args()
    if args.time_only:
        print(
            f"Decision times on the same views (one amigo game of normal seats, seed {args.seed}, "
            f"every {args.time_only}th decision; hard {args.hard_iterations} iterations, port "
            f"{args.trickster_iterations})\n"
        )
        print("| decisions | hard median CPU ms | port median CPU ms | ratio |")
        print("|---:|---:|---:|---:|")
        print(time_decisions(args.seed, args.time_only, args.hard_iterations, args.trickster_iterations))
        return
    objectives = [o for o in args.objectives.split(",") if o] or ["default"]
    tallies = {o: Tally() for o in objectives}
    started = time.monotonic()

    def make_other(seed: int) -> Any:
        if args.opponent == "trickster":
            return TricksterIsmcts(seed, args.trickster_iterations)
        return make_player("hard", seed, iterations=args.hard_iterations, objective="round")

    played = 0
    for deal in range(args.deals):
        if args.max_seconds is not None and time.monotonic() - started > args.max_seconds:
            break
        played += 1
        deal_seed = random.Random(f"trickster-deal/{args.seed}/{deal}").getrandbits(48)
        for objective in objectives:
            extra = {} if objective == "default" else {"objective": objective}

            def make_hard(seed: int, extra: dict[str, str] = extra) -> Any:
                return make_player("hard", seed, iterations=args.hard_iterations, **extra)

            shares, margins = [], []
            for hard_seats in ((0, 2), (1, 3)):
                share, margin, hard_ms, other_ms = play(deal_seed, hard_seats, make_hard, make_other)
                shares.append(share)
                margins.append(margin)
                tallies[objective].hard_ms.extend(hard_ms)
                tallies[objective].other_ms.extend(other_ms)
                print(
                    f"deal {deal} {objective} hard seats {hard_seats}: share {share:.2f}, "
                    f"margin {margin:+.2f}/round, {time.monotonic() - started:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
            tallies[objective].wins.append(statistics.fmean(shares))
            tallies[objective].margins.append(statistics.fmean(margins))
    elapsed = time.monotonic() - started
    other = (
        f"Trickster ISMCTS port {args.trickster_iterations} iterations"
        if args.opponent == "trickster"
        else f"earlier hard (round objective) {args.hard_iterations} iterations"
    )
    print(
        f"4 players, amigo rules, {played} duplicate deals x 2 sides = {2 * played} games "
        f"per contender, seed {args.seed}; hard {args.hard_iterations} iterations against the "
        f"{other}; {elapsed:.0f} s, one process\n"
    )
    print(
        "| hard objective | games | hard's share of wins (95% CI) | points/round hard - opponent "
        "(95% CI) | hard median CPU ms | opponent median CPU ms | time ratio |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for objective, t in tallies.items():
        win, win_half = interval(t.wins)
        margin, margin_half = interval(t.margins)
        hard_median = statistics.median(t.hard_ms)
        other_median = statistics.median(t.other_ms)
        print(
            f"| {objective} | {2 * len(t.wins)} | {100 * win:.0f}% ± {100 * win_half:.0f} "
            f"| {margin:+.2f} ± {margin_half:.2f} | {hard_median:.0f} | {other_median:.0f} "
            f"| 1 : {other_median / max(hard_median, 1e-9):.1f} |"
        )


if __name__ == "__main__":
    main()
