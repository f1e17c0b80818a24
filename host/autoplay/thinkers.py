"""The worker pool the computer players think in: a decision is computed *off the event loop* (a
worker process, see :mod:`host.thinking` and :mod:`host.workers`), and a failing one never
leaves a table waiting."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from concurrent.futures import BrokenExecutor, Executor, ThreadPoolExecutor

from host.tables import Table
from host.thinking import decide
from host.workers import WorkerPool, WorkersStopped, worker_processes
from tabletop import registry

log = logging.getLogger(__name__)

FALLBACK = "the game's weakest computer player"
"""Whose decision stands in when a seat's own decision fails (made on the event loop: the
weakest level of every game decides in well under a millisecond), so that a failure never leaves
a table waiting for a seat."""


def make_executor(workers: int) -> Executor:
    """The pool the decisions run in: processes (``spawn``: nothing of the bot is inherited)."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="stickem-ai")
    return worker_processes(workers)


class Thinkers:
    """The computer players' worker pool of one bot (``workers`` processes; 0: one thread)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = WorkerPool(lambda: make_executor(workers), warm=max(1, workers))
        """The processes (or the one thread), replaced when one died
        (:class:`~host.workers.WorkerPool`)."""
        self.decisions_waiting = 0
        """Decisions handed to the pool and not back yet (waiting for a worker, or being
        thought): what the bot's metrics call the worker queue."""

    @property
    def started(self) -> bool:
        """Whether the pool runs (it starts on first use, or with :meth:`executor`)."""
        return self.pool.running

    def executor(self) -> Executor:
        """The worker pool (started on first use)."""
        return self.pool.executor()

    async def close(self) -> None:
        """Stop the pool, joined (in a thread, off the loop): no worker process outlives the bot,
        and no decision starts one any more."""
        self.pool.close()
        await asyncio.to_thread(self.pool.join)

    @contextlib.contextmanager
    def _waiting(self) -> Iterator[None]:
        """Count a decision in :attr:`decisions_waiting` while it is in the pool."""
        self.decisions_waiting += 1
        try:
            yield
        finally:
            self.decisions_waiting -= 1

    async def think(self, table: Table, seat: int, level: str) -> str:
        """The computer's decision for ``seat``, computed in the worker pool.

        A worker that died (killed by the OOM killer or by hand) leaves the process pool broken
        for good: the broken pool is replaced by a new one and the decision asked again, once.
        Should the decision still fail (a bug in a computer player, the new pool broken too, no
        pool starting at all), the game's weakest player (:data:`FALLBACK`) decides instead: nobody can act
        while a computer seat is awaited, so a failure here would otherwise stop the game."""
        view = table.running_match().view(seat)
        seed = table.bot_seed(seat)
        game = table.spec.name
        where = registry.entry(game)
        loop = asyncio.get_running_loop()
        executor: Executor | None = None
        try:
            # Starting the pool is inside: starting worker processes fails too when memory or
            # processes run out (the state in which a worker was killed in the first place).
            executor = self.executor()
            with self._waiting():
                return await loop.run_in_executor(executor, decide, game, where, view, level, seed)
        except WorkersStopped:
            raise  # the bot is stopping: no move is made (the game resumes where it was)
        except BrokenExecutor:
            if executor is not None and self.pool.replace_broken(executor):
                log.warning("a worker process of the computer players died; starting new ones")
            try:
                return await loop.run_in_executor(self.executor(), decide, game, where, view, level, seed)
            except WorkersStopped:
                raise  # stopped meanwhile: no move either
            except Exception:
                log.exception(
                    "table %s: the %s computer player failed in a new worker pool; %s decides instead",
                    table.channel_id,
                    level,
                    FALLBACK,
                )
        except Exception:
            log.exception(
                "table %s: the %s computer player failed; %s decides instead",
                table.channel_id,
                level,
                FALLBACK,
            )
        return decide(game, where, view, table.spec.levels[0], seed)
