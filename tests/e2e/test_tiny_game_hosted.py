"""A game the host has never heard of, hosted end to end: take-away (``tests/tabletop/tiny_game.py``,
written only for the tests), offered alone through the ``GAMES`` setting, in the real bot process
against the emulator: lobby, start, a computer seat (deciding in a worker process), a turn timer,
kill -9 and resume, to the end of the game.

The built-in game packages are hidden from the bot process and its workers (importing one
raises ImportError, as if they were not installed): the whole path, from /join to the final
standings and through the restart, runs without them. The host and the Discord layer reach the
game only through the registry.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord_emulator import Emulator
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Message, User
from tests.e2e.process_game import ProcessGame, answer, assert_clean_log, database_url

TINY = "tiny=tests.tabletop.tiny_game:GAME"
BUILT_IN = "stickem,stupid,stickgame"
"""The game packages the bot process may not import in this test."""
WAIT = 20.0


@pytest.fixture
async def game(discord_emulator: Emulator, tmp_path: Path) -> AsyncIterator[ProcessGame]:
    """ann and bob in a channel, and a fresh SQLite database (no bot started yet)."""
    emu = discord_emulator
    guild = emu.add_guild("Games club")
    channel = emu.add_text_channel(guild, "games")
    users = [emu.add_user(name) for name in ("ann", "bob")]
    for user in users:
        emu.add_member(guild, user, permissions=DEFAULT_MEMBER_PERMISSIONS)
    async with database_url("sqlite", tmp_path) as url:
        g = ProcessGame(emu, tmp_path, url, channel, users)
        try:
            yield g
        finally:
            await g.close()


async def start_bot(g: ProcessGame) -> None:
    """The bot offering take-away only, computer moves at once in one worker process, turn
    timers 20 times faster (30 s last 1.5 s)."""
    await g.start_bot(
        GAMES=TINY, BOT_MOVE_DELAY="0", BOT_WORKERS="1", TURN_TIMER_SCALE="0.05",
        STICKEM_TEST_HIDDEN_MODULES=BUILT_IN,
    )


def live_prompt(g: ProcessGame, user: User) -> Message | None:
    """The user's latest DM if it offers a live button."""
    messages = g.emu.driver.dm_messages(user)
    if messages and any(not button.disabled for button in messages[-1].buttons):
        return messages[-1]
    return None


async def press(g: ProcessGame, user: User, label: str) -> str:
    """Wait (bounded) for the user's prompt to offer ``label``, click it; the answer's text."""
    prompt = await g.emu.driver.wait_for_message(
        user, lambda m: any(b.label == label and not b.disabled for b in m.buttons), timeout=WAIT
    )
    return (await answer(await g.emu.driver.click(user, prompt, label))).content


def channel_text(g: ProcessGame) -> str:
    return "\n".join(m.content for m in g.emu.driver.channel_messages(g.channel))


async def test_a_game_the_host_never_heard_of_is_played_through_a_restart(game: ProcessGame) -> None:
    g = game
    ann, bob = g.users
    await start_bot(g)
    # the lobby: /join without a game opens the only game offered
    assert "You joined the Take-away table (seat 1)" in await g.slash(ann, "join")
    assert "You joined the Take-away table (seat 2)" in await g.slash(bob, "join")
    lobby = await g.emu.driver.wait_for_message(
        g.channel, lambda m: "**Take-away table**" in m.content and "2. bob" in m.content, timeout=WAIT
    )
    assert "Rules: 7 tokens, 2 rounds" in lobby.content
    reply = await g.slash(ann, "start", options="tokens=5", players=3, bot_level="normal", timer="30s")
    assert "started" in reply, reply
    # round 1: everybody says ready at once (the computer seat by itself), then turns
    assert await press(g, ann, "Ready") == "You are ready."
    assert await press(g, bob, "Ready") == "You are ready."
    await g.emu.driver.wait_until(
        lambda: "round 1 - pile: 5" in channel_text(g) and "Waiting for: ann" in channel_text(g),
        timeout=WAIT,
        what="round 1's first turn (ann starts)",
    )
    assert await press(g, ann, "Take 1") == "You took 1."
    # bob lets his time run out: the computer takes for him
    await g.emu.driver.wait_for_message(
        bob, lambda m: "Time ran out, so the computer moved for you: You took" in m.content, timeout=WAIT
    )
    first_log = g.bot.log if g.bot is not None else ""
    await g.kill_bot()  # SIGKILL: no clean-up at all
    at_kill = [(a.seat, a.action) for a in (await g.stored()).actions]
    assert sorted(at_kill[:3]) == [(0, "ready"), (1, "ready"), (2, "ready")] and at_kill[3] == (0, "t1")
    assert at_kill[4][0] == 1  # bob's move, made by the timer, was stored before it was shown
    await start_bot(g)
    resumed = [(a.seat, a.action) for a in (await g.stored()).actions]
    assert resumed[: len(at_kill)] == at_kill  # nothing lost, nothing changed by the restart
    stored = len(at_kill)
    # whoever is to act gets a prompt; the humans play every prompt until the game is over
    async with asyncio.timeout(90):
        while "**Take-away is over.**" not in channel_text(g):
            acted = False
            for user in (ann, bob):
                prompt = live_prompt(g, user)
                if prompt is not None:
                    label = next(b.label for b in prompt.buttons if not b.disabled)
                    result = await g.emu.driver.click(user, prompt, label)
                    await answer(result)
                    acted = True
            if not acted:
                await g.emu.driver.wait_until(
                    lambda: "**Take-away is over.**" in channel_text(g)
                    or any(live_prompt(g, u) is not None for u in (ann, bob)),
                    timeout=WAIT,
                    what="a prompt or the end of the game",
                )
    final = await g.stored()
    assert final.record.status == "finished"
    assert len(final.actions) > stored
    for log in (first_log, g.bot.log if g.bot is not None else ""):
        assert_clean_log(log)  # no ImportError (nor anything else) on the way
