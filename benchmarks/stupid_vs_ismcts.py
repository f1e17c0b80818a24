"""Stupid: our ``hard`` against OpenSpiel's ISMCTS (an outside opponent), on duplicate deals.

Needs the ``bench`` extra: ``pip install -e '.[bench]'`` (the ``open-spiel`` package). Run from
the repository root::

    nice -n 10 python benchmarks/stupid_vs_ismcts.py --deals 20 --matches hard@12,hard@60

Four players, full 13-round games on the real engine, every decision from ``game.view(seat)``.
Each deal (a game seed) is played twice: ours in seats 0 and 2 and ISMCTS in 1 and 3, then
the other way round, so both sides get the same cards. ISMCTS is OpenSpiel's Python
``ISMCTSBot`` with random rollouts, searching one round of Stupid written as an OpenSpiel game
with Stupid's real scoring (:mod:`openspiel_stupid`); its budget is a fixed number of
iterations per decision and every random choice on both sides comes from ``--seed``, so a run
replays. ``--matches`` lists our player and ISMCTS's budget per table (``hard@60``): ours is ``hard``
(the shipped level) or ``hard-round`` (the search that maximizes the round's score difference,
the level before it played for the game); every deal is played at every table.

Reported per ISMCTS budget: our points per round minus theirs (mean of our two seats minus
mean of theirs) ± one standard error over deals, our share of the games' wins (a shared win
counts shared; 50% is level) ± one standard error, and CPU ms per decision on both sides
(mean and median over decisions with more than one legal choice). A 95% interval is about
± 1.96 standard errors.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from openspiel_stupid import IsmctsSeat

from stupid.actions import Action
from stupid.ai.players import DEFAULT_PLAYOUTS, make_player
from stupid.game import Game
from stupid.views import View

PLAYERS = 4


@dataclass
class Tally:
    """Per-deal samples and decision times of one ISMCTS budget."""

    diffs: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    ours_ms: list[float] = field(default_factory=list)
    theirs_ms: list[float] = field(default_factory=list)


def _ours(kind: str, seed: int, playouts: int) -> object:
    if kind == "hard":
        return make_player("hard", seed, playouts=playouts)
    if kind == "hard-round":
        return make_player("hard", seed, playouts=playouts, reward="round")
    raise SystemExit(f"unknown player {kind!r} in --matches")


def play(
    game_seed: int, ours_first: bool, kind: str, iterations: int, playouts: int, tally: Tally
) -> tuple[float, float]:
    """One game; returns (our points per round minus theirs, our share of the win)."""
    game = Game.new(PLAYERS, seed=game_seed)
    mine = [(seat % 2 == 0) == ours_first for seat in range(PLAYERS)]
    seats = [
        _ours(kind, game_seed + 7919 * seat, playouts)
        if mine[seat]
        else IsmctsSeat(game_seed + 7919 * seat, iterations)
        for seat in range(PLAYERS)
    ]
    while not game.is_over:
        seat = game.awaiting[0]
        view: View = game.view(seat)
        start = time.process_time()
        action: Action = seats[seat].act(view)  # type: ignore[attr-defined]
        spent = (time.process_time() - start) * 1000
        if len(view.legal) > 1:
            (tally.ours_ms if mine[seat] else tally.theirs_ms).append(spent)
        game.apply(seat, action)
    totals = game.totals
    rounds = len(game.round_scores)
    ours = sum(t for s, t in enumerate(totals) if mine[s]) / 2
    theirs = sum(t for s, t in enumerate(totals) if not mine[s]) / 2
    winners = game.winners
    share = sum(1 for s in winners if mine[s]) / len(winners)
    return (ours - theirs) / rounds, share


def _se(values: list[float]) -> float:
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")


def main() -> None:
    """Play the match and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals, each played from both sides")
    parser.add_argument(
        "--matches",
        default="hard@12,hard@60",
        help="comma separated ours@iterations: ours is hard or hard-round, iterations ISMCTS's per decision",
    )
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=0, help="start no deal after this (0: no limit)")
    args = parser.parse_args()
    matches = [item.split("@") for item in args.matches.split(",")]
    tallies = {(int(n), kind): Tally() for kind, n in matches}
    start = time.perf_counter()
    played = 0
    for deal in range(args.deals):
        if args.minutes and time.perf_counter() - start > 60 * args.minutes:
            break
        game_seed = random.Random(f"stupid-vs-ismcts/{args.seed}/{deal}").getrandbits(48)
        for (iterations, kind), tally in tallies.items():
            a = play(game_seed, True, kind, iterations, args.playouts, tally)
            b = play(game_seed, False, kind, iterations, args.playouts, tally)
            tally.diffs.append((a[0] + b[0]) / 2)
            tally.wins.append((a[1] + b[1]) / 2)
            print(
                f"  deal {deal} {kind} vs {iterations}: {tally.diffs[-1]:+.2f} {tally.wins[-1]:.2f} "
                f"(mean {statistics.fmean(tally.diffs):+.2f}, {statistics.fmean(tally.wins):.2f})",
                file=sys.stderr,
                flush=True,
            )
        played += 1
    spent = time.perf_counter() - start
    print(
        f"Python {sys.version.split()[0]}; {played} deals x 2 sides, 4 players, 13 rounds; seed {args.seed}; "
        f"ours {args.playouts} playouts; {spent:.0f} s"
    )
    print()
    print(
        "| ours | ISMCTS iterations | ours - ISMCTS, points a round | our share of wins "
        "| ours ms/decision (mean, median) | ISMCTS ms/decision (mean, median) |"
    )
    print("|---|---|---|---|---|---|")
    for (iterations, kind), tally in tallies.items():
        print(
            f"| {kind} | {iterations} | {statistics.fmean(tally.diffs):+.2f} ± {_se(tally.diffs):.2f} "
            f"| {100 * statistics.fmean(tally.wins):.1f}% ± {100 * _se(tally.wins):.1f} "
            f"| {statistics.fmean(tally.ours_ms):.1f}, {statistics.median(tally.ours_ms):.1f} "
            f"| {statistics.fmean(tally.theirs_ms):.1f}, {statistics.median(tally.theirs_ms):.1f} |"
        )


if __name__ == "__main__":
    main()
