"""The stages of each click, timed inside a bot process: where a slow click's time goes.

``benchmarks/discord_load.py --stages`` loads this module into the bot process it measures (by
its file path, so that an older checkout's bot run with ``--compare`` is timed by the same code)
and it patches the points every version of the click shares: the interaction's arrival on the
gateway, the table's lock (:class:`host.table_lock.TableLock`), the journal's
``recording`` block (the change applied inside it, then its write), the one writer's turn
(:class:`host.write_queue.WriteQueue`), SQLite's ``BEGIN IMMEDIATE`` and ``COMMIT``
(:class:`host.storage.inline_sqlite.InlineWriter`) and the bot's first answer to the interaction.
A click's stages, each the time between two of those points:

- ``to lock``: arrival to asking for the table's lock (the callback scheduled, the table found,
  the click judged);
- ``lock wait``: waiting for the table's lock (a computer's move or the previous click showing);
- ``gate``: lock taken to the journal's recording (the checks under the lock);
- ``apply``: the change (the game's engine), inside the recording;
- ``yield``: the change done to asking for the writer's turn (one step of the loop in between);
- ``writer wait``: waiting for the one SQLite writer's turn (:mod:`host.write_queue`);
- ``begin``: ``BEGIN IMMEDIATE``, with its retries while another connection holds the lock;
- ``statements``: the transaction's statements (begin done to commit asked);
- ``commit``: the ``COMMIT`` in its worker thread, with the loop's step to pick its end up;
- ``after write``: the commit done to the recording's end;
- ``to answer``: the recording's end to the bot's first answer sent (the answer built);
- ``total``: arrival to the first answer (what ``bot_probe``'s "answers" time).

Only clicks that went through a recording (a change stored) are counted, each stage at its
first occurrence in the click's own task. Besides the clicks, every write's turn is timed by
priority (the players' ``urgent``, the ``background`` rest) with its hold of the writer, and the
refused ``BEGIN``s are counted: what a click may wait behind.

The figures are written (JSON) to ``STICKEM_STAGES_FILE`` each time the bot's probe reports
(:meth:`benchmarks.bot_probe.Probe.report`), and start anew with its window.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

STAGES = (
    ("to lock", "arrived", "lock_asked"),
    ("lock wait", "lock_asked", "lock_got"),
    ("gate", "lock_got", "recording"),
    ("apply", "recording", "applied"),
    ("yield", "applied", "writer_asked"),
    ("writer wait", "writer_asked", "writer_got"),
    ("begin", "begin_asked", "begun"),
    ("statements", "begun", "commit_asked"),
    ("commit", "commit_asked", "committed"),
    ("after write", "committed", "recorded"),
    ("to answer", "recorded", "answered"),
    ("total", "arrived", "answered"),
)
"""Each stage: its name, the point it starts at and the point it ends at."""

QUANTILES = (0.5, 0.9, 0.99)

SLOWEST = 5
"""The slowest clicks whose stages are each reported."""


class Click:
    """The points one click reached, by name (seconds on ``time.perf_counter``)."""

    __slots__ = ("points", "task")

    def __init__(self, arrived: float) -> None:
        self.points: dict[str, float] = {"arrived": arrived}
        self.task: asyncio.Task[Any] | None = None


_click: contextvars.ContextVar[Click | None] = contextvars.ContextVar("click_stages", default=None)


class Stages:
    """The figures of one window."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.clicks: list[Click] = []
        self.turns: dict[str, list[tuple[float, float]]] = {"urgent": [], "background": []}
        self.refused_begins = 0
        self.holds: dict[str, list[float]] = {}
        """The writer's holds by who held it (the holding task's coroutine)."""
        self.commit_parts: list[tuple[float, float, float]] = []
        """Each COMMIT run in a worker thread, in three parts: to its thread, in it, back to the loop."""

    def figures(self) -> dict[str, Any]:
        """Each stage's quantiles and maximum (ms) over the clicks that stored a change, and the
        writer's turns by priority."""
        stored = [
            click.points for click in self.clicks if "recorded" in click.points and "answered" in click.points
        ]
        stages: dict[str, dict[str, float]] = {}
        for name, start, end in STAGES:
            values = sorted(
                (points[end] - points[start]) * 1000 for points in stored if start in points and end in points
            )
            stages[name] = _summary(values)
        turns = {
            priority: {
                "wait": _summary(sorted(wait * 1000 for wait, _ in pairs)),
                "hold": _summary(sorted(hold * 1000 for _, hold in pairs)),
            }
            for priority, pairs in self.turns.items()
        }
        refused = self.refused_begins
        seconds = time.perf_counter() - self.started
        holders = {
            who: {"n": len(holds), "busy": sum(holds) / seconds, **_summary(sorted(h * 1000 for h in holds))}
            for who, holds in sorted(self.holds.items(), key=lambda item: -sum(item[1]))
        }
        commits = {
            name: _summary(sorted(parts[index] * 1000 for parts in self.commit_parts))
            for index, name in enumerate(("to its thread", "in its thread", "back to the loop"))
        }
        slowest = sorted(stored, key=lambda points: points["arrived"] - points["answered"])[:SLOWEST]
        return {
            "clicks": len(stored), "stages": stages, "turns": turns, "refused_begins": refused,
            "holders": holders, "commit_parts": commits,
            "slowest": [
                {name: (points[end] - points[start]) * 1000 for name, start, end in STAGES
                 if start in points and end in points}
                for points in slowest
            ],
        }


def _holder() -> str:
    """Who holds the writer: the running task's coroutine."""
    task = asyncio.current_task()
    if task is None:
        return "?"
    coro = task.get_coro()
    return str(getattr(coro, "__qualname__", coro))


def _summary(ordered: list[float]) -> dict[str, float]:
    if not ordered:
        return {"n": 0}
    summary: dict[str, float] = {"n": len(ordered), "max": ordered[-1]}
    last = len(ordered) - 1
    for fraction in QUANTILES:  # nearest rank, as benchmarks.bot_probe.percentile
        summary[f"p{round(fraction * 100)}"] = ordered[max(0, min(last, round(fraction * len(ordered)) - 1))]
    return summary


class Tracer:
    """Patches the click's points in this process (see the module's docstring)."""

    def __init__(self, report_file: Path) -> None:
        self.report_file = report_file
        self.window = Stages()

    def _mark(self, name: str) -> None:
        """Note the point ``name`` of the running task's click (its first occurrence only)."""
        click = _click.get()
        if click is None:
            return
        task = asyncio.current_task()
        if click.task is None:
            click.task = task
        elif click.task is not task:
            return  # a task the click started (effects, a background write): not the click's own
        click.points.setdefault(name, time.perf_counter())

    def install(self) -> None:
        """Patch every point."""
        self._patch_arrival()
        self._patch_lock()
        self._patch_recording()
        self._patch_writer()
        self._patch_sqlite()

    def _patch_arrival(self) -> None:
        from discord.state import ConnectionState
        from discord.webhook.async_ import AsyncWebhookAdapter

        parse = ConnectionState.parse_interaction_create
        respond = AsyncWebhookAdapter.create_interaction_response
        tracer = self

        def parse_timed(state: Any, data: Any) -> None:
            if data.get("type") != 3:  # a component: the clicks
                parse(state, data)
                return
            click = Click(time.perf_counter())
            tracer.window.clicks.append(click)
            token = _click.set(click)  # copied into the tasks the parsing starts: the callback's
            try:
                parse(state, data)
            finally:
                _click.reset(token)

        def respond_timed(adapter: Any, *args: Any, **kwargs: Any) -> Any:
            click = _click.get()
            if click is not None:
                click.points.setdefault("answered", time.perf_counter())
            return respond(adapter, *args, **kwargs)

        ConnectionState.parse_interaction_create = parse_timed  # type: ignore[method-assign,assignment]
        AsyncWebhookAdapter.create_interaction_response = respond_timed  # type: ignore[method-assign,assignment]

    def _patch_lock(self) -> None:
        from host.table_lock import TableLock

        acquire = TableLock.acquire
        tracer = self

        async def timed_acquire(lock: TableLock) -> bool:
            tracer._mark("lock_asked")
            result = await acquire(lock)
            tracer._mark("lock_got")
            return result

        TableLock.acquire = timed_acquire  # type: ignore[method-assign,assignment]

    def _patch_recording(self) -> None:
        from host.journal import GameJournal

        recording = GameJournal.recording
        tracer = self

        @contextlib.asynccontextmanager
        async def timed(journal: GameJournal, table: Any, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
            tracer._mark("recording")
            async with recording(journal, table, *args, **kwargs) as recorded:
                yield recorded
                tracer._mark("applied")
            tracer._mark("recorded")

        GameJournal.recording = timed  # type: ignore[method-assign,assignment]

    def _patch_writer(self) -> None:
        from host.write_queue import BACKGROUND, WriteQueue

        turn = WriteQueue.turn
        tracer = self

        @contextlib.asynccontextmanager
        async def timed_turn(queue: WriteQueue, priority: int = 0, *args: Any) -> AsyncIterator[None]:
            asked = time.perf_counter()
            tracer._mark("writer_asked")
            async with turn(queue, priority, *args):  # (a newer queue's key, if any)
                got = time.perf_counter()
                tracer._mark("writer_got")
                try:
                    yield
                finally:
                    kind = "background" if priority == BACKGROUND else "urgent"
                    held = time.perf_counter() - got
                    tracer.window.turns[kind].append((got - asked, held))
                    tracer.window.holds.setdefault(f"{kind} {_holder()}", []).append(held)

        WriteQueue.turn = timed_turn  # type: ignore[method-assign,assignment]

    def _patch_sqlite(self) -> None:
        from host.storage import inline_sqlite
        from host.storage.inline_sqlite import InlineWriter

        begin, commit = InlineWriter.begin, InlineWriter.commit
        is_locked = inline_sqlite.is_locked
        tracer = self

        async def timed_begin(writer: InlineWriter, conn: Any, **options: Any) -> None:
            tracer._mark("begin_asked")
            await begin(writer, conn, **options)
            tracer._mark("begun")

        async def timed_commit(writer: InlineWriter, conn: Any, **options: Any) -> None:
            tracer._mark("commit_asked")
            asked = time.perf_counter()
            times: list[float] = []
            original = conn.commit

            def timed() -> None:  # in the worker thread
                times.append(time.perf_counter())
                try:
                    original()
                finally:
                    times.append(time.perf_counter())

            conn.commit = timed
            try:
                await commit(writer, conn, **options)
            finally:
                del conn.commit
            back = time.perf_counter()
            if len(times) == 2:  # committed in the worker thread
                tracer.window.commit_parts.append((times[0] - asked, times[1] - times[0], back - times[1]))
            tracer._mark("committed")

        def counted_is_locked(exc: Any) -> bool:
            locked = is_locked(exc)
            tracer.window.refused_begins += locked
            return locked

        InlineWriter.begin = timed_begin  # type: ignore[method-assign,assignment]
        InlineWriter.commit = timed_commit  # type: ignore[method-assign,assignment]
        inline_sqlite.is_locked = counted_is_locked

    def reset(self) -> None:
        """Start a new window."""
        self.window = Stages()

    def report(self) -> None:
        """Write the window's figures (and start a new window)."""
        window, self.window = self.window, Stages()
        partial = self.report_file.with_suffix(".partial")
        partial.write_text(json.dumps(window.figures()))
        partial.replace(self.report_file)


def install() -> None:
    """Install the tracer into this (bot) process, beside the probe: its windows follow the
    probe's (called from the benchmark's ``sitecustomize`` hook, after the probe's install)."""
    import benchmarks.bot_probe as probe_module

    tracer = Tracer(Path(os.environ["STICKEM_STAGES_FILE"]))
    tracer.install()
    probe_class = probe_module.Probe
    reset, report = probe_class.reset, probe_class.report

    def both_reset(probe: Any) -> None:
        tracer.reset()
        reset(probe)

    def both_report(probe: Any) -> None:
        tracer.report()
        report(probe)

    probe_class.reset = both_reset  # type: ignore[method-assign,assignment]
    probe_class.report = both_report  # type: ignore[method-assign,assignment]
