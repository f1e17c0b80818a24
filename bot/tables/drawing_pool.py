"""The painter's drawing threads: one queue, urgent drawings first, and a drawing nobody waits
for any more dropped before it begins.

A thread pool of the standard library draws in the order it is asked, so at a hundred busy tables
the hand a player waits for queued behind every table's table picture. Here each drawing has a
priority (:data:`URGENT`: someone waits for it, e.g. a prompt's hand; :data:`BACKGROUND`: a
table message's picture), drawings of one priority go in the order asked, and a drawing may be
dropped while it is still queued (:meth:`DrawingPool.drop`): a table picture superseded by the
table's next state is then never drawn.

**Behind** (:mod:`host.overload`): while the process is marked behind (:meth:`DrawingPool.hold`),
no late picture begins (one its message went out without, in words, after the bound:
:meth:`DrawingPool.late`): a thread that takes one puts it aside, so that the worker's CPU and the
late pictures' edits (one REST call each) give way to the clicks, as the computer seats play
fewer moves at once (:mod:`host.autoplay.pace`). Nothing is lost: once the process has caught
up, the drawings put aside go back to the queue in their order, behind the drawings someone
waits for (they are :data:`BACKGROUND` ones then: nobody waits for them); those dropped meanwhile,
their message edited or superseded by a newer state, are not drawn at all; one hurried meanwhile
(someone waits for it again) is drawn at once, behind or not. A table message's picture that
nobody waits for yet is drawn as ever (it is how the channel sees the game go on: held, the
table message would stand still), and so is every picture someone waits for. A drawing under
way is not stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import threading
from collections.abc import Callable
from typing import Final

from tabletop.pictures import Picture

URGENT: Final = 0
"""A drawing someone waits for (a prompt's hand, a command's picture): drawn first."""

BACKGROUND: Final = 1
"""A drawing of a message nobody waits for (a table message's picture): drawn when no urgent one
is queued."""

QUEUED, RUNNING, DROPPED = "queued", "running", "dropped"


class PoolClosed(RuntimeError):
    """The pool was closed (the bot is shutting down) before the drawing began."""


class Job:
    """One drawing: what to call, its priority, the future its result is set on (on the event
    loop that asked for it), and its state (queued, running, dropped)."""

    __slots__ = ("draw", "future", "insistent", "late", "loop", "priority", "state", "waiters")

    def __init__(self, draw: Callable[[], Picture], loop: asyncio.AbstractEventLoop, priority: int) -> None:
        self.draw = draw
        self.loop = loop
        self.future: asyncio.Future[Picture] = loop.create_future()
        self.priority = priority
        self.state = QUEUED
        self.waiters = 0
        """How many callers await the drawing (kept by the painter)."""
        self.insistent = 0
        """How many of them are urgent and wait however long (a command's answer), kept by the
        painter: the drawing is not marked late meanwhile."""
        self.late = False
        """Its message went out without it, and nobody waits for it now (:meth:`DrawingPool.late`):
        not begun while the process is behind."""


def _settle(future: asyncio.Future[Picture], picture: Picture | None, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        assert picture is not None
        future.set_result(picture)


class DrawingPool:
    """``threads`` drawing threads (started at the first drawing) taking jobs by priority."""

    def __init__(self, threads: int, name: str = "pictures") -> None:
        self._size = threads
        self._name = name
        self._queue: queue.PriorityQueue[tuple[int, int, Job | None]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self.closed = False
        self._holding = False
        """The process is behind: late drawings are put aside (read under the lock)."""
        self._held: list[tuple[int, int, Job]] = []
        """The late drawings put aside while behind, as they were queued (priority, order)."""
        self._held_pruned = 0
        """How many were put aside after the last time the dropped ones were left out."""
        self.put_aside = 0
        """Late drawings put aside while behind since the start (a benchmark's figure)."""
        self.peak_late = 0
        """The most late drawings under way at once (for tests and benchmarks)."""
        self._running_late = 0

    def submit(self, draw: Callable[[], Picture], priority: int) -> Job:
        """Queue ``draw`` (called in a drawing thread) at ``priority``; its result arrives on the
        returned job's future."""
        if self.closed:
            raise PoolClosed("the drawing threads are stopped")
        job = Job(draw, asyncio.get_running_loop(), priority)
        if not self._threads:
            self._start()
        self._queue.put((priority, next(self._order), job))
        return job

    def hurry(self, job: Job) -> None:
        """Someone waits for ``job`` now: if it is still queued at a lower priority (or late), it
        goes to the front of the urgent ones' line (queued twice; whichever copy comes first
        draws it), behind or not."""
        if job.state == QUEUED and (job.priority > URGENT or job.late) and not self.closed:
            job.priority = URGENT
            job.late = False
            self._queue.put((URGENT, next(self._order), job))

    def late(self, job: Job) -> None:
        """Nobody waits for ``job`` any more, its message went out without it (it is edited in
        when drawn): while the process is behind, it is not begun (:meth:`hold`); else it keeps
        its place in the queue. Asked for again (:meth:`hurry`), it is urgent again."""
        if job.state == QUEUED:
            job.late = True

    def hold(self, holding: bool) -> None:
        """The process is behind (``holding``): no late drawing begins from now on; or it has
        caught up: the drawings put aside meanwhile are queued again, in their order, as
        :data:`BACKGROUND` ones (nobody waits for them: a long time behind leaves many, and a
        prompt's hand queued behind them all would be late too)."""
        with self._lock:
            self._holding = holding
            if holding:
                return
            held, self._held = self._held, []
            self._held_pruned = 0
        for priority, order, job in held:
            if job.state == QUEUED and not self.closed:
                if job.late:  # nobody waits for it: after the drawings someone waits for
                    job.priority = priority = max(priority, BACKGROUND)
                self._queue.put((priority, order, job))

    @property
    def held(self) -> int:
        """Late drawings put aside now, not dropped (for tests and benchmarks; a drawing queued
        twice, hurried once, counts once)."""
        with self._lock:
            return len({id(job) for _, _, job in self._held if job.state == QUEUED})

    def drop(self, job: Job) -> bool:
        """Never draw ``job`` if it has not begun (True then; False: it is drawn or drawing)."""
        with self._lock:
            if job.state != QUEUED:
                return False
            job.state = DROPPED
        return True

    def close(self) -> None:
        """Stop the threads after the drawings under way; the queued ones fail with
        :class:`PoolClosed` (call it on the event loop the jobs were submitted from)."""
        self.closed = True
        with self._lock:  # a late drawing a thread takes from now on is drawn, as one under way
            self._holding = False
            held, self._held = self._held, []
        while True:
            try:
                _, _, job = held.pop() if held else self._queue.get_nowait()
            except queue.Empty:
                break
            if job is not None and self.drop(job) and not job.future.done():
                job.future.set_exception(PoolClosed("the drawing threads are stopped"))
        for _ in self._threads:
            self._queue.put((BACKGROUND + 1, next(self._order), None))

    def _start(self) -> None:
        for number in range(self._size):
            thread = threading.Thread(target=self._work, name=f"{self._name}_{number}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def _work(self) -> None:
        while True:
            priority, order, job = self._queue.get()
            if job is None:
                return
            with self._lock:
                if job.state != QUEUED:
                    continue  # dropped, or its other copy was taken first
                late = job.late
                if late and self._holding:
                    self._put_aside(priority, order, job)
                    continue
                job.state = RUNNING
                self._running_late += late
                self.peak_late = max(self.peak_late, self._running_late)
            picture: Picture | None = None
            error: BaseException | None = None
            try:
                picture = job.draw()
            except Exception as exc:  # handed to the awaiting coroutine, which logs it
                error = exc
            finally:
                with self._lock:
                    self._running_late -= late
            with contextlib.suppress(RuntimeError):  # a closed event loop: nobody waits any more
                job.loop.call_soon_threadsafe(_settle, job.future, picture, error)

    def _put_aside(self, priority: int, order: int, job: Job) -> None:
        """Keep a late drawing for when the process has caught up (the lock held); the dropped
        ones are left out now and then, so that a long time behind keeps only the drawings still
        wanted (each message's newest)."""
        self._held.append((priority, order, job))
        self._held_pruned += 1
        self.put_aside += 1
        if self._held_pruned > max(64, len(self._held) // 2):
            self._held = [kept for kept in self._held if kept[2].state == QUEUED]
            self._held_pruned = 0
