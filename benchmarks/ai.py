"""Benchmark of the computer players: search speed, decision times and strength.

Run from the repository root: ``python benchmarks/ai.py`` (full: 1,000 rounds per table) or
``python benchmarks/ai.py --rounds 300`` for a shorter run. Prints Markdown tables.

Tables:
1. ISMCTS iterations per second at the first trick of a 5-player round: the default
   configuration (opponents by policy, informed "dump" playouts), classic ISMCTS with the
   same playouts, and classic ISMCTS with plain random playouts.
2. Strength and decision times from the tournament simulator (seats rotate every game):
   ``normal`` vs four ``random``; ``hard`` vs four ``normal``; a mixed 5-player table; and
   the ``amigo`` reference: one ``hard`` seat among three ``random`` seats, 4 players.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickem import Rules
from stickem.ai.core import deck_codes
from stickem.ai.heuristics import choose_misery_card
from stickem.ai.players import DEFAULT_HARD_ITERATIONS
from stickem.ai.search import SearchSettings, run_search
from stickem.ai.situation import Situation, unseen_cards
from stickem.ai.tournament import TableSpec, format_table, run, summarize
from tabletop.console import ProgressBar


def first_trick(seed: int, players: int = 5) -> Situation:
    """A fresh deal after the misery picks, seat 0 to lead the first trick."""
    rng = random.Random(seed)
    deck = deck_codes(players)
    rng.shuffle(deck)
    hands = [sorted(deck[15 * s : 15 * s + 15]) for s in range(players)]
    misery = []
    for hand in hands:
        pick = choose_misery_card(hand)
        hand.remove(pick)
        misery.append(pick)
    return Situation(
        players=players,
        seat=0,
        hand=tuple(hands[0]),
        misery=tuple(misery),
        leader=0,
        trick=(),
        captured=tuple(() for _ in range(players)),
        hand_sizes=tuple(14 for _ in range(players)),
        unseen=unseen_cards(players, tuple(hands[0]), tuple(misery)),
        nobody_on_zeros=False,
    )


def speed_table(deals: int = 7, iterations: int = 4000) -> str:
    """Iterations per second of the search core (wall clock and CPU time), median of deals."""
    lines = [
        "| opponents | playout | iterations/s wall (median) | iterations/s CPU (median) "
        "| best CPU | deals |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for opponents, playout in (("policy", "dump"), ("tree", "dump"), ("tree", "random")):
        wall, cpu = [], []
        for seed in range(deals):
            sit = first_trick(seed)
            settings = SearchSettings(iterations=iterations, playout=playout, opponents=opponents)
            start, cpu_start = time.perf_counter(), time.process_time()
            run_search(sit, settings, random.Random(seed))
            wall.append(iterations / (time.perf_counter() - start))
            cpu.append(iterations / max(1e-9, time.process_time() - cpu_start))
        lines.append(
            f"| {opponents} | {playout} | {statistics.median(wall):,.0f} "
            f"| {statistics.median(cpu):,.0f} | {max(cpu):,.0f} | {deals} |"
        )
    return "\n".join(lines)


def strength(title: str, seats: tuple[str, ...], preset: str, rounds: int, seed: int) -> str:
    """Run one table for about ``rounds`` rounds and return its Markdown section."""
    rules = Rules.preset(preset)
    per_game = rules.rounds_for(len(seats))
    games = max(1, math.ceil(rounds / per_game))
    spec = TableSpec(seats=seats, games=games, rules=rules, seed=seed)
    print(f"{title}: {games} games", file=sys.stderr)
    started = time.monotonic()
    results = run(spec, workers=2, progress=ProgressBar())
    played = sum(len(r.round_scores) for r in results)
    elapsed = time.monotonic() - started
    return (
        f"### {title}\n{len(seats)} players, {preset} rules, seats {', '.join(seats)} "
        f"(rotating), {games} games = {played} rounds, seed {seed}, {elapsed:.0f} s on 2 "
        f"workers\n\n{format_table(summarize(results))}\n"
    )


def main() -> None:
    """Print every benchmark table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per strength table")
    parser.add_argument(
        "--amigo-rounds", type=int, default=None, help="rounds of the amigo table (--rounds)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--only-speed", action="store_true")
    parser.add_argument(
        "--tables",
        default="normal,hard,mixed,amigo",
        help="strength tables to run, comma-separated from: normal,hard,mixed,amigo",
    )
    args = parser.parse_args()
    print(f"## AI benchmark (hard: {DEFAULT_HARD_ITERATIONS} iterations per decision)\n")
    if not args.skip_speed:
        print("### Search core speed, first trick of a 5-player round\n")
        print(speed_table() + "\n", flush=True)
    if args.only_speed:
        return
    tables = [
        ("normal vs random", ("normal", "random", "random", "random", "random"), "classic"),
        ("hard vs normal", ("hard", "normal", "normal", "normal", "normal"), "classic"),
        ("mixed table", ("hard", "normal", "random", "normal", "random"), "classic"),
        ("amigo reference: hard vs three random", ("hard", "random", "random", "random"), "amigo"),
    ]
    chosen = {name.strip() for name in args.tables.split(",")}
    keys = ("normal", "hard", "mixed", "amigo")
    for key, (title, seats, preset) in zip(keys, tables, strict=True):
        if key not in chosen:
            continue
        rounds = args.rounds
        if preset == "amigo" and args.amigo_rounds is not None:
            rounds = args.amigo_rounds
        print(strength(title, seats, preset, rounds, args.seed), flush=True)
    print(
        "Points are per round; 'vs other seats' is the level's mean round score minus the mean "
        "of the other levels' seats in the same games (± one standard error over games). "
        "Decision times include misery picks; CPU ms is the process time of a decision, "
        "which other programs running on the machine do not inflate."
    )


if __name__ == "__main__":
    main()
