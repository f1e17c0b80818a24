"""Statements built once, which the inline SQLite writer runs through the driver's cursor.

SQLAlchemy's execution of a statement (its cache key, the compiled-statement cache, the
execution context, the bind processing, the result object) cost the bot ~45 us of CPU a
statement; SQLite runs one of a move's statements in 5-10 us. A :class:`FixedStatement` is an
ordinary SQLAlchemy statement with bound parameters, built once: on PostgreSQL (and an in-memory
SQLite database) it goes through SQLAlchemy like any other, while the inline writer
(:mod:`host.storage.inline_sqlite`) runs it with SQL that SQLAlchemy compiled once for each set
of parameter names (:meth:`FixedStatement.compiled_for`): the same SQL and the same converted
values (each parameter's type's own bind processor, e.g. an aware datetime stored as naive UTC
text) as SQLAlchemy would send, without its machinery around them.

A statement that needs more than its parameters, converted (a Python-side default, a literal
value, an expanding ``IN``), is not compiled for the driver: :meth:`FixedStatement.compiled_for`
gives None and it runs through SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Executable
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

Processor = Callable[[Any], Any]


class StatementResult(Protocol):
    """What the callers of a fixed statement read of its result: SQLAlchemy's result has it,
    and so has :class:`DriverResult`."""

    @property
    def rowcount(self) -> int:
        """The rows an UPDATE or DELETE matched (an INSERT: the rows inserted)."""
        ...

    def first(self) -> Any:
        """The first row, or None."""
        ...


@dataclass(frozen=True, slots=True)
class DriverSql:
    """A fixed statement compiled for the driver: its SQL, and the names of its positional
    parameters in order, each with the bind processor of its type (None: passed as it is)."""

    sql: str
    binds: tuple[tuple[str, Processor | None], ...]

    def values(self, parameters: Mapping[str, Any]) -> tuple[Any, ...]:
        """The positional values of one execution with ``parameters`` (by name)."""
        return tuple(
            parameters[name] if process is None else process(parameters[name]) for name, process in self.binds
        )


class DriverResult:
    """The result of a fixed statement run through the driver: the rows it matched (UPDATE,
    DELETE) or inserted, and the rows it selected (plain tuples, read at once)."""

    __slots__ = ("_rows", "rowcount")

    def __init__(self, rowcount: int, rows: Sequence[tuple[Any, ...]]) -> None:
        self.rowcount = rowcount
        """The rows an UPDATE or DELETE matched (an INSERT: the rows inserted; a SELECT: -1)."""
        self._rows = rows

    def first(self) -> tuple[Any, ...] | None:
        """The first row selected, or None."""
        return self._rows[0] if self._rows else None

    def all(self) -> list[tuple[Any, ...]]:
        """Every row selected."""
        return list(self._rows)


class FixedStatement:
    """A SQLAlchemy statement built once, with bound parameters given at each execution; run
    through the driver by the inline SQLite writer (see the module's docstring)."""

    __slots__ = ("_compiled", "statement")

    def __init__(self, statement: Executable) -> None:
        self.statement = statement
        """The SQLAlchemy statement (what every other connection executes)."""
        self._compiled: dict[tuple[str, tuple[str, ...], bool], DriverSql | None] = {}

    def compiled_for(self, dialect: Dialect, names: tuple[str, ...], many: bool) -> DriverSql | None:
        """The statement compiled for ``dialect`` with parameters of these ``names`` (``many``:
        for several rows in one execution), once; None when it cannot run from its parameters
        alone (see the module's docstring)."""
        key = (dialect.name, names, many)
        try:
            return self._compiled[key]
        except KeyError:
            compiled = self._compiled[key] = _compile(self.statement, dialect, names, many)
            return compiled


def _compile(statement: Executable, dialect: Dialect, names: tuple[str, ...], many: bool) -> DriverSql | None:
    """Compile ``statement`` as SQLAlchemy does for an execution with parameters ``names`` (its
    column keys, sorted), or None when its parameters alone do not give every value."""
    if dialect.paramstyle != "qmark" or not isinstance(statement, ClauseElement):
        return None
    compiled = statement.compile(dialect=dialect, column_keys=sorted(names), for_executemany=many)
    if not isinstance(compiled, SQLCompiler) or compiled.positiontup is None:
        return None
    if compiled.literal_execute_params or compiled.post_compile_params:
        return None  # rendered anew at each execution (an expanding IN)
    given = set(names)
    binds: list[tuple[str, Processor | None]] = []
    for name in compiled.positiontup:
        if name not in given:  # a default, a literal value: only SQLAlchemy's execution fills it
            return None
        kind = compiled.binds[name].type.dialect_impl(dialect)
        binds.append((name, kind.bind_processor(dialect)))
    return DriverSql(compiled.string, tuple(binds))
