"""Worker processes of the bot: where the computer players think (:mod:`host.thinking`) and the
pictures are drawn (:mod:`host.drawing`), *off the event loop* and below its priority.

Both need the same of a worker: started by ``spawn`` (nothing of the bot is inherited), the bot's
output let go, a lower scheduling priority than the bot's (:data:`WORKER_NICENESS`), and an end
soon after the bot's (:data:`PARENT_CHECK`). Only the standard library is imported here, so that
a spawned worker starts quickly.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from multiprocessing.connection import wait

WORKER_NICENESS = 10
"""How much lower the workers' scheduling priority is than the bot's: on a busy machine the event
loop (which answers players within Discord's 3 seconds) gets the processor before a computer
player's thinking or a picture's drawing, neither of which a click waits for."""

PARENT_CHECK = 0.2
"""Seconds between two checks that the bot is still alive, for a worker that has no pipe from the
bot to wait on (one not started by ``multiprocessing``: :func:`worker_init` called by hand); after
a `kill -9` of the bot, such a worker is gone this soon. A pool's worker waits on its pipe instead
(:func:`worker_init`) and is gone at once, having woken up for nothing meanwhile."""


def warm_up() -> None:
    """Nothing: submitted once so that a worker process is started before the first task."""


def worker_init(parent_pid: int) -> None:
    """Set up a worker process: let go of the bot's output, give way to the bot's event loop
    (:data:`WORKER_NICENESS`), and end when the bot is gone: a thread waits, asleep, for the end
    of the pipe from the bot that ``multiprocessing`` keeps open while the bot lives (the
    parent's ``sentinel``), or checks every :data:`PARENT_CHECK` where there is none.

    A worker inherits the bot's stdout and stderr; were the bot killed (``kill -9``), a worker
    still holding them would keep whoever reads the bot's output waiting. Errors of a task
    travel back to the bot with its result, so the worker needs no output of its own."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    if hasattr(os, "nice"):  # not on Windows
        os.nice(WORKER_NICENESS)

    parent = multiprocessing.parent_process()

    def watch() -> None:
        if parent is not None and parent.pid == parent_pid:
            # The bot holds the other end of this pipe until it ends: no wake-up until then. (A
            # check every PARENT_CHECK woke each idle worker 5 times a second: ~0.2-0.3 ms of CPU
            # a second on a busy machine, for every worker of the bot, whether it had work or
            # not; benchmarks/decision_cpu.py.)
            wait([parent.sentinel])
            os._exit(0)
        while True:
            time.sleep(PARENT_CHECK)
            if os.getppid() != parent_pid:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def worker_processes(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` worker processes set up by :func:`worker_init` (started at its first
    task)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_init,
        initargs=(os.getpid(),),
    )


class WorkersStopped(RuntimeError):
    """The worker pool was closed (the bot is stopping): no task starts any more."""


class WorkerPool:
    """A pool of the bot's workers as both its users need it (the computer players'
    :class:`~host.autoplay.thinkers.Thinkers` here, and the Discord layer's painter): started
    on first use, replaced when a worker died, stopped with the bot, and then joined. ``make``
    makes the pool: :func:`worker_processes`, or one thread where no process is wanted.

    A worker that died (killed by the OOM killer or by hand) leaves a ``ProcessPoolExecutor``
    broken for good; its user lets it go with :meth:`replace_broken` and the next use starts a
    new one. Safe to use from several threads (the painter's drawing thread and the event loop).
    """

    def __init__(self, make: Callable[[], Executor], warm: int) -> None:
        self._make = make
        """Makes a new pool (called at the first use, and after each broken one)."""
        self._warm = warm
        """How many warm-up tasks a new pool gets, so its workers start before the first task."""
        self._executor: Executor | None = None
        self._lock = threading.Lock()
        self._stopping: list[threading.Thread] = []
        """The threads that shut pools down, each joining its pool's processes (a broken pool's,
        the last pool's at closing)."""
        self.closed = False
        self.started = 0
        """How many pools were started (a new one after each death of a worker)."""

    @property
    def running(self) -> bool:
        """Whether a pool is started and not let go of."""
        return self._executor is not None

    def executor(self) -> Executor:
        """The pool (started now if there is none); :class:`WorkersStopped` once closed."""
        with self._lock:
            if self.closed:
                raise WorkersStopped("the worker processes are stopped")
            if self._executor is None:
                self._executor = self._make()
                self.started += 1
                for _ in range(self._warm):
                    self._executor.submit(warm_up)
            return self._executor

    def replace_broken(self, executor: Executor) -> bool:
        """Let go of the broken ``executor`` (the next use starts a new pool); False if it was let
        go of already (another user saw it broken first)."""
        with self._lock:
            if self._executor is not executor:
                return False
            self._executor = None
            self._stop(executor)
        return True

    def close(self) -> None:
        """Stop the pool after the tasks under way; no task starts any more (:meth:`join` waits
        for the processes)."""
        with self._lock:
            self.closed = True
            executor, self._executor = self._executor, None
            if executor is not None:
                self._stop(executor)

    def _stop(self, executor: Executor) -> None:
        """Shut ``executor`` down in a thread of its own, which joins its processes (call it
        holding the lock)."""
        stopping = threading.Thread(
            target=executor.shutdown, kwargs={"wait": True, "cancel_futures": True}, name="workers-stop"
        )
        stopping.start()
        self._stopping.append(stopping)

    def join(self) -> None:
        """Wait until every process of the pools let go of has ended (blocks: call it in a
        thread)."""
        with self._lock:
            stopping, self._stopping = self._stopping, []
        for thread in stopping:
            thread.join()
