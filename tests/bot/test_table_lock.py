"""A table's lock says it is busy while held, while others wait, and between two holders."""

from __future__ import annotations

import asyncio

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
