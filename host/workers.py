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
from concurrent.futures import ProcessPoolExecutor

WORKER_NICENESS = 10
"""How much lower the workers' scheduling priority is than the bot's: on a busy machine the event
loop (which answers players within Discord's 3 seconds) gets the processor before a computer
player's thinking or a picture's drawing, neither of which a click waits for."""

PARENT_CHECK = 0.2
"""Seconds between two checks of a worker that the bot is still alive (a check is one system call;
after a `kill -9` of the bot, its workers are gone this soon)."""


def warm_up() -> None:
    """Nothing: submitted once so that a worker process is started before the first task."""


def worker_init(parent_pid: int) -> None:
    """Set up a worker process: let go of the bot's output, give way to the bot's event loop
    (:data:`WORKER_NICENESS`), and end when the bot is gone.

    A worker inherits the bot's stdout and stderr; were the bot killed (``kill -9``), a worker
    still holding them would keep whoever reads the bot's output waiting. Errors of a task
    travel back to the bot with its result, so the worker needs no output of its own."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    if hasattr(os, "nice"):  # not on Windows
        os.nice(WORKER_NICENESS)

    def watch() -> None:
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
