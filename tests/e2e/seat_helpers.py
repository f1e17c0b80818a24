"""Helpers for games with computer seats and turn timers on the emulator.

A human here acts the way a person does: they look at their latest direct message and, if it
offers a misery choice or live card buttons, they select and confirm a card or click one. The
computer seats and timers move the game on by themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from bot.tables.message_book import TableMessages
from bot.tables.service import service_for
from host.tables import Table
from tests.discord_emulator import Emulator, run_client
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Channel, Message, User
from tests.e2e.game_harness import PLAYER_NAMES, GameHarness, card_buttons, misery_select_of

WAIT = 10.0
DEFERRED_MESSAGE = 5


def text_only(bot: StickemBot, guild_id: int) -> None:
    """The server's tables show no pictures, as after ``/settings images off`` (call it once the
    bot runs). For the tests of short scaled timers, which read texts: on a machine loaded by
    other tests the drawing worker (below the bot's priority) can be starved for seconds, and
    each prompt would wait that long for its hand picture while the timer runs."""
    service_for(bot).images.set(guild_id, False)


def seat_bot(
    emu: Emulator,
    data_dir: Path,
    guild_id: int,
    *,
    delay: float = 0.0,
    workers: int = 0,
    drawers: int = 0,
    scale: float = 1.0,
) -> StickemBot:
    """The real bot with computer seats configured for tests (no pause; the computer players
    think and the pictures are drawn in threads unless ``workers``/``drawers`` ask for worker
    processes: spawning them costs each test more CPU than its drawings do, and the worker
    processes have tests of their own)."""
    settings = Settings(
        token=emu.token,
        dev_guild_id=guild_id,
        data_dir=data_dir,
        bot_move_delay=delay,
        bot_workers=workers,
        drawing_workers=drawers,
        turn_timer_scale=scale,
    )
    return StickemBot(settings)


@dataclass
class Club:
    """A guild with one #stickem channel and some users."""

    emu: Emulator
    channel: Channel
    users: list[User]
    guild_id: int


def make_club(emu: Emulator, players: int, channel_name: str = "stickem") -> Club:
    """A guild, a channel and ``players`` members."""
    guild = emu.add_guild("Stick'em club")
    channel = emu.add_text_channel(guild, channel_name)
    users = []
    for index in range(players):
        user = emu.add_user(PLAYER_NAMES[index])
        emu.add_member(guild, user, permissions=DEFAULT_MEMBER_PERMISSIONS)
        users.append(user)
    return Club(emu, channel, users, guild.id)


@contextlib.asynccontextmanager
async def running(bot: StickemBot, emu: Emulator) -> AsyncIterator[StickemBot]:
    """Run ``bot`` on the emulator for the block."""
    _BOTS[id(emu)] = bot
    try:
        async with run_client(emu, bot):
            yield bot
    finally:
        _BOTS.pop(id(emu), None)


def messages_of(bot: StickemBot, table: Table) -> TableMessages:
    """The ids of ``table``'s messages, as the bot's message book keeps them."""
    return service_for(bot).book.of(table)


def old_hand_answers(bot: StickemBot) -> None:
    """The bot's /hand answers stay as they were sent, as those older than Discord lets the bot
    edit do (15 minutes; see bot/tables/hand_answers.py): for a test of the clicks on their
    stale buttons."""
    service_for(bot).courier.hand_answers.lifetime = 0.0


def table_of(bot: StickemBot, channel: Channel) -> Table:
    """The bot's table of ``channel``."""
    table = service_for(bot).registry.get(channel.id)
    assert table is not None, "no table in the channel"
    return table


async def settle(emu: Emulator, bot: StickemBot, channel: Channel) -> None:
    """Wait (bounded) until the bot has answered and shown everything so far at ``channel``."""
    harness = GameHarness(emu, bot, channel, [])
    if service_for(bot).registry.get(channel.id) is not None:
        await harness.settle()
    await asyncio.wait_for(service_for(bot).courier.table_edits.settle(), WAIT)  # a game's last picture


async def slash(emu: Emulator, user: User, channel: Channel, command: str, **options: object) -> str:
    """Run a slash command (once the bot is idle) and return the text of its answer."""
    bot = _bot_of(emu)
    await settle(emu, bot, channel)
    result = await emu.driver.slash(user, channel, command, **options)
    response = await result.response()
    if response.type == DEFERRED_MESSAGE:  # the table was busy (a computer move): answered later
        await emu.driver.wait_until(
            lambda: (result.original is not None and bool(result.original.content)) or None,
            timeout=WAIT,
            what=f"the answer to /{command}",
        )
        assert result.original is not None
        content = result.original.content
    else:
        content = response.content
    await settle(emu, bot, channel)
    return content


_BOTS: dict[int, StickemBot] = {}


def _bot_of(emu: Emulator) -> StickemBot:
    return _BOTS[id(emu)]


def bot_running_on(emu: Emulator) -> StickemBot:
    """The bot that :func:`running` runs on ``emu`` now."""
    return _bot_of(emu)


async def settle_channel(emu: Emulator, channel: Channel) -> None:
    """:func:`settle` for the bot :func:`running` on ``emu``."""
    await settle(emu, _bot_of(emu), channel)


def live_prompt(emu: Emulator, user: User) -> Message | None:
    """The user's latest DM if it still offers a misery choice or enabled card buttons."""
    messages = emu.driver.dm_messages(user)
    if not messages:
        return None
    latest = messages[-1]
    if misery_select_of(latest) is not None:
        return latest
    if any(enabled for _, enabled in card_buttons(latest)):
        return latest
    return None


async def act(emu: Emulator, user: User, message: Message) -> str:
    """Answer a prompt: select and confirm the first card offered, or click the first live card."""
    ident = misery_select_of(message)
    if ident is not None:
        card = message.select().options[0].value
        result = await emu.driver.select(user, message, None, [card])
        response = await result.response()
        assert response.message is not None
        result = await emu.driver.click(user, response.message, f"Confirm {card}")
        return (await result.response()).content
    card_id = next(ident for ident, enabled in card_buttons(message) if enabled)
    result = await emu.driver.click(user, message, str(card_id.card))
    return (await result.response()).content


def channel_text(emu: Emulator, channel: Channel) -> str:
    """Every channel message's text, joined (for "was this said?" checks)."""
    return "\n".join(m.text for m in emu.driver.channel_messages(channel))


async def play_until(
    emu: Emulator,
    channel: Channel,
    humans: list[User],
    done: Callable[[], bool],
    *,
    timeout: float = 60.0,
) -> None:
    """The humans answer every prompt they get until ``done()`` holds."""
    bot = _bot_of(emu)

    def next_step() -> tuple[User, Message] | str | None:
        if done():
            return "done"
        for user in humans:
            prompt = live_prompt(emu, user)
            if prompt is not None:
                return user, prompt
        return None

    while True:
        await settle(emu, bot, channel)
        step = await emu.driver.wait_until(next_step, timeout=timeout, what="a prompt or the end")
        if step == "done":
            await settle(emu, bot, channel)
            return
        assert isinstance(step, tuple)
        await act(emu, *step)


async def play_until_over(
    emu: Emulator, channel: Channel, humans: list[User], *, timeout: float = 60.0
) -> None:
    """The humans answer every prompt they get until the channel shows the final standings."""
    await play_until(emu, channel, humans, lambda: "Game over" in channel_text(emu, channel), timeout=timeout)
