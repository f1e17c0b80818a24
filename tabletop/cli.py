"""The ``stickem`` command: every game in the terminal, ``stickem [--game NAME] play|simulate``.

``--game`` (default: Stick'em) picks one of the games :mod:`tabletop.registry` offers; the rest
of the command line goes to that game's own command line (``<game>.cli:main``: each game
package has one, e.g. ``python -m stupid play``), found by name like the game itself.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import cast

from tabletop import registry

__all__ = ["COMMANDS", "main"]

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
    game_main = cast(Callable[[Sequence[str]], int], importlib.import_module(f"{args.game}.cli").main)
    return game_main([args.command, *rest])


if __name__ == "__main__":
    sys.exit(main())
