"""A table's lock says it is busy while held, while others wait, and between two holders."""

from __future__ import annotations

import asyncio
import tracemalloc

import pytest

from host.table_lock import TableLock


async def test_busy_while_held_and_while_passed_on() -> None:
    lock = TableLock()
    assert not lock.busy and not lock.locked()
    await lock.acquire()
    waiter = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    assert lock.busy and lock.locked() and lock.waiting == 1
    lock.release()  # handed to the waiter, which has not run yet: still busy
    assert lock.busy
    await waiter
    assert lock.locked()
    lock.release()
    assert not lock.busy and not lock.locked()


async def test_a_cancelled_waiter_no_longer_counts() -> None:
    lock = TableLock()
    async with lock:
        waiter = asyncio.create_task(lock.acquire())
        await asyncio.sleep(0)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        assert lock.busy  # the holder
    assert not lock.busy


async def test_an_error_inside_releases_it() -> None:
    lock = TableLock()
    with pytest.raises(RuntimeError):
        async with lock:
            raise RuntimeError("boom")
    assert not lock.busy and not lock.locked()


async def test_a_free_lock_keeps_no_queue_of_waiters() -> None:
    # Many tables' locks, each once contended: once free, none keeps the queue of waiters
    # it needed then (asyncio.Lock keeps its deque, ~0.6 KiB, for good).
    locks = [TableLock() for _ in range(200)]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for lock in locks:
            await lock.acquire()
            waiter = asyncio.create_task(lock.acquire())
            await asyncio.sleep(0)
            assert lock.waiting == 1
            lock.release()
            await waiter
            lock.release()
            assert not lock.busy
        kept = (tracemalloc.get_traced_memory()[0] - before) / len(locks)
    finally:
        tracemalloc.stop()
    assert kept < 300, f"{kept:.0f} bytes kept per lock"
    for lock in locks:  # and each still excludes
        async with lock:
            waiter = asyncio.create_task(lock.acquire())
            await asyncio.sleep(0)
            assert not waiter.done() and lock.waiting == 1
        await waiter
        assert lock.locked()
        lock.release()
