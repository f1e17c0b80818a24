"""Stick Game when the real bot process (`python -m bot`) is killed with SIGKILL in the middle of a
human's turn, between the draw and the discard, and started again on the same database.

The test never asks the bot what happened: the humans decide from a shadow game that follows
the actions the bot stored (the database, read on the side), and they act only by clicking what
their DM prompts offer (see :mod:`tests.e2e.stickgame_play`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from host.catalog import text as catalog_text
from host.storage import Storage
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Message as Posted
from tests.e2e.bot_process import BotProcess
from tests.e2e.process_game import ProcessGame, assert_clean_log, game_at_a_table
from tests.e2e.stickgame_play import (
    StickTable,
    ambiguous_last_meld,
    new_match,
    reach,
    refusal,
    store_game,
    stored_log,
)

SHORT = {"sticks_to_win": 1, "hand_size": 11}
"""11 cards a hand, and the game ends with the round of the first completed stick (documented
options, docs/stickgame.md)."""
NAMES = ("ann", "bob", "Bot Ada (normal)")
SEED = 140
"""ann, after bob's and the computer's first turns, draws into a hand that completes her stick
(found with ``reach``, as in test_stickgame_table.py)."""
SETTINGS = {"BOT_MOVE_DELAY": "0", "BOT_WORKERS": "1"}
BACK = catalog_text("resume.resumed", title="Stick Game")
STALE = "The table has moved on since this prompt; use your latest prompt. /hand shows your latest cards."


@pytest.fixture(params=["sqlite", "postgres"])
async def game(
    request: pytest.FixtureRequest, discord_emulator: Emulator, tmp_path: Path
) -> AsyncIterator[ProcessGame]:
    """ann and bob in a channel, and a fresh database on each backend (no bot started yet), on a
    server whose tables show no pictures: nothing here looks at them."""
    async with game_at_a_table(discord_emulator, tmp_path, request.param, ("ann", "bob")) as g:
        await g.pictures_off()
        yield g


async def stored_prompt(g: ProcessGame, seat: int) -> int | None:
    """The id of the seat's live DM prompt as the bot stored it (it stores the id just after
    answering a click), or None."""
    stored = (await (await g.reading()).games.load_unfinished_games()).games[0]
    return next((m.message_id for m in stored.messages if m.purpose == "hand" and m.seat == seat), None)


async def forget_prompt(g: ProcessGame, seat: int) -> None:
    """Delete the stored id of the seat's live DM prompt (the bot is down)."""
    storage = await Storage.open(g.url, timeout=5)
    try:
        stored = (await storage.games.load_unfinished_games()).games[0]
        async with storage.transaction() as tx:
            assert await tx.messages.delete_message(stored.record.id, "hand", seat)
    finally:
        await storage.close()


async def kill_mid_turn(g: ProcessGame, table: StickTable, seat: int, prompt: Posted) -> None:
    """Kill the bot once the seat's redrawn prompt is stored as its live one (nothing is left to
    write), checking that the seat is between its draw and its discard."""
    assert table.shadow.awaiting == (seat,) and table.shadow.view(seat).phase == "play"
    try:
        async with asyncio.timeout(10):
            while await stored_prompt(g, seat) != prompt.id:
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError("the bot never stored the live prompt") from None
    bot = g.bot
    assert bot is not None
    await g.kill_bot()
    assert_clean_log(bot.log)


async def restart(g: ProcessGame, table: StickTable, seat: int) -> BotProcess:
    """Start the bot again; nothing the players did is lost: the stored game is the one the
    shadow knew, the channel says whose turn it is, and the table message shows the game."""
    known = table.shadow.log
    notices = len(resumed_notices(g))
    bot = await g.start_bot(**SETTINGS)
    user = table.humans[seat]
    await g.emu.driver.wait_until(lambda: len(resumed_notices(g)) > notices or None, timeout=10)
    assert resumed_notices(g)[-1] == f"{BACK} <@{user.id}>, it is your turn."
    await table.sync()
    # nothing of bob's was added (the computer seat after him may have begun its turn meanwhile)
    after = table.shadow.log
    assert after[: len(known)] == known and all(seat != 1 for seat, _ in after[len(known) :])
    await table.table_shows_the_game()
    return bot


def resumed_notices(g: ProcessGame) -> list[str]:
    """The channel's "back after a restart" notices."""
    return [m.content for m in g.emu.driver.channel_messages(g.channel) if m.content.startswith(BACK)]


async def test_sigkill_between_draw_and_discard_loses_nothing(game: ProcessGame) -> None:
    """ann draws and lays down her stick from her DM prompt, and the bot is killed before she
    discards. Restarted, it has her draw and her lay-down (her hand, her melds on the table) and
    names her in the channel; the prompt she has (stored as her live one) offers the rest of her
    turn, and she discards from it. bob draws, and the bot is killed again, this time as if
    before it could store his redrawn prompt (its stored id is deleted while the bot is down):
    restarted, it DMs him a fresh prompt for the rest of his turn, and he discards from that
    one. The game goes on (the computer player, then ann, play their turns)."""
    g = game
    found = reach(SEED, SHORT, lambda view: ambiguous_last_meld(view, NAMES), names=NAMES, limit=60)
    assert found is not None and found.seat == 0
    ann, bob = g.users
    guild_id = g.channel.guild_id
    assert guild_id is not None
    await store_game(
        g.url,
        guild_id=guild_id,
        channel_id=g.channel.id,
        seats=[(ann.id, "ann"), (bob.id, "bob"), (None, NAMES[2])],
        bots={2: "normal"},
        options=SHORT,
        seed=SEED,
        log=found.log,
    )
    table = StickTable(
        g.emu,
        g.channel.id,
        NAMES,
        {0: ann, 1: bob},
        new_match(3, SHORT, SEED, found.log),
        stored_log(g),
    )
    await g.start_bot(**SETTINGS)
    for _ in range(2):  # the draw, then the lay-down, from one DM prompt redrawn in place
        seat, prompt = await table.next_turn()
        assert seat == 0
        await table.act(seat, prompt)
    assert [action.split()[0] for _, action in table.moves] == ["S", "L"]
    seat, prompt = await table.next_turn()
    assert "Your stick is completed this round" in prompt.content
    await kill_mid_turn(g, table, 0, prompt)

    # restarted: ann's prompt is still her live one, and her turn goes on from it
    dms = len(g.emu.driver.dm_messages(ann))
    bot = await restart(g, table, 0)
    seat, live = await table.next_turn()
    assert (seat, live.id) == (0, prompt.id) and len(g.emu.driver.dm_messages(ann)) == dms
    await table.act(seat, live)  # a lay-off, in the same prompt
    await table.play_until(lambda: table.shadow.awaiting != (0,), timeout=10)
    assert [action.split()[0] for _, action in table.moves] == ["S", "L", "O", "X"]

    # bob draws; killed before his redrawn prompt's id is stored, he gets a fresh prompt
    await table.play_until(lambda: any(seat == 1 for seat, _ in table.moves), timeout=10)
    assert table.moves[-1] == (1, "S")
    seat, old = await table.next_turn()
    assert seat == 1
    await kill_mid_turn(g, table, 1, old)
    await forget_prompt(g, 1)
    assert_clean_log(bot.log)
    bot = await restart(g, table, 1)
    fresh = await g.emu.driver.wait_for_message(bob, lambda m: m.id > old.id, timeout=10)
    seat, live = await table.next_turn()
    assert (seat, live.id) == (1, fresh.id)
    await table.act(seat, live)
    await table.play_until(lambda: table.shadow.awaiting != (1,), timeout=10)
    assert table.moves[-1][0] == 1 and table.moves[-1][1].startswith("X ")
    # the prompt he had before the restart, live until then, is now refused privately
    select = next(s for s in old.selects if s.placeholder == "Discard a card to end your turn")
    known = table.shadow.log
    result = await g.emu.driver.select(bob, old, select.custom_id, [select.options[0].value])
    assert await refusal(result) == STALE
    await table.sync()
    # nothing of bob's was added (the computer seat after him may have begun its turn meanwhile)
    after = table.shadow.log
    assert after[: len(known)] == known and all(seat != 1 for seat, _ in after[len(known) :])
    # the game goes on: the computer player's turn, then ann's
    await table.play_until(
        lambda: table.shadow.awaiting == (0,) and table.live_prompt(0) is not None, timeout=20
    )
    assert [seat for seat, _ in table.shadow.log[-2:]] == [2, 2]
    assert_clean_log(bot.log)
