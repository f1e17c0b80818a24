"""The worker processes in which computer players think: a dead worker does not stop the computer."""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.tables.service import TableService
from host.autoplay import Autoplay, AutoplaySettings, make_executor
from host.autoplay import moves as moves_module
from host.journal import GameJournal
from host.tables import Table
from host.thinking import WORKER_NICENESS, decide, warm_up
from host.workers import WorkersStopped
from stickem import Phase
from tabletop import registry
from tests.bot.stickem_moves import engine, misery_text

WAIT = 10.0


def started_table() -> Table:
    """A game of one human and two computer players, in its misery choice."""
    table = Table(777, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
    table.lobby.join(1, "p1")
    table.lobby.start(1, fill_to=3, bot_level="normal", timer="off")
    return table


def worker_pids(autoplay: Autoplay) -> list[int]:
    """The pids of the pool's worker processes (the pool keeps them by pid)."""
    executor = autoplay.executor()
    assert isinstance(executor, ProcessPoolExecutor)
    return list(executor._processes)


def wait_dead(pid: int) -> None:
    """Wait (bounded) until ``pid`` has ended (the pool reaps its workers)."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return
        except FileNotFoundError:
            return
        time.sleep(0.02)
    raise AssertionError(f"worker {pid} still runs")


def random_decision(table: Table, seat: int) -> str:
    """What the weakest computer player (Stick'em's ``random``, the fallback of
    :meth:`Thinkers.think`) decides for ``seat`` of ``table``."""
    assert table.spec.levels[0] == "random"
    view = table.running_match().view(seat)
    name = table.spec.name
    return decide(name, registry.entry(name), view, "random", table.bot_seed(seat))


@pytest.mark.timeout(60)
async def test_a_killed_worker_is_replaced_and_the_decision_made() -> None:
    """A worker killed from outside (the OOM killer, an operator) breaks a process pool for good:
    every later decision would fail and the computer seats of every table would stop moving."""
    autoplay = Autoplay(cast(TableService, None), AutoplaySettings(move_delay=0, workers=1))
    table = started_table()
    try:
        assert engine(table).phase is Phase.MISERY
        first = await autoplay.think(table, 1, "normal")
        assert first in table.running_match().legal_actions(1)  # one of its own misery picks
        (pid,) = worker_pids(autoplay)
        os.kill(pid, signal.SIGKILL)
        wait_dead(pid)
        again = await autoplay.think(table, 1, "normal")
        assert again == first  # the same seat's seed decides the same
        assert worker_pids(autoplay) != [pid]
    finally:
        await autoplay.close()


async def test_a_closed_autoplay_starts_nothing_more() -> None:
    """While the bot closes, a move being finished (or a click) still shows its effects, which
    kick the table: that must not start a new task, nor a new worker pool, after ``close``."""
    autoplay = Autoplay(cast(TableService, None), AutoplaySettings(move_delay=30, workers=0))
    table = started_table()
    autoplay.kick(table)  # the computer seats are to move: their task waits its pause
    assert autoplay.busy(table)
    await autoplay.close()
    assert not autoplay.busy(table)
    autoplay.kick(table)
    assert not autoplay.busy(table)
    assert not autoplay.thinkers.started


def test_workers_give_way_to_the_event_loop() -> None:
    """Worker processes run at a lower scheduling priority than the bot (a higher niceness)."""
    executor = make_executor(1)
    try:
        worker_niceness = executor.submit(os.nice, 0).result(timeout=WAIT)
    finally:
        executor.shutdown(wait=True)
    assert worker_niceness == min(19, os.nice(0) + WORKER_NICENESS)  # 19: the lowest there is


class BrokenPool(ThreadPoolExecutor):
    """A pool whose worker dies on every decision (its warm-up still goes through)."""

    made = 0

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        BrokenPool.made += 1

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if fn is warm_up:
            return super().submit(fn, *args, **kwargs)
        raise BrokenExecutor("a worker died")


async def test_a_pool_broken_again_leaves_the_decision_to_the_random_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The broken pool is replaced once; when the new one is broken too, the random player
    decides (on the loop), so the table never waits for good."""
    BrokenPool.made = 0
    monkeypatch.setattr("host.autoplay.thinkers.make_executor", lambda workers: BrokenPool())
    autoplay = Autoplay(cast(TableService, None), AutoplaySettings(move_delay=0, workers=0))
    table = started_table()
    try:
        action = await autoplay.think(table, 1, "hard")
        assert action == random_decision(table, 1)
        assert BrokenPool.made == 2  # the first pool and one replacement, no more
    finally:
        await autoplay.close()


async def test_a_failing_computer_player_is_replaced_by_the_random_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug in a level's decision (raised in the worker) must not stop the table either."""

    def failing(game: str, entry: str, view: object, level: str, seed: int) -> str:
        if level != "random":
            raise RuntimeError("a bug in the computer player")
        return decide(game, entry, view, level, seed)

    monkeypatch.setattr("host.autoplay.thinkers.decide", failing)
    await assert_random_player_decides(workers=0, seat=2)


async def assert_random_player_decides(*, workers: int, seat: int) -> None:
    """A ``normal`` decision for ``seat`` of a started table comes out as the ``random``
    player's (the fallback of :meth:`Thinkers.think`)."""
    autoplay = Autoplay(cast(TableService, None), AutoplaySettings(move_delay=0, workers=workers))
    table = started_table()
    try:
        action = await autoplay.think(table, seat, "normal")
        assert action == random_decision(table, seat)
    finally:
        await autoplay.close()


async def test_a_pool_that_cannot_start_leaves_the_decision_to_the_random_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Starting worker processes can fail too (out of memory, out of processes: the very state
    in which the OOM killer killed the last worker); that must not escape the decision."""

    def cannot_start(workers: int) -> ThreadPoolExecutor:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr("host.autoplay.thinkers.make_executor", cannot_start)
    await assert_random_player_decides(workers=1, seat=1)


async def test_a_refused_computer_move_is_logged_without_its_card(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The engine's refusal names the card; a log line must not show a card nobody has seen,
    but says which rule refused it."""
    table = started_table()
    shown: list[object] = []

    async def execute(table: Table, outcome: object, **_: object) -> None:
        shown.append(outcome)

    service = SimpleNamespace(journal=GameJournal(None), execute=execute)
    autoplay = Autoplay(cast(TableService, service), AutoplaySettings(move_delay=0, workers=0))
    monkeypatch.setattr(moves_module, "RETRY_AFTER", 0)
    game = engine(table)
    not_its_own = game.hand(0)[0]  # the human's card, offered for computer seat 1
    with caplog.at_level(logging.WARNING, logger="host.autoplay"):
        await autoplay.moves.apply(table, 1, misery_text(not_its_own), table.action_count, timed_out=False)
    assert game.action_count == 0
    (record,) = [r for r in caplog.records if "computer move" in r.getMessage()]
    assert str(not_its_own) not in record.getMessage()
    assert record.exc_info is None  # a traceback would carry the engine's sentence, card and all
    assert "CardNotInHand" in record.getMessage()
    assert shown == []  # a refused move shows nothing


async def test_a_decision_asked_while_the_bot_stops_makes_no_move_and_starts_no_pool() -> None:
    """Closing stops the pool for good: a decision still asked (a race with the shutdown) is not
    made by the weakest player instead (that move would be stored), and no new pool starts."""
    autoplay = Autoplay(cast(TableService, None), AutoplaySettings(move_delay=0, workers=0))
    table = started_table()
    await autoplay.think(table, 1, "normal")  # the pool runs
    await autoplay.close()
    with pytest.raises(WorkersStopped):
        await autoplay.think(table, 1, "normal")
    assert not autoplay.thinkers.started and autoplay.thinkers.pool.started == 1
