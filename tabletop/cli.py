"""The ``stickem`` command: every game in the terminal, ``stickem [--game NAME] play|simulate``.

``--game`` (default: Stick'em) picks one of the games :mod:`tabletop.registry` offers (every
installed game); the rest of the command line goes to that game's own command line: the
``main(argv)`` of the module ``cli`` in the package that holds the game's spec (the built-in
games' ``stickem.cli``, ``stupid.cli``, ``stickgame.cli``; ``python -m stupid play`` runs it
too), whatever the game's name.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import cast

from tabletop import registry

__all__ = ["COMMANDS", "command_line_module", "main"]

COMMANDS = ("play", "simulate")


def _parser() -> argparse.ArgumentParser:
    games = registry.names()
    parser = argparse.ArgumentParser(
        prog="stickem",
        add_help=False,  # -h after the command is the game's own help
        description="Card games in the terminal: play against computer players, or let them play.",
        epilog=(
            "Each game's own options: stickem --game NAME play --help (or simulate --help). "
            f"Games: {', '.join(games)}."
        ),
    )
    parser.add_argument(
        "--game", type=str.lower, choices=games, default=registry.DEFAULT_GAME, help="which game (any case)"
    )
    parser.add_argument("command", nargs="?", choices=COMMANDS, help="play a game, or simulate many")
    parser.add_argument(
        "-h", "--help", action="store_true", help="show this help (after the command: the game's own)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``stickem`` console script; returns the exit code."""
    parser = _parser()
    args, rest = parser.parse_known_args(sys.argv[1:] if argv is None else list(argv))
    if args.command is None:
        if args.help:
            parser.print_help()
            return 0
        parser.error(f"choose a command: {' or '.join(COMMANDS)}")
    if args.help:
        rest.append("--help")
    where = command_line_module(args.game)
    try:
        module = importlib.import_module(where)
    except ModuleNotFoundError as missing:
        if missing.name != where:
            raise
        parser.error(f"the game {args.game!r} has no command line (no module {where} with a main(argv))")
    game_main = cast(Callable[[Sequence[str]], int], module.main)
    return game_main([args.command, *rest])


def command_line_module(name: str) -> str:
    """The module of the registered game ``name``'s own command line: ``cli`` beside the module
    of its spec (``stickem.hosting:GAME`` -> ``stickem.cli``; a spec at the top of a package,
    ``pkg:GAME``, -> ``pkg.cli``)."""
    module = registry.entry(name).partition(":")[0]
    package = module.rpartition(".")[0] or module
    return f"{package}.cli"


if __name__ == "__main__":
    sys.exit(main())
