"""A self-hoster upgrading mid-game from the current release loses nothing (issue 12).

The fixture ``release_v3/`` was written by the release's own bot (the Stick'em-only host, schema
version 3, custom ids ``stk:…``) playing on the emulator (see ``release_v3/make_fixture.py``):
its database, and what it left on Discord (server, channels, users, DM channels and the
messages it posted, with their ids). Here a fresh emulator holds that Discord state under the
same ids, the new bot (in process) starts on a copy of the database, and:

- the schema is migrated to the current version, and every game and the lobby resume;
- the release's own components still work on the release's own messages: bob confirms the
  misery card he had selected before the upgrade (``stk:mok``), cyd picks his in the old select
  (``stk:msel``) and confirms it, dee plays a card of the old hand (``stk:play``), hal joins the
  lobby with its old Join button (``stk:lobby``);
- the three games then play to their end, the people clicking whatever their prompts offer (old
  or new), the computer seats playing theirs;
- nothing is lost: each game's stored log still begins with every action the release stored,
  in order, followed by the clicks above, and the finished games count in the stats.

Every game has one round (as the release started them: 14 tricks) and no turn timer. Runs on
SQLite only: the migration on PostgreSQL is covered by tests/storage/test_upgrade_release.py.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ids import MiseryConfirmId, MiserySelectId, PlayId
from bot.tables.service import service_for
from host.storage import CURRENT_VERSION, GameStatus
from host.tables import Table, TableState
from stickem import HAND_SIZE, Card, Phase
from stickem.hosting import StickemMatch, card_token
from tests.e2e.process_game import answer
from tests.e2e.release_v3.world import DATABASE, Upgraded, release_emulator, release_rows, saved_state
from tests.e2e.seat_helpers import play_until_over, running, seat_bot, settle, slash

GAMES = {"misery": 1, "tricks": 2}
"""The release's stored game of each channel."""
WAIT = 10.0


def _stickem(table: Table) -> StickemMatch:
    match = table.match
    assert isinstance(match, StickemMatch)
    return match


def _release_actions(game_id: int) -> list[tuple[int, str]]:
    """A game's log as the release stored it: (seat, action) in order."""
    rows = release_rows(f"SELECT seat, action FROM game_actions WHERE game_id = {game_id} ORDER BY seq")
    return [(int(seat), str(action)) for seat, action in rows]


@pytest.fixture
async def upgraded(tmp_path: Path) -> AsyncIterator[Upgraded]:
    """The release's Discord state in a fresh emulator, the new bot on a copy of its database
    (its start-up announcements done). Problems the emulator saw fail the test."""
    world = release_emulator(saved_state())
    emu = world.emu
    await emu.start()
    try:
        database = tmp_path / "stickem.sqlite3"
        shutil.copyfile(DATABASE, database)
        bot = seat_bot(emu, tmp_path, world.guild.id)
        async with running(bot, emu):
            assert bot._announcing is not None
            await asyncio.wait_for(asyncio.shield(bot._announcing), timeout=WAIT)
            for channel in world.channels.values():
                await settle(emu, bot, channel)
            yield Upgraded(world, bot, database)
    finally:
        await emu.stop()
    emu.assert_no_problems()


def test_the_fixture_is_what_the_release_left() -> None:
    """Schema version 3, two games and a lobby, and messages with the release's own ids."""
    assert release_rows("SELECT version FROM schema_version") == [(3,)]
    assert release_rows("SELECT id, status FROM games ORDER BY id") == [(1, "active"), (2, "active")]
    assert len(release_rows("SELECT channel_id FROM lobbies")) == 1
    state = saved_state()
    ids = [
        c["custom_id"] for m in state["messages"] for row in m["components"] for c in row["components"]
    ]
    assert ids and all(ident.startswith("stk:") for ident in ids)
    kinds = {ident.split(":")[1] for ident in ids}
    assert kinds == {"msel", "mok", "play", "lobby"}
    assert any(ident.startswith("stk:mok:") and not ident.endswith(":none") for ident in ids)


async def test_the_database_migrates_and_every_table_resumes(upgraded: Upgraded) -> None:
    assert upgraded.storage.schema_version == CURRENT_VERSION
    with sqlite3.connect(upgraded.database) as conn:  # the file itself is at the current version
        assert list(conn.execute("SELECT version FROM schema_version")) == [(CURRENT_VERSION,)]
        assert list(conn.execute("SELECT COUNT(*) FROM server_settings")) == [(0,)]
    conn.close()
    report = upgraded.bot.resumed
    assert report is not None and report.broken == []
    channels = upgraded.world.channels
    assert sorted(t.channel_id for t in report.games) == sorted(channels[n].id for n in GAMES)
    assert [t.channel_id for t in report.lobbies] == [channels["lobby"].id]
    for game_id in GAMES.values():  # every stored action, in order, as the release wrote it
        stored = await upgraded.storage.games.load_game(game_id)
        assert [(a.seat, a.action) for a in stored.actions] == _release_actions(game_id)

    misery, tricks, lobby = upgraded.table("misery"), upgraded.table("tricks"), upgraded.table("lobby")
    assert _stickem(misery).game.phase is Phase.MISERY and misery.running_match().awaiting == (1, 2)
    assert _stickem(tricks).game.phase is Phase.TRICKS and tricks.running_match().awaiting == (0,)
    assert _stickem(tricks).game.action_count == len(_release_actions(GAMES["tricks"]))
    assert lobby.state is TableState.LOBBY
    assert lobby.names == ("fay", "gus", "Bot Ada (hard)")
    assert lobby.names_in("de") == ("fay", "gus", "Bot Ada (schwer)")  # read as its parts
    # The table messages the release posted are the ones shown again (edited, not re-posted),
    # and each game's channel says who is to act.
    for name, game_id in GAMES.items():
        ((stored,),) = release_rows(
            f"SELECT message_id FROM game_messages WHERE game_id = {game_id} AND purpose = 'table'"
        )
        table = upgraded.table(name)
        assert service_for(upgraded.bot).book.of(table).table_id == stored
        shown = upgraded.world.messages[stored]
        assert shown.history and not shown.deleted
    for name, waiting in (("misery", ("bob", "cyd")), ("tricks", ("dee",))):
        notices = [m.content for m in upgraded.world.emu.driver.channel_messages(channels[name])]
        back = [text for text in notices if "is back after a restart" in text]
        assert len(back) == 1 and all(upgraded.user(n).mention in back[0] for n in waiting), notices


async def _confirm_selected_card(upgraded: Upgraded) -> str:
    """bob clicks the Confirm button the release put on his prompt when he selected a card;
    the action it stands for."""
    bob = upgraded.user("bob")
    (prompt,) = [m for m in upgraded.world.dm_messages("bob") if m.selects]
    (confirm,) = [b for b in prompt.buttons if not b.disabled]
    ident = MiseryConfirmId.parse(confirm.custom_id or "")  # the release's id
    confirmed = await answer(await upgraded.world.emu.driver.click(bob, prompt, confirm))
    assert "misery card" in confirmed.content.lower(), confirmed.content
    return f"m:{ident.card}"


async def _select_and_confirm(upgraded: Upgraded) -> str:
    """cyd picks a card in the release's select, then confirms it in what the bot answers; the
    action it stands for."""
    cyd = upgraded.user("cyd")
    (prompt,) = [m for m in upgraded.world.dm_messages("cyd") if m.selects]
    MiserySelectId.parse(prompt.select().custom_id)  # the release's id
    card = prompt.select().options[-1].value
    selected = await answer(await upgraded.world.emu.driver.select(cyd, prompt, None, [card]))
    confirmed = await answer(await upgraded.world.emu.driver.click(cyd, selected, f"Confirm {card}"))
    assert "misery card" in confirmed.content.lower(), confirmed.content
    return f"m:{card_token(Card.parse(card))}"


async def _play_old_card(upgraded: Upgraded) -> str:
    """dee plays a card of the hand the release showed her for this trick; the action it
    stands for."""
    dee = upgraded.user("dee")
    prompt = upgraded.world.dm_messages("dee")[-1]
    live = [b for b in prompt.buttons if not b.disabled]
    assert len(live) == len(_stickem(upgraded.table("tricks")).game.hand(0))
    ident = PlayId.parse(live[-1].custom_id or "")  # the release's id
    played = await answer(await upgraded.world.emu.driver.click(dee, prompt, live[-1]))
    assert played.content.startswith(f"You played **{live[-1].label}**"), played.content
    return f"p:{ident.card}"


async def _join_with_old_button(upgraded: Upgraded) -> None:
    """hal joins the lobby with the Join button of the release's lobby message."""
    hal = upgraded.user("hal")
    (lobby_message,) = [m for m in upgraded.world.channel_messages("lobby") if m.buttons]
    join = lobby_message.button("Join")
    assert join.custom_id == f"stk:lobby:join:{upgraded.world.channels['lobby'].id}"
    joined = await answer(await upgraded.world.emu.driver.click(hal, lobby_message, join))
    assert joined is lobby_message and "4. hal" in joined.content, joined.content  # shown in place
    assert [seat.name for seat in upgraded.table("lobby").seats][-1] == "hal"


async def test_the_releases_components_work_and_every_game_plays_to_its_end(upgraded: Upgraded) -> None:
    world, emu = upgraded.world, upgraded.world.emu
    bob_pick = await _confirm_selected_card(upgraded)
    cyd_pick = await _select_and_confirm(upgraded)
    assert _stickem(upgraded.table("misery")).game.phase is Phase.TRICKS
    dee_play = await _play_old_card(upgraded)
    await _join_with_old_button(upgraded)
    started = await slash(emu, upgraded.user("fay"), world.channels["lobby"], "start", rounds=1, timer="off")
    assert "started" in started, started
    lobby_game = upgraded.table("lobby").storage_id
    assert lobby_game is not None

    players = {"misery": ("ann", "bob", "cyd"), "tricks": ("dee", "eve"), "lobby": ("fay", "gus", "hal")}
    for name, humans in players.items():
        await play_until_over(emu, world.channels[name], [upgraded.user(n) for n in humans], timeout=WAIT)

    stored = {name: await upgraded.storage.games.load_game(game_id) for name, game_id in GAMES.items()}
    stored["lobby"] = await upgraded.storage.games.load_game(lobby_game)
    logs = {name: [(a.seat, a.action) for a in game.actions] for name, game in stored.items()}
    for name, game in stored.items():  # one round: each seat picks a card and plays the others
        assert game.record.status is GameStatus.FINISHED, name
        assert len(logs[name]) == HAND_SIZE * len(game.record.seats), name
    # The release's log, then the clicks on its components, then the rest of each game.
    before = _release_actions(GAMES["misery"])
    assert logs["misery"][: len(before) + 2] == [*before, (1, bob_pick), (2, cyd_pick)]
    before = _release_actions(GAMES["tricks"])
    assert logs["tricks"][: len(before) + 1] == [*before, (0, dee_play)]
    assert [seat.user_id for seat in stored["lobby"].record.seats[:2]] == [
        upgraded.user("fay").id, upgraded.user("gus").id,
    ]
    for name in ("ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal"):
        stats = await upgraded.storage.stats.player_stats(world.guild.id, upgraded.user(name).id)
        assert stats.games_played == 1, name
