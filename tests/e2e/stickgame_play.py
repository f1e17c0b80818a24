"""Playing Stick Game on the emulated Discord the way a person does: through the DM prompts.

A human here decides with a Stick Game computer player looking at the seat's view (from a
*shadow* game: the engine's replay of the table's seed and accepted actions), then makes that
move by clicking what its prompt offers: the draw buttons, "Lay down your stick" and the
lay-down draft the presentation fills with the solver's melds, "New meld" and "Suggest", "Lay
off" with its meld and card selects, "Take a wild" with its swap select, and the discard select.

The clicks of a move are worked out first on the game's presentation itself (a :class:`Plan`:
the intents to click, with the values of each select, and the action text they make), exactly
as the host will read them; the offline searches of the tests use the same plans, so a game
played offline and the same game played through Discord make the same moves. Then
:meth:`StickTable.perform` clicks them on the live DM prompt, finding each component by the intent in its
custom id (so only what the prompt offers can be clicked).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.ids import ActionId
from host.storage import SeatRecord, Storage
from host.storage.database import DATABASE_FILENAME
from host.tables import Table
from stickgame import Action, AddMeld, Card, DrawDiscard, DrawStock, LayDown, LayOff, TakeWild
from stickgame.actions import Discard
from stickgame.ai import make_player
from stickgame.hosting import GAME, StickGameMatch
from stickgame.legal import discardable
from stickgame.present_draft import Desk, lay_off_targets, meld_readings, parse
from stickgame.views import View
from tabletop.presentation import Act, Button, Component, Message, Redraw, Select
from tests.discord_emulator import Emulator
from tests.discord_emulator.components import Button as PostedButton
from tests.discord_emulator.components import Select as PostedSelect
from tests.discord_emulator.driver import InteractionResult
from tests.discord_emulator.state import Message as Posted
from tests.discord_emulator.state import User
from tests.e2e.process_game import ProcessGame
from tests.e2e.seat_helpers import make_club, running, seat_bot, settle, table_of
from tests.stickgame.english import EnglishPresentation

P = EnglishPresentation(GAME.presentation)
"""The presentation as an English reader (the bot's language today) sees it."""
WAIT = 10.0
POLL = 0.02
"""Seconds between two looks at the accepted actions while waiting for the game."""

LogEntry = tuple[int, str]
LogSource = Callable[[], Awaitable[Sequence[LogEntry]]]
"""The actions the bot accepted so far, as (seat, text), oldest first."""


# --- plans: the clicks of one move, worked out on the presentation ------------------------------


@dataclass(frozen=True)
class Step:
    """One click: the component's ``intent`` and, for a select, the ``values`` chosen;
    ``name`` is its label or placeholder (for messages)."""

    intent: str
    values: tuple[str, ...] = ()
    name: str = ""


@dataclass(frozen=True)
class Plan:
    """The clicks that make one move, and the action text the last of them makes."""

    steps: tuple[Step, ...]
    action: str


class NotOffered(Exception):
    """The prompt offers no way to make the wanted move."""


@dataclass
class Walk:
    """A walk through one seat's prompts (as the host redraws them) that records each click."""

    view: View
    names: Sequence[str]
    draft: str = ""
    steps: list[Step] = field(default_factory=list)
    action: str | None = None

    @property
    def message(self) -> Message:
        """The prompt as it stands (the draft so far)."""
        return P.prompt(self.view, self.names, draft=self.draft)

    def find(self, name: str, *, prefix: bool = False) -> Component | None:
        """The prompt's button labelled ``name`` or select whose placeholder is ``name``
        (``prefix``: starts with it)."""
        for item in self.message.components():
            text = item.label if isinstance(item, Button) else item.placeholder
            if text == name or (prefix and text.startswith(name)):
                return item
        return None

    def click(self, item: Component, values: Sequence[str] = ()) -> None:
        """Click ``item`` (choosing ``values`` in a select), as the host reads it."""
        assert self.action is None, "the move is made already"
        name = item.label if isinstance(item, Button) else item.placeholder
        self.steps.append(Step(item.intent, tuple(values), name))
        meaning = P.click(self.view, item.intent, tuple(values))
        if isinstance(meaning, Act):
            self.action = meaning.action
        else:
            assert isinstance(meaning, Redraw)
            self.draft = meaning.draft

    def press(self, name: str, *, prefix: bool = False) -> None:
        """Click the button ``name``; :class:`NotOffered` if the prompt has none."""
        item = self.find(name, prefix=prefix)
        if not isinstance(item, Button):
            raise NotOffered(f"no button {name!r} in {labels(self.message)}")
        self.click(item)

    def choose(self, placeholder: str, values: Sequence[str], *, prefix: bool = False) -> None:
        """Choose ``values`` in the select ``placeholder``; :class:`NotOffered` if it has none."""
        item = self.find(placeholder, prefix=prefix)
        if not isinstance(item, Select):
            raise NotOffered(f"no select {placeholder!r} in {labels(self.message)}")
        offered = {choice.value for choice in item.choices}
        if not set(values) <= offered:
            raise NotOffered(f"{placeholder!r} offers {sorted(offered)}, not {list(values)}")
        self.click(item, values)

    def plan(self) -> Plan:
        """The clicks made, once they made a move."""
        if self.action is None:
            raise NotOffered(f"the clicks {[s.name for s in self.steps]} made no move")
        return Plan(tuple(self.steps), self.action)

    def values_for(self, placeholder: str, cards: Sequence[Card], *, prefix: bool = False) -> list[str]:
        """The values of the select ``placeholder`` that name ``cards`` (a card twice: two
        options with its label)."""
        item = self.find(placeholder, prefix=prefix)
        if not isinstance(item, Select):
            raise NotOffered(f"no select {placeholder!r} in {labels(self.message)}")
        values: list[str] = []
        for card in cards:
            value = next(
                (c.value for c in item.choices if c.label == str(card) and c.value not in values), None
            )
            if value is None:
                raise NotOffered(f"{placeholder!r} has no {card} left to choose")
            values.append(value)
        return values

    def confirm(self, final: str) -> None:
        """Go on to ``final`` (a "Lay down" or "Lay off" button), answering where the wilds go
        with the first reading offered if the prompt asks."""
        for _ in range(6):
            if self.action is not None:
                return
            if isinstance(self.find(final), Button):
                self.press(final)
                return
            if isinstance(self.find("Next meld"), Button):
                self.press("Next meld")
                continue
            readings = [b for b in self.message.components() if isinstance(b, Button) and _is_reading(b)]
            if not readings:
                raise NotOffered(f"no {final!r} in {labels(self.message)}: {self.message.content}")
            self.click(readings[0])
        raise NotOffered(f"{final!r} never came")


def _is_reading(button: Button) -> bool:
    return button.label.startswith(("Set of ", "Run ", "5 wild cards"))


def labels(message: Message | Posted) -> list[str]:
    """The labels of a message's buttons and the placeholders of its selects."""
    if isinstance(message, Message):
        return [item.label if isinstance(item, Button) else item.placeholder for item in message.components()]
    return [
        (item.label if isinstance(item, PostedButton) else item.placeholder) or ""
        for item in message.components
    ]


def plan_move(view: View, names: Sequence[str], action: Action) -> Plan:
    """The clicks that make ``action`` (a computer player's choice) through the prompt."""
    walk = Walk(view, names)
    if isinstance(action, DrawStock):
        walk.press("Draw from stock")
    elif isinstance(action, DrawDiscard):
        walk.press("Take the discard", prefix=True)
    elif isinstance(action, Discard):
        select = next(
            (
                item
                for item in walk.message.components()
                if isinstance(item, Select)
                and item.intent.startswith("X")
                and any(c.value == action.card.code for c in item.choices)
            ),
            None,
        )
        if select is None:
            raise NotOffered(f"no discard select offers {action.card}")
        walk.click(select, [action.card.code])
    elif isinstance(action, LayDown):
        walk.press("Lay down your stick")
        walk.confirm("Lay down")
    elif isinstance(action, AddMeld):
        walk.press("New meld")
        walk.press("Suggest")
        walk.confirm("Lay down the meld")
    elif isinstance(action, LayOff):
        lay_off(walk, action.meld, action.cards)
    elif isinstance(action, TakeWild):
        take_wild(walk, action)
    else:
        raise NotOffered(f"no clicks for {action!r}")
    return walk.plan()


def lay_off(walk: Walk, meld: int, cards: Sequence[Card]) -> None:
    """Lay off ``cards`` on table meld ``meld``: "Lay off", the meld, the cards, "Lay off"."""
    walk.press("Lay off")
    if isinstance(walk.find("Lay off on which meld?"), Select):
        walk.choose("Lay off on which meld?", [str(meld)])
    if parse(walk.draft).target != meld:
        raise NotOffered(f"the lay-off opened on meld {parse(walk.draft).target}, not {meld}")
    walk.choose("Cards to lay off", walk.values_for("Cards to lay off", cards))
    walk.confirm("Lay off")


def take_wild(walk: Walk, action: TakeWild) -> None:
    """Take the wilds of ``action`` ("Take a wild", the swaps), then use them as the prompt
    suggests: the lay-down it opens with, or "Suggest" for a new meld."""
    walk.press("Take a wild")
    desk = Desk.of(walk.view)
    bits: list[str] = []
    for swap in action.swaps:
        bit = next(
            (
                b
                for b, option in enumerate(desk.swaps)
                if option.meld == swap.meld
                and option.card == swap.card
                and (swap.wild is None or option.wild == swap.wild)
                and str(b) not in bits
            ),
            None,
        )
        if bit is None:
            raise NotOffered(f"no swap {swap} offered")
        bits.append(str(bit))
    walk.choose("Wilds to take", bits)
    if isinstance(action.then, LayDown):
        walk.confirm("Lay down")
    else:
        walk.press("Suggest")
        walk.confirm("Lay down the meld")


def plan_placement(view: View, names: Sequence[str]) -> tuple[Plan, list[str], str]:
    """A lay-down of the stick whose last meld holds a wild that could lie in more than one
    place, made by choosing that meld's cards again so that the prompt asks where the wild goes,
    and answering with the reading the prompt did *not* fill in. Also the reading labels the
    question offers and the one chosen."""
    walk = Walk(view, names)
    walk.press("Lay down your stick")
    suggested = parse(walk.draft)
    last = suggested.melds[-1]
    hand = Desk.of(view).hand
    cards = [card for position, card in enumerate(hand) if last.mask >> position & 1]
    walk.press("Clear")
    placeholder = f"Cards for meld {len(suggested.melds)}"
    walk.choose(placeholder, walk.values_for(placeholder, cards))
    readings = [b for b in walk.message.components() if isinstance(b, Button) and _is_reading(b)]
    if len(readings) < 2 or "where do the wild cards go? Choose below." not in walk.message.content:
        raise NotOffered("the prompt does not ask where the wild goes")
    other = next((b for b in readings if parse(b.intent[1:]).melds[-1].reading != last.reading), None)
    if other is None:
        raise NotOffered("no other reading than the one filled in")
    offered = [b.label for b in readings]
    walk.click(other)
    walk.confirm("Lay down")
    return walk.plan(), offered, other.label


def ambiguous_last_meld(view: View, names: Sequence[str]) -> bool:
    """Whether the lay-down the prompt suggests ends with a meld whose wilds could lie in more
    than one way (as runs: a wild at either end)."""
    if view.stick is None:
        return False
    walk = Walk(view, names)
    try:
        walk.press("Lay down your stick")
    except NotOffered:
        return False
    last = parse(walk.draft).melds[-1]
    hand = Desk.of(view).hand
    cards = [card for position, card in enumerate(hand) if last.mask >> position & 1]
    readings, _ = meld_readings(cards, view.stick)
    return len(readings) > 1 and all(r.kind == "run" for r in readings)


# --- deciding like a player ---------------------------------------------------------------------


def decide(view: View, level: str = "normal", seed: int = 7) -> Action:
    """What a computer player of ``level`` would do from the seat's view."""
    return make_player(level, seed).act(view)


def plan_for(view: View, names: Sequence[str], level: str = "normal", seed: int = 7) -> Plan:
    """The clicks of the move a ``level`` player would make from ``view``."""
    return plan_move(view, names, decide(view, level, seed))


# --- offline: the same game without Discord ------------------------------------------------------


def bot_seed(seed: int, seat: int) -> int:
    """The seed the host gives the computer player of ``seat`` (``Table.bot_seed``)."""
    return (seed * 1_000_003 + seat * 7919 + 1) % (1 << 63)


def new_match(
    players: int, options: Mapping[str, object], seed: int, log: Sequence[LogEntry] = ()
) -> StickGameMatch:
    """The game the host plays for these options and seed, after ``log``."""
    return GAME.replay(players, GAME.resolve_options(options), seed, log)


def play_offline(
    players: int,
    options: Mapping[str, object],
    seed: int,
    *,
    humans: Sequence[int],
    names: Sequence[str],
    level: str = "normal",
    limit: int = 500,
) -> StickGameMatch:
    """The game of ``seed`` as the tests play it, without Discord: the human seats make the
    moves of their plans (:func:`plan_for`), the others are the host's computer players of
    ``level`` with the seeds the host gives them (:func:`bot_seed`); at most ``limit`` actions."""
    match = new_match(players, options, seed)
    for _ in range(limit):
        if match.is_over:
            break
        seat = match.awaiting[0]
        view = match.view(seat)
        if seat in humans:
            action = plan_for(view, names).action
        else:
            action = decide(view, level, bot_seed(seed, seat)).encode()
        match.apply(seat, action)
    return match


@dataclass(frozen=True)
class Situation:
    """A game played offline up to the start of a human's turn: ``log`` (the actions so far) and
    the ``seat`` to draw, whose position after the draw it will make is the one wanted."""

    seed: int
    log: tuple[LogEntry, ...]
    seat: int


def reach(
    seed: int,
    options: Mapping[str, object],
    wanted: Callable[[View], bool],
    *,
    names: Sequence[str],
    level: str = "normal",
    humans: Sequence[int] = (0, 1),
    limit: int = 300,
) -> Situation | None:
    """Play the game of ``seed`` offline, every seat a computer player of ``level`` (each with
    its own seed), until a human seat is to draw and, after the draw its plan makes (a
    ``level`` player's choice, as :meth:`StickTable.act` will click it), ``wanted`` holds for
    its view; None if that does not happen within ``limit`` actions."""
    match = new_match(len(names), options, seed)
    for _ in range(limit):
        if match.is_over:
            return None
        seat = match.awaiting[0]
        view = match.view(seat)
        if seat in humans and view.phase == "draw":
            ahead = match.copy()
            ahead.apply(seat, plan_for(view, names, level).action)
            if wanted(ahead.view(seat)):
                return Situation(seed, tuple(match.log), seat)
        match.apply(seat, decide(view, level, seed * 10 + seat).encode())
    return None


def lay_off_choice(view: View) -> LayOff | None:
    """A natural card of the seat's hand that can be laid off on another player's meld, when the
    lay-off offers more than one meld to choose from (the seat's stick is completed)."""
    if view.stick is not None or view.seat is None or view.hand is None:
        return None
    targets = lay_off_targets(Desk.of(view))
    if len(targets) < 2:
        return None
    for card in sorted(set(view.hand)):
        for index in targets:
            table_meld = view.melds[index]
            if card.is_wild or table_meld.owner == view.seat or not table_meld.meld.accepts_alone(card):
                continue
            return LayOff(index, (card,))
    return None


def discards_some(view: View) -> bool:
    """Whether the seat has a card the rules let it discard (so others are refused)."""
    return view.hand is not None and any(discardable(card, view.melds) for card in view.hand)


def takes_a_wild(view: View, level: str = "hard") -> bool:
    """Whether a ``level`` player would take a wild from the table now."""
    return view.phase == "play" and isinstance(decide(view, level), TakeWild)


# --- storing a game for the bot to resume ----------------------------------------------------------


async def store_game(
    url: str,
    *,
    guild_id: int,
    channel_id: int,
    seats: Sequence[tuple[int | None, str]],
    bots: dict[int, str],
    options: Mapping[str, object],
    seed: int,
    log: Sequence[LogEntry],
    game_id: str = "5eed01",
) -> int:
    """A Stick Game stored as the bot stores one (seats, computer levels, seed, rules) with the
    actions of ``log``, for a bot started on ``url`` to resume."""
    storage = await Storage.open(url)
    try:
        async with storage.transaction() as tx:
            stored = await tx.games.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                seed=seed,
                game="stickgame",
                rules=json.dumps(GAME.resolve_options(options)),
                seats=[SeatRecord(user, name) for user, name in seats],
                options=json.dumps(
                    {"game_id": game_id, "bots": {str(s): level for s, level in bots.items()}}
                ),
            )
            for seq, (seat, action) in enumerate(log):
                await tx.games.append_action(stored, seq, seat, action)
        return stored
    finally:
        await storage.close()


# --- on Discord -----------------------------------------------------------------------------------

TIMER_OFF = "Turn timer: off"
"""The host's timer line of a table without a turn timer (the note under the table's header)."""


def action_id(custom_id: str | None) -> ActionId | None:
    """The parsed id of a game component, or None for another id."""
    try:
        return ActionId.parse(custom_id or "")
    except ValueError:
        return None


def stages(message: Posted) -> set[str]:
    """The stages the game components of a posted message were made at."""
    return {ident.stage for item in message.components if (ident := action_id(item.custom_id)) is not None}


def component(message: Posted, intent: str) -> tuple[str, bool]:
    """The custom id of the component of ``message`` whose intent is ``intent``, and whether it
    is a select; AssertionError if the message offers none."""
    for item in message.components:
        ident = action_id(item.custom_id)
        if ident is not None and ident.intent == intent:
            assert item.custom_id is not None
            return item.custom_id, isinstance(item, PostedSelect)
    raise AssertionError(f"the prompt offers no component with intent {intent!r}: {labels(message)}")


async def answered(
    emu: Emulator, result: InteractionResult, message: Posted, before: tuple[str, object]
) -> None:
    """Wait (bounded) until the bot answered a click on ``message`` by changing it (at once, or
    after deferring it while the table was busy)."""
    response = await result.response(timeout=WAIT)
    assert not response.ephemeral, f"the click was refused: {response.content}"
    await emu.driver.wait_until(
        lambda: (message.content, message.raw_components) != before or None,
        timeout=WAIT,
        what=f"the answer to {result.record.label}",
    )


async def refusal(result: InteractionResult) -> str:
    """The private answer the bot gave a click it refused (sent at once, or after a deferral)."""
    response = await result.response(timeout=WAIT)
    if response.deferred:
        (followup,) = await result.wait_followups(1, timeout=WAIT)
        assert followup.ephemeral, followup.content
        return followup.content
    assert response.ephemeral and response.message is not None, response.type_name
    return response.message.content


@dataclass(frozen=True)
class Shown:
    """A prompt as it was shown at one moment: its text, and its components' labels or
    placeholders."""

    content: str
    labels: list[str]
    options: dict[str, list[str]]
    """The option labels of each select, by placeholder."""


@dataclass
class StickTable:
    """A Stick Game table on the emulator: the human seats (their users) and a shadow game that
    follows the actions the bot accepted (``source``), from which the humans decide."""

    emu: Emulator
    channel_id: int
    names: tuple[str, ...]
    humans: dict[int, User]
    shadow: StickGameMatch
    source: LogSource
    level: str = "normal"
    moves: list[LogEntry] = field(default_factory=list)
    events: list[object] = field(default_factory=list)
    """The events of the last action the shadow applied (the round's end, the game's end)."""

    @property
    def header(self) -> str:
        """The first line of every DM prompt of this table."""
        return f"Stick Game at <#{self.channel_id}>"

    async def sync(self) -> None:
        """Apply to the shadow every action the bot accepted since the last look."""
        log = await self.source()
        known = len(self.shadow.log)
        assert list(log[:known]) == list(self.shadow.log), "the accepted actions changed"
        for seat, action in log[known:]:
            self.events = list(self.shadow.apply(seat, action))

    def expected_prompt(self, seat: int, draft: str = "") -> Message:
        """The prompt the seat should be shown now (the presentation, on the shadow's view)."""
        return P.prompt(self.shadow.view(seat), self.names, draft=draft)

    def live_prompt(self, seat: int) -> Posted | None:
        """The seat's latest DM if it offers components made at the shadow's current stage."""
        messages = self.emu.driver.dm_messages(self.humans[seat])
        if messages and stages(messages[-1]) == {self.shadow.stage}:
            return messages[-1]
        return None

    async def wait(self, check: Callable[[], object], *, timeout: float, what: str) -> None:
        """Sync the shadow every :data:`POLL` seconds until ``check()`` holds."""
        end = time.monotonic() + timeout
        while True:
            await self.sync()
            if check():
                return
            if time.monotonic() > end:
                raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
            await asyncio.sleep(POLL)

    def human_to_act(self) -> tuple[int, Posted] | None:
        """The awaited human seat and its live prompt, once the bot has sent it."""
        for seat in self.shadow.awaiting:
            if seat in self.humans:
                prompt = self.live_prompt(seat)
                if prompt is not None:
                    return seat, prompt
        return None

    async def next_turn(self, *, timeout: float = WAIT) -> tuple[int, Posted]:
        """Wait (bounded) until a human is awaited and has its live prompt."""
        await self.wait(lambda: self.human_to_act() is not None, timeout=timeout, what="a human's prompt")
        found = self.human_to_act()
        assert found is not None
        return found

    def check_prompt(self, seat: int, prompt: Posted) -> None:
        """The live prompt shows what the presentation shows for the seat's view (its hand,
        stick and table) and offers the same components."""
        expected = self.expected_prompt(seat)
        assert prompt.content == f"{self.header}\n{expected.content}", prompt.content
        offered = [action_id(item.custom_id) for item in prompt.components]
        assert [ident.intent if ident else None for ident in offered] == [
            item.intent for item in expected.components()
        ]

    async def click(self, seat: int, prompt: Posted, step: Step) -> Shown:
        """Click one ``step`` on the seat's live ``prompt``; the prompt as the bot redrew it."""
        user = self.humans[seat]
        custom_id, is_select = component(prompt, step.intent)
        before = (prompt.content, prompt.raw_components)
        if is_select:
            result = await self.emu.driver.select(user, prompt, custom_id, list(step.values))
        else:
            result = await self.emu.driver.click(user, prompt, custom_id)
        await answered(self.emu, result, prompt, before)
        options = {select.placeholder or "": [o.label for o in select.options] for select in prompt.selects}
        return Shown(prompt.content, labels(prompt), options)

    async def perform(self, seat: int, prompt: Posted, plan: Plan) -> list[Shown]:
        """Click ``plan`` on the seat's live ``prompt``; the bot must accept the move it makes.
        The prompt as it was shown after each click."""
        count = len(self.shadow.log)
        shown = [await self.click(seat, prompt, step) for step in plan.steps]
        await self.wait(lambda: len(self.shadow.log) > count, timeout=WAIT, what=f"the move {plan.action!r}")
        assert self.shadow.log[count] == (seat, plan.action), (self.shadow.log[count:], plan.action)
        self.moves.append((seat, plan.action))
        return shown

    async def act(self, seat: int, prompt: Posted, plan: Plan | None = None) -> Plan:
        """The seat checks its prompt and makes its move (``plan``, or what a player of the
        table's level would do) by clicking."""
        self.check_prompt(seat, prompt)
        plan = plan or plan_for(self.shadow.view(seat), self.names, self.level)
        await self.perform(seat, prompt, plan)
        return plan

    async def play_until(self, done: Callable[[], bool], *, timeout: float) -> None:
        """The humans act whenever they are awaited, until ``done()`` holds."""
        end = time.monotonic() + timeout
        while True:
            await self.wait(
                lambda: done() or self.human_to_act() is not None,
                timeout=max(0.0, end - time.monotonic()),
                what="a human's prompt or the end",
            )
            if done():
                return
            found = self.human_to_act()
            assert found is not None
            await self.act(*found)

    def table_message(self) -> Posted:
        """The channel's latest table message."""
        messages = self.emu.driver.channel_messages(self.emu.world.channels[self.channel_id])
        return next(m for m in reversed(messages) if m.content.startswith("**Stick Game** · "))

    async def table_shows_the_game(self, *, notes: Sequence[str] = (TIMER_OFF,)) -> Posted:
        """Wait (bounded) until the table message is the presentation's table of the shadow's
        public view: each player's sticks, card count and melds (what each wild stands for), the
        discard pile's top and the stock."""

        def expected() -> str:
            return P.table(self.shadow.view(None), self.names, notes=notes, stopped=False).content

        try:
            await self.wait(
                lambda: self.table_message().content == expected(), timeout=WAIT, what="the table"
            )
        except AssertionError:
            assert self.table_message().content == expected()  # shows the difference
        return self.table_message()


def in_process_log(table: Table) -> LogSource:
    """The actions an in-process bot's table accepted."""

    async def log() -> Sequence[LogEntry]:
        return tuple(table.match.log) if table.match is not None else ()

    return log


def stored_log(g: ProcessGame) -> LogSource:
    """The actions the bot stored for the channel's game (a bot process, read on the side
    through the test's own storage)."""
    channel_id = g.channel.id

    async def log() -> Sequence[LogEntry]:
        storage = await g.reading()
        unfinished = (await storage.games.load_unfinished_games()).games
        games = [game for game in unfinished if game.record.channel_id == channel_id]
        if games:
            stored = games[0]
        else:
            history = await storage.stats.history(channel_id, 1)
            stored = await storage.games.load_game(history[0].game_id)
        return tuple((action.seat, action.action) for action in stored.actions)

    return log


@contextlib.asynccontextmanager
async def resumed_table(
    emu: Emulator,
    folder: Path,
    situation: Situation,
    options: Mapping[str, object],
    *,
    names: tuple[str, ...],
    level: str = "normal",
) -> AsyncIterator[StickTable]:
    """ann and bob (seats 0 and 1) and a `normal` computer player at a game stored with the
    actions of ``situation``; the in-process bot resumes it from its database in ``folder``
    (the humans then decide as ``level`` players)."""
    club = make_club(emu, 2)
    ann, bob = club.users
    await store_game(
        f"sqlite:///{folder / DATABASE_FILENAME}",
        guild_id=club.guild_id,
        channel_id=club.channel.id,
        seats=[(ann.id, names[0]), (bob.id, names[1]), (None, names[2])],
        bots={2: "normal"},
        options=options,
        seed=situation.seed,
        log=situation.log,
    )
    bot = seat_bot(emu, folder, club.guild_id)
    async with running(bot, emu):
        table = table_of(bot, club.channel)
        shadow = new_match(len(names), options, situation.seed, situation.log)
        yield StickTable(emu, club.channel.id, names, {0: ann, 1: bob}, shadow, in_process_log(table), level)
        await settle(emu, bot, club.channel)  # nothing left half shown when the bot stops


async def hand_command(emu: Emulator, user: User, channel_id: int) -> Posted:
    """The private answer to the user's /hand in the table's channel (waited for, bounded)."""
    result = await emu.driver.slash(user, emu.world.channels[channel_id], "hand")
    response = await result.response(timeout=WAIT)
    if response.deferred:
        return await result.wait_original(timeout=WAIT)
    assert response.ephemeral and response.message is not None, response.type_name
    return response.message
