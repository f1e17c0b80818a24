"""A table of two languages on the emulated Discord: players whose Discord runs in German and in
English, in a server of either language, play any registered game by clicking what their DM
prompts offer.

Nothing here knows a game's rules or words: every text the test expects is the game's own
presentation (or the host's catalog) filled in in the reader's language, computed from a shadow
match fed the table's log. So each prompt a player is shown must be exactly the game's prompt of
the moment in *their* language, every report in the channel exactly the game's report in the
*server's* language, and the other language's text of the same message must appear nowhere.

The humans decide as the game's weakest computer player would from their own view, and click
their way there: a component whose click the presentation reads as that action, else any
component it reads as a legal action, else a step of a decision of several clicks (a select's
first options) not taken yet.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.ids import ActionId
from bot.tables.payload import localized
from host.catalog import text
from host.errors import sentence
from host.ratings import RatingBook
from host.storage import Storage
from host.storage.rated import rated_game
from host.table.seats import stored_seat_name
from tabletop import ComputerPlayer, GameSpec, LogEntry, Match, Refused
from tabletop.presentation import Act, Redraw, render, standings_lines
from tabletop.presentation import Message as GameMessage
from tests.discord_emulator import Emulator
from tests.discord_emulator.driver import InteractionResult
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Channel, Message, User

WAIT: Final = 10.0
POLL: Final = 0.05
STEPS: Final = 12
"""The most clicks one decision may take."""

LogReader = Callable[[], Awaitable[Sequence[LogEntry]]]


@dataclass(frozen=True)
class Shown:
    """What a reader sees of a message: its text and its embeds' titles, descriptions and fields."""

    content: str
    embeds: tuple[str, ...]

    @classmethod
    def of(cls, message: Message) -> Shown:
        """What ``message`` shows on the emulated Discord."""
        parts = []
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{item.name}|{item.value}" for item in embed.fields]
        return cls(message.content, tuple(parts))

    @classmethod
    def expected(cls, message: GameMessage, language: str, header: str = "") -> Shown:
        """What the game's ``message`` shows a reader of ``language`` (as the bot converts it)."""
        spec = localized(message, language, header=header)
        parts = []
        for embed in spec.embeds:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{item.name}|{item.value}" for item in embed.fields]
        return cls(spec.content, tuple(parts))


def game_components(message: Message) -> list[tuple[ActionId, Any]]:
    """The live game components of ``message`` (buttons and selects) with their parsed ids."""
    found = []
    for item in [*message.buttons, *message.selects]:
        if item.disabled or not item.custom_id:
            continue
        try:
            found.append((ActionId.parse(item.custom_id), item))
        except ValueError:
            continue
    return found


async def private_answer(result: InteractionResult) -> Message:
    """The answer only the acting user saw (an ephemeral message, or its follow-up)."""
    response = await result.response(timeout=WAIT)
    if response.deferred:
        return (await result.wait_followups(1, timeout=WAIT))[-1]
    assert response.message is not None, response.type_name
    return response.message


@dataclass
class Reader:
    """A human seat: the Discord user and the catalog language their Discord runs in."""

    user: User
    language: str


@dataclass
class BilingualTable:
    """The humans of a table of two languages, the shadow match and what was checked."""

    emu: Emulator
    channel: Channel
    spec: GameSpec
    names: tuple[str, ...]
    readers: dict[int, Reader]
    server: str
    """The language of the channel's messages (the server's)."""
    shadow: Match
    read_log: LogReader
    players: dict[int, ComputerPlayer] = field(default_factory=dict)
    events: list[tuple[tuple[object, ...], object]] = field(default_factory=list)
    """The events of every action so far, with the public view just after it."""
    round_ends: list[int] = field(default_factory=list)
    """The actions (indexes into :attr:`events`) that ended a round."""
    prompts_checked: dict[str, int] = field(default_factory=dict)
    """How many live prompts were found exactly as the game words them, by language."""
    refusals_checked: dict[str, int] = field(default_factory=dict)
    """How many game refusals were read in the reader's language, by language."""
    ratings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The "Ratings" embed expected under the final standings, by language (empty: none)."""

    def __post_init__(self) -> None:
        level = self.spec.levels[0]
        for seat in self.readers:
            self.players.setdefault(seat, self.spec.computer_player(level, 1000 + seat))

    # --- following the table ----------------------------------------------------------------------

    async def sync(self) -> None:
        """Apply what the table's log holds beyond the shadow's."""
        log = list(await self.read_log())
        known = list(self.shadow.log)
        assert log[: len(known)] == known, "the table's log no longer starts with what it held"
        for seat, action in log[len(known) :]:
            round_before = self.shadow.round
            events = tuple(self.shadow.apply(seat, action))
            self.events.append((events, self.shadow.view(None)))
            if self.shadow.is_over or self.shadow.round != round_before:
                self.round_ends.append(len(self.events) - 1)

    async def wait_moves(self, count: int, what: str) -> None:
        """Wait (bounded) until the log holds more than ``count`` actions, and follow it."""
        try:
            async with asyncio.timeout(WAIT):
                while len(await self.read_log()) <= count:
                    await asyncio.sleep(POLL)
        except TimeoutError:
            raise AssertionError(f"no move after {count} actions within {WAIT:g} s ({what})") from None
        await self.sync()

    def header(self, language: str) -> str:
        """The first line of the table's DMs in ``language``."""
        return text("prompt.dm_header", language=language, title=self.spec.title, channel=self.channel.id)

    # --- a human's turn --------------------------------------------------------------------------

    def expected_prompt(self, seat: int, language: str, draft: str = "") -> Shown:
        """The seat's prompt as the game words it now, for a reader of ``language``."""
        message = self.spec.presentation.prompt(self.shadow.view(seat), self.names, draft=draft)
        return Shown.expected(message, language, self.header(language))

    def live_prompt(self, seat: int) -> Message | None:
        """The seat's newest DM if it offers live components for the decision of now."""
        messages = self.emu.driver.dm_messages(self.readers[seat].user)
        if not messages:
            return None
        offered = game_components(messages[-1])
        if offered and all(ident.stage == self.shadow.stage for ident, _ in offered):
            return messages[-1]
        return None

    async def prompt(self, seat: int) -> Message:
        """The seat's live prompt (waited for, bounded), checked to be exactly the game's prompt
        of now in the seat's language and unlike its text in the other language."""
        reader = self.readers[seat]
        message = await self.emu.driver.wait_until(
            lambda: self.live_prompt(seat), WAIT, f"{self.names[seat]}'s prompt at {self.shadow.stage}"
        )
        self.check_shown(message, self.expected_prompt(seat, reader.language), reader.language, seat)
        self.prompts_checked[reader.language] = self.prompts_checked.get(reader.language, 0) + 1
        return message

    def check_shown(self, message: Message, expected: Shown, language: str, seat: int) -> None:
        """``message`` shows ``expected``, and not the same message in the other language."""
        shown = Shown.of(message)
        assert shown == expected, f"{self.names[seat]} ({language}) was shown\n{shown}\nnot\n{expected}"
        other = "en" if language == "de" else "de"
        assert shown != self.expected_prompt(seat, other), "the prompt is the same in both languages"

    def _candidates(
        self, seat: int, prompt: Message, draft_seen: set[str]
    ) -> list[tuple[Any, list[str], Act | Redraw]]:
        """Every click the prompt offers, with its values and what it means to the game now."""
        view = self.shadow.view(seat)
        found: list[tuple[Any, list[str], Act | Redraw]] = []
        for ident, item in game_components(prompt):
            tries: list[list[str]] = [[]]
            if hasattr(item, "options"):
                values = [option.value for option in item.options]
                tries = [[value] for value in values] if item.min_values <= 1 else []
                tries.append(values[: max(item.min_values, 1)])
                tries = [chosen for chosen in tries if item.min_values <= len(chosen) <= item.max_values]
            for chosen in tries:
                try:
                    meaning = self.spec.presentation.click(view, ident.intent, tuple(chosen))
                except Refused:
                    continue
                if isinstance(meaning, Redraw) and meaning.draft in draft_seen:
                    continue
                found.append((item, chosen, meaning))
        return found

    async def act(self, seat: int) -> None:
        """The awaited human ``seat`` makes its decision by clicking its live DM prompt: the
        decision of its computer player if the prompt offers it, else another legal one."""
        reader = self.readers[seat]
        count = len(self.shadow.log)
        prompt = await self.prompt(seat)
        wanted = self.players[seat].decide(self.shadow.view(seat))
        legal = set(self.shadow.legal_actions(seat))
        drafts: set[str] = set()
        for _ in range(STEPS):
            options = self._candidates(seat, prompt, drafts)
            acts = [c for c in options if isinstance(c[2], Act) and c[2].action in legal]
            chosen = next((c for c in acts if c[2].action == wanted), None) or (acts[0] if acts else None)
            if chosen is None:
                steps = [c for c in options if isinstance(c[2], Redraw)]
                assert steps, f"{self.names[seat]}'s prompt offers nothing to do: {prompt.content}"
                chosen = steps[0]
            item, values, meaning = chosen
            if hasattr(item, "options"):
                result = await self.emu.driver.select(reader.user, prompt, item.custom_id, values)
            else:
                result = await self.emu.driver.click(reader.user, prompt, item.custom_id)
            await result.response(timeout=WAIT)
            if isinstance(meaning, Act):
                await self.wait_moves(count, f"{self.names[seat]}'s {meaning.action}")
                return
            drafts.add(meaning.draft)
            redrawn = self.emu.driver.dm_messages(reader.user)[-1]
            expected = self.expected_prompt(seat, reader.language, meaning.draft)

            def redrawn_as_expected(user: User = reader.user, wanted: Shown = expected) -> bool | None:
                return Shown.of(self.emu.driver.dm_messages(user)[-1]) == wanted or None

            what = f"{self.names[seat]}'s redrawn prompt"
            await self.emu.driver.wait_until(redrawn_as_expected, WAIT, what)
            prompt = self.emu.driver.dm_messages(reader.user)[-1]
            assert prompt.id == redrawn.id
        raise AssertionError(f"{self.names[seat]} did not decide within {STEPS} clicks")

    async def refused_in_own_language(self, seat: int) -> None:
        """The human ``seat`` sends a click the game refuses (a forged intent on its prompt): the
        private answer is the game's refusal in the seat's language, and nothing changed."""
        reader = self.readers[seat]
        prompt = await self.prompt(seat)
        ident, _ = game_components(prompt)[0]
        bogus = ActionId(ident.channel_id, ident.game_id, ident.stage, "zz:nonsense")
        view = self.shadow.view(seat)
        try:
            self.spec.presentation.click(view, bogus.intent, ())
        except Refused as exc:
            said = {lang: sentence(render(exc.message, lang)) for lang in ("de", "en")}
            # a refusal of an outdated click ends with the host's hint: the command to use instead
            expected = {
                lang: text("hints.outdated_prompt", language=lang, refusal=words) if exc.outdated else words
                for lang, words in said.items()
            }
            assert not exc.outdated or all("/hand" in words for words in expected.values())
        else:
            raise AssertionError("the game accepted a nonsense intent")
        count = len(self.shadow.log)
        result = await self.emu.driver.forge_click(reader.user, prompt, bogus.encode())
        answered = await private_answer(result)
        assert answered.ephemeral and answered.content == expected[reader.language], answered.content
        other = "en" if reader.language == "de" else "de"
        assert expected[other] != expected[reader.language], "the refusal is the same in both languages"
        # nothing of this seat's was stored (a computer seat choosing at the same time, as in a
        # round's misery picks, may have moved meanwhile)
        assert all(mover != seat for mover, _ in list(await self.read_log())[count:])
        self.refusals_checked[reader.language] = self.refusals_checked.get(reader.language, 0) + 1

    # --- the channel ----------------------------------------------------------------------------

    def _reports(self) -> list[tuple[Shown, Shown]]:
        """Every report the game made so far: in the server's language and in the other."""
        other = "en" if self.server == "de" else "de"
        found = []
        for events, view in self.events:
            for report in self.spec.presentation.reports(events, view, self.names):
                found.append((Shown.expected(report, self.server), Shown.expected(report, other)))
        if found and self.shadow.is_over and self.ratings:  # the final standings: with the ratings
            wanted, unwanted = found[-1]
            found[-1] = (
                replace(wanted, embeds=wanted.embeds + self.ratings[self.server]),
                replace(unwanted, embeds=unwanted.embeds + self.ratings[other]),
            )
        return found

    async def check_round_ends(self) -> int:
        """The table message of every round that ended (it stays in the channel: the next round
        gets a new one) shows the game's last form of that round (its table as the round left
        it, if the game has none) in the server's language and not in the other; returns how
        many were checked."""
        other = "en" if self.server == "de" else "de"
        presentation = self.spec.presentation
        expected = []
        for index in self.round_ends:
            events, view = self.events[index]
            closed = presentation.round_closed(events, view, self.names) or presentation.table(
                view, self.names, notes=(), stopped=False
            )
            expected.append((Shown.expected(closed, self.server), Shown.expected(closed, other)))

        def missing() -> list[Shown]:
            shown = [Shown.of(message) for message in self.emu.driver.channel_messages(self.channel)]
            return [wanted for wanted, _ in expected if wanted not in shown]

        try:
            await self.emu.driver.wait_until(lambda: not missing() or None, WAIT, "the rounds' last tables")
        except Exception:
            raise AssertionError(f"round ends missing in the channel: {missing()}") from None
        shown = [Shown.of(message) for message in self.emu.driver.channel_messages(self.channel)]
        for wanted, unwanted in expected:
            assert wanted != unwanted, "a round's last table is the same in both languages"
            assert unwanted not in shown, f"a round's last table in the other language: {unwanted}"
        return len(expected)

    async def check_reports(self) -> int:
        """Every report the game made so far comes (bounded wait) in the channel in the server's
        language, and none in the other language; returns how many were checked."""
        reports = self._reports()

        def missing() -> list[Shown]:
            shown = [Shown.of(message) for message in self.emu.driver.channel_messages(self.channel)]
            return [wanted for wanted, _ in reports if not any(s.embeds == wanted.embeds for s in shown)]

        try:
            await self.emu.driver.wait_until(lambda: not missing() or None, WAIT, "the reports")
        except Exception:
            raise AssertionError(f"reports missing in the channel: {missing()}") from None
        shown = [Shown.of(message) for message in self.emu.driver.channel_messages(self.channel)]
        for wanted, unwanted in reports:
            assert wanted.embeds != unwanted.embeds, "a report is the same in both languages"
            in_other = any(s.embeds == unwanted.embeds for s in shown)
            assert not in_other, f"a report in the other language: {unwanted}"
        return len(reports)

    def expected_table(self, language: str, match: Match | None = None) -> Shown:
        """The table message of the running game (``match``, by default the shadow) as the game
        words it (the turn timer off), for a reader of ``language``."""
        view = (match or self.shadow).view(None)
        notes = [text("timer.off", language=language)]
        message = self.spec.presentation.table(view, self.names, notes=notes, stopped=False)
        return Shown.expected(message, language)

    async def check_table_message(self, message_of: Callable[[], Message]) -> None:
        """The channel's table message (``message_of``) is, or becomes within a bounded wait (a
        computer seat may be moving as it is read), the game's table of now in the server's
        language, and never in the other."""
        other = "en" if self.server == "de" else "de"
        deadline = asyncio.get_running_loop().time() + WAIT
        while True:
            await self.sync()
            shown, wanted = Shown.of(message_of()), self.expected_table(self.server)
            assert shown != self.expected_table(other), f"the table message in the other language: {shown}"
            if shown == wanted:
                break
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"the table message ({self.server}) shows\n{shown}\nnot\n{wanted}")
            await asyncio.sleep(POLL)
        assert wanted != self.expected_table(other), "the table message is the same in both languages"

    def final_standings(self, language: str) -> Shown:
        """The game's final standings (its last report, with the ratings) for a reader of
        ``language``."""
        events, view = self.events[-1]
        last = self.spec.presentation.reports(events, view, self.names)[-1]
        shown = Shown.expected(last, language)
        return replace(shown, embeds=shown.embeds + self.ratings.get(language, ()))

    def expected_score(self, language: str, match: Match | None = None) -> Shown:
        """``/score`` for a reader of ``language`` at ``match`` (by default the shadow): during
        the game the table message with the standings under it, once it is over the final
        standings."""
        match = match or self.shadow
        if match.is_over:
            return self.final_standings(language)
        table = self.expected_table(language, match)
        lines = [
            table.content,
            "",
            text("score.standings", language=language),
            *standings_lines(self.names, match.results().totals),
        ]
        return Shown("\n".join(lines), table.embeds)

    async def score(self, seat: int, *, public: bool) -> None:
        """The human ``seat`` asks ``/score``: privately it answers in the seat's language, shown
        to the channel (``public``) in the server's, and never in the other one. (It shows the
        game as it was when asked or as a computer seat's move left it meanwhile.)"""
        reader = self.readers[seat]
        language = self.server if public else reader.language
        other = "en" if language == "de" else "de"
        await self.sync()
        asked = self.shadow.copy()
        result = await self.emu.driver.slash(reader.user, self.channel, "score", public=public)
        response = await result.response(timeout=WAIT)
        message = await result.wait_original(timeout=WAIT) if response.deferred else response.message
        assert message is not None and message.ephemeral is not public
        await self.sync()
        shown = Shown.of(message)
        wanted = [self.expected_score(language, asked), self.expected_score(language)]
        assert shown in wanted, f"/score for {self.names[seat]} ({language}) shows\n{shown}\nnot\n{wanted[0]}"
        unwanted = self.expected_score(other, asked)
        assert unwanted != wanted[0], "/score is the same in both languages"

    # --- whole games ----------------------------------------------------------------------------

    async def play_to_the_end(self, *, refuse_once: bool = True, timeout: float = 120.0) -> None:
        """The humans act whenever they are awaited (computer seats move by themselves) until the
        game is over; each human is refused once, on their first turn."""
        refused: set[int] = set() if refuse_once else set(self.readers)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    await self.sync()
                    if self.shadow.is_over:
                        return
                    humans = [seat for seat in self.shadow.awaiting if seat in self.readers]
                    if not humans:
                        await self.wait_moves(len(self.shadow.log), "a computer seat")
                        continue
                    seat = humans[0]
                    if seat not in refused:
                        await self.refused_in_own_language(seat)
                        refused.add(seat)
                    await self.act(seat)
        except TimeoutError:
            raise AssertionError(f"the game did not end within {timeout:g} s") from None


def bilingual_club(
    emu: Emulator, server_locale: str, locales: Sequence[tuple[str, str]], channel_name: str = "games"
) -> tuple[Channel, list[User], int]:
    """A server of the language ``server_locale`` with one channel and a member per (name,
    locale) of ``locales``."""
    guild = emu.add_guild("Spieleabend", locale=server_locale)
    channel = emu.add_text_channel(guild, channel_name)
    users = []
    for name, locale in locales:
        user = emu.add_user(name, locale=locale)
        emu.add_member(guild, user, permissions=DEFAULT_MEMBER_PERMISSIONS)
        users.append(user)
    return channel, users, guild.id


async def hand_in_own_language(play: BilingualTable, seat: int) -> None:
    """``/hand`` answers the human ``seat`` privately with the game's prompt of now in the
    seat's language (no DM header: it is shown in the channel)."""
    reader = play.readers[seat]
    result = await play.emu.driver.slash(reader.user, play.channel, "hand")
    response = await result.response(timeout=WAIT)
    message = await result.wait_original(timeout=WAIT) if response.deferred else response.message
    assert message is not None and message.ephemeral
    view = play.shadow.view(seat)
    expected = Shown.expected(play.spec.presentation.prompt(view, play.names), reader.language)
    assert Shown.of(message) == expected, f"/hand for {play.names[seat]}: {message.content}"


def dms_in_own_language(play: BilingualTable) -> None:
    """No DM a human got names its table in the other language (every live prompt was checked
    exactly as it came: :meth:`BilingualTable.prompt`)."""
    for reader in play.readers.values():
        other = play.header("en" if reader.language == "de" else "de")
        firsts = [m.content.split("\n")[0] for m in play.emu.driver.dm_messages(reader.user)]
        assert firsts, f"{reader.user.name} got no DM"
        assert other not in firsts, f"{reader.user.name} got a DM headed {other!r}"


def _signed(change: int, language: str) -> str:
    """A rating change as the catalog of ``language`` writes it."""
    if change > 0:
        return text("ratings.gain", language=language, points=change)
    if change < 0:
        return text("ratings.loss", language=language, points=-change)
    return text("ratings.even", language=language)


async def expected_ratings(storage: Storage) -> dict[str, tuple[str, ...]]:
    """The "Ratings" embed (title, lines) of the last stored game's final standings in each
    language: openskill's fold of the stored finished games, recomputed here, each seat at its
    place (winners first, then by total), worded by the host's catalog."""
    book = RatingBook()
    lines: dict[str, list[str]] = {}
    for stored in await storage.stats.finished_games():
        rated = rated_game(stored)
        changes = {change.who: change for change in book.rate(rated)}
        ranks = rated.ranks()
        order = sorted(range(len(rated.seats)), key=lambda seat: (ranks[seat], seat))
        lines = {
            language: [
                text(
                    "ratings.standing",
                    language=language,
                    place=ranks[seat],
                    name=render(
                        stored_seat_name(
                            stored.seats[seat].display_name,
                            computer=stored.seats[seat].user_id is None,
                            level=stored.seats[seat].level,
                        ),
                        language,
                    ),
                    rating=changes[rated.seats[seat].who].after.shown,
                    change=_signed(changes[rated.seats[seat].who].change, language),
                )
                for seat in order
            ]
            for language in ("de", "en")
        }
    return {
        language: (text("ratings.title", language=language), "\n".join(shown))
        for language, shown in lines.items()
    }
