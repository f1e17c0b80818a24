"""The queue of handed clicks: clicks nobody took are deleted once stale, whatever their shard."""

from __future__ import annotations

from datetime import timedelta

from host.storage import Storage
from host.storage.handover import ClickQueue
from tests.storage.conftest import FakeClock


async def test_clicks_queued_before_the_bound_are_deleted_of_every_shard(
    storage: Storage, clock: FakeClock
) -> None:
    queue = ClickQueue(storage, clock)
    await queue.put(1, 10, "{}")  # left behind: its shard's process died
    await queue.put(7, 11, "{}")  # a shard nobody serves any more (SHARD_COUNT changed)
    clock.advance(seconds=100)
    await queue.put(1, 12, "{}")  # in flight
    bound = clock.now - timedelta(seconds=50)
    assert await queue.prune(bound) == 2
    assert await queue.waiting((1, 7)) == [12]
    assert await queue.take(12) == "{}"  # the fresh click is still there to be taken
    assert await queue.prune(clock.now) == 0  # nothing left: nothing to delete


async def test_a_click_queued_at_the_bound_is_kept(storage: Storage, clock: FakeClock) -> None:
    queue = ClickQueue(storage, clock)
    await queue.put(0, 20, "{}")
    assert queue.now() == clock.now
    assert await queue.prune(clock.now) == 0
    assert await queue.waiting((0,)) == [20]
