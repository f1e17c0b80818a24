"""Measurements taken inside a bot process run by ``benchmarks/discord_load.py``.

The load benchmark starts the real ``python -m bot`` in its own process; a ``sitecustomize``
hook calls :func:`install` before the bot starts, so the bot's code is the production code. The
probe then measures, from inside the bot process only (the emulator and the emulated humans live
in the benchmark's process):

- **loop lag**: a task sleeps 1 ms again and again and records how much later than asked it wakes
  up. This is what an interaction waiting for the loop would feel, including time the operating
  system gave the core to another process;
- **callbacks**: every callback the event loop runs is timed in wall time and in thread CPU time.
  The longest CPU time is how long the bot itself held the loop (a garbage collection included);
  wall time beyond it is the machine taking the core away;
- **garbage collections**: the longest pause per generation, in wall and in CPU time;
- **answers**: each interaction from its arrival on the gateway to the bot's initial response
  being sent (the part of an interaction's latency that is the bot's own);
- **memory**: resident memory, the number of tables and the deep size of one table object;
- **cards**: cards played at all tables;
- **pictures**: how many the painter was asked for (a cached one or a new drawing) and how many
  it drew, since the bot started; what its cache holds: pictures, their bytes (PNG and alt
  text), and its deep size (the sketches that key it included).

The callbacks are timed through asyncio's own ``Handle`` class: under uvloop (which runs its own)
they are not, and timing them costs asyncio's loop a few percent of CPU. To compare the two loops
fairly, ``STICKEM_PROBE_NO_CALLBACKS=1`` (in the benchmark's environment) times no callback in
either.

``SIGUSR1`` starts a new measuring window; ``SIGUSR2`` writes the window's figures as JSON to the
file named by ``STICKEM_PROBE_FILE`` (written to a temporary name, then renamed). With
``STICKEM_PROFILE_FILE`` set, the window is also profiled with cProfile (which slows the bot
down: use it to see where the time goes, not for the figures), timed in the loop thread's CPU time
(``STICKEM_PROFILE_CLOCK=wall``: in wall time, which also counts the moments the machine gave the
core to another process).
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import gc
import json
import os
import signal
import statistics
import sys
import threading
import time
import traceback
from asyncio import events
from collections.abc import AsyncIterator
from pathlib import Path
from types import CoroutineType, FrameType
from typing import Any

SLOW = 0.005
"""Callbacks longer than this (seconds) are counted apart: the issue's limit for a stall."""

NOTABLE = 0.002
"""Callbacks holding the loop longer than this (seconds of CPU time) are counted by what they ran,
so that the ones closest to :data:`SLOW` can be told apart (``--verbose``)."""

HOLD_STEPS_MS = (1, 2, 3, 4, 5)
"""The limits (ms of CPU time) of the hold histogram: how many callbacks held the loop longer."""


class Window:
    """The figures of one measuring window."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.cpu_started = time.process_time()
        self.main_cpu_started = time.thread_time()
        self.lags: list[float] = []
        self.callbacks = 0
        self.longest_wall = 0.0
        self.longest_wall_what = ""
        self.longest_cpu = 0.0
        self.longest_cpu_what = ""
        self.slow_wall = 0
        self.slow_cpu = 0
        self.holds_over = [0] * len(HOLD_STEPS_MS)
        self.notable: dict[str, list[float]] = {}
        self.gc_longest = [0.0, 0.0, 0.0]
        self.gc_longest_cpu = [0.0, 0.0, 0.0]
        self.gc_longest_collected = [0, 0, 0]
        self.gc_count = [0, 0, 0]
        self.statements = 0
        self.answers: list[float] = []
        self.journeys: dict[int, list[float | None]] = {}
        """With ``STICKEM_PROBE_JOURNEYS``: each interaction's parse and initial response sent,
        on ``time.monotonic`` (``benchmarks/interaction_journeys.py``)."""
        self.write_waits: list[float] = []
        self.write_holds: list[float] = []


class StallSampler:
    """A thread that looks at the event loop's thread every millisecond and, when one callback
    has held it for longer than ``after`` seconds, records where that callback is (its stack).

    Turned on by ``STICKEM_STALL_STACKS`` (``--stacks``): it costs the bot a little, and shows
    what the longest callbacks do, which their coroutine's name alone does not."""

    def __init__(self, after: float = 0.004) -> None:
        self.after = after
        self.started = 0.0
        self.running = 0
        self.sampled = -1
        self.stacks: dict[str, int] = {}
        self.loop_thread = threading.get_ident()

    def begin(self, number: int) -> None:
        """Callback ``number`` starts now (called on the loop's thread)."""
        self.started = time.perf_counter()
        self.running = number

    def end(self) -> None:
        """The running callback ended."""
        self.running = 0

    def watch(self) -> None:
        """The sampler thread's loop."""
        while True:
            time.sleep(0.001)
            running = self.running
            if not running or running == self.sampled or time.perf_counter() - self.started < self.after:
                continue
            frame = sys._current_frames().get(self.loop_thread)
            if frame is None or self.running != running:
                continue
            self.sampled = running
            lines = [
                f"{entry.filename.rsplit('/', 2)[-1]}:{entry.lineno} {entry.name}"
                for entry in traceback.extract_stack(frame)[-14:]
            ]
            key = " < ".join(reversed(lines))
            stacks = self.stacks  # one dict: the report may swap in a new one meanwhile
            stacks[key] = stacks.get(key, 0) + 1


class Probe:
    """The instruments of one bot process (see the module's docstring)."""

    def __init__(self, report_file: Path) -> None:
        self.report_file = report_file
        self.window = Window()
        self.bot: Any = None
        self.picture_asks = 0
        """Pictures the painter was asked for since the bot started."""
        self.asks_by_kind: dict[str, list[int]] = {}
        """By kind of picture: how many were asked for, and how many of them the cache had."""
        self._gc_started = 0.0
        self._gc_cpu_started = 0.0
        profile = os.environ.get("STICKEM_PROFILE_FILE")
        self.profile_file = Path(profile) if profile else None
        self.profiler: cProfile.Profile | None = None
        stacks_after = os.environ.get("STICKEM_STALL_STACKS")  # seconds
        self.sampler = StallSampler(float(stacks_after)) if stacks_after else None

    # -- instruments ----------------------------------------------------------------------------

    def patch_handles(self) -> None:
        """Time every callback the event loop runs."""
        original = events.Handle._run
        probe = self
        wall = time.perf_counter
        cpu = time.thread_time

        sampler = self.sampler
        number = 0

        def timed_run(handle: events.Handle) -> None:
            nonlocal number
            started, cpu_started = wall(), cpu()
            if sampler is not None:
                number += 1
                sampler.begin(number)
            original(handle)
            if sampler is not None:
                sampler.end()
            took, took_cpu = wall() - started, cpu() - cpu_started
            window = probe.window
            window.callbacks += 1
            if took > SLOW:
                window.slow_wall += 1
                if took_cpu > SLOW:
                    window.slow_cpu += 1
            if took_cpu > 0.001:
                for index, limit in enumerate(HOLD_STEPS_MS):
                    if took_cpu * 1000 > limit:
                        window.holds_over[index] += 1
                if took_cpu > NOTABLE:
                    window.notable.setdefault(_describe(handle), []).append(took_cpu)
            if took > window.longest_wall:
                window.longest_wall = took
                window.longest_wall_what = _describe(handle)
            if took_cpu > window.longest_cpu:
                window.longest_cpu = took_cpu
                window.longest_cpu_what = _describe(handle)

        events.Handle._run = timed_run  # type: ignore[method-assign]

    def patch_write_queue(self) -> None:
        """Time each database write's wait for the writer's turn and how long it holds it."""
        from host.write_queue import WriteQueue

        original = WriteQueue.turn
        probe = self

        @contextlib.asynccontextmanager
        async def timed_turn(queue: WriteQueue, priority: int = 0) -> AsyncIterator[None]:
            asked = time.perf_counter()
            async with original(queue, priority):
                got = time.perf_counter()
                try:
                    yield
                finally:
                    window = probe.window
                    window.write_waits.append(got - asked)
                    window.write_holds.append(time.perf_counter() - got)

        WriteQueue.turn = timed_turn  # type: ignore[method-assign]

    def time_answers(self) -> None:
        """Time each interaction inside the bot: from its arrival on the gateway (parsed) to the
        moment the bot sends its initial response (the emulator and the wire left out)."""
        from discord.state import ConnectionState
        from discord.webhook.async_ import AsyncWebhookAdapter

        arrived: dict[int, float] = {}
        parse = ConnectionState.parse_interaction_create
        respond = AsyncWebhookAdapter.create_interaction_response

        journeys = bool(os.environ.get("STICKEM_PROBE_JOURNEYS"))

        def parse_timed(state: Any, data: Any) -> None:
            arrived[int(data["id"])] = time.perf_counter()
            if journeys:
                self.window.journeys[int(data["id"])] = [time.monotonic(), None]
            parse(state, data)

        def respond_timed(adapter: Any, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
            started = arrived.pop(int(interaction_id), None)
            if started is not None:
                self.window.answers.append(time.perf_counter() - started)
            journey = self.window.journeys.get(int(interaction_id)) if journeys else None
            if journey is not None and journey[1] is None:
                journey[1] = time.monotonic()
            return respond(adapter, interaction_id, *args, **kwargs)

        ConnectionState.parse_interaction_create = parse_timed  # type: ignore[method-assign]
        AsyncWebhookAdapter.create_interaction_response = respond_timed  # type: ignore[method-assign]

    def count_picture_asks(self) -> None:
        """Count the pictures the painter is asked for (drawn anew or found in its cache)."""
        from bot.tables.pictures import Painter

        draw = Painter._draw

        async def counted(painter: Painter, sketch: Any, *args: Any, **kwargs: Any) -> Any:
            self.picture_asks += 1
            asks = self.asks_by_kind.setdefault(sketch.kind, [0, 0])
            asks[0] += 1
            asks[1] += sketch in painter._drawn  # found: drawn or being drawn
            return await draw(painter, sketch, *args, **kwargs)

        Painter._draw = counted  # type: ignore[method-assign]

    def painter_figures(self) -> dict[str, Any]:
        """The painter's drawings and asks so far, and what its cache holds now."""
        if self.bot is None:
            return {}
        from bot.tables.service import service_for

        painter = service_for(self.bot).painter
        cached = painter._drawn  # the cache itself: what it keeps alive is what is measured
        pictures = [
            job.future.result()
            for job in cached.values()
            if job.future.done() and not job.future.cancelled() and job.future.exception() is None
        ]
        service = service_for(self.bot)
        late = getattr(service, "late_pictures", None)  # (none in a checkout before the bound)
        return {
            "late_texts": getattr(service.courier.table_edits, "shown_as_text", 0) + getattr(late, "owed", 0),
            "late_edits": getattr(late, "edited_in", 0)
            + getattr(service.courier.table_edits, "pictures_after_text", 0),
            "late_held": getattr(late, "held_for_clicks", 0),
            "late_put_aside": getattr(painter, "put_aside", 0),  # (none before issue 25's hold)
            "drawings": painter.drawings,
            "picture_asks": self.picture_asks,
            "asks_by_kind": {kind: list(counts) for kind, counts in self.asks_by_kind.items()},
            "cache_entries": len(cached),
            "cache_bytes": sum(len(p.png) + len(p.description.encode()) for p in pictures),
            "cache_deep_bytes": deep_size(cached),
        }

    def count_statements(self) -> None:
        """Count the SQL statements SQLAlchemy runs for the bot. Since the inline SQLite writer
        runs a move's fixed statements (and its BEGIN) through the driver's cursor
        (``host.storage.inline_sqlite.InlineConnection.run``), those are not counted: on a SQLite
        file the figure is what still goes through SQLAlchemy, not every statement."""
        from sqlalchemy import event
        from sqlalchemy.engine import Engine

        def counted(*_: Any) -> None:
            self.window.statements += 1

        event.listen(Engine, "before_cursor_execute", counted)

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        """gc.callbacks hook: the length of each collection by generation."""
        if phase == "start":
            self._gc_started = time.perf_counter()
            self._gc_cpu_started = time.thread_time()
            return
        generation = info["generation"]
        took = time.perf_counter() - self._gc_started
        took_cpu = time.thread_time() - self._gc_cpu_started
        window = self.window
        window.gc_count[generation] += 1
        window.gc_longest[generation] = max(window.gc_longest[generation], took)
        if took_cpu > window.gc_longest_cpu[generation]:
            window.gc_longest_cpu[generation] = took_cpu
            window.gc_longest_collected[generation] = info["collected"]

    async def lag_loop(self) -> None:
        """Sleep 1 ms again and again; record how late each wake-up is."""
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.001)
            self.window.lags.append(loop.time() - before - 0.001)

    # -- reporting ------------------------------------------------------------------------------

    def reset(self) -> None:
        """Start a new window (and a new profile, when profiling)."""
        self.window = Window()
        if os.environ.get("STICKEM_GC_CENSUS"):
            gc.garbage.clear()
            gc.set_debug(gc.DEBUG_SAVEALL)
        if self.profile_file is not None:
            clock = os.environ.get("STICKEM_PROFILE_CLOCK", "cpu")
            # The loop thread's CPU time by default: what the bot itself spent, whatever the
            # machine's load (wall time also counts the moments the core was given away).
            self.profiler = cProfile.Profile(time.thread_time if clock == "cpu" else time.perf_counter)
            self.profiler.enable()

    def report(self) -> None:
        """Write the current window's figures to the report file.

        The window is closed first: this callback's own work (walking the tables) is not the
        bot's and must not count as a stall."""
        window = self.window
        self.window = Window()
        seconds = time.perf_counter() - window.started
        cpu_seconds = time.process_time() - window.cpu_started
        main_cpu_seconds = time.thread_time() - window.main_cpu_started
        tables = self._tables()
        figures = {
            "seconds": seconds,
            "cpu_seconds": cpu_seconds,
            "main_cpu_seconds": main_cpu_seconds,
            "lag_max": max(window.lags, default=0.0),
            "lag_p99": percentile(window.lags, 0.99),
            "lag_samples": len(window.lags),
            "callbacks": window.callbacks,
            "longest_wall": window.longest_wall,
            "longest_wall_what": window.longest_wall_what,
            "longest_cpu": window.longest_cpu,
            "longest_cpu_what": window.longest_cpu_what,
            "slow_wall": window.slow_wall,
            "slow_cpu": window.slow_cpu,
            "holds_over": dict(zip(HOLD_STEPS_MS, window.holds_over, strict=True)),
            "notable": sorted(
                ((what, len(took), max(took)) for what, took in window.notable.items()),
                key=lambda row: -row[2],
            )[:12],
            "gc_longest": window.gc_longest,
            "gc_longest_cpu": window.gc_longest_cpu,
            "gc_longest_collected": window.gc_longest_collected,
            "gc_count": window.gc_count,
            "gc_objects": len(gc.get_objects()),
            "writes": len(window.write_holds),
            "statements": window.statements,
            "answer_median": statistics.median(window.answers or [0.0]),
            "answer_p99": percentile(window.answers, 0.99),
            "answer_max": max(window.answers or [0.0]),
            "journeys": window.journeys,
            "write_wait_p99": percentile(window.write_waits, 0.99),
            "write_hold_median": statistics.median(window.write_holds or [0.0]),
            "write_hold_p99": percentile(window.write_holds, 0.99),
            "writer_busy": sum(window.write_holds) / seconds,
            "rss": _rss_bytes(),
            "tables": len(tables),
            "table_bytes": deep_size(tables[0]) if tables else 0,
            "cards": sum(_cards_played(table) for table in tables),
            **self.overload_figures(),
            **self.painter_figures(),
        }
        if self.sampler is not None:
            stacks, self.sampler.stacks = self.sampler.stacks, {}
            figures["stall_stacks"] = sorted(stacks.items(), key=lambda item: -item[1])[:15]
        if self.profiler is not None and self.profile_file is not None:
            self.profiler.disable()
            self.profiler.dump_stats(self.profile_file)
            self.profiler = None
        if os.environ.get("STICKEM_GC_CENSUS"):
            gc.set_debug(0)
            census: dict[str, int] = {}
            for obj in gc.garbage:
                name = type(obj).__module__ + "." + type(obj).__qualname__
                census[name] = census.get(name, 0) + 1
            figures["gc_census"] = sorted(census.items(), key=lambda item: -item[1])[:40]
            alive: dict[str, int] = {}
            for obj in gc.get_objects():
                name = type(obj).__module__ + "." + type(obj).__qualname__
                alive[name] = alive.get(name, 0) + 1
            figures["gc_alive"] = sorted(alive.items(), key=lambda item: -item[1])[:25]
            figures["gc_cycles"] = [
                _cycle_of(name, gc.garbage) for name in ("Message", "View", "Interaction", "Future", "User")
            ]
            gc.garbage.clear()
        partial = self.report_file.with_suffix(".partial")
        partial.write_text(json.dumps(figures))
        partial.replace(self.report_file)

    def overload_figures(self) -> dict[str, Any]:
        """Since the start: how often the bot was marked behind, the interactions it dropped as
        expired, and whether it is behind now (nothing for a tree without ``host.overload``)."""
        if self.bot is None:
            return {}
        from bot.tables.service import service_for

        overload = getattr(service_for(self.bot).registry, "overload", None)
        if overload is None:
            return {}
        return {"behind_episodes": overload.episodes, "dropped": overload.dropped, "behind": overload.behind}

    def _tables(self) -> list[Any]:
        if self.bot is None:
            return []
        from bot.tables.service import service_for

        return list(service_for(self.bot).registry.tables())

    def start(self, bot: Any) -> None:
        """Start measuring ``bot`` (called from its ``setup_hook``, on the running loop)."""
        self.bot = bot
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGUSR1, self.reset)
        loop.add_signal_handler(signal.SIGUSR2, self.report)
        self._lag_task = loop.create_task(self.lag_loop())
        if self.sampler is not None:
            threading.Thread(target=self.sampler.watch, name="stall-sampler", daemon=True).start()


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank); 0 for none."""
    ordered = sorted(values) or [0.0]
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))]


def _cycle_of(type_name: str, garbage: list[Any]) -> str:
    """A reference path from the first garbage object of ``type_name`` back to itself."""
    ids = {id(obj) for obj in garbage}
    start = next((obj for obj in garbage if type(obj).__name__ == type_name), None)
    if start is None:
        return f"{type_name}: none"
    paths: dict[int, list[str]] = {id(start): [type_name]}
    queue = [start]
    while queue:
        obj = queue.pop(0)
        for ref in gc.get_referents(obj):
            if ref is start:
                return " -> ".join(paths[id(obj)] + [type_name])
            if id(ref) in ids and id(ref) not in paths:
                label = type(ref).__name__
                if isinstance(obj, dict):
                    label = next((f"[{k!r}]" for k, v in obj.items() if v is ref), label) + ":" + label
                paths[id(ref)] = paths[id(obj)] + [label]
                queue.append(ref)
    return f"{type_name}: no cycle through garbage"


def _describe(handle: events.Handle) -> str:
    """What a callback ran: for a task's step, the task's coroutine and where it now waits."""
    owner = getattr(handle._callback, "__self__", None)  # type: ignore[attr-defined]
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        frame = getattr(coro, "cr_frame", None)
        where = f" (now at {frame.f_code.co_filename.rsplit('/', 2)[-1]}:{frame.f_lineno})" if frame else ""
        return f"task {getattr(coro, '__qualname__', coro)!s}{where}"
    text = repr(handle)
    return text if len(text) <= 300 else text[:300] + "..."


def _rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _cards_played(table: Any) -> int:
    """The cards played at a Stick'em table: its match's ``p:`` actions (the generic host), or its
    game's plays (a bot from before it, measured with ``--compare``)."""
    match = getattr(table, "match", None)
    if match is not None:
        return sum(1 for _, action in match.log if action.startswith("p:"))
    game = getattr(table, "game", None)
    return 0 if game is None else sum(1 for action in game.actions if action.kind == "play")


def deep_size(root: object) -> int:
    """The bytes of ``root`` and everything it refers to (shared objects counted once; modules,
    classes, functions, interned cards and the event loop left out, and running code's frames and
    coroutines: a table whose lock a task waits for at that moment leads through the task's
    coroutine and frames to whatever they hold, which is not the table's)."""
    from stickem import Card

    seen: set[int] = set()
    stack = [root]
    total = 0
    skip = (type, type(sys), type(deep_size), asyncio.AbstractEventLoop, Card, FrameType, CoroutineType)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def install() -> None:
    """Install the probe into this (bot) process: called from ``sitecustomize``."""
    from bot.boot.app import StickemBot

    probe = Probe(Path(os.environ["STICKEM_PROBE_FILE"]))
    if not os.environ.get("STICKEM_PROBE_NO_CALLBACKS"):
        probe.patch_handles()
    probe.patch_write_queue()
    probe.count_statements()
    probe.time_answers()
    probe.count_picture_asks()
    gc.callbacks.append(probe.on_gc)
    original_setup = StickemBot.setup_hook

    async def setup_hook(self: StickemBot) -> None:
        await original_setup(self)
        switch = os.environ.get("STICKEM_SWITCH_INTERVAL")  # an experiment: seconds
        if switch:
            sys.setswitchinterval(float(switch))
        threshold = os.environ.get("STICKEM_GC_THRESHOLD")  # an experiment: e.g. "5000,10,10"
        if threshold:
            gc.set_threshold(*(int(part) for part in threshold.split(",")))
        probe.start(self)

    StickemBot.setup_hook = setup_hook  # type: ignore[method-assign]
