"""Command line: ``python -m stickgame play`` (a game in the terminal) and ``... simulate``.

``python -m stickgame play --players 4 --level hard`` starts a game against computer players
(:mod:`stickgame.terminal`); ``python -m stickgame simulate --seats hard,normal --games 20``
plays many games between computer players and prints a table per level. The exits (``quit``,
Ctrl-D, Ctrl-C), the wrapping of long lines and a closed pipe are every game's
(:mod:`tabletop.console`); a mistake on the command line goes to stderr with exit code 2.

``stickgame play`` speaks the language of ``--language`` (``en``, ``de``: a language of the game's
catalog), else the one the environment asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as
``de_DE.UTF-8``), else English. ``simulate`` prints figures for developers, in English.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

from tabletop.catalog import render
from tabletop.console import (
    INTERRUPTED,
    ProgressBar,
    add_choice,
    add_language,
    play_until_interrupted,
    print_wrapped,
    quiet_broken_pipe,
    whole_number,
)
from tabletop.console import environment_language as console_language

from .ai import LEVELS
from .rules import MAX_PLAYERS, MIN_PLAYERS, SCORING, Rules
from .simulate import format_stats, header, tournament
from .terminal import TerminalTable
from .texts import CATALOG, t

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m stickgame``."""
    parser = argparse.ArgumentParser(prog="stickgame", description="Stick Game in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play against computer players")
    play.add_argument("--players", type=int, default=3, help="2-8 players, you included (default 3)")
    add_choice(play, "--level", LEVELS, default="normal", help="computer players' level")
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the computer players")
    add_language(play, CATALOG)
    sim = commands.add_parser("simulate", help="play many games between computer players")
    sim.add_argument(
        "--seats", default="hard,normal", help="comma-separated levels, one per seat (2-8 seats)"
    )
    sim.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the games: the same seed plays the same games (default 1)",
    )
    for sub in (play, sim):
        add_choice(
            sub,
            "--scoring",
            SCORING,
            default="sticks",
            help="who wins: most completed sticks, or most points (default sticks)",
        )
        sub.add_argument(
            "--sticks-to-win",
            type=whole_number(1, 7),
            default=7,
            help="completed sticks that end the game, 1-7 (default 7)",
        )
    return parser


def _rules(args: argparse.Namespace) -> Rules:
    if not 1 <= args.sticks_to_win <= 7:
        raise ValueError(f"--sticks-to-win must be 1 to 7, not {args.sticks_to_win}")
    return Rules(scoring=args.scoring, sticks_to_win=args.sticks_to_win)


def environment_language(environ: Mapping[str, str]) -> str:
    """The catalog language the environment asks for (:func:`tabletop.console.environment_language`)."""
    return console_language(CATALOG, environ)


def play_command(args: argparse.Namespace) -> int:
    """Run ``stickgame play``."""
    language = args.language or environment_language(os.environ)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        # The game's refusal; a command-line message ends without a full stop, as argparse's do.
        refusal = t("refusal.players", low=MIN_PLAYERS, high=MAX_PLAYERS, players=args.players)
        print(f"stickgame play: {render(refusal, language).removesuffix('.')}", file=sys.stderr)
        return 2
    try:
        table = TerminalTable(
            args.players, args.level, _rules(args), args.seed, write=print_wrapped, language=language
        )
    except ValueError as error:
        print(f"stickgame play: {error}", file=sys.stderr)
        return 2
    return play_until_interrupted(table.run, table.bye())


def simulate_command(args: argparse.Namespace) -> int:
    """Run ``stickgame simulate``."""
    try:
        levels = [level.strip().lower() for level in args.seats.split(",") if level.strip()]
        if not MIN_PLAYERS <= len(levels) <= MAX_PLAYERS or any(level not in LEVELS for level in levels):
            raise ValueError(f"--seats needs {MIN_PLAYERS}-{MAX_PLAYERS} levels out of {', '.join(LEVELS)}")
        if args.games < 1:
            raise ValueError(f"--games must be at least 1, not {args.games}")
        rules = _rules(args)
    except ValueError as error:
        print(f"stickgame simulate: {error}", file=sys.stderr)
        return 2
    print(header(levels, args.games, rules, args.seed))
    try:
        results = tournament(levels, args.games, rules, args.seed, progress=ProgressBar())
    except KeyboardInterrupt:
        print("\nstickgame simulate: interrupted", file=sys.stderr)
        return INTERRUPTED
    print(format_stats(results))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m stickgame``; returns the exit status."""
    args = build_parser().parse_args(argv)
    return quiet_broken_pipe(lambda: play_command(args) if args.command == "play" else simulate_command(args))
