"""Playing Stupid (the Oh Hell game) on the emulated Discord the way people do, and checking
what everyone is shown.

A human reads their latest direct message. A Stupid prompt offers bid buttons (intent ``b0``,
``b1``, ...) or card buttons (intent ``pQC``: one button per distinct card, labelled ``Q♣ x2``
for two copies of two decks); what the rules forbid now is there but disabled. The human
decides from their own seat's view, with a ``normal`` computer player or a test's script, and
clicks the button whose intent is that action; nothing else.

A *shadow* match (:data:`stupid.hosting.GAME`, built from the table's seed and options) follows
the table's action log, the public record of every bid and card (read from the running bot, or
from the database a bot process writes). Every prompt, the table message, each round's scores
and the final standings are compared with it. The generic parts (a club, a running bot, a bot
process, answers to clicks) come from the Stick'em helpers.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.boot.app import StickemBot
from bot.ids import ActionId
from bot.tables.service import service_for
from host.storage import StoredGame
from host.table.record import stored_names
from host.tables import Table
from stupid import Action, Card, Game
from stupid.ai import Player, make_player
from stupid.events import RoundScored, TrickWon
from stupid.game import Phase
from stupid.hosting import GAME, StupidMatch
from stupid.views import View
from tabletop import LogEntry
from tests.discord_emulator import Emulator
from tests.discord_emulator.driver import InteractionResult
from tests.discord_emulator.errors import EmulatorTimeout
from tests.discord_emulator.interactions import InteractionRecord
from tests.discord_emulator.state import Channel, Message, User
from tests.e2e.process_game import ProcessGame, answer
from tests.e2e.seat_helpers import slash, table_of

WAIT: Final = 10.0
"""Seconds any single wait may take (a prompt, a move, a message)."""

POLL: Final = 0.05
"""Seconds between two reads of a log that the emulator does not announce (the database)."""

DANGER: Final = 4
"""Discord's red button style: the dealer's forbidden bid."""

TABLE_START: Final = "**Stupid** - round "
"""How the table message begins (its round-closed form says ``... is over``)."""

Script = Callable[[int, View], Action | None]
"""A test's choice for a seat from its view; None leaves it to the seat's ``normal`` player."""

LogReader = Callable[[], Awaitable[Sequence[LogEntry]]]


# --- the components of a prompt ------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A bid or card button of a Stupid prompt: its parsed id, label, and whether it is live."""

    ident: ActionId
    label: str
    enabled: bool
    style: int

    @property
    def action(self) -> Action:
        """The bid or play its intent names."""
        return Action.decode(self.ident.intent)


def choices(message: Message) -> list[Choice]:
    """The game buttons of ``message`` (bids and cards), in order."""
    found = []
    for button in message.buttons:
        try:
            ident = ActionId.parse(button.custom_id or "")
        except ValueError:
            continue
        found.append(Choice(ident, button.label or "", not button.disabled, button.style))
    return found


def live(message: Message) -> list[Choice]:
    """The enabled game buttons of ``message``."""
    return [choice for choice in choices(message) if choice.enabled]


def layout(message: Message) -> list[tuple[str | None, str | None, bool, int]]:
    """Every button of ``message`` as (label, custom id, disabled, style), in order."""
    return [(b.label, b.custom_id, b.disabled, b.style) for b in message.buttons]


def stage_is_now(stage: str, game: Game) -> bool:
    """Whether a prompt made at ``stage`` is for the bidding or the trick ``game`` is at."""
    if game.is_over:
        return False
    if game.phase is Phase.BIDDING:
        return re.fullmatch(rf"{game.round}b\d+", stage) is not None
    return re.fullmatch(rf"{game.round}\.{game.trick_number}\.\d+", stage) is not None


def card_label(card: Card, copies: int) -> str:
    """A card button's label: ``Q♣``, or ``Q♣ x2`` for two copies."""
    return f"{card}" + (f" x{copies}" if copies > 1 else "")


async def private_answer(result: InteractionResult) -> str:
    """What only the clicking user was told (an ephemeral answer, or its follow-up after a defer)."""
    response = await result.response(timeout=WAIT)
    if response.deferred:
        message = (await result.wait_followups(1, timeout=WAIT))[-1]
    else:
        assert response.message is not None
        message = response.message
    assert message.ephemeral, f"not private: {message.content}"
    return message.content


def reply_text(action: Action, game: Game) -> str:
    """How the clicked prompt answers ``action`` (``game`` before it): its first words."""
    if action.kind == "bid":
        return f"You bid **{action.number}** in round {game.round}."
    return f"You played **{action.card}**"


# --- the bot under test ---------------------------------------------------------------------------


def fix_seed(bot: StickemBot, seed: int) -> None:
    """Deal every game the bot starts from now on from ``seed`` (the registry's seed source, a
    constructor parameter of :class:`host.tables.TableRegistry`: the bot has no setting for it).
    The tests that need a particular deal (two copies in a human's hand) find it by seed."""
    service_for(bot).registry._seed_source = lambda: seed


def shadow_of_table(table: Table) -> StupidMatch:
    """A new match from the running table's seed and options, before any action."""
    match = table.match
    assert match is not None and table.spec is GAME, "no game of Stupid at the table"
    return GAME.new_match(match.players, match.options, match.seed)


def shadow_of_stored(stored: StoredGame) -> StupidMatch:
    """A new match from a stored game's seed and options, before any action."""
    record = stored.record
    assert record.game == "stupid", record.game
    options = GAME.resolve_options(json.loads(record.rules))
    return GAME.new_match(len(record.seats), options, record.seed)


def table_log(table: Table) -> LogReader:
    """The action log of a running bot's table (its match: a refused move may replace it)."""

    async def read() -> Sequence[LogEntry]:
        assert table.match is not None, "no game at the table"
        return table.match.log

    return read


def stored_log(g: ProcessGame) -> LogReader:
    """The action log as the bot process stored it."""

    async def read() -> Sequence[LogEntry]:
        stored = await g.stored()
        return [(action.seat, action.action) for action in stored.actions]

    return read


# --- what the channel must show -------------------------------------------------------------------


def cards_each(count: int) -> str:
    """``1 card each``, ``2 cards each``."""
    return f"{count} card{'' if count == 1 else 's'} each"


def plays_lines(label: str, plays: Sequence[tuple[int, Card]], names: Sequence[str]) -> list[str]:
    """A trick's cards as the table message lists them: ``Played: ann: Q♣, bob: 2♣`` for up to
    four players, else one ``- ann: Q♣`` line per card (none before its first card)."""
    if not plays:
        return []
    if len(names) < 5:
        return [f"{label}: " + ", ".join(f"{names[seat]}: {card}" for seat, card in plays)]
    return [f"{label}:"] + [f"- {names[seat]}: {card}" for seat, card in plays]


def expected_table_lines(view: View, names: Sequence[str]) -> list[str]:
    """Parts the table message must hold, each one or more whole lines, for the public ``view``
    of a running game: the round, the dealer, the trump card, whose turn it is, the trick being
    played and the last one, and per player the bid, the tricks taken and the total."""
    trump = view.trump
    parts = [
        f"{TABLE_START}{view.round} of {view.rounds} - {cards_each(view.hand_size)} - "
        f"dealer: {names[view.dealer]}",
        f"Trump card: **{trump}** - {trump.suit.symbol} {trump.suit.value} are trump",
    ]
    to_act = names[view.awaiting[0]]
    if view.phase is Phase.BIDDING:
        parts.append(f"To bid: **{to_act}**")
    else:
        lead = f"{view.lead_suit.symbol} {view.lead_suit.value}" if view.lead_suit else "not led yet"
        parts.append(f"Trick {len(view.tricks) + 1} of {view.hand_size} - lead suit: {lead}")
        parts.append("\n".join(plays_lines("Played", view.trick, names)))
        parts.append(f"Turn: **{to_act}**")
        last = view.last_trick
        if last is not None:
            label = f"Last trick ({last.number}) - taken by {names[last.winner]}"
            parts.append("\n".join(plays_lines(label, last.plays, names)))
    for seat, name in enumerate(names):
        line = [f"{seat + 1}. {name}" + (" (dealer)" if seat == view.dealer else "")]
        bid = view.bids[seat]
        line.append("no bid yet" if bid is None else f"bid {bid}")
        if view.phase is Phase.TRICKS:
            line.append(f"took {view.tricks_taken[seat]}")
        line.append(f"total {view.totals[seat]}")
        parts.append(" - ".join(line))
    return [part for part in parts if part]


def shows(content: str, part: str) -> bool:
    """Whether ``content`` holds ``part`` as whole lines."""
    return f"\n{part}\n" in f"\n{content}\n"


def table_message(emu: Emulator, channel: Channel) -> Message | None:
    """The newest table message of the channel (not a closed round's last form)."""
    for message in reversed(emu.driver.channel_messages(channel)):
        if message.content.startswith(TABLE_START) and " is over (" not in message.content.split("\n")[0]:
            return message
    return None


def round_report_lines(scored: RoundScored, names: Sequence[str]) -> list[str]:
    """The lines of a round's score embed: per player the bid, tricks taken, score and total."""
    lines = []
    for seat, name in enumerate(names):
        bid, taken = scored.bids[seat], scored.taken[seat]
        verdict = "made" if bid == taken else "missed"
        score = 10 + 5 * taken if bid == taken else -10
        assert scored.scores[seat] == score, "the engine scored a round against the rules"
        total = scored.totals[seat]
        lines.append(f"**{name}** - bid {bid}, took {taken} ({verdict}): {score:+d} - total {total}")
    return lines


def standings(emu: Emulator, channel: Channel) -> dict[str, int]:
    """The totals of the final standings embed, by name (empty before the game is over)."""
    for message in reversed(emu.driver.channel_messages(channel)):
        if message.content.startswith("**Game over!**") and message.embeds:
            text = message.embeds[0].description or ""
            return {
                found["name"]: int(found["total"])
                for found in re.finditer(r"^\d+\. (?P<name>.+): (?P<total>-?\d+)$", text, re.M)
            }
    return {}


# --- the players ---------------------------------------------------------------------------------


@dataclass
class StupidPlay:
    """The humans of a Stupid table, the shadow match and what the test checked so far."""

    emu: Emulator
    channel: Channel
    humans: dict[int, User]
    names: tuple[str, ...]
    shadow: StupidMatch
    read_log: LogReader
    script: Script | None = None
    players: dict[int, Player] = field(default_factory=dict)
    moves: list[LogEntry] = field(default_factory=list)
    scored: dict[int, RoundScored] = field(default_factory=dict)
    tricks: list[tuple[int, TrickWon]] = field(default_factory=list)
    """Every completed trick so far, with its round."""
    reported: set[int] = field(default_factory=set)
    table: Table | None = None
    """The running bot's table (None for a bot process)."""
    prompts_checked: int = 0
    tables_checked: int = 0
    copies_shown: list[str] = field(default_factory=list)
    """The labels of every card button that stood for two copies (``Q♣ x2``)."""

    def __post_init__(self) -> None:
        for seat in self.humans:
            self.players.setdefault(seat, make_player("normal", 1000 + seat))

    @property
    def game(self) -> Game:
        """The shadow's engine game."""
        return self.shadow.game

    @property
    def rounds(self) -> int:
        """How many rounds the game lasts."""
        return self.game.rounds

    # --- following the log ----------------------------------------------------------------------

    async def sync(self) -> None:
        """Apply what the table's log holds beyond the shadow's (it must start with the shadow's)."""
        log = [(seat, text) for seat, text in await self.read_log()]
        known = list(self.shadow.log)
        assert log[: len(known)] == known, "the table's log no longer starts with what it held"
        for seat, text in log[len(known) :]:
            round_number = self.game.round
            for event in self.shadow.play(seat, text):
                if isinstance(event, TrickWon):
                    self.tricks.append((round_number, event))
                elif isinstance(event, RoundScored):
                    self.scored[event.round] = event

    async def wait_moves(self, count: int, *, timeout: float = WAIT, what: str = "a move") -> None:
        """Wait (bounded) until the table's log holds more than ``count`` actions, and follow it."""
        try:
            async with asyncio.timeout(timeout):
                while len(await self.read_log()) <= count:
                    await asyncio.sleep(POLL)
        except TimeoutError:
            raise AssertionError(f"no move after {count} actions within {timeout:g} s ({what})") from None
        await self.sync()

    # --- a human's turn --------------------------------------------------------------------------

    def live_prompt(self, seat: int) -> Message | None:
        """The seat's newest DM if it offers live buttons for the bidding or trick of now."""
        messages = self.emu.driver.dm_messages(self.humans[seat])
        if not messages:
            return None
        offered = live(messages[-1])
        if offered and all(stage_is_now(choice.ident.stage, self.game) for choice in offered):
            return messages[-1]
        return None

    async def prompt(self, seat: int) -> Message:
        """The seat's live DM prompt for now (waited for, bounded)."""
        return await self.emu.driver.wait_until(
            lambda: self.live_prompt(seat), WAIT, f"{self.names[seat]}'s prompt at {self.shadow.stage}"
        )

    def check_prompt(self, seat: int, message: Message) -> None:
        """The prompt shows the seat's hand and the trump card, and offers exactly what the rules
        allow now: every bid 0..hand size (the dealer's forbidden one disabled and red), or one
        button per distinct card (``x2`` for two copies) with only the playable ones enabled."""
        view = self.shadow.view(seat)
        assert view.hand is not None
        hand = view.hand
        assert f"trump card **{view.trump}**" in message.content, message.content
        count = f"{len(hand)} card{'' if len(hand) == 1 else 's'}"
        assert f"Your hand ({count}):" in message.content, message.content
        found = choices(message)
        if view.phase is Phase.BIDDING:
            expected = [(f"b{n}", str(n), n in view.legal) for n in range(view.hand_size + 1)]
            assert [(c.ident.intent, c.label, c.enabled) for c in found] == expected, message.content
            for choice in found:
                assert (choice.style == DANGER) == (not choice.enabled), choice
            if view.forbidden_bid is not None and seat == view.dealer:
                assert f"As dealer you may not bid {view.forbidden_bid}" in message.content, message.content
        else:
            counts = Counter(hand)
            shown = {c.ident.intent: (c.label, c.enabled) for c in found}
            assert len(shown) == len(found), "two buttons for one card"
            wanted = {
                Action.play(card).encode(): (card_label(card, copies), card in view.legal)
                for card, copies in counts.items()
            }
            assert shown == wanted, f"{message.content}\n{shown} != {wanted}"
            self.copies_shown += [label for label, _ in shown.values() if label.endswith(" x2")]
        self.prompts_checked += 1

    def decide(self, seat: int) -> Action:
        """The seat's choice from its own view: the test's script, else its ``normal`` player."""
        view = self.shadow.view(seat)
        if self.script is not None:
            chosen = self.script(seat, view)
            if chosen is not None:
                return chosen
        return self.players[seat].act(view)

    async def act(self, seat: int, action: Action | None = None) -> Message:
        """The awaited human ``seat`` clicks ``action`` (default: its choice) in its DM prompt:
        the prompt becomes what was done, and the table's log gets the move."""
        prompt = await self.prompt(seat)
        self.check_prompt(seat, prompt)
        chosen = action or self.decide(seat)
        intent = chosen.encode()
        button = next((c for c in live(prompt) if c.ident.intent == intent), None)
        assert button is not None, f"{self.names[seat]}'s prompt offers no live {intent}: {prompt.content}"
        count = len(self.shadow.log)
        expected = reply_text(chosen, self.game)
        result = await self.emu.driver.click(self.humans[seat], prompt, button.ident.encode())
        answered = await answer(result)
        assert answered.content.startswith(expected), answered.content
        assert not live(answered), "the clicked prompt still offers live buttons"
        await self.wait_moves(count, what=f"{self.names[seat]}'s {intent}")
        moved_seat, text = self.shadow.log[count]
        assert moved_seat == seat and Action.decode(text).without_copy() == chosen, (moved_seat, text)
        self.moves.append((seat, text))
        return answered

    # --- the channel ----------------------------------------------------------------------------

    async def check_table(self) -> None:
        """Wait (bounded) until the table message shows the shadow's state: round, dealer, trump
        card, whose turn, and every player's bid, tricks taken and total."""
        expected = expected_table_lines(self.shadow.view(None), self.names)

        def missing() -> list[str]:
            message = table_message(self.emu, self.channel)
            content = message.content if message is not None else ""
            return [part for part in expected if not shows(content, part)]

        try:
            await self.emu.driver.wait_until(lambda: not missing(), WAIT, "the table message")
        except EmulatorTimeout:
            message = table_message(self.emu, self.channel)
            shown = message.content if message is not None else None
            raise AssertionError(f"the table message lacks {missing()}:\n{shown}") from None
        self.tables_checked += 1

    async def check_reports(self) -> None:
        """Every round scored so far has its closed table message (bids against tricks taken) and
        its score embed, each posted once and matching the shadow's scores."""
        for number, scored in sorted(self.scored.items()):
            if number in self.reported:
                continue
            title = f"Round {number} of {self.rounds} scored"

            def titled(message: Message, title: str = title) -> bool:
                return any(embed.title == title for embed in message.embeds)

            report = await self.emu.driver.wait_for_message(self.channel, titled, timeout=WAIT)
            lines = (report.embeds[0].description or "").split("\n")
            assert lines == round_report_lines(scored, self.names), lines
            messages = self.emu.driver.channel_messages(self.channel)
            assert sum(titled(m) for m in messages) == 1, title
            closed = next(
                m for m in messages if m.content.startswith(f"{TABLE_START}{number} of {self.rounds} is over")
            )
            for seat, name in enumerate(self.names):
                bid, taken = scored.bids[seat], scored.taken[seat]
                verdict = "made it" if bid == taken else "missed"
                line = f"{seat + 1}. {name} - bid {bid}, took {taken}: {verdict}"
                assert line in closed.content.split("\n"), closed.content
            self.reported.add(number)

    async def check_the_end(self) -> None:
        """The final standings: every player's total as the shadow has it, the winners named."""
        assert self.game.is_over
        await self.check_reports()
        await self.emu.driver.wait_until(
            lambda: standings(self.emu, self.channel) or None, WAIT, "the final standings"
        )
        totals = standings(self.emu, self.channel)
        assert totals == {name: self.game.totals[seat] for seat, name in enumerate(self.names)}, totals
        named = [self.names[seat] for seat in self.game.winners]
        winners = " and ".join(named) if len(named) < 3 else f"{', '.join(named[:-1])} and {named[-1]}"
        messages = self.emu.driver.channel_messages(self.channel)
        finals = [m for m in messages if m.content.startswith("**Game over!**")]
        assert len(finals) == 1 and finals[0].content.startswith(f"**Game over!** {winners}"), finals

    # --- whole games ----------------------------------------------------------------------------

    async def play_until(self, done: Callable[[Game], bool], *, timeout: float = 60.0) -> None:
        """The humans act whenever they are awaited (the computer seats move by themselves) until
        ``done`` holds for the shadow; before each human move the table message and the round
        reports are checked."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    await self.sync()
                    if done(self.game):
                        return
                    assert not self.game.is_over, "the game ended first"
                    seat = self.game.awaiting[0]
                    if seat in self.humans:
                        await self.check_table()
                        await self.check_reports()
                        await self.act(seat)
                    else:
                        await self.wait_moves(len(self.shadow.log), what=f"{self.names[seat]} (computer)")
        except TimeoutError:
            raise AssertionError(f"the game did not get there within {timeout:g} s") from None

    async def play_to_the_end(self, *, timeout: float = 60.0) -> None:
        """Play until the game is over, then check the reports and the final standings."""
        await self.play_until(lambda game: game.is_over, timeout=timeout)
        await self.check_the_end()


# --- a table on the running bot ------------------------------------------------------------------


async def open_stupid_table(
    emu: Emulator, bot: StickemBot, channel: Channel, users: Sequence[User], **start: object
) -> StupidPlay:
    """``users`` join a Stupid table at ``channel`` (seats in list order, the first hosts) and the
    host starts it with ``start`` (``/start`` options; the turn timer off unless given)."""
    host = users[0]
    reply = await slash(emu, host, channel, "join", game="stupid")
    assert reply.startswith("You joined the Stupid table (seat 1)."), reply
    for seat, user in enumerate(users[1:], start=2):
        reply = await slash(emu, user, channel, "join")
        assert reply.startswith(f"You joined the Stupid table (seat {seat})."), reply
    start.setdefault("timer", "off")
    reply = await slash(emu, host, channel, "start", **start)
    assert reply == "The game has started.", reply
    table = table_of(bot, channel)
    humans = dict(enumerate(users))
    assert [table.seats[seat].user_id for seat in humans] == [user.id for user in users]
    assert all(seat.is_bot for seat in table.seats[len(users) :])
    return StupidPlay(
        emu, channel, humans, table.names, shadow_of_table(table), table_log(table), table=table
    )


# --- a table on a bot process ---------------------------------------------------------------------


async def open_process_table(g: ProcessGame, **start: object) -> StupidPlay:
    """The users of ``g`` join a Stupid table (the first hosts) on the running bot process and
    the host starts it with ``start`` (the turn timer off); the shadow comes from the stored game."""
    host = g.users[0]
    reply = await g.slash(host, "join", game="stupid")
    assert reply.startswith("You joined the Stupid table (seat 1)."), reply
    for user in g.users[1:]:
        assert (await g.slash(user, "join")).startswith("You joined the Stupid table"), user.name
    start.setdefault("timer", "off")
    assert await g.slash(host, "start", **start) == "The game has started."
    stored = await g.stored()
    assert not stored.actions
    names = stored_names(stored.record)
    humans = dict(enumerate(g.users))
    return StupidPlay(g.emu, g.channel, humans, names, shadow_of_stored(stored), stored_log(g))


def kill_at_answer(g: ProcessGame, start: str) -> None:
    """SIGKILL the bot process the moment it answers a click with a text starting with
    ``start``: the move is stored, nothing that follows it is shown."""
    assert g.bot is not None
    pid = g.bot.process.pid

    def answered(record: InteractionRecord, body: dict[str, Any]) -> None:
        content = str((body.get("data") or {}).get("content") or "")
        if content.startswith(start):
            g.emu.interactions.on_answer = None
            os.kill(pid, signal.SIGKILL)

    g.emu.interactions.on_answer = answered


async def stored_prompt(g: ProcessGame, seat: int) -> None:
    """Wait (bounded) until the database holds ``seat``'s live hand DM."""
    try:
        async with asyncio.timeout(WAIT):
            while not any(m.purpose == "hand" and m.seat == seat for m in (await g.stored()).messages):
                await asyncio.sleep(POLL)
    except TimeoutError:
        raise AssertionError(f"seat {seat}'s prompt was never stored") from None
