"""The painter's worker processes: a picture is drawn in a process of its own, below the bot's
scheduling priority (:mod:`host.workers`, as the computer players think), so that neither the
drawing's Python code nor Pillow's compression competes with the event loop for the interpreter
lock or the core.

The painter's drawing thread (:mod:`bot.tables.drawing_pool`) keeps the order of the drawings and
hands each to :meth:`DrawingWorkers.draw`, where it waits (off the interpreter lock) for the
worker's picture. A worker that died (killed by the OOM killer or by hand) leaves its pool broken
for good: the drawing it was doing fails with :class:`WorkerDied` (the message goes out as text)
and a new pool starts at once, its workers prepared as the first ones were (or at the next
drawing, if none were prepared).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from concurrent.futures import BrokenExecutor, CancelledError

from bot.tables.drawing_pool import PoolClosed
from host.drawing import arguments, draw, prepare
from host.workers import WorkerPool, WorkersStopped, worker_processes
from tabletop.pictures import Picture, Sketch

log = logging.getLogger(__name__)


class WorkerDied(RuntimeError):
    """The worker process drawing a picture died before it was done (the exception's argument:
    the picture's kind)."""


class DrawingWorkers:
    """``processes`` worker processes that draw sketches (started at the first drawing)."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.pool = WorkerPool(lambda: worker_processes(processes), warm=processes)
        """The processes, replaced when one died (:class:`~host.workers.WorkerPool`)."""
        self.prepared: tuple[str, ...] = ()
        """The drawing modules the workers import as they start (:meth:`prepare`)."""

    @property
    def started(self) -> int:
        """How many pools were started (a new one after each death of a worker), for tests."""
        return self.pool.started

    def prepare(self, modules: Iterable[str]) -> None:
        """Start the workers now and have them import the drawing ``modules`` (at start-up):
        the first picture then waits neither for a process to start nor for Pillow to load
        (on a busy machine, seconds: longer than a message waits for its picture). A pool
        started after a worker died is prepared so too."""
        self.prepared = tuple(modules)
        try:
            executor = self.pool.executor()
        except WorkersStopped:
            return
        for module in self.prepared:
            executor.submit(prepare, module)

    def draw(self, sketch: Sketch) -> Picture:
        """``sketch``'s picture, drawn in a worker process (blocks: call it in a drawing thread).
        :class:`WorkerDied` if the worker died meanwhile (a new pool draws the next one)."""
        try:
            executor = self.pool.executor()
        except WorkersStopped as exc:
            raise PoolClosed("the drawing workers are stopped") from exc
        try:
            return executor.submit(draw, *arguments(sketch)).result()
        except BrokenExecutor as exc:
            if self.pool.replace_broken(executor):
                log.warning("a worker process drawing pictures died; starting a new one")
                if self.prepared:
                    self.prepare(self.prepared)  # ready before the next picture is asked for
            raise WorkerDied(sketch.kind) from exc
        except (RuntimeError, CancelledError) as exc:  # after BrokenExecutor, a RuntimeError too
            if not self.pool.closed:
                raise
            # closed while this drawing was handed over or queued (the bot stopping): not a bug
            raise PoolClosed("the drawing workers are stopped") from exc

    def close(self) -> None:
        """Stop the workers after the drawing under way (the join: :meth:`join`)."""
        self.pool.close()

    def join(self) -> None:
        """Wait until every worker process stopped (blocks: at shutdown, in a thread)."""
        self.pool.join()
