"""How the fixture beside this script was made: the release's own bot, on the emulator.

``release.sqlite3`` and ``discord.json`` were written by the bot of the release before this one
(schema version 5, the generic host with three games, commit ea8ce3c, whose components have the
ids ``g:<channel>:<game>:<stage>:<intent>`` and ``lobby:…``): its real ``StickemBot`` ran
in-process against the Discord emulator, people played through slash commands, selects and
buttons, and the bot was stopped as a self-hoster stops it before an upgrade. The script is run
with that release's code first on the path (it imports the release's ``bot`` and its copy of the
test helpers)::

    git worktree add /tmp/release5 ea8ce3c
    cd /tmp/release5 && PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=/tmp/release5 \\
        python /path/to/tests/e2e/release_v5/make_fixture.py /path/to/tests/e2e/release_v5

What it holds (channel: what), all in one server, no turn timer (a stored deadline would have
passed long before the test runs, and an overdue turn is played by the computer at once):

- ``stickem``: ann and two computer seats (``normal``) in the tricks of a one-round game: ann
  picked her misery card and her DM shows live card buttons;
- ``stupid``: bob and two computer seats (``normal``) in a Stupid game of hands up to 2 cards,
  bob's DM asking for his move;
- ``stickgame``: cyd and one computer seat in a Stick Game of one stick to win with 11 cards,
  cyd's DM asking for his move;
- ``lobby``: a Stupid lobby of dee with a computer player (``hard``), not started; eve is a
  member of the server who has not joined.

``discord.json`` is the emulator's state that matters to the next bot (``release_export.py``).
Seeds and game ids are fixed, and so is the clock of the emulator's ids.
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

import tests.discord_emulator.state as emulator_state
from bot.tables.service import service_for
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Channel, Message, User
from tests.e2e.seat_helpers import act, running, seat_bot, settle, slash, table_of

RELEASE = "ea8ce3c"
ID_CLOCK = 1_780_272_000.0
"""The time (2026-06-01 UTC) the emulator's snowflake ids are made of, so that they repeat."""
NAMES = ("ann", "bob", "cyd", "dee", "eve")
WAIT = 10.0


def _export() -> Any:
    """``tests/e2e/release_export.py``, loaded by its location (the release's ``tests`` package,
    first on the path, does not have it)."""
    path = Path(__file__).resolve().parent.parent / "release_export.py"
    spec = importlib.util.spec_from_file_location("release_export", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fixed_id_clock() -> None:
    """Make the emulator's ids depend on the order of creation only."""
    emulator_state.time = SimpleNamespace(time=lambda: ID_CLOCK)  # type: ignore[assignment]


def _fixed_seeds(bot: Any) -> None:
    """Tables get their seeds and game ids from fixed sequences (in the order they are needed)."""
    seeds = iter(range(5000, 6000))
    game_ids = iter(range(0xE000, 0xF000))
    registry = service_for(bot).registry
    registry._seed_source = lambda: next(seeds)
    registry._id_source = lambda: f"{next(game_ids):06x}"


def live_game_prompt(emu: Emulator, user: User) -> Message | None:
    """The user's latest DM if it has an enabled component of a running game (``g:`` ids)."""
    messages = emu.driver.dm_messages(user)
    if not messages:
        return None
    latest = messages[-1]
    components = [*latest.buttons, *latest.selects]
    live = any(
        (c.custom_id or "").startswith("g:") and not c.disabled for c in components
    )
    return latest if live else None


async def _prompted(emu: Emulator, user: User) -> Message:
    return await emu.driver.wait_until(
        lambda: live_game_prompt(emu, user), timeout=WAIT, what=f"a prompt for {user.name}"
    )


async def _stickem(emu: Emulator, bot: Any, channel: Channel, users: dict[str, User]) -> None:
    ann = users["ann"]
    assert "joined" in await slash(emu, ann, channel, "join", game="stickem")
    started = await slash(
        emu, ann, channel, "start", rounds=1, players=3, bot_level="normal", timer="off"
    )
    assert "started" in started.lower(), started
    misery = await _prompted(emu, ann)
    await act(emu, ann, misery)  # select and confirm the misery card
    await settle(emu, bot, channel)
    await emu.driver.wait_until(
        lambda: ((p := live_game_prompt(emu, ann)) is not None and not p.selects) or None,
        timeout=WAIT,
        what="ann's card buttons",
    )
    await settle(emu, bot, channel)


async def _seated_and_prompted(
    emu: Emulator, bot: Any, channel: Channel, user: User, game: str, players: int, options: str
) -> None:
    assert "joined" in await slash(emu, user, channel, "join", game=game)
    started = await slash(
        emu, user, channel, "start", options=options, players=players, bot_level="normal", timer="off"
    )
    assert "started" in started.lower(), started
    await _prompted(emu, user)
    await settle(emu, bot, channel)
    assert table_of(bot, channel).match is not None


async def _lobby(emu: Emulator, bot: Any, channel: Channel, users: dict[str, User]) -> None:
    assert "joined" in await slash(emu, users["dee"], channel, "join", game="stupid")
    added = await slash(emu, users["dee"], channel, "addbot", level="hard")
    assert "hard" in added.lower(), added


async def main(out: Path) -> None:
    export = _export()
    _fixed_id_clock()
    emu = Emulator()
    await emu.start()
    try:
        guild = emu.add_guild("Card club")
        names = ("stickem", "stupid", "stickgame", "lobby")
        channels = {name: emu.add_text_channel(guild, name) for name in names}
        users = {}
        for name in NAMES:
            users[name] = emu.add_user(name)
            emu.add_member(guild, users[name], permissions=DEFAULT_MEMBER_PERMISSIONS)
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder)
            bot = seat_bot(emu, data, guild.id)
            async with running(bot, emu):
                _fixed_seeds(bot)
                await _stickem(emu, bot, channels["stickem"], users)
                await _seated_and_prompted(
                    emu, bot, channels["stupid"], users["bob"], "stupid", 3, "max_hand=2"
                )
                await _seated_and_prompted(
                    emu, bot, channels["stickgame"], users["cyd"], "stickgame", 2,
                    "sticks_to_win=1 hand_size=11",
                )
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
