"""Stick Game engine speed: complete games per second and meld checks per second.

Run from the repository root: ``python benchmarks/stickgame_engine.py [--games N]``.

Games go through the public API only: per action ``game.turn``, ``game.legal_actions(seat)``,
a random pick (laying cards down or off nine times in ten when possible), ``game.apply``. The
rules are the standard ones (15 cards, 7 sticks to win). Meld checks: ``make_meld`` on random
3-6 card groups (most fail, as a computer player's candidates do) and ``completes`` on
minimal completing melds of every stick.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickgame import DECK, STICKS, Game, MeldError, Rules, completes, make_meld
from stickgame.actions import AddMeld, LayDown, LayOff
from stickgame.solver import find_completion


def random_game(players: int, seed: int) -> tuple[int, int]:
    """One complete game of random legal actions; returns (actions, rounds)."""
    game = Game.new(players, Rules(), seed)
    rng = Random(seed)
    actions = 0
    while not game.is_over:
        seat = game.turn
        options = game.legal_actions(seat)
        laying = [a for a in options if isinstance(a, LayDown | LayOff | AddMeld)]
        game.apply(seat, rng.choice(laying) if laying and rng.random() < 0.9 else rng.choice(options))
        actions += 1
    return actions, game.round


def meld_checks(seconds: float) -> tuple[float, float]:
    """(make_meld calls per second, completes calls per second)."""
    rng = Random(1)
    groups = [rng.sample(DECK, rng.randint(3, 6)) for _ in range(2000)]
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for group in groups:
            with contextlib.suppress(MeldError):
                make_meld(group)
        count += len(groups)
    melds_rate = count / (time.perf_counter() - start)
    two_decks = list(DECK[:108])  # every card twice: completes any stick
    samples = []
    for stick in STICKS[:40]:
        plays = find_completion(two_decks, stick)
        assert plays is not None
        samples.append((stick, [list(play.cards) for play in plays]))
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for stick, melds in samples:
            completes(stick, melds)
        count += len(samples)
    return melds_rate, count / (time.perf_counter() - start)


def main() -> None:
    """Print games per second for 2 and 4 players, then meld checks per second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per meld-check row")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {args.games} games per row")
    print(f"{'players':>7} {'games/s':>8} {'actions/s':>10} {'actions/game':>13} {'rounds/game':>12}")
    for players in (2, 4):
        spent = []
        actions = []
        rounds = []
        for seed in range(args.games):
            start = time.perf_counter()
            count, round_no = random_game(players, seed)
            spent.append(time.perf_counter() - start)
            actions.append(count)
            rounds.append(round_no)
        total = sum(spent)
        print(
            f"{players:>7} {args.games / total:>8.2f} {sum(actions) / total:>10.0f} "
            f"{statistics.fmean(actions):>13.0f} {statistics.fmean(rounds):>12.1f}"
        )
    melds_rate, completes_rate = meld_checks(args.seconds)
    print(f"make_meld on random 3-6 card groups: {melds_rate:,.0f} per second")
    print(f"completes on completing melds of every stick: {completes_rate:,.0f} per second")


if __name__ == "__main__":
    main()
