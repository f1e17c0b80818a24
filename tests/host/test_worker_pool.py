"""The worker pool's life (host.workers.WorkerPool): started on first use, replaced once when
broken, and closed for good."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Executor, ThreadPoolExecutor

import pytest

from host.workers import WorkerPool, WorkersStopped


def test_a_pool_starts_on_first_use_and_is_kept() -> None:
    made: list[Executor] = []

    def make() -> Executor:
        made.append(ThreadPoolExecutor(max_workers=1))
        return made[-1]

    pool = WorkerPool(make, warm=2)
    try:
        assert not pool.running and pool.started == 0 and not made
        first = pool.executor()
        assert pool.executor() is first and made == [first] and pool.started == 1
    finally:
        pool.close()
        pool.join()


def test_a_broken_pool_is_let_go_of_once_and_the_next_use_starts_a_new_one() -> None:
    pool = WorkerPool(lambda: ThreadPoolExecutor(max_workers=1), warm=1)
    try:
        broken = pool.executor()
        assert pool.replace_broken(broken)
        assert not pool.replace_broken(broken)  # another user saw it broken too: nothing more
        assert not pool.running
        new = pool.executor()
        assert new is not broken and pool.started == 2
        assert not pool.replace_broken(broken)  # an old pool does not let go of the new one
        assert pool.executor() is new
    finally:
        pool.close()
        pool.join()


def test_a_closed_pool_starts_nothing_and_its_processes_are_joined() -> None:
    pool = WorkerPool(lambda: ThreadPoolExecutor(max_workers=1), warm=1)
    executor = pool.executor()
    under_way = threading.Event()

    def task() -> int:
        under_way.set()
        time.sleep(0.05)
        return 42

    done = executor.submit(task)
    assert under_way.wait(5)
    pool.close()
    pool.join()
    assert done.result(timeout=5) == 42  # the task under way finishes
    with pytest.raises(RuntimeError):
        executor.submit(lambda: 0)  # shut down
    with pytest.raises(WorkersStopped):
        pool.executor()
    assert pool.started == 1 and not pool.running
