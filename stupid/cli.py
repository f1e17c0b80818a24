"""Command line: ``python -m stupid play`` (a game in the terminal) and ``... simulate``.

``python -m stupid play --players 4 --level hard`` starts a game against computer players;
``python -m stupid simulate --seats hard,normal --players 4 --games 200`` plays many games
between computer players and prints a table per level. The progress bar and the seat list are
every game's (:mod:`tabletop.console`).

``stupid play`` speaks the language of ``--language`` (``en``, ``de``: a language of the game's
catalog), else the one the environment asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as
``de_DE.UTF-8``), else English. ``simulate`` prints figures for developers, in English, and the
option errors name the command's flags in English.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

from stupid.ai.players import DEFAULT_PLAYOUTS, LEVELS
from stupid.ai.terminal import TerminalTable
from stupid.ai.tournament import TableSpec, format_table, run, summarize
from stupid.refusals import options_text
from stupid.rules import MAX_DECKS, MAX_HAND_LIMIT, Rules
from stupid.texts import CATALOG
from tabletop.catalog import render
from tabletop.console import (
    ProgressBar,
    add_choice,
    add_language,
    as_flags,
    play_until_interrupted,
    print_wrapped,
    quiet_broken_pipe,
    seat_levels,
    whole_number,
)
from tabletop.console import environment_language as console_language
from tabletop.tournament import columns_note
from tabletop.words import plural

OPTION_NAMES = ("decks", "max_hand")
"""The rule options that are flags here (``--decks``, ``--max-hand``), as the engine names them."""


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(decks=args.decks, max_hand=args.max_hand)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``stupid`` command."""
    parser = argparse.ArgumentParser(prog="stupid", description="Stupid (an Oh Hell game) in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game against computer players")
    play.add_argument("--players", type=int, default=4, help="2-21 players, you included")
    add_choice(play, "--level", LEVELS, default="normal", help="computer players' level")
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the computer players")
    play.add_argument("--no-color", action="store_true", help="plain text, no ANSI colors")
    add_language(play, CATALOG)
    sim = commands.add_parser("simulate", help="play many games between computer players")
    sim.add_argument("--players", type=int, default=None, help="seats at the table")
    sim.add_argument(
        "--seats", default="hard,normal,normal,normal", help="comma-separated levels, one per seat"
    )
    sim.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the games: the same seed plays the same games (default 1)",
    )
    sim.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    sim.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS, help="hard: playouts per decision")
    for sub in (play, sim):
        sub.add_argument(
            "--decks",
            type=whole_number(1, MAX_DECKS, ", or leave --decks out: one deck per 7 players"),
            default=None,
            help=f"decks, 1-{MAX_DECKS} (default: one per 7 players)",
        )
        sub.add_argument(
            "--max-hand",
            type=whole_number(1, MAX_HAND_LIMIT),
            default=7,
            help=f"largest hand, 1-{MAX_HAND_LIMIT} (default 7)",
        )
    return parser


def simulate_command(args: argparse.Namespace) -> int:
    """Run ``stupid simulate``."""
    try:
        rules = _rules(args)
        spec = TableSpec(
            seats=seat_levels(args.seats, args.players, LEVELS),
            games=args.games,
            rules=rules,
            seed=args.seed,
            playouts=args.playouts,
        )
    except ValueError as error:
        print(f"stupid simulate: {as_flags(str(error), OPTION_NAMES)}", file=sys.stderr)
        return 2
    players = len(spec.seats)
    print(
        f"{players} players ({', '.join(spec.seats)}), {rules.describe(players)}, "
        f"{plural(spec.games, 'game')}, seed {spec.seed}"
    )
    try:
        results = run(spec, workers=max(1, args.workers), progress=ProgressBar())
    except KeyboardInterrupt:
        print("\nstupid simulate: interrupted", file=sys.stderr)
        return 130
    print(f"{plural(sum(len(r.round_scores) for r in results), 'round')} played")
    print(format_table(summarize(results)))
    print(columns_note())
    return 0


def environment_language(environ: Mapping[str, str]) -> str:
    """The catalog language the environment asks for (:func:`tabletop.console.environment_language`)."""
    return console_language(CATALOG, environ)


def play_command(args: argparse.Namespace) -> int:
    """Run ``stupid play``."""
    color = not args.no_color and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    language = args.language or environment_language(os.environ)
    problem = _rules(args).problem(args.players)
    if problem is not None:
        # A command-line message ends without a full stop, as argparse's do.
        refusal = as_flags(render(options_text(problem), language), OPTION_NAMES).removesuffix(".")
        print(f"stupid play: {refusal}", file=sys.stderr)
        return 2
    try:
        table = TerminalTable(
            args.players,
            args.level,
            _rules(args),
            args.seed,
            write=print_wrapped,
            color=color,
            language=language,
        )
    except ValueError as error:
        print(f"stupid play: {as_flags(str(error), OPTION_NAMES)}", file=sys.stderr)
        return 2
    return play_until_interrupted(table.run, table.bye())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m stupid``."""
    args = build_parser().parse_args(argv)
    return quiet_broken_pipe(lambda: play_command(args) if args.command == "play" else simulate_command(args))
