"""Command line: `stickem-bot` (or `python -m bot`) runs the bot; `stickem-bot sync` forces a command sync."""

from __future__ import annotations

import signal
import sys


def _exit_on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM outside the event loop (while the modules load, before the loop starts, after
    it ends): exit at once, with code 0; nothing is open yet, or anymore."""
    raise SystemExit(0)


def _exit_on_sigint(signum: int, frame: object) -> None:
    """Ctrl-C while the modules load: exit at once with code 130, without a traceback."""
    raise SystemExit(130)


if __name__ == "__main__" or sys.argv[0].endswith("stickem-bot"):
    # From the first moment: loading the modules below takes a second or more. (`main` hands
    # Ctrl-C back to Python, and catches it.)
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    signal.signal(signal.SIGINT, _exit_on_sigint)

import argparse
import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import TextIO

import discord
from dotenv import load_dotenv

from bot.boot.app import StickemBot
from bot.boot.command_sync import CommandSyncError
from bot.boot.config import TOKEN_HELP, ConfigError, Settings, database_url_for, offer_games
from bot.boot.startup import StartupError, check_data_folder, check_database_url, damaged, database_damaged
from bot.runtime import event_loop
from host.storage import SchemaTooNew, StorageConfigError, StorageError, StorageUnavailable
from host.storage.database import redacted

log = logging.getLogger("bot")

LOGIN_FAILED = (
    "Discord refused the token in DISCORD_TOKEN (it was reset, or it belongs to another "
    "application). " + TOKEN_HELP
)


def database_unavailable(settings: Settings, exc: StorageUnavailable) -> str:
    """The paragraph for the host when the database cannot be opened at start."""
    where = redacted(database_url_for(settings))
    return (
        f"The game database ({where}) cannot be opened: {exc.detail or exc}. "
        "Check DATABASE_URL: for SQLite, that the folder exists and the bot may write there; for "
        "PostgreSQL, that the server is running and reachable and that the user, password and "
        "database name are right. Games are kept there, so the bot does not start without it."
    )


def database_unusable(settings: Settings, exc: StorageError) -> str:
    """The paragraph for the host when the database opens but cannot be used at start (its
    schema bookkeeping is damaged, it comes from an unknown version, it refuses the load)."""
    where = redacted(database_url_for(settings))
    detail = " ".join(str(exc).split()) or type(exc).__name__
    return (
        f"The game database ({where}) cannot be used: {detail}. "
        "It may be damaged or belong to another program or version; restore it from a backup or "
        "point DATABASE_URL at the right database. The bot does not start without it."
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="stickem-bot", description="Run the Stick'em Discord bot.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect to Discord and host games (the default)")
    sync = sub.add_parser(
        "sync", help="register the slash commands now (in DEV_GUILD_ID if set, else globally), then exit"
    )
    target = sync.add_mutually_exclusive_group()
    target.add_argument("--guild", type=int, default=None, help="a server id: register there only (instant)")
    target.add_argument(
        "--global",
        dest="sync_global",
        action="store_true",
        help="register globally even if DEV_GUILD_ID is set, and remove the development copies",
    )
    return parser


QUIET_LOGGERS = {"discord": logging.INFO, "sqlalchemy": logging.WARNING, "aiosqlite": logging.INFO}
"""Other libraries' loggers and the lowest level each may log at, whatever LOG_LEVEL says.

Below it, discord.py logs interaction tokens and the JSON of every request, SQLAlchemy (at
INFO) and aiosqlite (at DEBUG) every statement with its parameters: players' hidden cards, the
game's seed (which re-deals every hand), the bot's token. LOG_LEVEL=DEBUG is for the bot's own
code. (asyncpg logs no statements.)"""


PLAIN_LOG_FORMAT = logging.Formatter("%(asctime)s %(levelname)-8s %(name)s %(message)s", "%Y-%m-%d %H:%M:%S")
"""Log lines for a file or a pipe: discord.py's coloured lines without their colours."""


def colours_for(stream: TextIO) -> bool:
    """Whether log lines written to ``stream`` get ANSI colours: only on a terminal, and not if
    the NO_COLOR convention asks for none. (discord.py also colours every stream inside Docker,
    which fills files and log collectors with escape codes.)"""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def setup_logging(level: int, stream: TextIO | None = None) -> None:
    """Log to ``stream`` (standard error) through discord.py's handler set-up, coloured on a
    terminal only, keeping the `QUIET_LOGGERS` at their lowest safe level."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    formatter = discord.utils.MISSING if colours_for(handler.stream) else PLAIN_LOG_FORMAT
    discord.utils.setup_logging(handler=handler, formatter=formatter, level=level)
    for name, lowest in QUIET_LOGGERS.items():
        logging.getLogger(name).setLevel(max(level, lowest))


EXIT_CODES = {signal.SIGTERM: 0, signal.SIGINT: 130}
"""The signals that stop the bot, and its exit code for each: SIGTERM (what `docker stop` and
systemd send) is the normal way to stop it; Ctrl-C exits as shells expect of an interrupt."""


async def until_signal(work: Awaitable[None]) -> int:
    """Run ``work`` until it ends or a signal of `EXIT_CODES` arrives; the exit code.

    A signal stops the bot at any moment, at once: opening the database, retrying Discord, or
    hosting games. ``work`` is cancelled, and the caller's ``async with bot`` closes the bot (the
    connection, the computer players' processes, the database after its last write). A second
    signal while it closes changes nothing: the close is bounded, and cutting it short could
    lose a write. A failure of ``work`` is raised.
    """
    stopped = asyncio.Event()
    received: list[signal.Signals] = []

    def stop(signum: signal.Signals) -> None:
        if not received:
            log.info("Stopping (%s).", signum.name)
            received.append(signum)
            stopped.set()

    loop = asyncio.get_running_loop()
    for signum in EXIT_CODES:
        with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers here
            loop.add_signal_handler(signum, stop, signum)
    running = asyncio.ensure_future(work)
    waiting = asyncio.create_task(stopped.wait())
    await asyncio.wait((running, waiting), return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    running.cancel()  # nothing if it has ended
    with contextlib.suppress(asyncio.CancelledError):
        await running
    return EXIT_CODES[received[0]] if received else 0


async def _run(settings: Settings) -> int:
    """`stickem-bot run`: host games until a signal stops the bot; the exit code."""
    log.info("Event loop: %s.", settings.event_loop)
    async with StickemBot(settings) as bot:
        return await until_signal(bot.start(settings.token))


async def _sync(settings: Settings, guild_id: int | None, sync_global: bool) -> int:
    """`stickem-bot sync`: register the slash commands, then exit; the exit code."""
    bot = StickemBot(settings, force_sync=True, sync_guild_id=guild_id, sync_global=sync_global)
    async with bot:
        return await until_signal(bot.login(settings.token))  # login runs setup_hook, which syncs


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `stickem-bot` console script; returns the process exit code."""
    try:
        before = signal.signal(signal.SIGTERM, _exit_on_sigterm)
        interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not in the main thread (a test's): signals are not ours to handle
        before = interrupt = None
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return EXIT_CODES[signal.SIGINT]
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)
        if interrupt is not None:
            signal.signal(signal.SIGINT, interrupt)


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    load_dotenv(Path.cwd() / ".env", override=False)
    try:
        settings = Settings.from_env(os.environ)
        offer_games(settings.games)  # a game that cannot be loaded is a setting refused
    except ConfigError as exc:
        print(f"stickem-bot: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    try:
        if args.command == "sync":
            work = _sync(settings, args.guild, args.sync_global)
        else:
            check_data_folder(settings.data_dir)
            check_database_url(database_url_for(settings))
            work = _run(settings)
        try:
            return event_loop.run(work, settings.event_loop)
        finally:  # closing the event loop gave SIGTERM back its default, fatal, action
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGTERM, _exit_on_sigterm)
    except Exception as exc:
        explained = explain(settings, exc)
        if explained is None:
            raise
        log.debug("The start-up failed:", exc_info=exc)
        print(f"stickem-bot: {explained}", file=sys.stderr)
        return 2


def explain(settings: Settings, exc: Exception) -> str | None:
    """The paragraph for a failure that stops the bot at start-up, or None for a bug."""
    if isinstance(exc, StartupError):
        return str(exc)
    if isinstance(exc, discord.LoginFailure):
        return LOGIN_FAILED
    if isinstance(exc, (CommandSyncError, StorageConfigError, SchemaTooNew)):
        return str(exc)
    if isinstance(exc, StorageUnavailable):
        if damaged(exc):
            return database_damaged(redacted(database_url_for(settings)), exc)
        return database_unavailable(settings, exc)
    if isinstance(exc, StorageError):
        return database_unusable(settings, exc)
    return None


if __name__ == "__main__":
    sys.exit(main())
