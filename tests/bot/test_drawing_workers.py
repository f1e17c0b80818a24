"""The painter's worker processes (bot/tables/drawing_workers.py): pictures are drawn in a worker
process below the bot's priority, each sketch once; a worker killed in the middle of a drawing
costs that picture only (the message goes as text) and a new worker draws the next ones; a
closed painter leaves no worker process behind; pictures off start no worker at all."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.tables.drawing_pool import PoolClosed
from bot.tables.drawing_workers import DrawingWorkers
from bot.tables.pictures import ImageSettings, Painter
from host.workers import WORKER_NICENESS
from tabletop.pictures import ArtModule, Picture, Sketch

ART = ArtModule("tests.bot.process_art")
WAIT = 30.0
"""Seconds a worker may take to start and draw (spawning one on a busy machine is slow)."""


def drawer(picture: Picture | None) -> tuple[int, int]:
    """The process id and niceness that drew ``picture``."""
    assert picture is not None
    _, pid, _, nice = picture.description.split()
    return int(pid), int(nice)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def wait_for_file(path: Path) -> str:
    deadline = time.monotonic() + WAIT
    while not (path.exists() and path.read_text()):
        assert time.monotonic() < deadline, "the worker never began the drawing"
        await asyncio.sleep(0.02)
    return path.read_text()


async def test_pictures_are_drawn_once_in_a_worker_process_below_the_bots_priority() -> None:
    painter = Painter(ImageSettings(), workers=1)
    try:
        sketch = Sketch(ART, "hand", "a")
        together = await asyncio.wait_for(
            asyncio.gather(*(painter.picture(sketch, 1) for _ in range(3))), WAIT
        )
        assert {p.png for p in together if p is not None} == {b"hand:a"}
        pid, nice = drawer(together[0])
        assert pid != os.getpid()
        assert nice == min(19, os.nice(0) + WORKER_NICENESS)
        assert painter.drawings == 1
        table = await asyncio.wait_for(painter.picture(Sketch(ART, "table", "t", ("ann",)), 1), WAIT)
        assert table is not None and table.png == b"table:t" and drawer(table)[0] == pid
    finally:
        painter.close()
        await asyncio.wait_for(painter.wait_closed(), WAIT)


async def test_a_worker_killed_mid_drawing_costs_that_picture_only(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    painter = Painter(ImageSettings(), workers=1)
    try:
        stalled = asyncio.create_task(painter.picture(Sketch(ART, "table", f"stall:{tmp_path / 'pid'}"), 1))
        queued = asyncio.create_task(painter.picture(Sketch(ART, "table", "queued"), 1))
        pid = int(await wait_for_file(tmp_path / "pid"))
        os.kill(pid, signal.SIGKILL)
        assert await asyncio.wait_for(stalled, WAIT) is None  # the message goes as text
        assert "a worker process drawing pictures died" in caplog.text
        after = await asyncio.wait_for(queued, WAIT)  # queued behind it: drawn by a new worker
        assert after is not None and after.png == b"table:queued"
        new_pid = drawer(after)[0]
        assert new_pid != pid and painter.workers is not None and painter.workers.started == 2
        again = await asyncio.wait_for(painter.picture(Sketch(ART, "chart", "later"), 1), WAIT)
        assert again is not None and drawer(again)[0] == new_pid
    finally:
        painter.close()
        await asyncio.wait_for(painter.wait_closed(), WAIT)
    assert gone(pid) and gone(new_pid)


async def test_a_drawing_that_fails_in_the_worker_is_logged_and_drawn_again_when_asked_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    painter = Painter(ImageSettings(), workers=1)
    try:
        broken = Sketch(ART, "chart", "broken", ("ann",))
        assert await asyncio.wait_for(painter.picture(broken, 1), WAIT) is None  # sent as text
        assert "Could not draw the chart picture" in caplog.text and "a bug in the drawing" in caplog.text
        assert await asyncio.wait_for(painter.picture(broken, 1), WAIT) is None
        assert painter.drawings == 2  # not kept: drawn again
        assert painter.workers is not None and painter.workers.started == 1  # the worker lives on
    finally:
        painter.close()
        await asyncio.wait_for(painter.wait_closed(), WAIT)


async def test_closing_leaves_no_worker_process_and_later_messages_go_as_text() -> None:
    painter = Painter(ImageSettings(), workers=1)
    picture = await asyncio.wait_for(painter.picture(Sketch(ART, "hand", "a"), 1), WAIT)
    pid = drawer(picture)[0]
    painter.close()
    await asyncio.wait_for(painter.wait_closed(), WAIT)
    assert gone(pid)
    assert await painter.picture(Sketch(ART, "hand", "b"), 1) is None


async def test_pictures_off_start_no_worker() -> None:
    settings = ImageSettings()
    settings.set(7, False)
    painter = Painter(settings, workers=1)
    try:
        assert await painter.picture(Sketch(ART, "hand", "a"), 7) is None
        assert painter.workers is not None and painter.workers.started == 0
    finally:
        painter.close()
        await painter.wait_closed()


def test_a_drawing_handed_over_as_the_workers_close_is_dropped_as_closed_not_as_a_bug() -> None:
    """The drawing thread took the pool just before the bot closed it: the hand-over fails as
    the pool's own shutdown, which the painter reads as "stopped" (no "Could not draw" logged)."""
    workers = DrawingWorkers(1)
    executor = ThreadPoolExecutor(max_workers=1)
    executor.shutdown()
    workers.pool.executor = lambda: executor  # type: ignore[method-assign]
    workers.close()
    with pytest.raises(PoolClosed):
        workers.draw(Sketch(ART, "hand", "late"))
    workers.join()


async def test_a_pool_started_after_a_worker_died_is_prepared_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its workers import the drawing modules as the first ones did, before any picture is asked
    for again (the next prompt's picture is not late for the imports)."""
    marks = tmp_path / "prepared"
    monkeypatch.setenv("STICKEM_TEST_PREPARED_MARK", str(marks))
    painter = Painter(ImageSettings(), workers=1)
    try:
        painter.prepare(["tests.bot.prepared_art"])
        stalled = asyncio.create_task(painter.picture(Sketch(ART, "table", f"stall:{tmp_path / 'pid'}"), 1))
        pid = int(await wait_for_file(tmp_path / "pid"))
        assert (await wait_for_file(marks)).split() == [str(pid)]
        os.kill(pid, signal.SIGKILL)
        assert await asyncio.wait_for(stalled, WAIT) is None
        deadline = time.monotonic() + WAIT
        while len(set(marks.read_text().split())) < 2:  # no picture asked for meanwhile
            assert time.monotonic() < deadline, "the new worker was not prepared"
            await asyncio.sleep(0.02)
        assert painter.workers is not None and painter.workers.started == 2
    finally:
        painter.close()
        await asyncio.wait_for(painter.wait_closed(), WAIT)
