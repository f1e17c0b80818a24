"""Maintenance from the command line: `python -m bot.storage prune --days 180` and `... info`.

Uses the bot's database (DATABASE_URL, else stickem.sqlite3 in STICKEM_DATA_DIR or the working
directory) or --database-url; safe to run while the bot is running.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

from bot.config import DEFAULT_DATABASE_URL
from bot.storage.errors import StorageError
from bot.storage.store import Storage


def default_database_url() -> str:
    """The bot's database: DATABASE_URL, else stickem.sqlite3 in STICKEM_DATA_DIR (or here)."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        return url
    data_dir = os.environ.get("STICKEM_DATA_DIR", "").strip()
    return f"sqlite:///{Path(data_dir) / 'stickem.sqlite3'}" if data_dir else DEFAULT_DATABASE_URL


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage", description="Stick'em database maintenance."
    )
    parser.add_argument(
        "--database-url",
        default=default_database_url(),
        help="database to work on (default: $DATABASE_URL, else %(default)s)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    prune = commands.add_parser("prune", help="delete finished and stopped games older than an age")
    prune.add_argument("--days", type=float, required=True, help="keep games that ended fewer days ago")
    commands.add_parser("info", help="print the schema version and how many games are stored")
    return parser


async def run(argv: Sequence[str]) -> str:
    """Run one maintenance command and return what to print; raises StorageError on failure."""
    args = build_parser().parse_args(argv)
    storage = await Storage.open(args.database_url)
    try:
        if args.command == "prune":
            if args.days < 0:
                raise StorageError("--days must not be negative")
            removed = await storage.prune_finished(timedelta(days=args.days))
            return f"pruned {removed} game(s) that ended more than {args.days:g} day(s) ago"
        loaded = await storage.load_unfinished_games()
        return (
            f"{storage.backend} database, schema version {storage.schema_version}: "
            f"{len(loaded.games)} unfinished game(s), {len(loaded.problems)} unreadable"
        )
    finally:
        await storage.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: print the result, or the error for the host, and return the exit code."""
    # Storage logs unreadable games as errors; its connection warnings repeat what is printed below.
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    try:
        print(asyncio.run(run(sys.argv[1:] if argv is None else argv)))
    except StorageError as exc:
        detail = getattr(exc, "detail", "")
        print(f"error: {exc}" + (f" ({detail})" if detail else ""), file=sys.stderr)
        return 1
    return 0
