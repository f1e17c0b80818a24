"""Command line: ``stickem play`` (a game in the terminal) and ``stickem simulate``.

``python -m stickem play`` starts a game against computer players; ``python -m stickem
simulate --seats hard,normal,random --games 1000`` plays many games between computer players
on two processes and prints a table per level.

``stickem play`` speaks the language of ``--language`` (``en``, ``de``: a language of the game's
catalog), else the one the environment asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as
``de_DE.UTF-8``), else English. ``simulate`` prints figures for developers, in English.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

from stickem.ai.players import LEVELS
from stickem.ai.terminal import TerminalTable, players_refusal
from stickem.ai.tournament import TableSpec, format_table, run, summarize
from stickem.rules import PRESETS, Rules
from stickem.texts import CATALOG
from tabletop.catalog import render
from tabletop.console import (
    ProgressBar,
    add_choice,
    add_language,
    play_until_interrupted,
    print_wrapped,
    quiet_broken_pipe,
    seat_levels,
)
from tabletop.console import environment_language as console_language
from tabletop.tournament import columns_note
from tabletop.words import plural


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``stickem`` command."""
    parser = argparse.ArgumentParser(prog="stickem", description="Stick'em in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play a game against computer players")
    play.add_argument("--players", type=int, default=4, help="3-7 players, you included")
    add_choice(play, "--level", LEVELS, default="normal", help="computer players' level")
    add_choice(play, "--rules", PRESETS, default="classic", help="rule preset")
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the AI")
    play.add_argument("--no-color", action="store_true", help="plain text, no ANSI colors")
    add_language(play, CATALOG)

    sim = commands.add_parser("simulate", help="play many games between computer players")
    sim.add_argument("--players", type=int, default=None, help="seats at the table")
    sim.add_argument(
        "--seats",
        default="hard,normal,random",
        help="comma-separated levels, one per seat (repeated to fill --players)",
    )
    sim.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    add_choice(sim, "--rules", PRESETS, default="classic", help="rule preset")
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the games: the same seed plays the same games (default 1)",
    )
    sim.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    sim.add_argument("--iterations", type=int, default=None, help="hard: search iterations")
    sim.add_argument("--time-budget", type=float, default=None, help="hard: seconds per move")
    return parser


def check_players(rules: Rules, players: int) -> None:
    """Raise ValueError with the allowed range when ``rules`` do not allow ``players`` players."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"{rules.preset} rules allow {rules.min_players}-{rules.max_players} players, not {players}"
        )


def simulate_command(args: argparse.Namespace) -> int:
    """Run ``stickem simulate``."""
    try:
        rules = Rules.preset(args.rules)
        if args.players is not None:
            check_players(rules, args.players)
        spec = TableSpec(
            seats=seat_levels(args.seats, args.players, LEVELS),
            games=args.games,
            rules=rules,
            seed=args.seed,
            iterations=args.iterations,
            time_budget=args.time_budget,
        )
    except ValueError as error:
        print(f"stickem simulate: {error}", file=sys.stderr)
        return 2
    print(
        f"{len(spec.seats)} players ({', '.join(spec.seats)}), {rules.preset} rules, "
        f"{plural(spec.games, 'game')}, seed {spec.seed}"
    )
    try:
        results = run(spec, workers=max(1, args.workers), progress=ProgressBar())
    except KeyboardInterrupt:
        print("\nstickem simulate: interrupted", file=sys.stderr)
        return 130
    rounds = sum(len(r.round_scores) for r in results)
    print(f"{plural(rounds, 'round')} played")
    print(format_table(summarize(results)))
    print(columns_note())
    return 0


def environment_language(environ: Mapping[str, str]) -> str:
    """The catalog language the environment asks for (:func:`tabletop.console.environment_language`)."""
    return console_language(CATALOG, environ)


def play_command(args: argparse.Namespace) -> int:
    """Run ``stickem play``."""
    color = not args.no_color and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    language = args.language or environment_language(os.environ)
    rules = Rules.preset(args.rules)
    if not rules.allows(args.players):
        print(f"stickem play: {render(players_refusal(rules, args.players), language)}", file=sys.stderr)
        return 2
    table = TerminalTable(
        args.players, args.level, rules, args.seed, write=print_wrapped, color=color, language=language
    )
    return play_until_interrupted(table.run, table.bye())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``stickem`` console script."""
    args = build_parser().parse_args(argv)
    return quiet_broken_pipe(lambda: play_command(args) if args.command == "play" else simulate_command(args))
