"""Configuration: read once from the environment (and `.env`) into one frozen object."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.boot.shards import EVERY_SHARD, MAX_SHARDS, ShardPlan
from bot.runtime.event_loop import LOOPS, loop_factory
from host.autoplay import AutoplaySettings
from host.autoplay.pace import MOVES_IN_FLIGHT
from host.storage.database import DATABASE_FILENAME, DEFAULT_DATABASE_URL, normalise_url, redacted
from host.storage.errors import StorageConfigError
from tabletop import registry

DEFAULT_DATA_DIR = "."

_LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# A bot token is three URL-safe base64 segments: the bot's id, a timestamp and an HMAC.
_TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")

TOKEN_HELP = (
    "Get a token in the Discord Developer Portal (https://discord.com/developers/applications): "
    "open your application (or create one with 'New Application'), go to 'Bot', press "
    "'Reset Token' and copy it. Put it in a file named .env next to where you start the bot, "
    "as the line DISCORD_TOKEN=<your token> (see .env.example), or set the DISCORD_TOKEN "
    "environment variable. Never share the token: anyone who has it controls your bot."
)


class ConfigError(Exception):
    """A setting is missing or malformed; the message is a paragraph meant for the person hosting the bot."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot is configured with. Built once in `main` and passed in; never global."""

    token: str
    dev_guild_id: int | None = None
    database_url: str = DEFAULT_DATABASE_URL
    log_level: int = logging.INFO
    data_dir: Path = Path(DEFAULT_DATA_DIR)
    bot_move_delay: float = 1.0
    """Seconds a computer player waits before it moves, so that people can follow (BOT_MOVE_DELAY)."""
    bot_workers: int = 2
    """Worker processes for computer decisions; 0 runs them in one thread (BOT_WORKERS)."""
    drawing_workers: int | None = None
    """Worker processes that draw the pictures; 0 draws them in the painter's drawing thread;
    None: the painter's default (:data:`bot.tables.pictures.DRAWING_WORKERS`). Set in code
    only, by the in-process tests: a process spawned per bot there costs more than it spares."""
    bot_moves_in_flight: int = MOVES_IN_FLIGHT
    """Computer moves under way at once across all tables (BOT_MOVES_IN_FLIGHT); when the bot
    is saturated the others wait, and the people's clicks pass them (:mod:`host.autoplay.pace`)."""
    turn_timer_scale: float = 1.0
    """Multiplies every turn timer; for tests only, e.g. 0.01 makes 2 min last 1.2 s (TURN_TIMER_SCALE)."""
    connect_timeout: float = 30.0
    """Seconds the first request to Discord may take at start-up (CONNECT_TIMEOUT)."""
    connect_retries: int = 3
    """How often a failed first request to Discord is tried again (CONNECT_RETRIES)."""
    connect_retry_delay: float = 2.0
    """Seconds before the first retry; each later one waits twice as long (CONNECT_RETRY_DELAY)."""
    games: tuple[tuple[str, str | None], ...] = ()
    """The games offered, in order (GAMES): a built-in game's name, or ``name=module:attribute``
    for a game package of the host's own; empty: every built-in game."""
    shards: ShardPlan = EVERY_SHARD
    """Which of Discord's shards this process connects (SHARD_COUNT, SHARD_IDS): by default all
    of them, as many as Discord recommends, in this one process."""
    metrics_port: int | None = None
    """The port of the Prometheus endpoint ``/metrics`` (METRICS_PORT); None: no endpoint, a
    health line in the log every few minutes instead."""
    metrics_address: str = "127.0.0.1"
    """The address the metrics endpoint listens on (METRICS_ADDRESS): this machine only unless
    set, e.g. ``0.0.0.0`` in a container scraped from outside."""
    event_loop: str = "asyncio"
    """The event loop the bot runs on (EVENT_LOOP): ``asyncio``, or ``uvloop`` (the ``speed``
    extra; see :mod:`bot.runtime.event_loop`)."""

    def __repr__(self) -> str:
        # Never let the token reach a log line or a traceback.
        return (
            f"Settings(token='***', dev_guild_id={self.dev_guild_id!r}, "
            f"database_url={redacted(self.database_url)!r}, "
            f"log_level={logging.getLevelName(self.log_level)!r}, "
            f"data_dir={str(self.data_dir)!r}, bot_move_delay={self.bot_move_delay!r}, "
            f"bot_workers={self.bot_workers!r}, drawing_workers={self.drawing_workers!r}, "
            f"bot_moves_in_flight={self.bot_moves_in_flight!r}, "
            f"turn_timer_scale={self.turn_timer_scale!r}, "
            f"connect_timeout={self.connect_timeout!r}, connect_retries={self.connect_retries!r}, "
            f"connect_retry_delay={self.connect_retry_delay!r}, games={self.games!r}, "
            f"shards={self.shards!r}, "
            f"metrics_port={self.metrics_port!r}, metrics_address={self.metrics_address!r}, "
            f"event_loop={self.event_loop!r})"
        )

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Settings:
        """Build settings from environment variables, raising `ConfigError` for a bad value."""
        settings = cls(
            token=_parse_token(environ.get("DISCORD_TOKEN", "")),
            dev_guild_id=_parse_guild_id(environ.get("DEV_GUILD_ID", "")),
            database_url=environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL,
            log_level=_parse_log_level(environ.get("LOG_LEVEL", "")),
            data_dir=Path(environ.get("STICKEM_DATA_DIR", "").strip() or DEFAULT_DATA_DIR),
            bot_move_delay=_parse_number(environ, "BOT_MOVE_DELAY", 1.0, 0.0, 60.0),
            bot_workers=int(_parse_number(environ, "BOT_WORKERS", 2, 0, 64, integer=True)),
            bot_moves_in_flight=int(
                _parse_number(environ, "BOT_MOVES_IN_FLIGHT", MOVES_IN_FLIGHT, 1, 100_000, integer=True)
            ),
            turn_timer_scale=_parse_number(environ, "TURN_TIMER_SCALE", 1.0, 0.0001, 100.0),
            connect_timeout=_parse_number(environ, "CONNECT_TIMEOUT", 30.0, 0.1, 600.0),
            connect_retries=int(_parse_number(environ, "CONNECT_RETRIES", 3, 0, 20, integer=True)),
            connect_retry_delay=_parse_number(environ, "CONNECT_RETRY_DELAY", 2.0, 0.0, 300.0),
            games=_parse_games(environ.get("GAMES", "")),
            shards=_parse_shards(environ),
            metrics_port=_parse_port(environ.get("METRICS_PORT", "")),
            metrics_address=environ.get("METRICS_ADDRESS", "").strip() or "127.0.0.1",
            event_loop=_parse_event_loop(environ.get("EVENT_LOOP", "")),
        )
        check_one_process_on_sqlite(settings)
        return settings


def _parse_shards(environ: Mapping[str, str]) -> ShardPlan:
    """The plan of SHARD_COUNT and SHARD_IDS (both may be unset)."""
    count_text, ids_text = environ.get("SHARD_COUNT", "").strip(), environ.get("SHARD_IDS", "").strip()
    count: int | None = None
    if count_text:
        if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
            raise ConfigError(
                f"SHARD_COUNT must be a whole number from 1 to {MAX_SHARDS}, not {count_text!r}: how "
                "many shards the bot's servers are divided into (Discord requires one shard per "
                "2,500 servers). Leave it unset to take the number Discord recommends."
            )
        count = int(count_text)
    if not ids_text:
        return ShardPlan(count, None)
    if count is None:
        raise ConfigError(
            f"SHARD_IDS={ids_text} names the shards this process serves, so SHARD_COUNT must say "
            "how many there are in all (e.g. SHARD_COUNT=2 with SHARD_IDS=0 for one process and "
            "SHARD_IDS=1 for the other)."
        )
    ids: list[int] = []
    for part in (item.strip() for item in ids_text.split(",")):
        if not part.isdigit() or int(part) >= count:
            raise ConfigError(
                f"SHARD_IDS lists shard numbers separated by commas, each from 0 to {count - 1} "
                f"(SHARD_COUNT={count}); {part!r} is not one."
            )
        if int(part) in ids:
            raise ConfigError(f"SHARD_IDS names shard {part} twice.")
        ids.append(int(part))
    return ShardPlan(count, tuple(ids))


def _parse_token(raw: str) -> str:
    token = raw.strip()
    if token.lower().startswith("bot "):
        token = token[4:].strip()
    if not token:
        raise ConfigError(f"DISCORD_TOKEN is not set, so the bot cannot log in to Discord. {TOKEN_HELP}")
    if not _TOKEN_PATTERN.match(token):
        raise ConfigError(
            "DISCORD_TOKEN does not look like a Discord bot token (three parts separated by dots, "
            "about 70 characters; the application id or the client secret will not work). " + TOKEN_HELP
        )
    return token


def _parse_guild_id(raw: str) -> int | None:
    text = raw.strip()
    if not text:
        return None
    if not text.isdigit() or not 17 <= len(text) <= 20:
        raise ConfigError(
            f"DEV_GUILD_ID must be a server id (a number of 17 to 20 digits), not {text!r}. "
            "In Discord, enable Developer Mode (User Settings > Advanced), then right-click your "
            "server's icon and choose 'Copy Server ID'. Leave DEV_GUILD_ID empty to register "
            "the commands globally."
        )
    return int(text)


def _parse_log_level(raw: str) -> int:
    text = raw.strip().upper()
    if not text:
        return logging.INFO
    if text not in _LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}, not {raw.strip()!r}.")
    return int(logging.getLevelName(text))


def _parse_number(
    environ: Mapping[str, str], name: str, default: float, low: float, high: float, *, integer: bool = False
) -> float:
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        kind = "a whole number" if integer else "a number"
        raise ConfigError(f"{name} must be {kind} from {low:g} to {high:g}, not {text!r}.")
    return value


def _parse_event_loop(raw: str) -> str:
    name = raw.strip().lower() or "asyncio"
    if name not in LOOPS:
        raise ConfigError(
            f"EVENT_LOOP must be one of {', '.join(LOOPS)} (asyncio, the default, is Python's own "
            f"event loop), not {raw.strip()!r}."
        )
    if name == "uvloop":
        try:
            loop_factory(name)
        except ImportError:
            raise ConfigError(
                "EVENT_LOOP=uvloop needs the uvloop package, which is not installed: install the bot "
                "with its speed extra (pip install -e '.[speed]'; uvloop is not made for Windows), "
                "or leave EVENT_LOOP unset for Python's own event loop."
            ) from None
    return name


def _parse_port(raw: str) -> int | None:
    text = raw.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(
            f"METRICS_PORT must be a port number from 1 to 65535 (Prometheus then scrapes "
            f"http://<host>:<port>/metrics), not {text!r}. Leave it empty for no metrics endpoint."
        )
    return int(text)


_BUILT_IN = registry.names()
"""The built-in games (the registry before GAMES changes what it offers)."""

_GAME_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_GAME_ENTRY = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


def _parse_games(raw: str) -> tuple[tuple[str, str | None], ...]:
    games: list[tuple[str, str | None]] = []
    for item in filter(None, (part.strip() for part in raw.split(","))):
        name, equals, entry = (text.strip() for text in item.partition("="))
        name = name.lower()  # names are case-insensitive, as LOG_LEVEL's are
        if not _GAME_NAME.match(name) or (equals and not _GAME_ENTRY.match(entry)):
            raise ConfigError(
                f"GAMES lists the games to offer, separated by commas: a built-in game's name "
                f"({', '.join(registry.names())}) or name=module:attribute for a game package of "
                f"your own (its GameSpec); {item!r} is neither."
            )
        if not equals and name not in registry.names():
            raise ConfigError(
                f"GAMES names {name!r}, which is not a built-in game ({', '.join(registry.names())}); "
                "for a game of your own write name=module:attribute."
            )
        if any(name == seen for seen, _ in games):
            raise ConfigError(f"GAMES names {name!r} twice.")
        games.append((name, entry if equals else None))
    return tuple(games)


def offer_games(games: tuple[tuple[str, str | None], ...]) -> None:
    """Make the registry offer ``games`` (the GAMES setting; empty: leave the built-in games),
    loading each to check it: ConfigError saying which one cannot be loaded, and why."""
    for name, entry in games:
        if entry is not None:
            registry.register(name, entry)
        try:
            registry.game(name)
        except Exception as exc:  # a game package of the host's own may fail in any way on import
            raise ConfigError(_not_loaded(name, registry.entry(name), exc)) from exc
    if games:
        registry.offer_only(tuple(name for name, _ in games))


def _not_loaded(name: str, entry: str, exc: Exception) -> str:
    """The paragraph for a game of GAMES that cannot be loaded from ``entry``."""
    module, _, attribute = entry.partition(":")
    if isinstance(exc, ModuleNotFoundError) and exc.name == module:
        reason = (
            f"there is no module {module!r} (install it in the bot's environment, or put its "
            "folder on PYTHONPATH)"
        )
    elif isinstance(exc, ModuleNotFoundError):
        reason = f"the module {module} imports {exc.name!r}, which is not installed"
    elif isinstance(exc, AttributeError) and exc.name == attribute:
        reason = f"the module {module} has no {attribute!r}"
    elif isinstance(exc, TypeError) and str(exc).startswith(entry):  # the registry's check
        reason = str(exc)
    else:
        reason = f"importing the module {module} failed: {type(exc).__name__}: {exc}"
    return (
        f"GAMES: the game {name!r} cannot be loaded from {entry}: {reason}. For a game of your "
        "own, write name=module:attribute, where attribute is the game's GameSpec and name is "
        "the name that GameSpec gives itself (see docs/architecture.md); the built-in games are "
        f"{', '.join(_BUILT_IN)}."
    )


def check_one_process_on_sqlite(settings: Settings) -> None:
    """Raise `ConfigError` when this process is one of several (SHARD_IDS names only some of the
    shards) but the games are kept in SQLite, which only one process may use."""
    plan = settings.shards
    if not plan.several_processes:
        return
    try:
        _, backend = normalise_url(database_url_for(settings))
    except StorageConfigError:
        return  # a URL that is not a database's is explained at start-up (check_database_url)
    if backend == "sqlite":
        assert plan.ids is not None and plan.count is not None
        raise ConfigError(
            f"SHARD_IDS={','.join(map(str, plan.ids))} with SHARD_COUNT={plan.count} makes this "
            "bot one of several processes, each serving some of Discord's shards, but the games "
            f"are kept in SQLite ({redacted(database_url_for(settings))}), a file only one "
            "process may use: the processes could not see each other's games, nor hand a click "
            "in a direct message (which Discord sends to shard 0 only) to the process whose "
            "table it is. Run several processes on one PostgreSQL database (DATABASE_URL="
            "postgresql://user:password@host/database), or leave SHARD_IDS unset to serve every "
            "shard in this one process, which SQLite allows."
        )


def database_url_for(settings: Settings) -> str:
    """The database to open: ``DATABASE_URL``, else ``stickem.sqlite3`` in the data folder.

    The data folder is ``STICKEM_DATA_DIR`` (by default the directory the bot is started from),
    where the bot keeps its other files too.
    """
    if settings.database_url != DEFAULT_DATABASE_URL:
        return settings.database_url
    return f"sqlite:///{Path(settings.data_dir) / DATABASE_FILENAME}"


def autoplay_settings(settings: Settings) -> AutoplaySettings:
    """The autoplay part of the bot's settings."""
    return AutoplaySettings(
        move_delay=settings.bot_move_delay,
        workers=settings.bot_workers,
        moves_in_flight=settings.bot_moves_in_flight,
    )
