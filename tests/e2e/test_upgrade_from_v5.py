"""A self-hoster upgrading mid-game from the release of three games loses nothing.

The fixture ``release_v5/`` was written by that release's own bot (schema version 5, the generic
host of commit ea8ce3c) playing on the emulator (see ``release_v5/make_fixture.py``): a game of
each of the three games, each waiting for a person's move in their DM, and a Stupid lobby. Here
a fresh emulator holds that Discord state under the same ids, the new bot (in process) starts on
a copy of the database, and:

- the schema is migrated to the current version, and every game and the lobby resume;
- the release's own prompts still work: ann plays a card of her old Stick'em hand, bob bids in
  his old Stupid prompt, cyd draws in his old Stick Game prompt, eve joins the lobby with its
  old Join button; each move is stored right after the release's log;
- the three games then play to their end (the people go idle, and a short turn timer that the
  test gives the tables lets the computer stand in for them), and each is stored as finished.

Runs on SQLite only, as the release's fixture was written there.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.tables.service import service_for
from host.storage import CURRENT_VERSION, GameStatus
from host.tables import TableState
from tests.discord_emulator.state import Message, User
from tests.e2e.process_game import answer
from tests.e2e.release_v3.world import Upgraded, release_emulator, release_rows, saved_state
from tests.e2e.seat_helpers import running, seat_bot, settle

FIXTURE = Path(__file__).parent / "release_v5"
GAMES = {"stickem": 1, "stupid": 2, "stickgame": 3}
"""The release's stored game of each channel."""
PEOPLE = {"stickem": "ann", "stupid": "bob", "stickgame": "cyd"}
"""The person of each game (the other seats are computer players)."""
WAIT = 10.0
IDLE_TURN = 0.05
"""The turn timer the test gives the release's games (which had none) from the clicks below on:
the people go idle after them, and the computer soon stands in for them (a person is away after
two timeouts), so the games end by themselves."""
UPDATE_MESSAGE = 7


def _release_actions(game_id: int) -> list[tuple[int, str]]:
    """A game's log as the release stored it: (seat, action) in order."""
    rows = release_rows(
        f"SELECT seat, action FROM game_actions WHERE game_id = {game_id} ORDER BY seq", FIXTURE
    )
    return [(int(seat), str(action)) for seat, action in rows]


def _old_prompt(upgraded: Upgraded, user: User) -> Message:
    """The release's last DM to ``user``: their prompt, with its live components."""
    dm = upgraded.world.emu.dm_channel(user)
    (prompt,) = [
        m for m in upgraded.world.messages.values()
        if m.channel_id == dm.id and any(not b.disabled for b in m.buttons)
    ]
    return prompt


@pytest.fixture
async def upgraded(tmp_path: Path) -> AsyncIterator[Upgraded]:
    """The release's Discord state in a fresh emulator, the new bot on a copy of its database.
    Problems the emulator saw fail the test."""
    world = release_emulator(saved_state(FIXTURE))
    emu = world.emu
    await emu.start()
    try:
        database = tmp_path / "stickem.sqlite3"
        shutil.copyfile(FIXTURE / "release.sqlite3", database)
        bot = seat_bot(emu, tmp_path, world.guild.id)
        async with running(bot, emu):
            assert bot._announcing is not None
            await asyncio.wait_for(asyncio.shield(bot._announcing), timeout=WAIT)
            yield Upgraded(world, bot, database)
    finally:
        await emu.stop()
    emu.assert_no_problems()


def test_the_fixture_is_what_the_release_left() -> None:
    """Schema version 5, a game of each game waiting for a person, a lobby, generic ids."""
    assert release_rows("SELECT version FROM schema_version", FIXTURE) == [(5,)]
    assert release_rows("SELECT id, game, status FROM games ORDER BY id", FIXTURE) == [
        (1, "stickem", "active"), (2, "stupid", "active"), (3, "stickgame", "active"),
    ]
    assert release_rows("SELECT game FROM lobbies", FIXTURE) == [("stupid",)]
    ids = [
        c["custom_id"]
        for m in saved_state(FIXTURE)["messages"]
        for row in m["components"]
        for c in row["components"]
    ]
    assert {ident.split(":")[0] for ident in ids} == {"g", "stk"}  # game prompts, lobby buttons


async def test_every_table_resumes_the_old_prompts_work_and_the_games_end(upgraded: Upgraded) -> None:
    world, emu = upgraded.world, upgraded.world.emu
    assert upgraded.storage.schema_version == CURRENT_VERSION
    with sqlite3.connect(upgraded.database) as conn:
        assert list(conn.execute("SELECT version FROM schema_version")) == [(CURRENT_VERSION,)]
    conn.close()
    report = upgraded.bot.resumed
    assert report is not None and report.broken == []
    assert sorted(t.channel_id for t in report.games) == sorted(world.channels[n].id for n in GAMES)
    assert [t.channel_id for t in report.lobbies] == [world.channels["lobby"].id]

    for name, game_id in GAMES.items():  # a click on the release's own prompt is a move
        table = upgraded.table(name)
        release_log = _release_actions(game_id)
        assert list(table.running_match().log) == release_log, name
        table.clock.timer_seconds = IDLE_TURN
        person = world.users[PEOPLE[name]]
        prompt = _old_prompt(upgraded, person)
        button = next(b for b in prompt.buttons if not b.disabled)
        assert (button.custom_id or "").startswith(f"g:{world.channels[name].id}:")
        result = await emu.driver.click(person, prompt, button)
        response = await result.response()
        assert response.type == UPDATE_MESSAGE, (name, response.content)  # the prompt, in place
        await settle(emu, upgraded.bot, world.channels[name])
        # the table as the click found it: with turns this short its game may be over already
        # (its pictures waited for), and the closed table gone from the registry
        assert table.match is not None, name
        log = list(table.match.log)
        assert log[: len(release_log)] == release_log, name
        assert log[len(release_log)][0] == table.seats.index(
            next(s for s in table.seats if s.user_id == person.id)
        ), name

    lobby_message = next(m for m in world.channel_messages("lobby") if m.buttons)
    join = lobby_message.button("Join")
    joined = await answer(await emu.driver.click(world.users["eve"], lobby_message, join))
    assert "eve" in joined.content, joined.content
    assert [seat.name for seat in upgraded.table("lobby").seats][-1] == "eve"

    def all_over() -> bool | None:
        registry = service_for(upgraded.bot).registry
        tables = [registry.get(world.channels[name].id) for name in GAMES]
        return all(t is None or t.state is TableState.CLOSED for t in tables) or None

    await emu.driver.wait_until(all_over, timeout=60.0, what="every game's end")
    for name, game_id in GAMES.items():
        await settle(emu, upgraded.bot, world.channels[name])
        stored = await upgraded.storage.games.load_game(game_id)
        assert stored.record.status is GameStatus.FINISHED, name
        release_log = _release_actions(game_id)
        assert [(a.seat, a.action) for a in stored.actions][: len(release_log)] == release_log
        # Ended after the upgrade: rated like any game, every seat's change kept.
        changes = await upgraded.storage.ratings.game_rating_changes(game_id)
        assert sorted(changes) == list(range(len(stored.record.seats))), name
