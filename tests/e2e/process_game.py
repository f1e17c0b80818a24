"""Playing a game with the real bot process (`python -m bot`) and killing it on the way.

The emulator lives in the test process, so the users' DMs and their buttons outlive the bot. The
players click the buttons they have; a *shadow* engine game, built from the stored seed and rules
and fed every accepted click, says whose turn it is and what the totals must be.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from host.storage import Storage, StoredGame
from stickem import Game, Phase
from stickem.hosting import GAME
from tests.discord_emulator import Emulator
from tests.discord_emulator.driver import InteractionResult
from tests.discord_emulator.state import Channel, Message, User
from tests.e2e.bot_process import BotProcess, process_env
from tests.e2e.game_harness import card_buttons, hand_of, misery_select_of
from tests.storage.conftest import postgres_url_or_skip

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"
WAIT = 10.0
READY = "has connected to Gateway"


def assert_clean_log(log: str) -> None:
    """No traceback and no ERROR line in a bot process's log."""
    assert "Traceback" not in log, log
    assert " ERROR " not in log, log


@asynccontextmanager
async def database_url(backend: str, folder: Path) -> AsyncIterator[str]:
    """A fresh database for a bot process: a SQLite file, or a new PostgreSQL database."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'games.sqlite3'}"
        return
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    server = postgres_url_or_skip()
    name = f"stickem_e2e_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield make_url(server).set(database=name).render_as_string(hide_password=False)
        finally:
            await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def replay(stored: StoredGame) -> Game:
    """The stored game replayed from its seed, options and actions (what a restart rebuilds)."""
    record = stored.record
    options = GAME.resolve_options(json.loads(record.rules))
    log = [(action.seat, action.action) for action in stored.actions]
    return GAME.replay(len(record.seats), options, record.seed, log).game


def _shown(message: Message) -> tuple[str, str]:
    """What a message shows in words: its content and embeds (a replay's step changes its embed
    only, its content is empty)."""
    return message.content, json.dumps(message.raw_embeds, sort_keys=True)


async def answer(result: InteractionResult) -> Message:
    """The message that answers an interaction, waiting (bounded) for a deferred one to be filled
    in: the bot defers when the table is busy, e.g. still sending the previous action's DMs."""
    response = await result.response(timeout=WAIT)
    if not response.deferred:
        assert response.message is not None
        return response.message
    if response.type_name == "DEFERRED_UPDATE_MESSAGE":  # a click: its message gets edited
        before = _shown(response.message) if response.message is not None else None
        return await result.wait_original(lambda m: _shown(m) != before, timeout=WAIT)
    return await result.wait_original(timeout=WAIT)


@dataclass
class ProcessGame:
    """Users at a channel of the emulator, playing against bot processes started one after another."""

    emu: Emulator
    folder: Path
    url: str
    channel: Channel
    users: list[User]
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    bot: BotProcess | None = None
    shadow: Game | None = None
    logs: list[str] = field(default_factory=list)
    reader: Storage | None = field(default=None, repr=False)
    """The test's own storage on the game's database, opened at the first look (:meth:`stored`)
    and kept for the next ones, closed by :meth:`close`: a test looks every few hundredths of a
    second while it waits for the bot, and opening a storage for each look cost several times
    the look itself."""

    async def start_bot(self, *, path: Sequence[Path] = (), **settings: str) -> BotProcess:
        """Start a bot process on the game's database (with extra ``settings``, e.g.
        ``BOT_MOVE_DELAY="30"``, and ``path``: more folders on its ``sys.path``) and wait until
        it is connected. Its computer players think in a thread unless ``BOT_WORKERS`` asks for
        worker processes (the tests of computer seats do): a bot spawns them as it starts, a
        cost the tests of people's games would pay at every restart for nothing."""
        settings = {"BOT_WORKERS": "0", **settings}
        env = process_env(self.emu, self.folder, path=path, DATABASE_URL=self.url, **settings)
        self.bot = await BotProcess.start(env, cwd=self.folder)
        await self.bot.wait_for_log(READY)
        return self.bot

    async def pictures_off(self) -> None:
        """The server's tables show no pictures, as after ``/settings images off``, stored before
        the next bot starts (each one after reads it). For the tests that never look at a
        picture: every bot process would otherwise spawn its drawing worker and draw each table
        and hand for nothing; the pictures have end-to-end tests of their own (test_pictures,
        test_late_pictures, test_hand_picture_once and the kill of the painter's worker)."""
        guild_id = self.channel.guild_id
        assert guild_id is not None, "a server's channel"
        await (await self.reading()).settings.set_images(guild_id, False)

    async def kill_bot(self) -> None:
        """SIGKILL the bot process: no clean-up of any kind."""
        assert self.bot is not None
        with contextlib.suppress(ProcessLookupError):  # it may be dead (killed) and reaped already
            self.bot.process.kill()
        await self.bot.finish()
        self.logs.append(self.bot.log)
        self.bot = None

    async def reading(self) -> Storage:
        """The test's own storage on the game's database, to look at what the bot stored
        (:attr:`reader`; opened at the first call: it makes the database if no bot has yet)."""
        if self.reader is None:
            self.reader = await Storage.open(self.url, timeout=5)
        return self.reader

    async def stored(self) -> StoredGame:
        """The game as the database has it now (read by the test, on the side, each look in
        a transaction of its own)."""
        storage = await self.reading()
        result = await storage.games.load_unfinished_games()
        if result.games:
            return result.games[0]
        history = await storage.stats.history(self.channel.id, 1)
        return await storage.games.load_game(history[0].game_id)

    async def close(self) -> None:
        """At the end of the test: kill the bot still running and close the test's own storage
        (before the database is dropped)."""
        try:
            if self.bot is not None:
                await self.kill_bot()
        finally:
            reader, self.reader = self.reader, None
            if reader is not None:
                await reader.close()

    async def slash(self, user: User, command: str, **options: object) -> str:
        """Run a slash command in the channel; its response text."""
        result = await self.emu.driver.slash(user, self.channel, command, **options)
        return (await answer(result)).content

    async def open_game(self, rounds: int = 1) -> None:
        """Everybody joins, the host starts; the shadow game comes from the stored seed and rules."""
        for user in self.users:
            reply = await self.slash(user, "join")
            assert "You joined" in reply, reply
        assert "started" in await self.slash(self.users[0], "start", rounds=rounds)
        stored = await self.stored()
        self.shadow = replay(stored)
        assert not stored.actions

    # --- misery -------------------------------------------------------------------------------

    async def misery_prompt(self, seat: int) -> Message:
        """The (oldest) DM offering ``seat`` the misery choice of the current round."""
        assert self.shadow is not None
        round_number = self.shadow.round

        def prompt(m: Message) -> bool:
            ident = misery_select_of(m)
            return ident is not None and ident.round == round_number

        return await self.emu.driver.wait_for_message(self.users[seat], prompt, timeout=WAIT)

    async def pick_misery(self, seat: int, prompt: Message | None = None) -> None:
        """``seat`` selects a card in its misery prompt and confirms it."""
        assert self.shadow is not None
        user = self.users[seat]
        prompt = prompt or await self.misery_prompt(seat)
        card = self.rng.choice(self.shadow.hand(seat))
        result = await self.emu.driver.select(user, prompt, None, [str(card)])
        selected = await answer(result)
        result = await self.emu.driver.click(user, selected, f"Confirm {card}")
        confirmed = await answer(result)
        assert "misery card" in confirmed.content.lower(), confirmed.content
        self.shadow.choose_misery(seat, card)

    # --- tricks -------------------------------------------------------------------------------

    async def hand_message(self, seat: int) -> Message:
        """The DM with ``seat``'s live hand for the current trick."""
        assert self.shadow is not None
        round_number, trick = self.shadow.round, self.shadow.trick_number

        def current(m: Message) -> bool:
            return any(
                enabled and ident.round == round_number and ident.trick == trick
                for ident, enabled in card_buttons(m)
            )

        return await self.emu.driver.wait_for_message(self.users[seat], current, timeout=WAIT)

    async def play_turn(self, message: Message | None = None) -> None:
        """The seat to act plays a random card from its hand message."""
        shadow = self.shadow
        assert shadow is not None
        seat = shadow.awaiting[0]
        message = message or await self.hand_message(seat)
        offered = hand_of(message)
        assert offered == shadow.hand(seat), "hand buttons do not show the engine's hand"
        card = self.rng.choice(offered)
        result = await self.emu.driver.click(self.users[seat], message, str(card))
        response = await answer(result)
        assert response.content.startswith(f"You played **{card}**"), response.content
        shadow.play(seat, card)

    async def play_to_the_end(self) -> None:
        """Misery choices and tricks until the final standings are posted."""
        shadow = self.shadow
        assert shadow is not None
        while shadow.phase is not Phase.GAME_OVER:
            if shadow.phase is Phase.MISERY:
                for seat in shadow.awaiting:
                    await self.pick_misery(seat)
            else:
                await self.play_turn()
        await self.emu.driver.wait_for_message(
            self.channel, lambda m: "Game over" in m.content, timeout=WAIT
        )

    def final_totals(self) -> list[int]:
        """The totals of the final standings message, in seat order."""
        message = next(
            m for m in reversed(self.emu.driver.channel_messages(self.channel)) if "Game over" in m.content
        )
        text = message.embeds[0].description or ""
        by_name = {
            match["name"]: int(match["total"])
            for match in re.finditer(r"^\d+\. (?P<name>.+): (?P<total>-?\d+)$", text, re.M)
        }
        return [by_name[user.name] for user in self.users]


@asynccontextmanager
async def game_at_a_table(
    emu: Emulator, folder: Path, backend: str, names: tuple[str, ...]
) -> AsyncIterator[ProcessGame]:
    """Players ``names`` in a channel of a new server and a fresh database on ``backend`` (no bot
    started yet); at the end the bot still running is killed and the test's storage closed."""
    guild = emu.add_guild("Stick'em club")
    channel = emu.add_text_channel(guild, "stickem")
    users = []
    for name in names:
        user = emu.add_user(name)
        emu.add_member(guild, user)
        users.append(user)
    async with database_url(backend, folder) as url:
        g = ProcessGame(emu, folder, url, channel, users)
        try:
            yield g
        finally:
            await g.close()
