"""What the game protocol costs: complete random games through ``tabletop`` against the engine.

Run from the repository root: ``python benchmarks/protocol.py [--seconds S]``.

The host will drive every game through :mod:`tabletop` (actions as text, ``legal_actions``,
``apply`` returning events, ``stage``, ``log``); this measures that path against the same game
played through the engine's own API, in the same run, as a ratio. Each decision through the
protocol does what a table will do per move: read ``awaiting``, list ``legal_actions``, ``apply``
one, read ``stage``. Per game it also replays the whole ``log`` once (what a restart does).
Every game the registry offers gets a row; Stick'em also gets its engine-only row for the ratio.
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

from benchmarks.engine import play_random_game
from stickem import Rules
from stickem.hosting import rules_for
from tabletop import GameSpec, registry


def protocol_game(spec: GameSpec, players: int, seed: int, rng: Random, *, replay: bool) -> int:
    """One random game through the protocol (then its replay, if asked); the decisions."""
    options = spec.resolve_options({})
    match = spec.new_match(players, options, seed)
    decisions = 0
    bits = rng.getrandbits
    while not match.is_over:
        awaiting = match.awaiting
        seat = awaiting[bits(30) % len(awaiting)]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[bits(30) % len(legal)])
        _ = match.stage
        decisions += 1
    if replay:
        spec.replay(players, options, seed, match.log)
    return decisions


def rate(play: Callable[[int, Random], int], seconds: float) -> tuple[float, float]:
    """Games and decisions per second over batches of 5 games for ``seconds``: the medians."""
    rng = Random(7)
    games_rates: list[float] = []
    decision_rates: list[float] = []
    seed = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or not games_rates:
        started = time.perf_counter()
        decisions = 0
        for _ in range(5):
            seed += 1
            decisions += play(seed, rng)
        spent = time.perf_counter() - started
        games_rates.append(5 / spent)
        decision_rates.append(decisions / spent)
    return statistics.median(games_rates), statistics.median(decision_rates)


def main() -> None:
    """Print one row per game, and the protocol's cost for Stick'em as a ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per row")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print("| game | path | games/s | decisions/s |")
    print("|---|---|---|---|")
    stickem = registry.game("stickem")
    rules: Rules = rules_for(stickem.resolve_options({}))
    engine = rate(lambda seed, rng: play_random_game(args.players, rules, seed, rng)[1], args.seconds)
    print(f"| stickem | engine API | {engine[0]:.1f} | {engine[1]:,.0f} |")
    for name in registry.names():
        spec = registry.game(name)
        low, high = spec.player_range(spec.resolve_options({}))
        players = min(max(args.players, low), high)
        for replay in (False, True):
            through = rate(
                lambda seed, rng, spec=spec, players=players, replay=replay: protocol_game(
                    spec, players, seed, rng, replay=replay
                ),
                args.seconds,
            )
            path = "protocol, then a replay of the log" if replay else "protocol"
            print(f"| {name} | {path} | {through[0]:.1f} | {through[1]:,.0f} |")
            if name == "stickem" and not replay:
                ratio = f"{through[1] / engine[1]:.2f}x"
                print(f"| | Stick'em through the protocol: {ratio} the engine's decisions/s | | |")


if __name__ == "__main__":
    main()
