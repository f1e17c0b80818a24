"""/join in a channel whose table is closing in a write still under way (a /stop, or a game's
last move): the join waits for that table's lock, then opens a new lobby if the table did close,
or meets the running game if the write failed and the table was put back. The channel's deletion
meanwhile closes the table whichever way the write goes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.tables.service import TableService
from host.journal import GameJournal
from host.storage import SAVE_FAILED, Storage, StorageUnavailable
from host.storage.game_writes import GameWrites
from host.tables import Outcome, Table, TableError, TableRegistry, TableState

CHANNEL = 57


class Response:
    """The part of ``discord.InteractionResponse`` a /join uses; remembers what it was told."""

    type = None  # deferred privately (not a public "thinking" message)

    def __init__(self) -> None:
        self.said: list[str] = []
        self.deferred = False

    def is_done(self) -> bool:
        return self.deferred or bool(self.said)

    async def defer(self, **_: Any) -> None:
        self.deferred = True

    async def send_message(self, content: str, **_: Any) -> None:
        self.said.append(content)

    async def send(self, content: str, **_: Any) -> None:
        """The follow-up after a defer."""
        self.said.append(content)


def join_interaction(user_id: int) -> Any:
    """A /join by ``user_id`` in :data:`CHANNEL`."""
    response = Response()
    return SimpleNamespace(
        id=1000 + user_id,
        guild_id=1,
        channel_id=CHANNEL,
        locale="en-US",
        guild_locale="en-US",
        user=SimpleNamespace(id=user_id, display_name=f"p{user_id}"),
        response=response,
        followup=response,
    )


@asynccontextmanager
async def playing(tmp_path: Path) -> AsyncIterator[tuple[TableService, Table]]:
    """A service (showing nothing on Discord) with a stored game of three players running."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        registry = TableRegistry(seed_source=lambda: 3, id_source=lambda: "g1")
        service = TableService(client=None, registry=registry, journal=GameJournal(storage))  # type: ignore[arg-type]

        async def execute(table: Table, outcome: Outcome, **_: object) -> None:
            return None

        service.effects.execute = execute  # type: ignore[method-assign]
        table = registry.get_or_open(CHANNEL, 1)
        for user in (1, 2, 3):
            async with service.journal.recording(table):
                table.lobby.join(user, f"p{user}")
        async with service.journal.recording(table):
            table.lobby.start(1)
        yield service, table
    finally:
        await storage.close()


def slow_stop(monkeypatch: pytest.MonkeyPatch, *, refused: bool) -> None:
    """Storing a stop takes a while (a slow disk, a busy writer), then succeeds or is refused."""
    stop_game = GameWrites.stop_game

    async def slow(games: GameWrites, game_id: int, reason: str) -> bool:
        await asyncio.sleep(0.05)
        if refused:
            raise StorageUnavailable(SAVE_FAILED)
        return await stop_game(games, game_id, reason)

    monkeypatch.setattr(GameWrites, "stop_game", slow)


async def during_stop(
    service: TableService, table: Table, act: Callable[[], Coroutine[Any, Any, None]]
) -> tuple[asyncio.Task[None], asyncio.Task[None]]:
    """Start a /stop of ``table``, and ``act`` while the stop's write is under way; return both
    tasks once both are done."""

    async def stop() -> None:
        async with table.lock, service.journal.recording(table):
            table.stopping.stop(1, game_id="g1")

    stopping = asyncio.create_task(stop())
    await asyncio.sleep(0.01)  # the stop has closed the table and is being stored
    assert table.state is TableState.CLOSED and not stopping.done()
    acting = asyncio.create_task(act())
    await asyncio.wait({stopping, acting}, timeout=5.0)
    assert stopping.done() and acting.done()
    return stopping, acting


async def stop_and_join(service: TableService, table: Table) -> tuple[asyncio.Task[None], Any]:
    """:func:`during_stop` with a /join by user 9; the stop, and the join's interaction and task."""
    interaction = join_interaction(9)
    stopping, joining = await during_stop(service, table, lambda: service.join(interaction))
    return stopping, (interaction, joining)


async def test_a_join_meets_the_game_whose_stop_could_not_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_stop(monkeypatch, refused=True)
    async with playing(tmp_path) as (service, table):
        stopping, (interaction, joining) = await stop_and_join(service, table)
        with pytest.raises(TableError):
            stopping.result()
        assert table.state is TableState.PLAYING
        assert service.registry.get(CHANNEL) is table  # the game is still the channel's
        # The join was for the running game (no computer seat to take over), not a new lobby.
        with pytest.raises(TableError, match="already running"):
            joining.result()
        assert interaction.response.deferred  # it waited for the stop's lock


async def test_a_join_opens_a_new_lobby_once_the_stop_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_stop(monkeypatch, refused=False)
    async with playing(tmp_path) as (service, table):
        stopping, (interaction, joining) = await stop_and_join(service, table)
        stopping.result()
        joining.result()
        assert table.state is TableState.CLOSED
        lobby = service.registry.get(CHANNEL)
        assert lobby is not None and lobby is not table
        assert lobby.state is TableState.LOBBY and lobby.seat_of(9) == 0
        assert interaction.response.said == [
            "You joined the Stick'em table (seat 1). You are the host: start the game with /start."
        ]


@pytest.mark.parametrize("refused", [True, False])
async def test_a_channel_deleted_while_a_stop_is_written_closes_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused: bool
) -> None:
    slow_stop(monkeypatch, refused=refused)
    async with playing(tmp_path) as (service, table):
        stopping, deleting = await during_stop(service, table, lambda: service.channel_deleted(CHANNEL))
        deleting.result()
        if refused:
            with pytest.raises(TableError):
                stopping.result()
        else:
            stopping.result()
        assert table.state is TableState.CLOSED  # not put back open in a channel that is gone
        assert service.registry.get(CHANNEL) is None
