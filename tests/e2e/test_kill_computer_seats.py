"""Computer seats, turn timers and worker processes when the real bot process is killed (SIGKILL:
no clean-up at all) and started again on the same database.

Each game is checked against the engine's replay of what was stored; the emulator must record no
problem (the fixture checks that) and the restarted bot's log no error.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from host.storage import utc_now
from stickem import Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Message, User
from tests.e2e.process_game import ProcessGame, assert_clean_log, database_url
from tests.e2e.process_seats import (
    Humans,
    Snapshot,
    check_the_end,
    cpu_ticks,
    descendants,
    kill_all,
    message_time,
    snapshot,
    wait_gone,
    wait_stored,
)

ANN = 0
"""The human's seat (the host); the computer players sit after her."""


@pytest.fixture
async def game(discord_emulator: Emulator, tmp_path: Path) -> AsyncIterator[ProcessGame]:
    """ann alone in a channel, and a fresh SQLite database (no bot started yet)."""
    emu = discord_emulator
    guild = emu.add_guild("Stick'em club")
    channel = emu.add_text_channel(guild, "stickem")
    ann = emu.add_user("ann")
    emu.add_member(guild, ann, permissions=DEFAULT_MEMBER_PERMISSIONS)
    async with database_url("sqlite", tmp_path) as url:
        g = ProcessGame(emu, tmp_path, url, channel, [ann])
        try:
            yield g
        finally:
            await g.close()


async def start_game(g: ProcessGame, **options: object) -> None:
    """ann joins and starts a one-round game filled up with computer players."""
    assert "You joined" in await g.slash(g.users[0], "join")
    reply = await g.slash(g.users[0], "start", rounds=1, **options)
    assert "started" in reply, reply


async def test_sigkill_while_a_computer_player_is_to_move(game: ProcessGame) -> None:
    """ann and two `hard` computer players. The bot is killed (at ann's turn) and restarted with a
    30 s pause before each computer move; ann plays, and the bot is killed while the computer
    player after her waits to move. Restarted without a pause, that player moves at once and the
    game goes on to its end, exactly as the engine replays the stored log."""
    g = game
    ann = Humans(g, (ANN,))
    await g.pictures_off()  # nothing here looks at a picture
    await g.start_bot(BOT_MOVE_DELAY="0", BOT_WORKERS="1")
    await start_game(g, players=3, bot_level="hard", timer="off")

    def ann_to_play_before_a_computer(snap: Snapshot) -> bool:
        game = snap.game
        return (
            game.phase is Phase.TRICKS
            and game.trick_number >= 2
            and game.awaiting == (ANN,)
            and len(game.current_trick) < game.players - 1
        )

    # to the middle of the round, ann to play and a computer player after her in the trick
    await ann.play_until(ann_to_play_before_a_computer, timeout=15)
    await g.kill_bot()
    await g.start_bot(BOT_MOVE_DELAY="30", BOT_WORKERS="1")
    before = await snapshot(g)
    await ann.act(before, ANN)
    # ann's card is stored, and now a computer player is to move (and waits 30 s): killed
    after = await snapshot(g)
    assert after.stored.actions[:-1] == before.stored.actions
    assert tuple(after.stored.actions[-1][1:]) == ann.moves[-1]
    assert len(after.game.awaiting) == 1 and after.game.awaiting[0] != ANN
    await g.kill_bot()
    assert len((await snapshot(g)).stored.actions) == len(after.stored.actions)

    # restarted (no pause): the computer player moves at once, and the game goes on to its end
    bot = await g.start_bot(BOT_MOVE_DELAY="0", BOT_WORKERS="1")
    count = len(after.stored.actions)
    moved = await wait_stored(
        g, lambda snap: snap if len(snap.stored.actions) > count else None, timeout=5, what="its move"
    )
    assert moved.stored.actions[count].seat == after.game.awaiting[0]
    end = await ann.play_until(lambda snap: snap.finished, timeout=20)
    await g.emu.driver.wait_for_message(g.channel, lambda m: "Game over" in m.content, timeout=5)
    check_the_end(g, end)
    assert ann.stored_moves(end.stored) == ann.moves
    assert_clean_log(bot.log)
    notices = [m for m in g.emu.driver.channel_messages(g.channel) if "back after a restart" in m.content]
    assert len(notices) == 2


TIMER = 9.0
"""The turn timer of the timer test: "60s" scaled by 0.15 (long enough for a restart under load)."""

DEADLINE_SHOWN = re.compile(r"time is up <t:(\d+):R>")
"""The table message's timer line while a timer runs: its deadline, as Discord shows it."""


def reminders_to(g: ProcessGame, user: User) -> list[str]:
    """The timer reminders the channel got for ``user``."""
    mention = f"<@{user.id}> reminder"
    return [m.content for m in g.emu.driver.channel_messages(g.channel) if mention in m.content]


async def deadline_shown(g: ProcessGame, since: datetime) -> datetime:
    """The deadline the table message shows players once it is shown (posted or edited) at or
    after ``since`` (waited for, bounded: its picture is drawn first): to the second, as
    Discord's timestamp in it is (the bot's clock as players see it)."""

    def shown() -> datetime | None:
        for message in reversed(g.emu.driver.channel_messages(g.channel)):
            found = DEADLINE_SHOWN.search(message.text)
            if found is not None:
                at = datetime.fromisoformat(message.edited_timestamp or message.timestamp)
                return datetime.fromtimestamp(int(found[1]), UTC) if at >= since else None
        return None

    return await g.emu.driver.wait_until(shown, timeout=5, what="the table message shown again")


def to_the_second(moment: datetime) -> datetime:
    """``moment`` as a Discord timestamp shows it (whole seconds, cut)."""
    return datetime.fromtimestamp(int(moment.timestamp()), UTC)


@pytest.mark.alone  # the restart must come in the first half of the timer (tests/alone.py)
async def test_sigkill_while_a_turn_timer_runs(game: ProcessGame) -> None:
    """ann never acts. Killed as her misery timer starts and restarted in its first half: the
    deadline stands (the table message shows it, not a new one a whole timer after the restart),
    she is reminded once at half time, and the timer fires at the deadline. Killed when her first
    turn starts and down past its deadline: the overdue turn is not played the moment the bot is
    back; the restart moves her deadline to half her timer after the table is shown again (she
    was there, the bot was not), the table message shows it, the notice that the game goes on
    names her and stands for the reminder (none more), and then the computer plays for her."""
    g = game
    ann = g.users[0]
    settings = {"BOT_MOVE_DELAY": "0", "BOT_WORKERS": "1", "TURN_TIMER_SCALE": "0.15"}
    timer = timedelta(seconds=TIMER)
    grace = timer / 2  # after a restart, at least half the timer is left (host/table/clock.py)
    await g.pictures_off()  # the table message's text shows the deadline; no picture is looked at
    await g.start_bot(**settings)
    await start_game(g, players=3, bot_level="normal", timer="60s")

    def ann_awaited_with_deadline(snap: Snapshot) -> Snapshot | None:
        return snap if snap.game.awaiting == (ANN,) and snap.deadline is not None else None

    misery = await wait_stored(g, ann_awaited_with_deadline, timeout=5, what="the bots' misery cards")
    assert misery.game.phase is Phase.MISERY and misery.deadline is not None
    first_deadline = misery.deadline
    await g.kill_bot()  # at once: the restart has the first half of her timer to come back in
    assert not reminders_to(g, ann)

    # restarted in the first half of the timer: no grace, the deadline stands
    launched = utc_now()
    bot = await g.start_bot(**settings)
    _, shown = await message_time(g, "back after a restart", timeout=5)
    assert shown < first_deadline - grace, "the restart must come in the first half of the timer"
    assert await deadline_shown(g, launched) == to_the_second(first_deadline)  # not moved nor restarted
    assert reminders_to(g, ann) == []  # the notice does not stand for the reminder: it comes
    _, reminded_at = await message_time(g, f"<@{ann.id}> reminder", timeout=TIMER)
    _, fired = await message_time(g, "Time is up for ann", timeout=TIMER)
    tolerance = timedelta(seconds=2.5)
    half_time = first_deadline - grace
    assert half_time - timedelta(seconds=0.05) <= reminded_at <= half_time + tolerance
    assert first_deadline - timedelta(seconds=0.05) <= fired <= first_deadline + tolerance
    reminded = reminders_to(g, ann)  # at half time, once
    assert len(reminded) == 1 and "pick your misery card" in reminded[0]

    def ann_to_play(snap: Snapshot) -> Snapshot | None:
        ready = snap.game.phase is Phase.TRICKS and snap.game.awaiting == (ANN,)
        return snap if ready and snap.deadline not in (None, first_deadline) else None

    turn = await wait_stored(g, ann_to_play, timeout=5, what="ann's first turn")
    assert turn.game.misery_card(ANN) is not None  # the computer picked it for her
    second_deadline = turn.deadline
    assert second_deadline is not None
    await g.kill_bot()
    assert_clean_log(bot.log)

    # down past the deadline: the restart moves it to half her timer after the table is shown
    # again; no reminder (the notice names her), then the overdue turn is played
    await asyncio.sleep((second_deadline - utc_now()).total_seconds() + 0.3)
    launched = utc_now()
    bot = await g.start_bot(**settings)

    def second_notice() -> Message | None:
        said = [m for m in g.emu.driver.channel_messages(g.channel) if "back after a restart" in m.content]
        return said[1] if len(said) > 1 else None

    notice = await g.emu.driver.wait_until(second_notice, timeout=10, what="the second resume notice")
    shown = datetime.fromisoformat(notice.timestamp)
    assert f"<@{ann.id}>" in notice.content
    moved = await deadline_shown(g, launched)
    assert to_the_second(launched + grace) <= moved <= to_the_second(shown + grace)
    _, away = await message_time(g, f"<@{ann.id}> ran out of time 2 times in a row", timeout=TIMER)
    assert shown < away and launched + grace <= away <= shown + grace + timedelta(seconds=4)
    end = await wait_stored(g, lambda snap: snap if snap.finished else None, timeout=20, what="the end")
    await g.emu.driver.wait_for_message(g.channel, lambda m: "Game over" in m.content, timeout=5)
    check_the_end(g, end)
    assert_clean_log(bot.log)
    assert reminders_to(g, ann) == reminded  # none for the turn whose deadline the restart moved


async def stored_counts(g: ProcessGame) -> dict[int, int]:
    """The number of stored actions of each unfinished game, by channel."""
    loaded = await (await g.reading()).games.load_unfinished_games()
    return {stored.record.channel_id: len(stored.actions) for stored in loaded.games}


def spawned(pid: int) -> list[int]:
    """The worker processes of the bot process ``pid`` (its other child is multiprocessing's
    resource tracker)."""
    children = descendants(pid)
    return [child for child in children if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()]


def draws(pid: int) -> bool:
    """Whether the worker ``pid`` is the painter's: it has Pillow loaded (after its first
    picture); the computer players' workers never load it."""
    try:
        return "PIL/_imaging" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


async def split_workers(pid: int) -> tuple[list[int], list[int]]:
    """The computer players' workers and the painter's worker of the bot process ``pid``, once
    the painter's has drawn (bounded wait: the table's picture is drawn at the game's start)."""
    async with asyncio.timeout(WORKER_WAIT):
        while True:
            workers = spawned(pid)
            drawers = [worker for worker in workers if draws(worker)]
            if drawers:
                return [worker for worker in workers if worker not in drawers], drawers
            await asyncio.sleep(0.1)


WORKER_WAIT = 20.0
"""Seconds the painter's worker gets to start and draw its first picture."""


async def until_busy(workers: list[int]) -> None:
    """Wait (bounded) until each of ``workers`` is computing: it used 30 ms of CPU in 100 ms."""
    async with asyncio.timeout(10):
        while True:
            before = [cpu_ticks(pid) for pid in workers]
            await asyncio.sleep(0.1)
            if all(cpu_ticks(pid) - start >= 3 for pid, start in zip(workers, before, strict=True)):
                return


GROWTH_TIMEOUT = 30.0
"""Seconds the games get to move on: `hard` decisions in niced workers slow down a lot when the
machine is shared (10 s was too short at a load of 5 on 2 cores, for the code before too)."""


async def until_all_grow(g: ProcessGame, counts: dict[int, int], by: int) -> None:
    """Wait (bounded) until every game stored ``by`` more actions than ``counts`` says."""
    try:
        async with asyncio.timeout(GROWTH_TIMEOUT):
            while not all(now >= counts[c] + by for c, now in (await stored_counts(g)).items()):
                await asyncio.sleep(0.1)
    except TimeoutError:
        raise AssertionError(f"the games stopped at {await stored_counts(g)} (from {counts})") from None


@pytest.mark.alone  # its workers must get CPU time to be seen busy (tests/alone.py)
async def test_sigkill_while_workers_think_leaves_no_worker_behind(game: ProcessGame) -> None:
    """Two tables of six `hard` computer players (their human times out and is marked away, so
    the computer plays every seat): the bot is killed while both workers compute a move. No
    worker process (the computer players' nor the painter's), nor anything else the bot started,
    outlives it for long. A new bot goes on,
    even when one of its workers is killed in the middle of a move."""
    g = game
    guild = g.emu.add_guild("Another club")
    second = g.emu.add_text_channel(guild, "stickem")
    bob = g.emu.add_user("bob")
    g.emu.add_member(guild, bob, permissions=DEFAULT_MEMBER_PERMISSIONS)
    other = ProcessGame(g.emu, g.folder, g.url, second, [bob])
    settings = {"BOT_MOVE_DELAY": "0", "BOT_WORKERS": "2", "TURN_TIMER_SCALE": "0.005"}
    bot = await g.start_bot(**settings)
    for table in (g, other):
        await start_game(table, players=7, bot_level="hard", timer="30s")
    workers, drawers = await split_workers(bot.process.pid)
    children = descendants(bot.process.pid)
    assert len(workers) == 2 and len(drawers) == 1, children  # (also: multiprocessing's resource tracker)
    assert set(drawers) <= set(children)
    try:
        await until_busy(workers)
        bot.process.kill()
        left = await wait_gone(children, timeout=5)
    finally:
        kill_all(children)  # orphans would keep the log pipe open: the bot's end never comes
    await g.kill_bot()
    assert not left, f"still running after the bot was killed: {left}"

    counts = await stored_counts(g)
    assert set(counts) == {g.channel.id, second.id}
    bot = await g.start_bot(**settings)
    await until_all_grow(g, counts, 1)
    # one worker killed while it computes (as the OOM killer would): the games go on
    workers, drawers = await split_workers(bot.process.pid)
    assert len(workers) == 2 and len(drawers) == 1
    await until_busy(workers[:1])
    os.kill(workers[0], signal.SIGKILL)
    await until_all_grow(g, await stored_counts(g), 10)
    assert "worker process of the computer players died" in bot.log
    assert_clean_log(bot.log)
