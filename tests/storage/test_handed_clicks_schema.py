"""Schema: the queue of clicks handed between bot processes, and the upgrade that adds it."""

from __future__ import annotations

from host.storage import CURRENT_VERSION, Storage
from host.storage.handover import ClickQueue
from tests.storage.conftest import FakeClock, Target, raw, undo_since


async def test_a_database_of_the_version_before_gets_an_empty_click_queue(
    storage: Storage, target: Target, clock: FakeClock
) -> None:
    await undo_since(storage, 9)
    await raw(storage, "UPDATE schema_version SET version = 8")
    await storage.close()
    upgraded = await Storage.open(target.url, schema=target.schema, clock=clock)
    try:
        assert upgraded.schema_version == CURRENT_VERSION
        assert await raw(upgraded, "SELECT COUNT(*) FROM handed_clicks") == [(0,)]
        queue = ClickQueue(upgraded)
        await queue.put(1, 77, '{"id": "77"}')
        assert await queue.waiting((1,)) == [77]
        assert await queue.take(77) == '{"id": "77"}'
        assert await queue.take(77) is None  # taken once: nobody else gets it
        assert await queue.waiting((1,)) == []
    finally:
        await upgraded.close()
