"""Reading the source of the host and the Discord layer for their player-facing text (with
:mod:`ast`, nothing is imported): the catalog keys the code asks for, and the string literals
that read as sentences (which belong in the catalog).

Used by ``tests/host/test_catalog.py``; kept apart so that the rules of the literal check are
read in one place.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("host", "bot", "cogs")
"""Where the player-facing text of the host and the Discord layer lives."""

CATALOG_FUNCTIONS = {
    "host.catalog": {"text", "lazy"},
    "bot.boot.command_text": {"command_text", "command_name"},
}
"""The functions that look a text up by key, by the module they are imported from (a wrapper
such as ``command_text`` or ``command_name`` calls ``CATALOG.text(key, ...)`` with the key it was
given: its own callers are the ones read)."""

OPERATOR_FILES = {
    # What these say is read by whoever runs the bot (its console, its log, the README), never
    # by a player in Discord.
    "bot/__main__.py": "the command line's help and start-up failures",
    "bot/boot/config.py": "settings refused at start-up",
    "bot/boot/startup.py": "start-up checks (data folder, database, network)",
    "bot/boot/command_sync.py": "slash command registration failures",
    "bot/boot/invite.py": "the permissions of the README's invite link",
    "host/storage/maintenance.py": "the `python -m bot.storage` command line",
    "host/storage/database.py": "DATABASE_URL refused at start-up",
    "host/storage/loading.py": "why a stored game or lobby cannot be read (logged)",
    "host/storage/rated.py": "the ratings printed by `python -m bot.storage ratings`",
    "bot/metrics/health.py": "the health line in the log",
    "bot/metrics/instruments.py": "the metrics' help texts, read by Prometheus",
    "tabletop/cli.py": "the terminal command line's help and refusals",
    "tabletop/console.py": "the terminal game's own words (not a Discord player's)",
    "tabletop/tournament.py": "the computer players' tournament report (benchmarks)",
}

NOT_PLAYER_TEXT = {
    # Strings that read as sentences but are not shown to a player.
    "The check functions": "discord.py's own refusal, recognised to be replaced (bot/messages/errors.py)",
    "another game is active in its channel": "a broken game's reason, logged (host/resume.py)",
    "it does not replay: {}": "a broken game's reason, logged (host/resume.py)",
    "the game's weakest computer player": "named in log lines (host/autoplay/thinkers.py FALLBACK)",
    "Callable[..., Picture]": "a type named for typing.cast (tabletop/pictures.py)",
}

LOG_METHODS = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})
LOGGERS = frozenset({"log", "_log", "logger", "logging"})
INTERNAL_ERRORS = frozenset({
    # Exceptions never shown to a player: bot.messages.errors shows only UserError (TableError,
    # GameRefusal) and the games' Refused; anything else is a bug, logged with a reference.
    # The storage errors below carry details for the log (StorageUnavailable's player text is
    # storage.save_failed / storage.read_failed).
    "ValueError", "TypeError", "KeyError", "RuntimeError", "LookupError", "OSError",
    "AssertionError", "NotImplementedError", "CatalogError", "StorageConfigError",
    "StorageError", "StorageConflict", "SchemaTooNew", "CorruptRow", "CorruptLog",
    # Why a stored game cannot be replayed (host/replays.py): logged; a player reads the
    # catalog's replay.not_offered / replay.not_replayable (bot/replays/finding.py).
    "NotReplayable",
    # The painter's threads stopped (the bot shutting down): the drawing is dropped, logged.
    "PoolClosed",
    # The worker processes stopped (host/workers.py, the bot shutting down): no task starts.
    "WorkersStopped",
})
OPTIONS = frozenset({"language", "limit"})
"""Keyword arguments of a look-up that are not fields of its text: the language wanted, the
longest text Discord takes (``command_text``'s ``limit``)."""
LOG_KEYWORDS = frozenset({"where", "detail"})
"""Keyword arguments that only reach the log: where a bug happened, why storage failed."""

SQL = re.compile(
    r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b"
)
WORD = re.compile(r"[A-Za-z][A-Za-z']*[A-Za-z]")
PUNCTUATION = "\"'`*_.,;:!?()[]<>-"


@dataclass(frozen=True)
class Lookup:
    """A call that asks the catalog for a text: where, its key and the fields it gives (None
    when the call cannot be read: a key that is not a literal, fields given as ``**mapping``)."""

    where: str
    key: str | None
    fields: frozenset[str] | None


def sources(*packages: str) -> list[Path]:
    """Every Python file of ``packages`` (by default the host and the Discord layer)."""
    return sorted(path for package in packages or PACKAGES for path in (REPO / package).rglob("*.py"))


def relative(path: Path) -> str:
    """``path`` as the repository names it (``host/tables.py``)."""
    return path.relative_to(REPO).as_posix()


def _catalog_names(tree: ast.Module) -> set[str]:
    """The names a module calls the catalog's look-up functions by."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in CATALOG_FUNCTIONS:
            names |= {alias.asname or alias.name for alias in node.names
                      if alias.name in CATALOG_FUNCTIONS[node.module]}
    return names


def lookups(source: str, where: str) -> list[Lookup]:
    """Every catalog look-up of a module's source."""
    tree = ast.parse(source)
    names = _catalog_names(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
            continue
        at = f"{where}:{node.lineno}"
        first = node.args[0] if node.args else None
        key = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
        if len(node.args) != 1 or any(keyword.arg is None for keyword in node.keywords):
            found.append(Lookup(at, key, None))
            continue
        fields = frozenset(k.arg for k in node.keywords if k.arg is not None and k.arg not in OPTIONS)
        found.append(Lookup(at, key, fields))
    return found


def _body(node: ast.AST) -> list[ast.stmt]:
    body = getattr(node, "body", None)
    return body if isinstance(body, list) else []


def _docstrings(tree: ast.Module) -> set[int]:
    """The string expressions standing as statements: docstrings of modules, classes and
    functions, and those of attributes (a string under an assignment)."""
    return {
        id(statement.value)
        for node in ast.walk(tree)
        for statement in _body(node)
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    }


def _called(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _not_for_players(node: ast.AST) -> list[ast.AST]:
    """The parts of ``node`` whose strings no player reads: log calls, internal exceptions (and
    what the internal exception classes give their base class), ``assert`` messages, keyword
    arguments that go to the log."""
    if isinstance(node, ast.Call):
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr in LOG_METHODS
                and isinstance(func.value, ast.Name) and func.value.id in LOGGERS):
            return [node]
        if _called(node) in INTERNAL_ERRORS:
            return [node]
        return [keyword.value for keyword in node.keywords if keyword.arg in LOG_KEYWORDS]
    if isinstance(node, ast.Assert) and node.msg is not None:
        return [node.msg]
    if isinstance(node, ast.ClassDef) and any(_named(base) in INTERNAL_ERRORS for base in node.bases):
        calls = [inner for inner in ast.walk(node) if isinstance(inner, ast.Call)]
        return [call for call in calls if _called(call) == "__init__"]
    return []


def _named(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _shown(node: ast.Constant | ast.JoinedStr) -> str:
    """A string literal as it reads, an f-string's replacement fields written ``{}``."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    return "".join(
        str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values
    )


def reads_as_a_sentence(value: str) -> bool:
    """Whether a string literal is prose: two words or more (letters, not names of code such as
    ``game_id``), and not an SQL statement."""
    if SQL.match(value):
        return False
    words = [token.strip(PUNCTUATION) for token in value.split()]
    return sum(1 for word in words if WORD.fullmatch(word)) >= 2


def sentences(source: str, where: str) -> Iterator[str]:
    """``file:line: 'literal'`` for each string literal of a module's source that reads as a
    sentence, outside docstrings, code no player reads and :data:`NOT_PLAYER_TEXT`."""
    tree = ast.parse(source)
    skipped = _docstrings(tree)
    for node in ast.walk(tree):
        for part in _not_for_players(node):
            skipped |= {id(inner) for inner in ast.walk(part)}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skipped |= {id(part) for part in node.values}  # read as a whole, below
        if id(node) in skipped or not isinstance(node, ast.Constant | ast.JoinedStr):
            continue
        if isinstance(node, ast.Constant) and not isinstance(node.value, str):
            continue
        value = _shown(node)
        if value not in NOT_PLAYER_TEXT and reads_as_a_sentence(value):
            yield f"{where}:{node.lineno}: {value[:80]!r}"
