"""Two bot processes, one per shard, on one PostgreSQL database (SHARD_COUNT=2, SHARD_IDS=0 / 1).

Each process serves the servers of its shard and their tables; Discord (the emulator) sends every
click in a direct message to shard 0's process, which hands the clicks of the other process's
tables over through the database. A process killed with SIGKILL and started again for the same
shard resumes exactly its own tables, while the other one keeps serving.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from host.storage import Storage, StoredGame
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, User
from tests.e2e.bot_process import BotProcess, process_env
from tests.e2e.process_game import READY, ProcessGame, assert_clean_log, database_url, replay

SHARDS = "2"


class ShardGame(ProcessGame):
    """A game in one server's channel, played while other channels' games go on in the database."""

    async def stored(self) -> StoredGame:
        """This channel's game as the database has it now."""
        storage = await Storage.open(self.url, timeout=5)
        try:
            result = await storage.games.load_unfinished_games()
            return next(g for g in result.games if g.record.channel_id == self.channel.id)
        finally:
            await storage.close()


@dataclass
class TwoShards:
    """Two servers, one on each shard, with three players each, and a process per shard."""

    emu: Emulator
    folder: Path
    url: str
    games: list[ShardGame]
    processes: list[BotProcess | None]
    ready_timeout: float = 20.0
    """How long a process may take to connect."""

    async def start(self, shard: int) -> BotProcess:
        """Start the process of ``shard`` and wait until it is connected. It is recorded the
        moment it is started, so that :meth:`kill_all` kills it too if it never connects."""
        env = process_env(
            self.emu, self.folder, DATABASE_URL=self.url, SHARD_COUNT=SHARDS, SHARD_IDS=str(shard),
            BOT_WORKERS="0",
        )
        process = await BotProcess.start(env, cwd=self.folder)
        self.processes[shard] = process
        await process.wait_for_log(READY, timeout=self.ready_timeout)
        for game in self.games:
            if game.channel.guild_id is not None and (game.channel.guild_id >> 22) % 2 == shard:
                game.bot = process
        return process

    async def stop(self, shard: int) -> str:
        """SIGTERM the process of ``shard`` (a clean stop: exit code 0); its log."""
        process = self.processes[shard]
        assert process is not None
        process.process.terminate()
        assert await process.finish() == 0, process.log
        self.processes[shard] = None
        return process.log

    async def kill(self, shard: int) -> str:
        """SIGKILL the process of ``shard``; its log."""
        process = self.processes[shard]
        assert process is not None
        with contextlib.suppress(ProcessLookupError):
            process.process.kill()
        await process.finish()
        self.processes[shard] = None
        return process.log

    async def kill_all(self) -> None:
        """SIGKILL every process still running, all of them before waiting for any: a wait
        that fails (its 30 s up, a pipe its children hold open) leaves no other one running;
        the first failure is raised once every wait is over."""
        running = [process for process in self.processes if process is not None]
        self.processes = [None] * len(self.processes)
        for process in running:
            with contextlib.suppress(ProcessLookupError):
                process.process.kill()
        waits = await asyncio.gather(*(p.finish() for p in running), return_exceptions=True)
        for outcome in waits:
            if isinstance(outcome, BaseException):
                raise outcome


@asynccontextmanager
async def serving(shards: TwoShards) -> AsyncIterator[TwoShards]:
    """Both processes started, and killed at the end whatever happened: a test that fails, a
    process that does not connect in time, or a clean-up that fails for one process."""
    try:
        for shard in range(len(shards.processes)):
            await shards.start(shard)
        yield shards
    finally:
        await shards.kill_all()


@asynccontextmanager
async def two_shards(emu: Emulator, folder: Path) -> AsyncIterator[TwoShards]:
    """The two servers and a fresh PostgreSQL database, their tables without pictures (stored
    before the processes start: nothing here looks at one, and each process would spawn its
    drawing worker and draw every table and hand); both processes started."""
    players: list[list[User]] = []
    channels: list[Channel] = []
    for shard, names in enumerate((("ann", "ben", "cat"), ("dan", "eve", "fay"))):
        # Players of their own per server: the test finds a player's prompt by its round and
        # trick, which a prompt of the other server's game could share.
        guild = emu.add_guild_on_shard(f"club {shard}", shard, 2)
        users = [emu.add_user(name) for name in names]
        for user in users:
            emu.add_member(guild, user)
        channels.append(emu.add_text_channel(guild, "stickem"))
        players.append(users)
    async with database_url("postgres", folder) as url:
        games = [
            ShardGame(emu, folder, url, channel, users)
            for channel, users in zip(channels, players, strict=True)
        ]
        shards = TwoShards(emu, folder, url, games, [None, None])
        storage = await Storage.open(url, timeout=5)
        try:
            for channel in channels:
                assert channel.guild_id is not None
                await storage.settings.set_images(channel.guild_id, False)
        finally:
            await storage.close()
        async with serving(shards):
            yield shards


async def test_a_process_that_does_not_connect_in_time_is_killed_by_the_clean_up(
    discord_emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under load a process can miss the wait for its connection: the clean-up kills it (it
    was only recorded once connected, and left running with its children after the test)."""
    launched: list[BotProcess] = []
    start = BotProcess.start

    async def recorded(env: dict[str, str], *args: str, cwd: Path) -> BotProcess:
        launched.append(await start(env, *args, cwd=cwd))
        return launched[-1]

    monkeypatch.setattr(BotProcess, "start", recorded)
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"  # never reached: no database needed
    shards = TwoShards(discord_emulator, tmp_path, url, [], [None, None], ready_timeout=0.01)
    try:
        with pytest.raises(TimeoutError):
            async with serving(shards):
                raise AssertionError("connected within a hundredth of a second")
        assert [p.process.returncode for p in launched] == [-signal.SIGKILL]
        assert shards.processes == [None, None]
    finally:
        for process in launched:  # without the clean-up's kill, not left running either
            if process.process.returncode is None:
                process.process.kill()
                await process.finish()


async def test_a_failed_wait_for_one_process_still_kills_the_other(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    """The clean-up SIGKILLs both processes before it waits for either: the first one's wait
    failing (here at once; under load, its 30 s up) leaves neither running."""
    sleepers = [
        BotProcess(
            await asyncio.create_subprocess_exec(
                sys.executable, "-c", "import time; time.sleep(60)", stderr=asyncio.subprocess.PIPE
            )
        )
        for _ in range(2)
    ]
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    shards = TwoShards(discord_emulator, tmp_path, url, [], list(sleepers))

    async def failed(timeout: float = 30.0) -> int:
        raise RuntimeError("the first wait fails")

    sleepers[0].finish = failed  # type: ignore[method-assign]
    try:
        with pytest.raises(RuntimeError, match="the first wait fails"):
            await shards.kill_all()
        async with asyncio.timeout(10):
            codes = [await sleeper.process.wait() for sleeper in sleepers]
        assert codes == [-signal.SIGKILL, -signal.SIGKILL]
        assert shards.processes == [None, None]
    finally:
        for sleeper in sleepers:
            if sleeper.process.returncode is None:
                sleeper.process.kill()
                await sleeper.process.wait()


async def test_each_process_serves_its_shards_tables_and_dm_clicks_reach_the_owner(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    emulator = discord_emulator
    async with two_shards(emulator, tmp_path) as shards:
        zero, one = shards.games
        await one.open_game()  # in shard 1's server: run by the second process
        await zero.open_game()
        for game in (one, zero):
            assert game.shadow is not None
            for seat in list(game.shadow.awaiting):
                await game.pick_misery(seat)  # clicks in DMs: all delivered to shard 0's process
            for _ in range(4):
                await game.play_turn()
        for game in (zero, one):  # every click the players saw answered was stored
            stored = await game.stored()
            assert game.shadow is not None
            assert replay(stored).action_count == game.shadow.action_count > 0
        zero_log, one_log = (await shards.stop(0)), (await shards.stop(1))
    assert_clean_log(zero_log)
    assert_clean_log(one_log)
    assert "Serving shards 0 of 2" in zero_log and "Serving shards 1 of 2" in one_log


async def test_a_killed_process_is_replaced_and_resumes_exactly_its_tables(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    emulator = discord_emulator
    async with two_shards(emulator, tmp_path) as shards:
        zero, one = shards.games
        for game in (zero, one):
            await game.open_game()
            assert game.shadow is not None
            for seat in list(game.shadow.awaiting):
                await game.pick_misery(seat)
        assert one.shadow is not None
        prompt = await one.hand_message(one.shadow.awaiting[0])
        before = (await one.stored()).actions

        await shards.kill(1)
        await zero.play_turn()  # the other process never stops serving
        seat = one.shadow.awaiting[0]
        card = str(one.shadow.hand(seat)[0])
        result = await emulator.driver.click(one.users[seat], prompt, card)
        assert (await result.response(timeout=10)).deferred  # at once, by shard 0's process
        (refused,) = await result.wait_followups(1, timeout=10)
        assert "not answering right now" in refused.content and refused.ephemeral
        assert (await one.stored()).actions == before  # nothing changed

        restarted = await shards.start(1)
        await restarted.wait_for_log("Resumed 1 games and 0 lobbies")  # its table, not the other's
        await one.play_turn()  # the DM click reaches the new process
        await zero.play_turn()
        assert zero.shadow is not None
        for game in (zero, one):
            assert game.shadow is not None
            assert replay(await game.stored()).action_count == game.shadow.action_count
        zero_log = await shards.kill(0)
    assert "Resumed 0 games and 0 lobbies" in zero_log  # started first, before any table existed
    assert_clean_log(zero_log)


async def test_a_second_process_for_a_served_shard_waits_until_the_first_is_gone(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    """Started by mistake, or to replace one still running: it resumes no table while the first
    one serves the shard, and takes over the moment that one is gone."""
    emulator = discord_emulator
    async with two_shards(emulator, tmp_path) as shards:
        one = shards.games[1]
        await one.open_game()
        env = process_env(
            emulator, tmp_path, DATABASE_URL=shards.url, SHARD_COUNT=SHARDS, SHARD_IDS="1", BOT_WORKERS="0"
        )
        second = await BotProcess.start(env, cwd=tmp_path)
        try:
            await second.wait_for_log("served by another process; waiting")
            assert "Resumed" not in second.log and READY not in second.log
            await shards.kill(1)
            await second.wait_for_log("Resumed 1 games and 0 lobbies")
            await second.wait_for_log(READY)
            one.bot = shards.processes[1] = second
            assert one.shadow is not None
            for seat in list(one.shadow.awaiting):
                await one.pick_misery(seat)  # DM clicks reach the new process
        finally:
            if shards.processes[1] is None:
                with contextlib.suppress(ProcessLookupError):
                    second.process.kill()
                await second.finish()


async def test_one_process_serves_every_shard_on_sqlite(discord_emulator: Emulator, tmp_path: Path) -> None:
    """SHARD_COUNT without SHARD_IDS: one AutoShardedBot with a connection per shard, which
    SQLite allows; each server's commands come on its own shard and are all served."""
    emulator = discord_emulator
    channels = []
    ann = emulator.add_user("ann")
    for shard in range(2):
        guild = emulator.add_guild_on_shard(f"club {shard}", shard, 2)
        emulator.add_member(guild, ann)
        channels.append(emulator.add_text_channel(guild, "stickem"))
    env = process_env(emulator, tmp_path, SHARD_COUNT=SHARDS, BOT_WORKERS="0")
    bot = await BotProcess.start(env, cwd=tmp_path)
    try:
        await bot.wait_for_log("Shard ID 1 has connected to Gateway", timeout=30)
        assert sorted(emulator.gateway.identified_shards) == [(0, 2), (1, 2)]  # type: ignore[type-var]
        for channel in channels:
            result = await emulator.driver.slash(ann, channel, "join")
            assert "You joined" in (await result.response(timeout=10)).content
    finally:
        with contextlib.suppress(ProcessLookupError):
            bot.process.terminate()
        assert await bot.finish() == 0, bot.log
    assert_clean_log(bot.log)
