"""``tx.messages.set_hand_message_if_current`` on both databases: a hand DM id is stored only while
its game still has the action count it had when the DM was sent, also when a move of the same game
commits concurrently (the rule a restart relies on: a stored hand DM is one still waiting)."""

from __future__ import annotations

import asyncio

from host.storage import GameStatus, SeatRecord, Storage

SEATS = [SeatRecord(1, "ann"), SeatRecord(2, "bob"), SeatRecord(3, "cyd")]


async def new_game(storage: Storage) -> int:
    return await storage.games.create_game(
            guild_id=1, channel_id=2, game="stickem", seed=3, rules="{}", seats=SEATS)


async def remember(storage: Storage, game_id: int, seat: int, message_id: int, count: int) -> bool:
    async with storage.transaction() as tx:
        return await tx.messages.set_hand_message_if_current(game_id, seat, 900 + seat, message_id, count)


async def hand_messages(storage: Storage, game_id: int) -> dict[int | None, int]:
    """The stored hand DM ids of an unfinished game, by seat."""
    loaded = await storage.games.load_unfinished_games()
    (stored,) = [game for game in loaded.games if game.record.id == game_id]
    return {m.seat: m.message_id for m in stored.messages if m.purpose == "hand"}


async def test_stored_while_current_and_not_once_the_game_moved_on(storage: Storage) -> None:
    game_id = await new_game(storage)
    assert await remember(storage, game_id, 0, 100, 0)
    assert await remember(storage, game_id, 0, 101, 0)  # a newer DM of the same seat replaces it
    await storage.games.append_action(game_id, 0, 1, "m:red7")
    assert not await remember(storage, game_id, 2, 102, 0)  # sent before that move: passed by
    assert await hand_messages(storage, game_id) == {0: 101}
    (game,) = (await storage.games.load_unfinished_games()).games
    assert [a.seq for a in game.actions] == [0]
    await storage.games.append_action(game_id, 1, 2, "m:red8")  # the check changed no count


async def test_not_stored_for_an_ended_or_unknown_game(storage: Storage) -> None:
    game_id = await new_game(storage)
    assert await storage.games.stop_game(game_id, "stopped")
    assert not await remember(storage, game_id, 0, 100, 0)
    assert not await remember(storage, game_id + 1000, 0, 100, 0)
    assert (await storage.games.load_game(game_id)).record.status is GameStatus.STOPPED
    assert [m for m in (await storage.games.load_game(game_id)).messages if m.purpose == "hand"] == []


async def test_a_move_committing_meanwhile_keeps_a_passed_dm_out(storage: Storage) -> None:
    """The move holds its transaction open while the DM id is written: the write waits for it
    (SQLite's write lock, PostgreSQL's row lock), sees the move, and stores nothing."""
    game_id = await new_game(storage)
    moved, release = asyncio.Event(), asyncio.Event()

    async def move() -> None:
        async with storage.transaction() as tx:
            await tx.games.append_action(game_id, 0, 0, "m:red7")
            await tx.messages.delete_message(game_id, "hand", 0)
            moved.set()
            await release.wait()

    mover = asyncio.create_task(move())
    try:
        await asyncio.wait_for(moved.wait(), timeout=5)
        writing = asyncio.create_task(remember(storage, game_id, 0, 100, 0))
        await asyncio.sleep(0.2)
        assert not writing.done()  # ordered after the move, not beside it
        release.set()
        await asyncio.wait_for(mover, timeout=5)
        assert await asyncio.wait_for(writing, timeout=5) is False
    finally:
        release.set()
        await asyncio.gather(mover, return_exceptions=True)
    assert await hand_messages(storage, game_id) == {}


async def test_a_move_after_the_dm_id_forgets_it(storage: Storage) -> None:
    """The other order: the DM id is written first (its transaction still open), then the
    seat's move waits for it and deletes it with the move."""
    game_id = await new_game(storage)
    written, release = asyncio.Event(), asyncio.Event()

    async def write_id() -> bool:
        async with storage.transaction() as tx:
            stored = await tx.messages.set_hand_message_if_current(game_id, 0, 900, 100, 0)
            written.set()
            await release.wait()
            return stored

    writer = asyncio.create_task(write_id())
    try:
        await asyncio.wait_for(written.wait(), timeout=5)

        async def move() -> None:
            async with storage.transaction() as tx:
                await tx.games.append_action(game_id, 0, 0, "m:red7")
                await tx.messages.delete_message(game_id, "hand", 0)

        moving = asyncio.create_task(move())
        await asyncio.sleep(0.2)
        assert not moving.done()  # the move waits for the DM id's transaction
        release.set()
        assert await asyncio.wait_for(writer, timeout=5) is True
        await asyncio.wait_for(moving, timeout=5)
    finally:
        release.set()
        await asyncio.gather(writer, return_exceptions=True)
    assert await hand_messages(storage, game_id) == {}
