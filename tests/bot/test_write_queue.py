"""The SQLite write queue: one writer at a time, urgent writes first, cancelled waiters skipped."""

from __future__ import annotations

import asyncio

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
