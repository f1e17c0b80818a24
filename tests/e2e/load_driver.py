"""Many tables at once on one emulator: each with one emulated human and computer seats.

Used by the load test (tests/e2e/test_computer_seats_load.py) and the benchmark
(benchmarks/discord_load.py). Each human answers their prompts as soon as they see them and
records how long each interaction took to be answered; a probe task records how late the event
loop wakes it up (the longest stall of the loop).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from host.catalog import text
from tests.discord_emulator import Emulator
from tests.discord_emulator.driver import InteractionResponse, InteractionResult
from tests.discord_emulator.errors import EmulatorTimeout, InteractionFailed
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Channel, Message, User
from tests.e2e.game_harness import card_buttons, misery_select_of

T = TypeVar("T")

POLL = 0.1
"""Seconds between two looks of an idle human at their direct messages."""


@dataclass
class LoadTable:
    """One table of the load: its channel and its human."""

    channel: Channel
    human: User


@dataclass
class Latencies:
    """Interaction response times (seconds) and the cards the humans played."""

    values: list[float] = field(default_factory=list)
    cards: int = 0
    refusals: int = 0
    failures: int = 0
    """Interactions Discord gave up on (not answered in 3 s), when the caller tolerates them."""
    busy: int = 0
    """/join refused because the bot was behind (``busy.new_table``), then asked again."""


class DmIndex:
    """Each DM channel's newest message, kept up to date as the emulator creates messages.

    Looking a user's DMs up through the driver scans every message of the emulator; with
    hundreds of humans polling, that scan (not the bot) would use up the process."""

    def __init__(self, emu: Emulator) -> None:
        self._emu = emu
        self._latest: dict[int, Message] = {}
        self._channels: dict[int, int] = {}
        create = emu.world.new_message

        def new_message(channel: Channel, author: User, **fields: object) -> Message:
            message = create(channel, author, **fields)
            if not message.ephemeral:  # what the driver lists as the channel's messages
                self._latest[channel.id] = message
            return message

        emu.world.new_message = new_message  # type: ignore[method-assign]

    def live_prompt(self, user: User) -> Message | None:
        """The user's newest DM if it still offers a misery choice or enabled card buttons."""
        channel_id = self._channels.get(user.id)
        if channel_id is None:
            channel_id = self._channels[user.id] = self._emu.dm_channel(user).id
        latest = self._latest.get(channel_id)
        if latest is None or latest.deleted:
            return None
        if misery_select_of(latest) is not None:
            return latest
        if any(enabled for _, enabled in card_buttons(latest)):
            return latest
        return None


_INDEXES: dict[int, DmIndex] = {}


def dm_index(emu: Emulator) -> DmIndex:
    """The emulator's :class:`DmIndex` (installed on first use, before any DM is sent)."""
    index = _INDEXES.get(id(emu))
    if index is None or index._emu is not emu:
        index = _INDEXES[id(emu)] = DmIndex(emu)
    return index


def add_tables(emu: Emulator, count: int) -> list[LoadTable]:
    """``count`` channels in one guild, each with its own human member."""
    dm_index(emu)
    guild = emu.add_guild("Load club")
    tables = []
    for index in range(count):
        channel = emu.add_text_channel(guild, f"table-{index}")
        user = emu.add_user(f"human{index}")
        emu.add_member(guild, user, permissions=DEFAULT_MEMBER_PERMISSIONS)
        tables.append(LoadTable(channel, user))
    return tables


DEFERRED_MESSAGE = 5
DEFERRED_UPDATE = 6


async def poll_until(check: Callable[[], T | None], what: str, timeout: float = 10.0) -> T:
    """Look at ``check`` every 20 ms until it returns something truthy (bounded).

    The driver's ``wait_until`` wakes every waiter on every change of the emulator, which is
    quadratic in the number of tables; a poll costs one cheap check per waiter and tick."""
    deadline = time.perf_counter() + timeout
    while not (value := check()):
        if time.perf_counter() > deadline:
            raise EmulatorTimeout(f"timed out after {timeout:g} s waiting for {what}")
        await asyncio.sleep(0.02)
    return value


async def _respond(latencies: Latencies, result: InteractionResult) -> InteractionResponse:
    """Wait for the initial response to ``result`` and record its latency as Discord sees it:
    from the interaction's creation to the arrival of the bot's response, both stamped by the
    emulator (the emulated user's own wake-up delay is left out)."""
    response = await result.response()
    record = result.record
    assert record.responded_at is not None
    latencies.values.append(record.responded_at - record.created_at)
    return response


async def _timed(emu: Emulator, latencies: Latencies, result_awaitable: object) -> str:
    """Send an interaction; record the time to its initial response; its final text.

    A deferred slash command's text is its follow-up; a deferred click's is "(deferred)"."""
    result = await result_awaitable  # type: ignore[misc]
    response = await _respond(latencies, result)
    if response.type == DEFERRED_MESSAGE:
        original = await poll_until(
            lambda: result.original if result.original is not None and result.original.content else None,
            "the answer after a deferral",
        )
        return str(original.content)
    if response.type == DEFERRED_UPDATE:
        return "(deferred)"
    return str(response.content)


BUSY_PAUSE = 2.0
"""Seconds a human waits before asking /join again when the bot said it is too busy."""
BUSY_TRIES = 60
"""How often a human asks /join before giving up (two minutes of a busy bot)."""


async def open_table(emu: Emulator, table: LoadTable, level: str, latencies: Latencies) -> None:
    """/join (again after :data:`BUSY_PAUSE` while the bot says it is too busy for a new table,
    as a person would), then /start with two computer players of ``level`` and no turn timer."""
    busy = text("busy.new_table", language="en")
    for _ in range(BUSY_TRIES):
        reply = await _timed(emu, latencies, emu.driver.slash(table.human, table.channel, "join"))
        if reply != busy:
            break
        latencies.busy += 1
        await asyncio.sleep(BUSY_PAUSE)
    assert "You joined" in reply, reply
    await asyncio.sleep(0.05)  # the lobby message is shown after the answer
    reply = await _timed(
        emu,
        latencies,
        emu.driver.slash(table.human, table.channel, "start", players=3, bot_level=level, timer="off"),
    )
    assert "started" in reply, reply


async def answer_prompt(emu: Emulator, user: User, message: Message, latencies: Latencies) -> None:
    """Select and confirm a misery card, or click the first live card, timing each interaction."""
    if misery_select_of(message) is not None:
        card = message.select().options[0].value
        await _respond(latencies, await emu.driver.select(user, message, None, [card]))
        label = f"Confirm {card}"
        # the select is answered by an edit of the prompt (at once, or after a deferral)
        await poll_until(lambda: any(b.label == label for b in message.buttons) or None, "the confirm button")
        await _timed(emu, latencies, emu.driver.click(user, message, label))
        # a deferred confirmation edits the prompt a moment later
        await poll_until(lambda: misery_select_of(message) is None or None, "the misery answer")
        return
    ident = next((ident for ident, enabled in card_buttons(message) if enabled), None)
    if ident is None:  # the prompt was answered meanwhile (the timer, a computer seat)
        return
    reply = await _timed(emu, latencies, emu.driver.click(user, message, str(ident.card)))
    if reply == "(deferred)":  # answered later by an edit of the clicked message
        await poll_until(
            lambda: not any(enabled for _, enabled in card_buttons(message)) or None, "the deferred answer"
        )
        reply = message.content
    if "You played" in reply:
        latencies.cards += 1
    else:
        latencies.refusals += 1


async def human_loop(
    emu: Emulator,
    user: User,
    latencies: Latencies,
    stop: asyncio.Event,
    *,
    tolerate: bool = False,
    think: float = 0.0,
) -> None:
    """Answer every prompt ``user`` gets until ``stop`` is set. ``tolerate``: an interaction the
    bot failed to answer in time is counted in ``latencies.failures`` instead of raised.
    ``think``: the seconds the human looks at a prompt before answering it, on average (each time
    between half and one and a half of it, drawn from a generator seeded with the user's id, so
    that a hundred humans do not all click in the same millisecond)."""
    pace = random.Random(user.id)
    while not stop.is_set():
        prompt = dm_index(emu).live_prompt(user)
        if prompt is None:
            await asyncio.sleep(POLL)  # a plain sleep: cheaper than a wait_for on ``stop``
            continue
        if think:
            await asyncio.sleep(think * (0.5 + pace.random()))
            prompt = dm_index(emu).live_prompt(user)  # still there after thinking?
            if prompt is None:
                continue
        try:
            await answer_prompt(emu, user, prompt, latencies)
        except (InteractionFailed, EmulatorTimeout):
            if not tolerate:
                raise
            latencies.failures += 1
            await asyncio.sleep(POLL)


class LoopLagProbe:
    """Sleeps 1 ms again and again and records how much later than asked it wakes up."""

    def __init__(self, interval: float = 0.001) -> None:
        self.interval = interval
        self.max_lag = 0.0
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(self.interval)
            lag = loop.time() - before - self.interval
            self.lags.append(lag)
            self.max_lag = max(self.max_lag, lag)

    def start(self) -> None:
        """Start probing."""
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop probing."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
