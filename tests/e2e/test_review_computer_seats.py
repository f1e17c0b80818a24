"""Review of computer seats and turn timers: failures and races a Discord table can run into.

Each test plays the real bot on the emulator and checks that the game goes on (or says the right
thing) when a computer decision fails, the worker pool dies, a player leaves while the timer is
playing for them, or a player leaves with a live hand in their DMs.
"""

from __future__ import annotations

import asyncio
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.tables.service import service_for
from host import thinking
from host.autoplay import thinkers
from host.tables import Table
from stickem import Phase
from tabletop.presentation import Message
from tests.discord_emulator import Emulator
from tests.e2e.seat_helpers import (
    act,
    channel_text,
    live_prompt,
    make_club,
    play_until,
    running,
    seat_bot,
    settle,
    slash,
    table_of,
    text_only,
)

WAIT = 10.0


def _queued(table: Table) -> int:
    """How many tasks wait for the table's lock."""
    return table.lock.waiting


def _bots_picked(table: Table) -> bool | None:
    """True once only the human of seat 0 is still to pick a misery card."""
    return (table.match is not None and table.match.game.awaiting == (0,)) or None


async def test_a_failing_computer_decision_does_not_stall_the_game(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer player's decision that raises (a bug in the AI for one rare deal) must not
    leave the table waiting for that seat forever: nobody can act while a bot is awaited."""
    real = thinking.decide
    calls = {"count": 0}

    def flaky(game: str, entry: str, view: object, level: str, seed: int) -> str:
        calls["count"] += 1
        if calls["count"] == 1:
            raise RuntimeError("a bug in the computer player")
        return real(game, entry, view, level, seed)

    monkeypatch.setattr(thinkers, "decide", flaky)
    club = make_club(emulator, 1)
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id, workers=0)
    async with running(bot, emulator):
        await slash(emulator, ann, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="off")
        table = table_of(bot, club.channel)
        await emulator.driver.wait_until(
            lambda: _bots_picked(table), timeout=WAIT, what="both computer seats' misery cards"
        )
        assert calls["count"] >= 3
    problems = emulator.pop_problems("bot-error")  # the failure is logged as the bug it is
    assert [p for p in problems if "computer player failed" in str(p)] == problems and problems


async def test_a_dead_worker_process_does_not_stall_every_table(emulator: Emulator, tmp_path: Path) -> None:
    """A worker process killed by the system (out of memory, a crash) breaks the process pool;
    the computer seats must go on playing (a new pool, or the decision made another way)."""
    club = make_club(emulator, 1)
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id, workers=1)
    async with running(bot, emulator):
        pool = service_for(bot).autoplay.executor()
        assert isinstance(pool, ProcessPoolExecutor)
        await asyncio.wait_for(asyncio.wrap_future(pool.submit(thinking.warm_up)), timeout=WAIT)
        processes = pool._processes  # the pool's own workers
        for pid in list(processes):
            os.kill(pid, signal.SIGKILL)
        # the pool notices its dead worker and refuses every later job
        await emulator.driver.wait_until(
            lambda: bool(getattr(pool, "_broken", False)) or None, timeout=WAIT, what="the broken pool"
        )
        await slash(emulator, ann, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="off")
        table = table_of(bot, club.channel)
        await emulator.driver.wait_until(
            lambda: _bots_picked(table), timeout=WAIT, what="both computer seats' misery cards"
        )
    # a new pool made the decisions: a warning, not an error
    assert emulator.pop_problems("bot-error") == []


async def test_leaving_while_the_timer_plays_for_you_is_no_timeout_of_the_computer_seat(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bob's timer ran out and the computer decided for him; before that move is applied, bob
    uses /leave (his seat becomes a computer seat). The stale timeout move must not be applied as
    a timeout of the new computer player ("Time is up for Bot ..."), nor count one for its seat."""
    club = make_club(emulator, 2)
    ann, bob = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=0.02)  # "30 seconds" last 0.6 s
    async with running(bot, emulator):
        text_only(bot, club.guild_id)
        await slash(emulator, ann, club.channel, "join")
        await slash(emulator, bob, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="30s")
        table = table_of(bot, club.channel)
        service = service_for(bot)
        entered = asyncio.Event()
        gate = asyncio.Event()
        real_think = service.autoplay.thinkers.think

        async def gated_think(t: Table, seat: int, level: str) -> str:
            if seat == 1 and not entered.is_set():  # the timeout decision for bob
                entered.set()
                await asyncio.wait_for(gate.wait(), timeout=WAIT)
            return await real_think(t, seat, level)

        monkeypatch.setattr(service.autoplay.thinkers, "think", gated_think)
        prompt = live_prompt(emulator, ann)
        assert prompt is not None
        await act(emulator, ann, prompt)  # ann picks; bob never does
        await asyncio.wait_for(entered.wait(), timeout=WAIT)
        await table.lock.acquire()  # hold the table so that /leave queues before the stale move
        try:
            leave = await emulator.driver.slash(bob, club.channel, "leave")
            await emulator.driver.wait_until(
                lambda: _queued(table) >= 1 or None, timeout=WAIT, what="/leave"
            )
            gate.set()  # the decision for bob is made; its move queues behind /leave
            await emulator.driver.wait_until(
                lambda: _queued(table) >= 2 or None, timeout=WAIT, what="the timeout move"
            )
        finally:
            table.lock.release()
        await leave.response()
        await emulator.driver.wait_until(
            lambda: (table.match is not None and table.match.game.misery_card(1) is not None) or None,
            timeout=WAIT,
            what="the misery card of bob's old seat",
        )
        await settle(emulator, bot, club.channel)
        assert table.seats[1].is_bot
        text = channel_text(emulator, club.channel)
        assert "bob left the game" in text
        assert "Time is up for Bot" not in text
        assert 1 not in table.clock.timeouts


async def test_a_leaver_keeps_no_live_hand_in_their_dms(emulator: Emulator, tmp_path: Path) -> None:
    """After /leave the computer plays the seat: the leaver's misery choice in their DMs must no
    longer offer a choice (a click would only answer "You are not seated")."""
    club = make_club(emulator, 3)
    ann, bob, cyd = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        for user in (ann, bob, cyd):
            await slash(emulator, user, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", timer="off")
        assert live_prompt(emulator, bob) is not None
        assert "Bot Ada (normal) plays your seat" in await slash(emulator, bob, club.channel, "leave")
        await settle(emulator, bot, club.channel)
        assert live_prompt(emulator, bob) is None


async def test_a_deleted_channel_leaves_no_timer_running(emulator: Emulator, tmp_path: Path) -> None:
    """The channel of a game with a running turn timer is deleted: its table closes, and its
    timer task ends with it (not minutes later, when the timer runs out)."""
    club = make_club(emulator, 1)
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        await slash(emulator, ann, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="5min")
        table = table_of(bot, club.channel)
        service = service_for(bot)
        await emulator.driver.wait_until(lambda: _bots_picked(table), timeout=WAIT, what="the bots")
        await settle(emulator, bot, club.channel)
        await asyncio.sleep(0.2)  # the table's task sleeps until ann's reminder
        assert service.autoplay.busy(table)  # ann's timer runs
        await service.channel_deleted(club.channel.id)
        await asyncio.sleep(0.2)
        assert not service.autoplay.busy(table)


async def test_a_network_error_while_showing_a_computer_move_does_not_stall_the_game(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A connection reset while the table message is edited after a computer move (a network
    blip, not a Discord error response): the move stands, and the game must go on (the next
    computer seat plays, the human gets their turn)."""
    club = make_club(emulator, 1)
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        service = service_for(bot)
        real_show = service.courier.show_table
        failed: list[bool] = []

        async def flaky_show(table: Table, spec: Any, *, new: bool) -> None:
            game = table.match.game
            if not failed and game is not None and game.phase is Phase.TRICKS and game.awaiting[0] != 0:
                failed.append(True)  # once, after a move that leaves a computer seat to play
                raise ConnectionResetError("connection reset by peer")
            await real_show(table, spec, new=new)

        monkeypatch.setattr(service.courier, "show_table", flaky_show)
        await slash(emulator, ann, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="off")
        table = table_of(bot, club.channel)

        def ann_played(count: int) -> bool:
            game = table.match.game
            assert game is not None
            return sum(1 for a in game.actions if a.seat == 0 and a.kind == "play") >= count

        await play_until(emulator, club.channel, [ann], lambda: ann_played(3), timeout=WAIT)
        assert failed


async def test_a_failing_reminder_does_not_switch_the_turn_timer_off(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The half-time reminder fails with an unexpected error: the timer must still play for the
    absent player when it runs out (otherwise nobody moves the table on)."""
    club = make_club(emulator, 1)
    ann = club.users[0]
    # "30 seconds" last 1.5 s: the reminder's half (0.75 s) outlasts a loaded machine's late
    # wake-up, after which the reminder is rightly skipped
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=0.05)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)
        service = service_for(bot)

        real_say = service.courier.say

        async def broken_reminder(table: Table, spec: Message, *, ping: int | None = None) -> Any:
            if "reminder:" in spec.content:  # showing the reminder fails; other messages do not
                raise RuntimeError("a bug in the reminder")
            return await real_say(table, spec, ping=ping)

        monkeypatch.setattr(service.courier, "say", broken_reminder)
        await slash(emulator, ann, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="30s")
        table = table_of(bot, club.channel)
        await emulator.driver.wait_until(
            lambda: (table.match is not None and table.match.game.misery_card(0) is not None) or None,
            timeout=WAIT,
            what="the computer's misery pick for ann",
        )
        assert table.clock.timeouts == {0: 1}
    problems = emulator.pop_problems("bot-error")
    assert problems and all("a bug in the reminder" in str(p) for p in problems)
