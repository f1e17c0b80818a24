"""The painter's drawing threads: one queue, urgent drawings first, and a drawing nobody waits
for any more dropped before it begins.

A thread pool of the standard library draws in the order it is asked, so at a hundred busy tables
the hand a player waits for queued behind every table's table picture. Here each drawing has a
priority (:data:`URGENT`: someone waits for it, e.g. a prompt's hand; :data:`BACKGROUND`: a
table message's picture), drawings of one priority go in the order asked, and a drawing may be
dropped while it is still queued (:meth:`DrawingPool.drop`): a table picture superseded by the
table's next state is then never drawn.
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

    __slots__ = ("draw", "future", "loop", "priority", "state", "waiters")

    def __init__(self, draw: Callable[[], Picture], loop: asyncio.AbstractEventLoop, priority: int) -> None:
        self.draw = draw
        self.loop = loop
        self.future: asyncio.Future[Picture] = loop.create_future()
        self.priority = priority
        self.state = QUEUED
        self.waiters = 0
        """How many callers await the drawing (kept by the painter)."""


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
        """Someone waits for ``job`` now: if it is still queued at a lower priority, it goes to
        the front of the urgent ones' line (queued twice; whichever copy comes first draws it)."""
        if job.state == QUEUED and job.priority > URGENT and not self.closed:
            job.priority = URGENT
            self._queue.put((URGENT, next(self._order), job))

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
        while True:
            try:
                _, _, job = self._queue.get_nowait()
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
            _, _, job = self._queue.get()
            if job is None:
                return
            with self._lock:
                if job.state != QUEUED:
                    continue  # dropped, or its other copy was taken first
                job.state = RUNNING
            picture: Picture | None = None
            error: BaseException | None = None
            try:
                picture = job.draw()
            except Exception as exc:  # handed to the awaiting coroutine, which logs it
                error = exc
            with contextlib.suppress(RuntimeError):  # a closed event loop: nobody waits any more
                job.loop.call_soon_threadsafe(_settle, job.future, picture, error)
