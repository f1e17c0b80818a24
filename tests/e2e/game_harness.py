"""A test harness for whole Stick'em games on the Discord emulator.

It seats emulated users at a channel table, then plays for them the way people do: each player
reads their latest DM (or, with closed DMs, runs /hand after being mentioned in the channel) and
clicks a card. A *shadow* engine game, created from the table's seed and fed every click, checks
that each hand shown matches the engine and gives the expected totals at the end. The harness
never looks at the bot's own game object to decide anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import discord

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from bot.ids import ActionId, MiseryConfirmId, MiserySelectId, PlayId
from bot.tables.service import service_for
from host.tables import Table
from stickem import Card, Game, Phase
from stickem.events import RoundScored, TrickSetAside, TrickWon
from stickem.hosting import parse_card_token
from tests.discord_emulator import Emulator, run_client
from tests.discord_emulator.driver import InteractionResponse
from tests.discord_emulator.state import (
    DEFAULT_MEMBER_PERMISSIONS,
    Channel,
    Guild,
    Message,
    User,
)

WAIT = 5.0
FINISHED_ROUND = re.compile(r"round (\d+) is over|Round (\d+) of \d+ scored|(Game over)")
CARD_PATTERN = re.compile(r"\b(green|brown|red|blue|yellow|violet) \d+\b")


def names_card(text: str, card: Card) -> bool:
    """Whether ``text`` names ``card`` (``red 1`` is not found inside ``red 11``)."""
    return re.search(rf"\b{re.escape(str(card))}\b", text) is not None


def make_bot(emu: Emulator, data_dir: Path, guild_id: int) -> StickemBot:
    """The real bot, configured for the emulator; the computer players think and the pictures
    are drawn in threads (see :func:`tests.e2e.seat_helpers.seat_bot`)."""
    settings = Settings(
        token=emu.token, dev_guild_id=guild_id, data_dir=data_dir, bot_workers=0, drawing_workers=0
    )
    return StickemBot(settings)


@dataclass(frozen=True)
class CardButton:
    """A card button of a Stick'em hand: its id, the card, and the round and trick its stage
    names (trick 0 for a stage of the misery choice)."""

    ident: ActionId
    card: Card
    round: int
    trick: int


@dataclass(frozen=True)
class MiseryMenu:
    """The misery select of a Stick'em prompt: its id and the round it is for."""

    ident: ActionId
    round: int


def _action_id(custom_id: str | None) -> ActionId | None:
    """A game component's id, generic (``g:…``) or as a release before the generic host wrote
    it (``stk:play:…``, ``stk:msel:…``, ``stk:mok:…``: an old bot, or a message it posted), as
    the generic id it now means; None for any other component."""
    text = custom_id or ""
    readers = (
        ActionId.parse,
        lambda t: ActionId.of_play(PlayId.parse(t)),
        lambda t: ActionId.of_misery_select(MiserySelectId.parse(t)),
        lambda t: ActionId.of_misery_confirm(MiseryConfirmId.parse(t)),
    )
    for read in readers:
        try:
            return read(text)
        except ValueError:
            continue
    return None


def card_buttons(message: Message) -> list[tuple[CardButton, bool]]:
    """The card buttons of a hand message: their parsed ids and whether they are enabled."""
    found = []
    for button in message.buttons:
        ident = _action_id(button.custom_id)
        if ident is None or not ident.intent.startswith("p:"):
            continue
        round_number, _, rest = ident.stage.partition(".")
        trick = int(rest.partition(".")[0]) if rest else 0
        card = parse_card_token(ident.intent[2:])
        found.append((CardButton(ident, card, int(round_number), trick), not button.disabled))
    return found


def hand_of(message: Message) -> list[Card]:
    """The cards offered by a hand message (enabled buttons only)."""
    return sorted(ident.card for ident, enabled in card_buttons(message) if enabled)


def misery_select_of(message: Message) -> MiseryMenu | None:
    """The misery select of a message, if it has an enabled one."""
    for select in message.selects:
        ident = _action_id(select.custom_id)
        if ident is None or ident.intent != "msel" or select.disabled:
            continue
        return MiseryMenu(ident, int(ident.stage.removesuffix("m")))
    return None


@dataclass
class Timings:
    """Interaction response latencies (seconds) measured by the harness."""

    latencies: list[float] = field(default_factory=list)


@dataclass
class GameHarness:
    """Seats ``users`` at ``channel`` and plays complete games for them."""

    emu: Emulator
    bot: StickemBot
    channel: Channel
    users: list[User]
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    shadow: Game | None = None
    timings: Timings = field(default_factory=Timings)
    cards_played: int = 0
    calls_per_card: list[list[str]] = field(default_factory=list)
    _last_table: Table | None = None
    scan_hidden: bool = True
    scanned: dict[int, str] = field(default_factory=dict)
    shown_at_round_end: dict[int, set[Card]] = field(default_factory=dict)

    # --- helpers ---------------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The bot's table of the channel (for its seed and to wait until it is idle)."""
        table = service_for(self.bot).registry.get(self.channel.id)
        if table is not None:
            self._last_table = table
        assert self._last_table is not None, "no table in the channel"
        return self._last_table

    async def settle(self) -> None:
        """Wait (bounded) until the bot has shown everything it will show for the clicks so far.

        Idle means: every interaction the emulator sent has been answered (so its handler has
        started: handlers answer, or defer, from inside the table service), no handler is still
        inside the table service, the table's lock is free and no hand DM id waits to be stored
        (so the database is quiet too), and no table message waits for its picture. Checking the
        lock alone would race
        a deferred click that is still on its way to the lock.
        """
        service = service_for(self.bot)
        table = service.registry.get(self.channel.id) or self._last_table
        self._last_table = table
        records = self.emu.interactions.records.values()

        def idle() -> bool:
            answered = all(r.response_type is not None or r.expired for r in records)
            busy = bool(service.answerer.guards) or (table is not None and table.lock.busy)
            busy = busy or service.courier.table_edits.busy(self.channel.id)  # a picture on its way
            return answered and not busy and not service.book.writing_prompts

        # Polled, not awaited on emulator changes: the bot's last step (releasing the lock) sends
        # nothing to Discord.
        deadline = time.perf_counter() + WAIT
        while not idle():
            assert time.perf_counter() < deadline, "the bot stayed busy"
            await asyncio.sleep(0.001)

    async def answer(self, result_awaitable: object) -> InteractionResponse:
        """Await an interaction's response (recording its latency), then let the bot settle."""
        started = time.perf_counter()
        result = await result_awaitable  # type: ignore[misc]
        response = await result.response()
        self.timings.latencies.append(time.perf_counter() - started)
        await self.settle()
        return response  # type: ignore[no-any-return]

    async def slash(self, user: User, command: str, **options: object) -> InteractionResponse:
        """Run a slash command in the table's channel and wait for its response."""
        return await self.answer(self.emu.driver.slash(user, self.channel, command, **options))

    def channel_guild(self) -> Guild:
        """The guild of the table's channel."""
        guild = self.emu.world.guild_of(self.channel)
        assert guild is not None
        return guild

    def seat_user(self, seat: int) -> User:
        """The user at ``seat`` (users join in list order)."""
        return self.users[seat]

    # --- lobby -----------------------------------------------------------------------------

    async def seat_everyone(self) -> None:
        """Every user runs /join, in order."""
        for user in self.users:
            response = await self.slash(user, "join")
            assert "You joined" in response.content, response.content

    async def start(self, **options: object) -> None:
        """The host starts the game; the shadow game is built from the table's seed."""
        response = await self.slash(self.users[0], "start", **options)
        assert "started" in response.content, response.content
        game = self.table.match.game
        assert game is not None
        self.shadow = Game.new(len(self.users), game.rules, seed=game.seed)

    # --- hidden information -------------------------------------------------------------------

    def hidden_cards(self) -> list[Card]:
        """Cards nobody but their owner may see now: every hand and every unrevealed pick."""
        shadow = self.shadow
        assert shadow is not None
        hidden = [card for seat in range(shadow.players) for card in shadow.hand(seat)]
        if shadow.phase is Phase.MISERY:
            hidden += [
                card for seat in range(shadow.players)
                if (card := shadow.misery_card(seat)) is not None
            ]
        return hidden

    def scan_channel(self) -> None:
        """Check every channel message that is new or changed for a hidden card.

        The summaries of a finished round (its last table message and its score embed) are
        about cards that were all played, so they are left out: they may name a card that the
        new deal has put in somebody's hand.
        """
        if not self.scan_hidden or self.shadow is None:
            return
        hidden = self.hidden_cards()
        for message in self.emu.driver.channel_messages(self.channel):
            text = message.text
            if self.scanned.get(message.id) == text:
                continue
            self.scanned[message.id] = text
            finished = FINISHED_ROUND.search(text)
            if finished:
                self._check_round_summary(finished, text)
                continue
            for card in hidden:
                assert not names_card(text, card), f"channel message shows hidden {card}: {text}"

    def _check_round_summary(self, finished: re.Match[str], text: str) -> None:
        """A finished round's summary may name only that round's misery cards, the misery cards
        captured and the plays of its last trick (the new deal may hold any other card)."""
        shadow = self.shadow
        assert shadow is not None
        number = finished.group(1) or finished.group(2)
        round_number = int(number) if number else shadow.round
        allowed = self.shown_at_round_end.get(round_number)
        assert allowed is not None, f"a summary of round {round_number} before it ended: {text}"
        for match in CARD_PATTERN.finditer(text):
            card = Card.parse(match.group(0))
            assert card in allowed, f"round {round_number} summary names {card}: {text}"

    def _remember_round_end(self, events: list[object]) -> None:
        """Note what a round's summary may show, from the shadow's events of its last card."""
        last_plays: tuple[tuple[int, Card], ...] = ()
        for event in events:
            if isinstance(event, TrickWon | TrickSetAside):
                last_plays = event.plays
            elif isinstance(event, RoundScored):
                allowed = {card for card in event.misery_cards if card is not None}
                allowed |= {card for cards in event.captured_misery for card in cards}
                allowed |= {card for _, card in last_plays}
                self.shown_at_round_end[event.round] = allowed

    # --- misery ------------------------------------------------------------------------------

    def dms_closed(self, user: User) -> bool:
        """Whether ``user`` refuses DMs in the emulator."""
        return not user.dms_open

    async def _misery_message(self, user: User, round_number: int) -> Message:
        """The message offering ``user`` the misery choice of ``round_number``."""
        if self.dms_closed(user):
            await self.emu.driver.wait_for_message(
                self.channel, lambda m: f"<@{user.id}>" in m.content and (
                    f"round {round_number}: pick your misery card" in m.content
                    or "can't send you direct messages" in m.content
                ), timeout=WAIT,
            )
            response = await self.slash(user, "hand")
            assert response.ephemeral and response.message is not None
            return response.message

        def prompt(m: Message) -> bool:
            ident = misery_select_of(m)
            return ident is not None and ident.round == round_number

        return await self.emu.driver.wait_for_message(user, prompt, timeout=WAIT)

    async def pick_misery(self, seat: int, card: Card | None = None) -> None:
        """``seat`` selects a card (default: a random one) and confirms it."""
        shadow = self.shadow
        assert shadow is not None
        user = self.seat_user(seat)
        message = await self._misery_message(user, shadow.round)
        offered = sorted(Card.parse(o.value) for o in message.select().options)
        assert offered == shadow.hand(seat), "misery prompt does not show the engine's hand"
        card = card or self.rng.choice(offered)
        response = await self.answer(self.emu.driver.select(user, message, None, [str(card)]))
        assert response.message is not None
        response = await self.answer(
            self.emu.driver.click(user, response.message, f"Confirm {card}")
        )
        assert "misery card" in response.content.lower(), response.content
        shadow.choose_misery(seat, card)
        self.scan_channel()

    # --- tricks --------------------------------------------------------------------------------

    async def hand_message(self, seat: int) -> Message:
        """The message with ``seat``'s live hand for the current trick."""
        shadow = self.shadow
        assert shadow is not None
        user = self.seat_user(seat)
        round_number, trick = shadow.round, shadow.trick_number

        def current(m: Message) -> bool:
            return any(
                enabled and ident.round == round_number and ident.trick == trick
                for ident, enabled in card_buttons(m)
            )

        if self.dms_closed(user):
            await self.emu.driver.wait_for_message(
                self.channel,
                lambda m: f"<@{user.id}>, it is your turn (round {round_number}, trick {trick})"
                in m.content,
                timeout=WAIT,
            )
            response = await self.slash(user, "hand")
            assert response.message is not None and current(response.message)
            return response.message
        return await self.emu.driver.wait_for_message(user, current, timeout=WAIT)

    async def play_turn(self) -> Card:
        """The seat to act plays a random card of the hand it was shown."""
        shadow = self.shadow
        assert shadow is not None
        seat = shadow.awaiting[0]
        message = await self.hand_message(seat)
        offered = hand_of(message)
        assert offered == shadow.hand(seat), "hand buttons do not show the engine's hand"
        card = self.rng.choice(offered)
        user = self.seat_user(seat)
        before = len(self.emu.rest_calls)
        response = await self.answer(self.emu.driver.click(user, message, str(card)))
        round_number, last = shadow.round, len(shadow.current_trick) == shadow.players - 1
        if last and shadow.trick_number == 14:
            played = f"You played **{card}** in the last trick of round {round_number}."
            assert response.content == played, response.content
            assert not response.message or not card_buttons(response.message)
        else:
            played = f"You played **{card}** in trick {shadow.trick_number} of round {round_number}."
            assert response.content.startswith(played), response.content
        self.calls_per_card.append([call.key for call in self.emu.rest_calls[before:]])
        self._remember_round_end(list(shadow.play(seat, card)))
        self.cards_played += 1
        self.scan_channel()
        return card

    async def play_round(self) -> None:
        """Misery choices of every seat, then every trick of the round."""
        shadow = self.shadow
        assert shadow is not None
        for seat in range(shadow.players):
            await self.pick_misery(seat)
        await self.play_tricks()

    async def play_tricks(self) -> None:
        """Every remaining trick of the current round."""
        shadow = self.shadow
        assert shadow is not None
        round_number = shadow.round
        while shadow.phase is Phase.TRICKS and shadow.round == round_number:
            await self.play_turn()

    async def play_game(self) -> None:
        """Play until the game is over, then wait for the final standings."""
        shadow = self.shadow
        assert shadow is not None
        while shadow.phase is not Phase.GAME_OVER:
            await self.play_round()
        await self.emu.driver.wait_for_message(
            self.channel, lambda m: "Game over" in m.content, timeout=WAIT
        )

    def final_totals(self) -> dict[str, int]:
        """The totals of the final standings message, by player name."""
        message = next(
            m for m in reversed(self.emu.driver.channel_messages(self.channel))
            if "Game over" in m.content
        )
        text = message.embeds[0].description or ""
        return {
            match["name"]: int(match["total"])
            for match in re.finditer(r"^\d+\. (?P<name>.+): (?P<total>-?\d+)$", text, re.M)
        }


def is_bot_message(message: Message, bot: discord.Client) -> bool:
    """Whether the bot wrote ``message``."""
    return bot.user is not None and message.author.id == bot.user.id


@contextlib.asynccontextmanager
async def table_game(
    emu: Emulator, data_dir: Path, players: int, *, closed_dms: tuple[int, ...] = (),
    admin_seats: tuple[int, ...] = (), seed: int = 1, names: tuple[str, ...] = (),
) -> AsyncIterator[GameHarness]:
    """A guild with a #stickem channel, ``players`` users (seats in list order) and the bot."""
    guild = emu.add_guild("Stick'em club")
    channel = emu.add_text_channel(guild, "stickem")
    users = []
    for seat in range(players):
        user = emu.add_user((names or PLAYER_NAMES)[seat], dms_open=seat not in closed_dms)
        permissions = DEFAULT_MEMBER_PERMISSIONS | (MANAGE_GUILD if seat in admin_seats else 0)
        emu.add_member(guild, user, permissions=permissions)
        users.append(user)
    bot = make_bot(emu, data_dir, guild.id)
    async with run_client(emu, bot):
        yield GameHarness(emu, bot, channel, users, random.Random(seed))


PLAYER_NAMES = ("ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ivy")
MANAGE_GUILD = 1 << 5
