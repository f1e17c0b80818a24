"""A game installed as a distribution of its own, offered by the real bot process with nothing
changed in this repository and no setting: take-away (the tests' tiny game) is written as its
own project (``pyproject.toml`` naming it in the ``stickem.games`` entry points) and installed
into a temporary folder (:mod:`tests.tabletop.take_away_distribution`), which is only put on
the bot process's path. ``/join game:tiny`` opens it beside the built-in games, it is played to
its end through the emulator (the computer decisions in a worker process find it too), and
``/stats`` shows the stat the game names (its tokens taken)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord_emulator import Emulator
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Message, User
from tests.e2e.process_game import ProcessGame, answer, assert_clean_log, database_url
from tests.tabletop.take_away_distribution import install

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


def live_prompt(g: ProcessGame, user: User) -> Message | None:
    """The user's latest DM if it offers a live button."""
    messages = g.emu.driver.dm_messages(user)
    if messages and any(not button.disabled for button in messages[-1].buttons):
        return messages[-1]
    return None


def channel_text(g: ProcessGame) -> str:
    return "\n".join(m.content for m in g.emu.driver.channel_messages(g.channel))


async def test_a_game_installed_on_its_own_is_offered_played_and_counted(
    game: ProcessGame, tmp_path: Path
) -> None:
    g = game
    ann, bob = g.users
    site = install(tmp_path / "take-away-install")
    await g.start_bot(path=[site], BOT_MOVE_DELAY="0", BOT_WORKERS="1")
    assert "You joined the Take-away table (seat 1)" in await g.slash(ann, "join", game="tiny")
    assert "You joined the Take-away table (seat 2)" in await g.slash(bob, "join")
    reply = await g.slash(
        ann, "start", options="tokens=4 rounds=1", players=3, bot_level="normal", timer="off"
    )
    assert "started" in reply, reply
    # the humans play every prompt they get; the computer seat decides in a worker process
    async with asyncio.timeout(60):
        while "**Take-away is over.**" not in channel_text(g):
            acted = False
            for user in (ann, bob):
                prompt = live_prompt(g, user)
                if prompt is not None:
                    label = next(b.label for b in prompt.buttons if not b.disabled)
                    await answer(await g.emu.driver.click(user, prompt, label))
                    acted = True
            if not acted:
                await g.emu.driver.wait_until(
                    lambda: (
                        "**Take-away is over.**" in channel_text(g)
                        or any(live_prompt(g, u) is not None for u in (ann, bob))
                    ),
                    timeout=WAIT,
                    what="a prompt or the end of the game",
                )
    final = await g.stored()
    assert final.record.status == "finished" and final.record.game == "tiny"
    taken = sum(int(a.action[1]) for a in final.actions if a.seat == 0 and a.action.startswith("t"))
    stats = await answer(await g.emu.driver.slash(ann, g.channel, "stats"))
    fields = {f.name: f.value for f in stats.embeds[0].fields}
    assert fields["Games played"] == "1"
    assert fields["Tokens taken"] == str(taken)
    # the built-in games are offered beside it
    assert "You joined the Stupid table (seat 1)" in await g.slash(bob, "join", game="stupid")
    assert g.bot is not None
    assert_clean_log(g.bot.log)
