"""Each shard is served by one process at a time (PostgreSQL advisory locks per shard)."""

from __future__ import annotations

import asyncio

import pytest

from host.storage import Storage
from host.storage.shard_claim import ShardsTaken, claim_shards
from tests.storage.conftest import FakeClock, Target


async def test_a_second_process_waits_for_the_shards_then_takes_them(
    postgres_target: Target, clock: FakeClock
) -> None:
    first = await Storage.open(postgres_target.url, schema=postgres_target.schema, clock=clock, timeout=5)
    second = await Storage.open(postgres_target.url, schema=postgres_target.schema, clock=clock, timeout=5)
    try:
        held = await claim_shards(first, (1, 2), wait=0)
        with pytest.raises(ShardsTaken) as taken:
            await claim_shards(second, (0, 2), wait=0.3)
        assert taken.value.shards == (2,)  # shard 0 was free
        other = await claim_shards(second, (3,), wait=0)  # other shards: no wait
        waiting = asyncio.create_task(claim_shards(second, (1, 2), wait=5))
        await asyncio.sleep(0.3)
        assert not waiting.done()
        await held.release()  # the first process stops (or dies: its connection closes)
        claim = await asyncio.wait_for(waiting, 5)
        assert claim.shards == (1, 2)
        await claim.release()
        await other.release()
    finally:
        await first.close()
        await second.close()
