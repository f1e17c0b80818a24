"""How the fixture beside this script was made: the release's own bot, on the emulator.

``release.sqlite3`` and ``discord.json`` were written by the bot of the release before the generic
host (schema version 3, the Stick'em-only host of commit 0c5adbc, whose components have the ids
``stk:play:…``, ``stk:msel:…``, ``stk:mok:…``, ``stk:lobby:…``): its real ``StickemBot`` ran
in-process against the Discord emulator, people played through slash commands, selects and
buttons, and the bot was stopped as a self-hoster stops it before an upgrade. The script is run
with that release's code first on the path (it imports the release's ``bot`` and its copy of the
test helpers, which read the release's ids)::

    git worktree add /tmp/release 0c5adbc
    cd /tmp/release && PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=/tmp/release \\
        python /path/to/tests/e2e/release_v3/make_fixture.py /path/to/tests/e2e/release_v3

What it holds (channel: what), all in one server, every game of one round, no turn timer:

- ``misery``: ann, bob, cyd and one computer seat in the misery choice of round 1: the computer
  and ann have picked; bob has *selected* a card (his DM shows its "Confirm" button) but not
  confirmed it; cyd has done nothing (his DM shows the select);
- ``tricks``: dee, eve and one computer seat in the tricks of round 1: some tricks played and
  the current trick started, a person (not the computer) to play, with live card buttons in
  their DM;
- ``lobby``: a lobby of fay and gus with a computer player (``hard``), not started; hal is a
  member of the server who has not joined.

``discord.json`` is the emulator's state that matters to the next bot: the server, its channels
and members, the users (and the bot user) with their ids, the DM channels, and every message the
bot posted that is still there (channel or DM, author, content, embeds, components with their
custom ids, labels and options), plus which channel holds what. Seeds and game ids are fixed,
and so is the clock of the emulator's ids, so a new run writes the same games (the message ids
and texts may differ a little if the bot's concurrent sends come in another order).
It is not imported by the tests (the code it calls is the release's).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.table_service import service_for

import bot.tables as release_tables
import tests.discord_emulator.state as emulator_state
from stickem import Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Channel, User
from tests.e2e.game_harness import card_buttons, misery_select_of
from tests.e2e.seat_helpers import act, live_prompt, running, seat_bot, settle, slash, table_of

RELEASE = "0c5adbc5f31f176c0b1ea4724c08b1aa17297ec7"
ID_CLOCK = 1_767_225_600.0
"""The time (2026-01-01 UTC) the emulator's snowflake ids are made of, so that they repeat."""
NAMES = ("ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal")
WAIT = 10.0


def _fixed_id_clock() -> None:
    """Make the emulator's ids depend on the order of creation only."""
    emulator_state.time = SimpleNamespace(time=lambda: ID_CLOCK)  # type: ignore[assignment]


def _fixed_seeds(bot: Any) -> None:
    """Tables get their seeds, game ids and lobby ids from fixed sequences (in the order they
    are needed)."""
    seeds = iter(range(3000, 4000))
    game_ids = iter(range(0xA000, 0xB000))
    lobby_ids = iter(range(0xC000, 0xD000))
    registry = service_for(bot).registry
    registry._seed_source = lambda: next(seeds)
    registry._id_source = lambda: f"{next(game_ids):06x}"
    release_tables._new_lobby_id = lambda: f"{release_tables.LOBBY_ID_PREFIX}{next(lobby_ids):06x}"


async def _wait(emu: Emulator, check: Any, what: str) -> None:
    await emu.driver.wait_until(check, timeout=WAIT, what=what)


async def _misery(emu: Emulator, bot: Any, channel: Channel, users: dict[str, User]) -> None:
    """ann, bob and cyd with a computer seat; the computer and ann pick, bob only selects."""
    for name in ("ann", "bob", "cyd"):
        assert "You joined" in await slash(emu, users[name], channel, "join")
    started = await slash(emu, users["ann"], channel, "start", rounds=1, players=4, timer="off")
    assert "started" in started, started
    game = table_of(bot, channel).game
    assert game is not None
    await _wait(emu, lambda: game.awaiting == (0, 1, 2) or None, "the computer's misery pick")
    ann = await emu.driver.wait_for_message(users["ann"], lambda m: misery_select_of(m) is not None)
    assert "misery card" in (await act(emu, users["ann"], ann)).lower()
    bob = await emu.driver.wait_for_message(users["bob"], lambda m: misery_select_of(m) is not None)
    card = bob.select().options[0].value
    selected = await (await emu.driver.select(users["bob"], bob, None, [card])).response()
    assert selected.message is not None and selected.message.button(f"Confirm {card}")
    await emu.driver.wait_for_message(users["cyd"], lambda m: misery_select_of(m) is not None)
    await settle(emu, bot, channel)
    assert game.phase is Phase.MISERY and game.awaiting == (1, 2)


async def _tricks(emu: Emulator, bot: Any, channel: Channel, users: dict[str, User]) -> None:
    """dee and eve with a computer seat, played to the third trick, a person to play."""
    for name in ("dee", "eve"):
        assert "You joined" in await slash(emu, users[name], channel, "join")
    started = await slash(emu, users["dee"], channel, "start", rounds=1, players=3, timer="off")
    assert "started" in started, started
    table = table_of(bot, channel)
    game = table.game
    assert game is not None
    humans = [users["dee"], users["eve"]]

    def stop_here() -> bool:
        return (
            game.phase is Phase.TRICKS
            and game.trick_number >= 3
            and len(game.current_trick) >= 1
            and not table.is_auto(game.awaiting[0])
        )

    while not stop_here():
        await settle(emu, bot, channel)
        step = await emu.driver.wait_until(
            lambda: "done" if stop_here() else next(
                ((u, p) for u in humans if (p := live_prompt(emu, u)) is not None), None
            ),
            timeout=WAIT,
            what="a prompt or the stopping point",
        )
        if step != "done":
            await act(emu, *step)
    await settle(emu, bot, channel)
    player = humans[game.awaiting[0]]
    prompt = live_prompt(emu, player)
    assert prompt is not None and any(enabled for _, enabled in card_buttons(prompt))


async def _lobby(emu: Emulator, bot: Any, channel: Channel, users: dict[str, User]) -> None:
    """fay and gus join, fay seats a computer player."""
    for name in ("fay", "gus"):
        assert "You joined" in await slash(emu, users[name], channel, "join")
    added = await slash(emu, users["fay"], channel, "addbot", level="hard")
    assert "hard" in added.lower(), added


def _export() -> Any:
    """``tests/e2e/release_export.py``, loaded by its location (the release's ``tests`` package,
    first on the path, does not have it)."""
    path = Path(__file__).resolve().parent.parent / "release_export.py"
    spec = importlib.util.spec_from_file_location("release_export", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def main(out: Path) -> None:
    export = _export()
    _fixed_id_clock()
    emu = Emulator()
    await emu.start()
    try:
        guild = emu.add_guild("Stick'em club")
        channels = {name: emu.add_text_channel(guild, name) for name in ("misery", "tricks", "lobby")}
        users = {}
        for name in NAMES:
            users[name] = emu.add_user(name)
            emu.add_member(guild, users[name], permissions=DEFAULT_MEMBER_PERMISSIONS)
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder)
            bot = seat_bot(emu, data, guild.id)
            async with running(bot, emu):
                _fixed_seeds(bot)
                await _misery(emu, bot, channels["misery"], users)
                await _tricks(emu, bot, channels["tricks"], users)
                await _lobby(emu, bot, channels["lobby"], users)
                for channel in channels.values():
                    await settle(emu, bot, channel)
            emu.assert_no_problems()  # the bot is stopped: everything it had is written
            out.mkdir(parents=True, exist_ok=True)
            export.compact_copy(data / "stickem.sqlite3", out / "release.sqlite3")
        state = export.world_of(emu, channels, RELEASE)
        (out / "discord.json").write_text(json.dumps(state, indent=1, sort_keys=True) + "\n")
    finally:
        await emu.stop()
    shutil.rmtree(out / "__pycache__", ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
