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


class Key:
    """What a write is for (a table, in the bot): weakly referable."""


async def test_a_hurried_background_write_goes_with_the_urgent_ones() -> None:
    """A player waits for a table whose computer move waits for the writer: that move's write
    goes before the other background writes (the player's priority lent to it), among the
    urgent writes by its arrival."""
    queue = WriteQueue()
    order: list[str] = []
    table, other = Key(), Key()

    async def write(name: str, priority: int, key: Key | None = None) -> None:
        async with queue.turn(priority, key):
            order.append(name)

    async with queue.turn(BACKGROUND):  # the writer is busy while the others queue up
        tasks = [
            asyncio.create_task(write("other table's move", BACKGROUND, other)),
            asyncio.create_task(write("message id", BACKGROUND)),
            asyncio.create_task(write("this table's move", BACKGROUND, table)),
            asyncio.create_task(write("a click elsewhere", URGENT)),
        ]
        await asyncio.sleep(0)
        queue.hurry(table)
        assert queue.waiting == 4  # counted once, though it now stands in the queue twice
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert order == ["this table's move", "a click elsewhere", "other table's move", "message id"]
    assert queue.waiting == 0


async def test_a_table_hurried_before_its_write_asks_gets_its_next_write_urgent() -> None:
    """The lock's holder may not have asked for the writer yet when the player comes (it is
    between its change and its write, or showing it): its next write is urgent, once."""
    queue = WriteQueue()
    order: list[str] = []
    table = Key()

    async def write(name: str, priority: int, key: Key | None = None) -> None:
        async with queue.turn(priority, key):
            order.append(name)

    queue.hurry(table)
    async with queue.turn(BACKGROUND):
        first = [asyncio.create_task(write("message id", BACKGROUND))]
        await asyncio.sleep(0)
        first.append(asyncio.create_task(write("this table's move", BACKGROUND, table)))
        await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(*first), 5)
    async with queue.turn(BACKGROUND):
        second = [asyncio.create_task(write("message id 2", BACKGROUND))]
        await asyncio.sleep(0)
        second.append(asyncio.create_task(write("this table's next move", BACKGROUND, table)))
        await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(*second), 5)
    assert order == ["this table's move", "message id", "message id 2", "this table's next move"]


async def test_the_turn_says_whether_a_player_waits_for_it() -> None:
    """The write holding the turn knows whether it goes as a player's: urgent, or hurried (the
    storage then does not make it wait for a background checkpoint: see host.storage.inline_sqlite)."""
    queue = WriteQueue()
    seen: list[tuple[str, bool]] = []
    table = Key()

    async def write(name: str, priority: int, key: Key | None = None) -> None:
        async with queue.turn(priority, key):
            seen.append((name, queue.urgent_turn))

    await write("a click", URGENT)
    await write("a message id", BACKGROUND)
    async with queue.turn(BACKGROUND):
        waiting = [
            asyncio.create_task(write("a computer's move", BACKGROUND)),
            asyncio.create_task(write("a hurried computer's move", BACKGROUND, table)),
        ]
        await asyncio.sleep(0)
        queue.hurry(table)
    await asyncio.wait_for(asyncio.gather(*waiting), 5)
    assert seen == [
        ("a click", True),
        ("a message id", False),
        ("a hurried computer's move", True),
        ("a computer's move", False),
    ]
