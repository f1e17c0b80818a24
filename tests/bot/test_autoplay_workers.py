"""The worker processes in which computer players think: a dead worker does not stop the computer."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from typing import cast

import pytest

from bot.autoplay import Autoplay, AutoplaySettings, make_executor
from bot.table_service import TableService
from bot.tables import Table
from bot.thinking import WORKER_NICENESS
from stickem import Phase

WAIT = 10.0


def started_table() -> Table:
    """A game of one human and two computer players, in its misery choice."""
    table = Table(777, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
    table.join(1, "p1")
    table.start(1, fill_to=3, bot_level="normal", timer="off")
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


@pytest.mark.timeout(60)
async def test_a_killed_worker_is_replaced_and_the_decision_made() -> None:
    """A worker killed from outside (the OOM killer, an operator) breaks a process pool for good:
    every later decision would fail and the computer seats of every table would stop moving."""
    autoplay = Autoplay(cast(TableService, None), AutoplaySettings(move_delay=0, workers=1))
    table = started_table()
    try:
        game = table.running_game()
        assert game.phase is Phase.MISERY
        first = await autoplay.think(table, 1, "normal")
        assert first in game.hand(1)
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
    assert autoplay._executor is None


def test_workers_give_way_to_the_event_loop() -> None:
    """Worker processes run at a lower scheduling priority than the bot (a higher niceness)."""
    executor = make_executor(1)
    try:
        worker_niceness = executor.submit(os.nice, 0).result(timeout=WAIT)
    finally:
        executor.shutdown(wait=True)
    assert worker_niceness == min(19, os.nice(0) + WORKER_NICENESS)  # 19: the lowest there is
