"""The painter's worker processes: a picture is drawn in a process of its own, below the bot's
scheduling priority (:mod:`host.workers`, as the computer players think), so that neither the
drawing's Python code nor Pillow's compression competes with the event loop for the interpreter
lock or the core.

The painter's drawing thread (:mod:`bot.tables.drawing_pool`) keeps the order of the drawings and
hands each to :meth:`DrawingWorkers.draw`, where it waits (off the interpreter lock) for the
worker's picture. A worker that died (killed by the OOM killer or by hand) leaves its pool broken
for good: the drawing it was doing fails with :class:`WorkerDied` (the message goes out as text)
and the next drawing starts a new pool.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor

from bot.tables.drawing_pool import PoolClosed
from host.drawing import arguments, draw
from host.workers import warm_up, worker_processes
from tabletop.pictures import Picture, Sketch

log = logging.getLogger(__name__)


class WorkerDied(RuntimeError):
    """The worker process drawing a picture died before it was done (the exception's argument:
    the picture's kind)."""


class DrawingWorkers:
    """``processes`` worker processes that draw sketches (started at the first drawing)."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._stopping: list[threading.Thread] = []
        """The threads that shut pools down, each joining its pool's processes (a broken
        pool's, the last pool's at closing)."""
        self.closed = False
        self.started = 0
        """How many pools were started (a new one after each death of a worker), for tests."""

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self.closed:
                raise PoolClosed("the drawing workers are stopped")
            if self._executor is None:
                self._executor = worker_processes(self.processes)
                self.started += 1
                for _ in range(self.processes):
                    self._executor.submit(warm_up)
            return self._executor

    def draw(self, sketch: Sketch) -> Picture:
        """``sketch``'s picture, drawn in a worker process (blocks: call it in a drawing thread).
        :class:`WorkerDied` if the worker died meanwhile (a new pool draws the next one)."""
        executor = self._pool()
        try:
            return executor.submit(draw, *arguments(sketch)).result()
        except BrokenExecutor as exc:
            self._drop(executor)
            raise WorkerDied(sketch.kind) from exc

    def _drop(self, executor: ProcessPoolExecutor) -> None:
        """Let go of a broken pool (unless it was let go of already): the next drawing starts one."""
        with self._lock:
            if self._executor is not executor:
                return
            self._executor = None
            self._stop(executor)
        log.warning("a worker process drawing pictures died; starting a new one")

    def close(self) -> None:
        """Stop the workers after the drawing under way (the join: :meth:`join`)."""
        with self._lock:
            self.closed = True
            executor, self._executor = self._executor, None
            if executor is not None:
                self._stop(executor)

    def _stop(self, executor: ProcessPoolExecutor) -> None:
        """Shut ``executor`` down in a thread of its own, which joins its processes (call it
        holding the lock)."""
        stopping = threading.Thread(
            target=executor.shutdown, kwargs={"wait": True, "cancel_futures": True}, name="pictures-stop"
        )
        stopping.start()
        self._stopping.append(stopping)

    def join(self) -> None:
        """Wait until every worker process stopped (blocks: at shutdown, in a thread)."""
        with self._lock:
            stopping, self._stopping = self._stopping, []
        for thread in stopping:
            thread.join()
