"""Maintenance from the command line: `python -m host.storage prune --days 180`, `... info` and
`... ratings [--server ID] [--game NAME] [--store]` (every rating recomputed from the finished
games and printed; with --store the stored ratings are replaced by them, e.g. after a change of
the rating model's parameters. Games pruned before are no longer stored and so no longer count).

Uses the bot's database (DATABASE_URL, else stickem.sqlite3 in STICKEM_DATA_DIR or the working
directory; from the environment or a .env file in the working directory, like the bot) or
--database-url; safe to run while the bot is running. It never creates a database: a URL that
leads to no Stick'em database is an error ("no Stick'em database at ...").
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

from dotenv import load_dotenv

from host.storage.database import DATABASE_FILENAME, DEFAULT_DATABASE_URL, normalise_url, redacted
from host.storage.errors import StorageError
from host.storage.records import GameStatus
from host.storage.store import Storage
from tabletop.words import plural


def default_database_url() -> str:
    """The bot's database: DATABASE_URL, else stickem.sqlite3 in STICKEM_DATA_DIR (or here)."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        return url
    data_dir = os.environ.get("STICKEM_DATA_DIR", "").strip()
    return f"sqlite:///{Path(data_dir) / DATABASE_FILENAME}" if data_dir else DEFAULT_DATABASE_URL


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage", description="Stick'em database maintenance."
    )
    parser.add_argument(
        "--database-url",
        default=default_database_url(),
        help=(
            "database to work on (default: DATABASE_URL, else stickem.sqlite3 in STICKEM_DATA_DIR, "
            "else in the current folder; each from the environment or ./.env, the environment "
            f"first; now: {redacted(default_database_url())})".replace("%", "%%")
        ),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    prune = commands.add_parser("prune", help="delete finished and stopped games older than an age")
    prune.add_argument("--days", type=float, required=True, help="keep games that ended fewer days ago")
    commands.add_parser("info", help="print the schema version and how many games are stored")
    ratings = commands.add_parser(
        "ratings", help="recompute every rating from the finished games and print them"
    )
    ratings.add_argument("--server", type=int, help="only this server (its id)")
    ratings.add_argument("--game", help="only this game (its name, e.g. stickem)")
    ratings.add_argument(
        "--store", action="store_true",
        help="replace the stored ratings by the recomputed ones (games pruned before no longer count)",
    )
    return parser


async def run(argv: Sequence[str]) -> str:
    """Run one maintenance command and return what to print; raises StorageError on failure."""
    args = build_parser().parse_args(argv)
    if args.command == "prune" and args.days < 0:
        raise StorageError("--days must not be negative")
    _require_sqlite_file(args.database_url)
    # Never create the schema: an empty database is a wrong URL, not the bot's database.
    storage = await Storage.open(args.database_url, create=False)
    try:
        if args.command == "prune":
            removed = await storage.games.prune_finished(timedelta(days=args.days))
            days = plural(int(args.days), "day") if float(args.days).is_integer() else f"{args.days:g} days"
            return f"pruned {plural(removed, 'game')} that ended more than {days} ago"
        if args.command == "ratings":
            # Imported here: openskill is needed by this command only.
            from host.storage.rated import describe, recompute

            if args.store:
                history = await storage.ratings.recompute_ratings(args.server, args.game)
                return f"{describe(history)}\n\nstored: these ratings replace the ones kept before"
            return describe(await recompute(storage.stats, args.server, args.game))
        loaded = await storage.games.load_unfinished_games()
        return (
            f"{storage.backend} database, schema version {storage.schema_version}: "
            f"{plural(sum(g.record.status is GameStatus.ACTIVE for g in loaded.games), 'unfinished game')}, "
            f"{len(loaded.problems)} unreadable"
        )
    finally:
        await storage.close()


def _require_sqlite_file(url: str) -> None:
    """Refuse a SQLite URL whose file does not exist (opening it would create an empty one)."""
    parsed, backend = normalise_url(url)
    path = parsed.database or ""
    plain_file = backend == "sqlite" and path not in ("", ":memory:") and not path.startswith("file:")
    file = Path(path).expanduser()
    # (A missing folder is reported by Storage.open, with its own message.)
    if plain_file and file.parent.is_dir() and not file.exists():
        raise StorageError(f"no Stick'em database at {redacted(url)} (the file does not exist)")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: print the result, or the error for the host, and return the exit code."""
    # Storage logs unreadable games as errors; its connection warnings repeat what is printed below.
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    # The same .env as the bot (DATABASE_URL, STICKEM_DATA_DIR); the environment wins.
    load_dotenv(Path.cwd() / ".env", override=False)
    try:
        print(asyncio.run(run(sys.argv[1:] if argv is None else argv)))
    except StorageError as exc:
        detail = getattr(exc, "detail", "")
        print(f"error: {exc}" + (f" ({detail})" if detail else ""), file=sys.stderr)
        return 1
    return 0
