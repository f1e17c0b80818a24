"""The SQLite write queue: one writer at a time, urgent writes first, cancelled waiters skipped."""

from __future__ import annotations

import asyncio

import pytest

import host.write_queue as write_queue
from host.write_queue import BACKGROUND, URGENT, WriteQueue


async def test_urgent_writes_overtake_waiting_background_writes() -> None:
    queue = WriteQueue()
    order: list[str] = []
    inside = 0

    async def write(name: str, priority: int) -> None:
        nonlocal inside
        async with queue.turn(priority):
            inside += 1
            assert inside == 1  # never two writers at once
            await asyncio.sleep(0.001)
            order.append(name)
            inside -= 1

    async with queue.turn(BACKGROUND):  # the writer is busy while the others queue up
        tasks = [asyncio.create_task(write(name, BACKGROUND)) for name in ("bot1", "bot2")]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(write("click", URGENT)))
        await asyncio.sleep(0)
        assert queue.waiting == 3
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert order == ["click", "bot1", "bot2"]


async def test_a_cancelled_waiter_does_not_block_the_queue() -> None:
    queue = WriteQueue()
    done: list[str] = []

    async def write(name: str) -> None:
        async with queue.turn():
            done.append(name)

    async with queue.turn():
        gone = asyncio.create_task(write("gone"))
        kept = asyncio.create_task(write("kept"))
        await asyncio.sleep(0)
        gone.cancel()
        await asyncio.sleep(0)
    await asyncio.wait_for(kept, 5)
    assert done == ["kept"]
    async with queue.turn():  # free again
        assert queue.waiting == 0


async def test_the_expected_wait_counts_the_turns_ahead_of_a_priority(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(write_queue, "HOLD_WEIGHT", 1.0)  # the mean hold is the last one's
    queue = WriteQueue()
    assert queue.expected_wait() == 0.0  # a free writer
    async with queue.turn():
        await asyncio.sleep(0.05)
    assert queue.expected_wait() == 0.0  # free again, whatever the turns held
    release = asyncio.Event()

    async def write(priority: int) -> None:
        async with queue.turn(priority):
            await release.wait()

    tasks = [asyncio.create_task(write(p)) for p in (URGENT, URGENT, URGENT, BACKGROUND, BACKGROUND)]
    await asyncio.sleep(0)
    # one holds the writer, two urgent and two background writes wait
    urgent = queue.expected_wait(URGENT)
    assert urgent >= 3 * 0.049  # three turns of the last one's hold (at least its 0.05 s)
    assert queue.expected_wait(BACKGROUND) == pytest.approx(urgent * 5 / 3)
    release.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)


async def test_the_expected_wait_grows_with_a_turn_held_longer_than_the_mean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A turn that holds the writer far longer than turns do (a slow commit) shows in the
    estimate while it is held: a write asking then waits at least as long again."""
    monkeypatch.setattr(write_queue, "HOLD_WEIGHT", 1.0)  # the mean hold is the last one's
    queue = WriteQueue()
    async with queue.turn():
        pass  # a quick turn: the mean hold is next to nothing
    release = asyncio.Event()

    async def slow_write() -> None:
        async with queue.turn():
            await release.wait()

    tasks = [asyncio.create_task(slow_write())]
    await asyncio.sleep(0.2)  # the slow turn has held the writer 0.2 s
    try:
        assert queue.expected_wait() >= 0.19
        tasks.append(asyncio.create_task(slow_write()))
        await asyncio.sleep(0)
        assert queue.waiting == 1
        assert queue.expected_wait() >= 0.19  # the turn under way, then the one waiting
    finally:
        release.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert queue.expected_wait() == 0.0
