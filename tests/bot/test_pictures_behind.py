"""Late pictures while the process is behind (bot/tables/drawing_pool.py, host/overload.py): no
picture whose message went out without it begins, the pictures someone waits for and the tables'
next states are drawn as ever; once the process has caught up, every late picture put aside
arrives (one whose message moved on meanwhile gives way to the newer state's)."""

from __future__ import annotations

import asyncio
import queue
import threading
import time

import pytest

from bot.tables.courier import Courier
from bot.tables.drawing_pool import BACKGROUND, URGENT, DrawingPool, Job, PoolClosed
from bot.tables.pictures import Painter
from bot.tables.service import TableService
from host.overload import CALM_FOR, ENTER_AT, ENTER_COUNT, ENTER_SPACING, Overload
from host.table.registry import TableRegistry
from host.tables import Table
from tabletop.pictures import Picture, Sketch
from tests.bot import gated_art
from tests.bot.test_late_pictures import (
    ART,
    WAIT,
    FakeDiscord,
    _png,
    _seated,
    _until,
    prompt,
    table_state,
)

SETTLE = 0.3
"""Seconds the drawing threads are given to take what is queued (they would within
milliseconds): long enough to see a drawing begun that should not be."""


class Drawings:
    """Drawings that record how many run at once, each held until :attr:`gate` opens."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.lock = threading.Lock()
        self.now = 0
        self.peak = 0
        self.drawn: list[str] = []

    def draw(self, name: str) -> Picture:
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
            self.drawn.append(name)
        try:
            assert self.gate.wait(WAIT), "the test never opened the gate"
            time.sleep(0.02)  # long enough for the others to begin meanwhile, if they may
            return Picture(name.encode(), name, 1, 1)
        finally:
            with self.lock:
                self.now -= 1


def late_jobs(pool: DrawingPool, drawings: Drawings, prefix: str, count: int) -> list[Job]:
    """``count`` hands asked for urgently whose messages went out without them (late)."""
    jobs = [pool.submit(lambda n=n: drawings.draw(f"{prefix} {n}"), URGENT) for n in range(count)]
    for job in jobs:
        pool.late(job)
    return jobs


async def test_behind_no_late_drawing_runs_and_all_arrive_once_caught_up() -> None:
    pool = DrawingPool(2)
    try:
        # normally, two late pictures are drawn at once (two threads)
        drawings = Drawings()
        jobs = late_jobs(pool, drawings, "normal", 4)
        await asyncio.sleep(SETTLE)
        drawings.gate.set()
        await asyncio.wait_for(asyncio.gather(*(job.future for job in jobs)), WAIT)
        assert drawings.peak == 2 and pool.peak_late == 2

        # behind: none begins; the pictures someone waits for, and a table's, are drawn
        drawings = Drawings()
        pool.peak_late = 0
        pool.hold(True)
        late = late_jobs(pool, drawings, "late", 4)
        wanted = [pool.submit(lambda: drawings.draw("hand"), URGENT)]
        wanted.append(pool.submit(lambda: drawings.draw("table"), BACKGROUND))
        drawings.gate.set()
        await asyncio.wait_for(asyncio.gather(*(job.future for job in wanted)), WAIT)
        await asyncio.sleep(SETTLE)
        assert drawings.drawn == ["hand", "table"] and pool.peak_late == 0
        assert pool.held == 4 and not any(job.future.done() for job in late)
        assert pool.put_aside == 4  # the benchmarks' count: none put aside while normal

        # one of them is asked for again meanwhile (someone waits for it): drawn at once
        pool.hurry(late[3])
        assert (await asyncio.wait_for(late[3].future, WAIT)).png == b"late 3"
        # another is dropped meanwhile (its message edited): never drawn
        assert pool.drop(late[0])

        pool.hold(False)  # caught up: the rest arrive, in their order
        pictures = await asyncio.wait_for(asyncio.gather(*(job.future for job in late[1:3])), WAIT)
        assert [p.png for p in pictures] == [b"late 1", b"late 2"]
        assert drawings.drawn == ["hand", "table", "late 3", "late 1", "late 2"]
        assert pool.held == 0
    finally:
        pool.close()


async def test_the_drawings_put_aside_fail_quietly_at_shutdown() -> None:
    pool = DrawingPool(1)
    drawings = Drawings()
    drawings.gate.set()
    pool.hold(True)
    (late,) = late_jobs(pool, drawings, "late", 1)
    await asyncio.sleep(SETTLE)
    assert pool.held == 1
    pool.close()
    with pytest.raises(PoolClosed):
        await asyncio.wait_for(late.future, WAIT)
    assert drawings.drawn == []


class FakeClock:
    """The overload signal's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def behind(painter: Painter) -> tuple[Overload, FakeClock]:
    """An overload signal the painter follows (as the bot's table service wires it), marked
    behind on a fake clock."""
    clock = FakeClock()
    overload = Overload(clock)
    overload.watch(painter.behind)
    for _ in range(ENTER_COUNT):
        overload.observe(ENTER_AT + 0.5)
        clock.now += ENTER_SPACING
    assert overload.behind
    return overload, clock


async def test_behind_the_late_pictures_wait_and_arrive_once_caught_up(painter: Painter) -> None:
    """A prompt whose hand is late and a table message shown in words (a prompt could not wait
    for its picture): while the process is behind neither picture is drawn (a command's picture
    is), nothing is edited in; once it has caught up, each comes into its message. A table
    message's next state is drawn and shown while behind (the channel sees the game go on); the
    state it superseded is never drawn."""
    client, courier, table = _seated(painter)
    courier.book.of(table).table_id = 7
    blocked = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked chart"), 1))
    await _until(lambda: gated_art.DRAWN, "the drawing thread held at the gate")
    # the prompt waits its bound for its hand, then goes in words: its hand is late
    assert await asyncio.wait_for(courier.dm(table, 0, prompt("late hand")), WAIT) == "sent"
    (sent,) = client.sent
    assert _png(sent) is None and courier.late.owes(1)
    # a table message a prompt waited for: in words after the bound, its picture late
    await courier.show_table(table, table_state("first"), new=False)
    await asyncio.wait_for(courier.table_edits.flush(table.channel_id), WAIT)
    assert [(m, e["content"], _png(e)) for m, e in client.edits] == [(7, "the table at first", None)]
    overload, clock = behind(painter)
    gated_art.GATE.set()
    await asyncio.wait_for(blocked, WAIT)
    command = await asyncio.wait_for(painter.picture(Sketch(ART, "chart", "score"), 1), WAIT)
    assert command is not None and command.png == b"chart:score", "a picture someone waits for"
    await asyncio.sleep(SETTLE)
    assert gated_art.DRAWN == ["blocked chart", "score"], "a late picture was drawn while behind"
    assert len(client.edits) == 1 and courier.late.owes(1) and painter.held == 2

    clock.now += CALM_FOR  # caught up: seen by the next figure or question
    overload.observe(0.0)
    assert not overload.behind
    await _until(lambda: courier.late.edited_in == 1, "the late hand edited in")
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    assert sorted(gated_art.DRAWN[2:]) == ["first", "late hand"]
    assert [(m, _png(e)) for m, e in client.edits[1:]] in (
        [(1, b"hand:late hand"), (7, b"table:first")],
        [(7, b"table:first"), (1, b"hand:late hand")],
    )
    assert painter.held == 0


async def _table_in_words(
    painter: Painter, state: str
) -> tuple[FakeDiscord, Courier, Table, asyncio.Task[Picture]]:
    """A seated table whose message (id 7) showed ``state`` in words: its picture came late,
    the drawing thread held at the gate by a chart (the task returned) until the test opens it."""
    client, courier, table = _seated(painter)
    courier.book.of(table).table_id = 7
    blocked = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked chart"), 1))
    await _until(lambda: gated_art.DRAWN, "the drawing thread held at the gate")
    await courier.show_table(table, table_state(state), new=False)
    await asyncio.wait_for(courier.table_edits.flush(table.channel_id), WAIT)  # in words: late
    return client, courier, table, blocked


async def test_behind_a_table_message_goes_on_and_its_late_state_is_never_drawn(painter: Painter) -> None:
    client, courier, table, blocked = await _table_in_words(painter, "first")
    overload, clock = behind(painter)
    await courier.show_table(table, table_state("second"), new=False)  # the next move, behind
    gated_art.GATE.set()
    await asyncio.wait_for(blocked, WAIT)
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    assert [(e["content"], _png(e)) for _, e in client.edits] == [
        ("the table at first", None),
        ("the table at second", b"table:second"),
    ]
    clock.now += CALM_FOR
    assert not overload.behind
    await asyncio.sleep(SETTLE)
    assert gated_art.DRAWN == ["blocked chart", "second"] and len(client.edits) == 2


async def test_a_picture_a_command_waits_for_is_not_held_as_late(painter: Painter) -> None:
    """A command's answer waits for its picture however long (deferred meanwhile): the same
    hand's prompt going out in words does not make that picture late, behind or not; and a
    command asking for a late picture makes it urgent again."""
    _client, courier, table = _seated(painter)
    table.lobby.join(2, "p2")
    blocked = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked chart"), 1))
    await _until(lambda: gated_art.DRAWN, "the drawing thread held at the gate")
    overload, _clock = behind(painter)
    command = asyncio.create_task(painter.picture(Sketch(ART, "hand", "shared"), 1, urgent=True))  # /hand
    await asyncio.sleep(0)
    assert await asyncio.wait_for(courier.dm(table, 0, prompt("shared")), WAIT) == "sent"  # late
    assert await asyncio.wait_for(courier.dm(table, 1, prompt("late")), WAIT) == "sent"  # late too
    gated_art.GATE.set()
    await asyncio.wait_for(blocked, WAIT)
    picture = await asyncio.wait_for(command, WAIT)
    assert picture is not None and picture.png == b"hand:shared"
    await asyncio.sleep(SETTLE)
    assert gated_art.DRAWN == ["blocked chart", "shared"] and painter.held == 1
    again = await asyncio.wait_for(painter.picture(Sketch(ART, "hand", "late"), 1, urgent=True), WAIT)
    assert again is not None and again.png == b"hand:late" and overload.behind
    await _until(lambda: courier.late.edited_in == 2, "both late hands edited in")


async def test_once_caught_up_the_late_pictures_put_aside_give_way_to_those_someone_waits_for() -> None:
    """The late pictures put aside while behind (their messages already out in words: nobody
    waits for them) come back behind a hand a prompt waits for now, not ahead of it: after a
    long time behind there are many, and a prompt queued behind them all would go out in words
    too, and cost its own late edit."""
    pool = DrawingPool(1)
    try:
        drawings = Drawings()
        pool.hold(True)
        late = late_jobs(pool, drawings, "late", 3)
        await _until(lambda: pool.held == 3, "the late pictures put aside")
        busy = pool.submit(lambda: drawings.draw("busy"), URGENT)  # the thread, at the gate
        await _until(lambda: drawings.drawn, "the drawing thread held at the gate")
        pool.hold(False)  # caught up
        wanted = pool.submit(lambda: drawings.draw("prompt's hand"), URGENT)  # a prompt waits
        table = pool.submit(lambda: drawings.draw("table"), BACKGROUND)  # the table goes on
        drawings.gate.set()
        await asyncio.wait_for(asyncio.gather(*(j.future for j in (busy, wanted, table, *late))), WAIT)
        assert drawings.drawn == ["busy", "prompt's hand", "late 0", "late 1", "late 2", "table"]
    finally:
        pool.close()


async def test_at_shutdown_while_behind_the_table_messages_get_their_late_pictures(painter: Painter) -> None:
    """A table message shown in words while behind, its picture put aside: the shutdown waits
    for the table messages' edits on their way (:meth:`TableEdits.close`), and nothing will tell
    the painter the process caught up any more (the probe is stopped first), so it draws that
    picture now; it neither waits out its whole bound nor leaves the message in words."""
    client, courier, _table, blocked = await _table_in_words(painter, "last")
    overload, _clock = behind(painter)
    gated_art.GATE.set()
    await asyncio.wait_for(blocked, WAIT)
    await _until(lambda: painter.held == 1, "the table's late picture put aside")
    await asyncio.wait_for(courier.table_edits.close(timeout=WAIT), 2 * WAIT)
    assert [(e["content"], _png(e)) for _, e in client.edits] == [
        ("the table at last", None),
        ("the table at last", b"table:last"),
    ]
    assert overload.behind and not courier.table_edits.pending(7)


class PausingQueue(queue.PriorityQueue[tuple[int, int, Job | None]]):
    """The pool's queue, whose drawing thread stops just after it took a drawing (before it
    looks at it) until the test lets it go on: the moment a shutdown may come in between."""

    def __init__(self) -> None:
        super().__init__()
        self.taken = threading.Event()
        self.go_on = threading.Event()

    def get(self, block: bool = True, timeout: float | None = None) -> tuple[int, int, Job | None]:
        entry = super().get(block, timeout)
        if entry[2] is not None and not self.taken.is_set():
            self.taken.set()
            assert self.go_on.wait(WAIT), "the test never let the thread go on"
        return entry


async def test_a_late_drawing_taken_just_as_the_pool_closes_is_not_put_aside_for_ever() -> None:
    """Behind, the drawing thread takes a late drawing just as the pool closes (it has emptied
    the queue and the drawings put aside): that one is drawn as one under way, not put aside
    where nothing would ever settle it."""
    pool = DrawingPool(1)
    paused = PausingQueue()
    pool._queue = paused
    drawings = Drawings()
    drawings.gate.set()
    pool.hold(True)
    (late,) = late_jobs(pool, drawings, "late", 1)
    await _until(paused.taken.is_set, "the thread took the late drawing")
    pool.close()
    paused.go_on.set()
    done, _ = await asyncio.wait({late.future}, timeout=WAIT)
    assert done, "the late drawing was put aside after the pool closed: never settled"
    assert late.future.result().png == b"late 0"


async def test_the_table_service_s_painter_follows_its_overload_signal() -> None:
    """The bot's wiring (:class:`TableService`): its painter holds the late pictures while the
    registry's overload signal says the process is behind, and draws them once it caught up."""
    gated_art.GATE.clear()
    gated_art.DRAWN.clear()
    clock = FakeClock()
    registry = TableRegistry()
    registry.overload = Overload(clock)
    service = TableService(client=None, registry=registry, drawing_workers=0)  # type: ignore[arg-type]
    painter = service.painter
    try:
        blocked = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked chart"), 1))
        await _until(lambda: gated_art.DRAWN, "the drawing thread held at the gate")
        sketch = Sketch(ART, "hand", "late hand")
        late = asyncio.create_task(painter.picture(sketch, 1, bounded=True))
        await asyncio.sleep(0)
        painter.late(sketch)  # its prompt went out in words
        for _ in range(ENTER_COUNT):
            registry.overload.observe(ENTER_AT + 0.5)
            clock.now += ENTER_SPACING
        assert registry.overload.behind
        gated_art.GATE.set()
        await asyncio.wait_for(blocked, WAIT)
        await _until(lambda: painter.held == 1, "the late hand put aside")
        assert gated_art.DRAWN == ["blocked chart"]
        clock.now += CALM_FOR
        assert not registry.overload.behind
        picture = await asyncio.wait_for(late, WAIT)
        assert picture is not None and picture.png == b"hand:late hand"
    finally:
        gated_art.GATE.set()
        painter.close()
