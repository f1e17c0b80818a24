"""The tables: one game table per Discord channel, from the lobby to the final standings.

A :class:`Table` knows which game it plays (a :class:`tabletop.GameSpec` from the registry), who
sits where, who is host, which options were asked for and the running :class:`tabletop.Match`.
Its methods check only what is not a rule of the game ("you are not seated", "only the host can
start", "this hand is out of date") and leave every rule decision to the game, whose refusal
(:class:`tabletop.Refused`) becomes a :class:`GameRefusal` with the game's own sentence. Each
method returns an :class:`Outcome`: the short reply for the player who acted and the *effects*
(what the channel and the players must now be shown). Nothing here talks to Discord, so all of
it is testable with plain function calls; the cogs execute the effects.

Callers hold :attr:`Table.lock` around a method call and the execution of its effects, so that two
clicks at the same moment are applied one after the other and shown in order.
"""

from __future__ import annotations

import itertools
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import Enum

from host.catalog import text
from host.errors import UserError, sentence
from host.table_lock import TableLock
from host.text import echo
from tabletop import GameSpec, Match, OptionError, OptionValue, Refused, registry
from tabletop.presentation import Presentation, render


class TableError(UserError):
    """A refusal by the table itself (not a rule of the game); its text is shown to the player."""


class GameRefusal(UserError):
    """The game refused an action (its rule sentence is shown to the player); nothing changed."""

    @classmethod
    def of(cls, refused: Refused, names: Sequence[str]) -> GameRefusal:
        """The game's refusal as the player reads it: its sentence, or, when the reason is that
        it is other seats' turn (``turn_of``), whose turn it is by name."""
        if refused.turn_of:
            waiting = " and ".join(names[seat] for seat in refused.turn_of)
            return cls(text("game.not_your_turn", names=waiting))
        return cls(sentence(render(refused.message)))


class TableState(Enum):
    """Where a table is in its life."""

    LOBBY = "lobby"
    PLAYING = "playing"
    CLOSED = "closed"


@dataclass(frozen=True)
class Seat:
    """A seated player: the Discord user and the name shown at the table.

    A computer player has a ``level`` (one of its game's :attr:`tabletop.GameSpec.levels`) and
    ``user_id`` 0: it never matches a Discord user."""

    user_id: int
    name: str
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a computer player sits here."""
        return self.level is not None


BOT_NAMES = ("Ada", "Bea", "Cal", "Dot", "Eli", "Fox", "Gil", "Hal", "Ivo")
"""First names of the computer players, given in this order to the bots of a table."""


TIMER_CHOICES: dict[str, int | None] = {"off": None, "30s": 30, "60s": 60, "2min": 120, "5min": 300}
"""The turn timers /start offers (seconds; None: no timer)."""

DEFAULT_TIMER = "2min"

AWAY_AFTER = 2
"""Timeouts in a row after which a seat is marked away."""


def bot_seat(level: str, taken: set[str], levels: Sequence[str]) -> Seat:
    """A computer player of ``level`` (one of the game's ``levels``) with the first name not in
    ``taken``."""
    if level not in levels:
        raise TableError(text("lobby.no_such_level", level=echo(level), levels=", ".join(levels)))
    numbers = (str(number) for number in itertools.count(len(BOT_NAMES) + 1))  # then "Bot 10", ...
    first = next(name for name in itertools.chain(BOT_NAMES, numbers) if computer_name(name) not in taken)
    return Seat(0, f"{computer_name(first)} ({level})", level)


def computer_name(first: str) -> str:
    """A computer player's name without its level: "Bot Ada"."""
    return text("table.computer_name", name=first)


def bot_base_names(seats: list[Seat]) -> set[str]:
    """The "Bot Ada" parts of the computer players' names at a table."""
    return {seat.name.split(" (")[0] for seat in seats if seat.is_bot}


# --- effects: what must be shown after an action ----------------------------------------------


@dataclass(frozen=True)
class ShowLobby:
    """Post the lobby message, or edit it if it exists."""


@dataclass(frozen=True)
class LobbyClosed:
    """Edit the lobby message into its final form (no buttons), saying why."""

    reason: str


@dataclass(frozen=True)
class ShowTable:
    """Show the table message: a new one (a round starts) or an edit of the current one."""

    new_message: bool = False


@dataclass(frozen=True)
class RoundClosed:
    """A round ended: the table message takes its last form, from the events of the action
    that ended it (the game's presentation writes it: :meth:`Presentation.round_closed`)."""

    events: tuple[object, ...]


@dataclass(frozen=True)
class Prompt:
    """Give ``seat`` its decision: its hand and the components to decide with (a DM, or a
    channel mention for a seat whose DMs are closed)."""

    seat: int


@dataclass(frozen=True)
class ShowHand:
    """Show ``seat`` its newly dealt hand while another seat decides first: the game's prompt
    for a seat that is not awaited, as a DM with nothing to click. It is not the seat's live
    prompt (that comes with its turn), so a restart need not send it again; a seat whose DMs
    are closed sees its hand with /hand. Only in games that ask for it
    (:attr:`tabletop.GameSpec.shows_new_hands`)."""

    seat: int


@dataclass(frozen=True)
class Reports:
    """Post what the game reports after an action (a round's scores, the final standings:
    :meth:`Presentation.reports`); ``final``: the game is over with it."""

    events: tuple[object, ...]
    final: bool = False


@dataclass(frozen=True)
class Notice:
    """Post a line in the table's channel (``ping``: the one user notified, if any)."""

    text: str
    ping: int | None = None


@dataclass(frozen=True)
class TakeoverRequest:
    """Ask the host (in the channel) to let ``user_id`` take over one of the computer ``seats``
    (one Approve button per seat when there are several)."""

    user_id: int
    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class GameStopped:
    """Post that the game was stopped early, with the totals so far."""

    by: str
    totals: tuple[int, ...]


Effect = (
    ShowLobby
    | LobbyClosed
    | ShowTable
    | RoundClosed
    | Prompt
    | ShowHand
    | Reports
    | GameStopped
    | Notice
    | TakeoverRequest
)


@dataclass(frozen=True)
class Outcome:
    """The result of a table action: a reply for the player who acted, and what to show."""

    reply: str
    effects: tuple[Effect, ...] = ()
    seat: int | None = None


@dataclass(frozen=True)
class TakeoverAsk:
    """A newcomer's open request to take over a computer seat: their name and the seats the
    host may give them (the one they named, or every computer seat that was free)."""

    name: str
    seats: tuple[int, ...]


# --- message references kept by the table ------------------------------------------------------


@dataclass
class PromptRef:
    """A DM prompt whose buttons are live: the DM channel and message ids."""

    channel_id: int
    message_id: int


@dataclass(frozen=True)
class DoneDm:
    """A seat's latest DM that asks nothing any more (a prompt answered, shrunk to one ``line``):
    what only informs the seat (its new hand) is shown there instead of in a new DM
    (``expanded``), and it shrinks back to its line when the seat's next prompt comes."""

    ref: PromptRef
    line: str
    expanded: bool = False


@dataclass
class MessageRefs:
    """The ids of the messages a table keeps editing (``done``: each seat's :class:`DoneDm`,
    kept in memory only: after a restart a new hand comes in a new DM)."""

    lobby_id: int | None = None
    table_id: int | None = None
    prompts: dict[int, PromptRef] = field(default_factory=dict)
    done: dict[int, DoneDm] = field(default_factory=dict)


LOBBY_ID_PREFIX = "0"
"""How a lobby's id starts (:meth:`Table.check_stop`): a game id is 6 hex digits, a lobby's id
this prefix and 6 more, so that a confirmation for one lobby never stops a later one."""


def _new_lobby_id() -> str:
    return LOBBY_ID_PREFIX + secrets.token_hex(3)


def is_lobby_id(ident: str) -> bool:
    """Whether ``ident`` names a lobby (7 characters), not a game (6 hex digits, which may
    begin with the lobby prefix too)."""
    return ident.startswith(LOBBY_ID_PREFIX) and len(ident) == len(LOBBY_ID_PREFIX) + 6


def _new_game_id() -> str:
    return secrets.token_hex(3)


def _new_seed() -> int:
    return secrets.randbits(63)


class Table:
    """One channel's table: its lobby, then its game, then closed."""

    def __init__(
        self,
        channel_id: int,
        guild_id: int | None = None,
        *,
        game: str | None = None,
        seed_source: Callable[[], int] = _new_seed,
        id_source: Callable[[], str] = _new_game_id,
    ) -> None:
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.spec: GameSpec = registry.game(game or registry.default_game())
        """The game this table plays (:class:`registry.GameNotOffered` for an unknown one)."""
        self.seats: list[Seat] = []
        self.chosen: dict[str, object] = {}
        """The options asked for so far (the lobby's; the game's defaults fill the rest)."""
        self.state = TableState.LOBBY
        self.match: Match | None = None
        self.game_id: str | None = None
        self.lobby_id = _new_lobby_id()
        self.storage_id: int | None = None
        """The stored game's id once the game is saved (see :mod:`host.journal`)."""
        self.dm_closed: set[int] = set()
        self.messages = MessageRefs()
        self.lock = TableLock()
        self.timer_scale = 1.0
        """Multiplies the chosen turn timer (tests run with a small one, see ``TURN_TIMER_SCALE``)."""
        self.timer_seconds: float | None = None
        """The turn timer of the running game (None: off)."""
        self.deadline: datetime | None = None
        """When the seat(s) awaited now time out (UTC), if a timer runs."""
        self.deadline_key: str | None = None
        """The stage of the game the deadline belongs to (see :meth:`turn_key`)."""
        self.reminded = False
        """Whether the awaited players were reminded of the current deadline (stored with the
        timer, so that a restart neither repeats nor skips the reminder)."""
        self.away: set[int] = set()
        """Seats whose player is away: the computer plays for them until they come back."""
        self.timeouts: dict[int, int] = {}
        """Timeouts in a row, per seat."""
        self.takeovers: dict[int, Seat] = {}
        """Computer seats a human takes over when the next round starts (approved by the host)."""
        self.takeover_requests: dict[int, TakeoverAsk] = {}
        """Open requests to take over a computer seat, by the asking user's id."""
        self.vacated: dict[int, tuple[int, str]] = {}
        """Computer seats that replace a human who left the game: seat -> (their user id, name)."""
        self._seed_source = seed_source
        self._id_source = id_source

    # --- queries ---------------------------------------------------------------------------

    @property
    def presentation(self) -> Presentation:
        """How the table's game shows itself."""
        presentation: Presentation = self.spec.presentation
        return presentation

    @property
    def title(self) -> str:
        """The name of the table's game, as players read it."""
        return self.spec.title

    @property
    def host_id(self) -> int | None:
        """The host: the first seated human (None when no human is seated)."""
        return next((seat.user_id for seat in self.seats if not seat.is_bot), None)

    @property
    def host_seat(self) -> int | None:
        """The seat of the host (None when no human is seated)."""
        return next((index for index, seat in enumerate(self.seats) if not seat.is_bot), None)

    @property
    def stand_in_level(self) -> str:
        """The computer level that plays for an absent person (timer, away, left)."""
        return self.spec.stand_in_level

    def is_auto(self, seat: int) -> bool:
        """Whether the computer plays ``seat`` (a computer seat, or a player marked away)."""
        return self.seats[seat].is_bot or seat in self.away

    def level_of(self, seat: int) -> str:
        """The computer level that plays ``seat`` (the stand-in level for an away player)."""
        return self.seats[seat].level or self.stand_in_level

    def bot_seed(self, seat: int) -> int:
        """The seed of the computer player at ``seat``: fixed per game and seat (reproducible)."""
        match = self.running_match()
        return (match.seed * 1_000_003 + seat * 7919 + 1) % (1 << 63)

    def auto_seats(self) -> list[int]:
        """The awaited seats the computer plays now, in order."""
        if self.state is not TableState.PLAYING or self.match is None:
            return []
        return [seat for seat in self.match.awaiting if self.is_auto(seat)]

    def turn_key(self) -> str | None:
        """What the current wait is for: the game's stage (None when nobody is awaited)."""
        match = self.match
        if self.state is not TableState.PLAYING or match is None or not match.awaiting:
            return None
        return match.stage

    @property
    def action_count(self) -> int:
        """How many actions the table's game has accepted (0 before it starts)."""
        return len(self.match.log) if self.match is not None else 0

    def refresh_deadline(self, now: datetime) -> bool:
        """Start the turn timer when a new wait for a human began; whether the deadline changed.

        A wait that goes on keeps its deadline, whoever leaves or comes back meanwhile; it only
        gets one when a human is awaited in it and it had none (an away player came back), and
        loses it when no human is awaited any more. A new deadline has not been reminded of yet."""
        key = self.turn_key()
        humans = self.match is not None and any(not self.is_auto(seat) for seat in self.match.awaiting)
        seconds = self.timer_seconds if key is not None and humans else None
        new_wait = key != self.deadline_key
        if not new_wait and (self.deadline is not None) == (seconds is not None):
            return False
        self.deadline_key = key
        before = self.deadline
        if seconds is None:
            self.deadline = None
        elif new_wait or before is None:
            self.deadline = now + timedelta(seconds=seconds)
        if self.deadline != before:
            self.reminded = False
        return self.deadline != before

    def timed_out_seats(self) -> list[int]:
        """The awaited human seats (not away) that the timer plays for when it runs out."""
        if self.state is not TableState.PLAYING or self.match is None:
            return []
        return [seat for seat in self.match.awaiting if not self.is_auto(seat)]

    @property
    def names(self) -> tuple[str, ...]:
        """The seated players' names in seat order."""
        return tuple(seat.name for seat in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of ``user_id``, or None if not seated."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def options(self) -> dict[str, OptionValue]:
        """The options the game uses (or will use, in the lobby: the defaults where the chosen
        ones are not valid yet)."""
        if self.match is not None:
            return dict(self.match.options)
        try:
            return self.spec.resolve_options(self.chosen)
        except OptionError:
            return self.spec.resolve_options({})

    def capacity(self) -> int:
        """The most seats the lobby takes (for its chosen options)."""
        return self.spec.player_range(self.options())[1]

    def running_match(self) -> Match:
        """The game being played; :class:`TableError` if there is none."""
        if self.state is not TableState.PLAYING or self.match is None:
            raise TableError(text("table.no_game_running"))
        return self.match

    def public_view(self) -> object:
        """What everyone may see of the running game."""
        return self.running_match().view(None)

    def last_view(self) -> object:
        """The public view of the table's game, even once it is over (for the last messages)."""
        if self.match is None:
            raise TableError(text("table.no_game_played"))
        return self.match.view(None)

    def seat_view(self, user_id: int) -> tuple[int, object]:
        """The seat of ``user_id`` and what that seat may see; :class:`TableError` if not seated."""
        match = self.running_match()
        seat = self._require_seat(user_id)
        return seat, match.view(seat)

    def last_events(self) -> tuple[object, ...]:
        """The events of the game's last action (replayed: the match keeps no events), to show
        the end of a round again after a restart."""
        match = self.match
        if match is None or not match.log:
            return ()
        before = self.spec.replay(match.players, match.options, match.seed, match.log[:-1])
        seat, action = match.log[-1]
        return before.apply(seat, action)

    # --- lobby ------------------------------------------------------------------------------

    def join(self, user_id: int, name: str, seat: str | None = None) -> Outcome:
        """Seat ``user_id`` at the end of the lobby; during a game, ask to take over a computer
        seat (``seat``: the one wanted, by number or name; see :meth:`request_takeover`)."""
        if self.state is TableState.PLAYING:
            return self.request_takeover(user_id, name, seat)
        if self.state is TableState.CLOSED:
            raise TableError(text("table.closed_use_join"))
        if self.seat_of(user_id) is not None:
            raise TableError(text("table.already_seated"))
        if len(self.seats) >= self.capacity():
            raise TableError(text("table.full", players=self.capacity()))
        self.seats.append(Seat(user_id, name))
        reply = [text("lobby.joined", title=self.title, seat=len(self.seats))]
        if len(self.seats) == 1:
            reply.append(text("lobby.you_are_host"))
        if seat is not None:
            reply.append(text("lobby.seat_option_unused"))
        return Outcome(" ".join(reply), (ShowLobby(),), len(self.seats) - 1)

    def leave(self, user_id: int) -> Outcome:
        """Remove ``user_id`` from the lobby; the table closes when nobody is left."""
        seat = self._require_seat(user_id)
        if self.state is TableState.PLAYING:
            return self._replace_by_bot(seat)
        del self.seats[seat]
        if not any(not s.is_bot for s in self.seats):
            self.seats.clear()
            self.state = TableState.CLOSED
            return Outcome(text("lobby.left_closed"), (LobbyClosed(text("lobby.everybody_left")),))
        return Outcome(text("lobby.left"), (ShowLobby(),))

    def add_bot(self, user_id: int, level: str | None = None, *, is_admin: bool = False) -> Outcome:
        """Seat a computer player of ``level`` (default: the stand-in level; the host or a
        server manager only, as /start: who plays with whom is the host's choice)."""
        self._require_lobby()
        if user_id != self.host_id and not is_admin:
            raise TableError(text("lobby.only_host_adds", host=self._the_host()))
        if len(self.seats) >= self.capacity():
            raise TableError(text("table.full", players=self.capacity()))
        seat = bot_seat(level or self.stand_in_level, bot_base_names(self.seats), self.spec.levels)
        self.seats.append(seat)
        return Outcome(text("lobby.computer_joined", name=seat.name, seat=len(self.seats)), (ShowLobby(),))

    def remove_bot(self, user_id: int, *, is_admin: bool = False) -> Outcome:
        """Remove the last computer player of the lobby (the host or a server manager only)."""
        self._require_lobby()
        if user_id != self.host_id and not is_admin:
            raise TableError(text("lobby.only_host_removes", host=self._the_host()))
        bots = [index for index, seat in enumerate(self.seats) if seat.is_bot]
        if not bots:
            raise TableError(text("lobby.no_computer"))
        removed = self.seats.pop(bots[-1])
        return Outcome(text("lobby.computer_left", name=removed.name), (ShowLobby(),))

    def _the_host(self) -> str:
        """The host as a refusal names them: "the host (alice)"."""
        seat = self.host_seat
        if seat is None:
            return text("lobby.the_host")
        return text("lobby.the_host_named", name=self.seats[seat].name)

    def _require_lobby(self) -> None:
        if self.state is TableState.PLAYING:
            raise TableError(text("lobby.already_started"))
        if self.state is TableState.CLOSED:
            raise TableError(text("table.closed_use_join"))

    def resolve(self, options: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The game's options for the lobby's choices with ``options`` on top (:class:`TableError`
        with the game's reason for one it does not allow)."""
        try:
            return self.spec.resolve_options({**self.chosen, **(options or {})})
        except OptionError as exc:
            raise TableError(sentence(str(exc))) from exc

    def start(
        self,
        user_id: int,
        *,
        is_admin: bool = False,
        options: Mapping[str, object] | None = None,
        fill_to: int | None = None,
        bot_level: str | None = None,
        timer: str | None = None,
    ) -> Outcome:
        """Start the game with the seated players (host or admin only).

        ``options`` go on top of the lobby's choices; ``fill_to`` seats computer players of
        ``bot_level`` until that many play; ``timer`` is one of :data:`TIMER_CHOICES` (default
        :data:`DEFAULT_TIMER`)."""
        self._require_lobby()
        if user_id != self.host_id and not is_admin:
            raise TableError(text("lobby.only_host_starts"))
        # An option given empty or zero (a forged or outdated command) is refused, not taken
        # for "not given".
        timer = DEFAULT_TIMER if timer is None else timer
        if timer not in TIMER_CHOICES:
            raise TableError(text("lobby.choose_timer", timers=", ".join(TIMER_CHOICES)))
        resolved = self.resolve(options)
        low, high = self.spec.player_range(resolved)
        seats = list(self.seats)
        if fill_to is not None:
            if fill_to < 1:
                raise TableError(text("lobby.choose_players", low=low, high=high))
            if fill_to > high:
                raise TableError(text("lobby.at_most", title=self.title, high=high))
            level = bot_level or self.stand_in_level
            while len(seats) < fill_to:
                seats.append(bot_seat(level, bot_base_names(seats), self.spec.levels))
        try:
            match = self.spec.new_match(len(seats), resolved, self._seed_source())
        except OptionError as exc:  # the game's refusal, e.g. too few players for the options
            raise TableError(sentence(str(exc))) from exc
        self.seats = seats
        seconds = timer_seconds(timer)
        self.timer_seconds = None if seconds is None else seconds * self.timer_scale
        self.chosen = {**self.chosen, **(options or {})}
        self.match = match
        self.game_id = self._id_source()
        self.state = TableState.PLAYING
        started = text("lobby.started")
        effects: list[Effect] = [LobbyClosed(started), ShowTable(new_message=True)]
        effects += [Prompt(seat) for seat in match.awaiting if not self.is_auto(seat)]
        effects += self.new_hands()
        return Outcome(started, tuple(effects), self.seat_of(user_id))

    # --- game actions -------------------------------------------------------------------------

    def check_click(self, user_id: int, game_id: str, stage: str) -> tuple[int, object]:
        """The clicking seat and its view, if a click made at ``stage`` of game ``game_id``
        still counts (the game's presentation says why a stale one does not)."""
        match = self._clicked_game(game_id)
        seat = self._require_seat(user_id)
        view = match.view(seat)
        if stage != match.stage:
            reason = self.presentation.stale(stage, view)
            if reason is not None:
                raise TableError(render(reason))
        return seat, view

    def _clicked_game(self, game_id: str) -> Match:
        """The running game, if a click for game ``game_id`` belongs to it."""
        match = self.match
        if self.state is not TableState.PLAYING or match is None or game_id != self.game_id:
            raise TableError(text("table.button_of_ended_game"))
        return match

    def returns_on_click(self, user_id: int, game_id: str, stage: str) -> bool:
        """Whether a click of ``user_id`` on a prompt made at ``stage`` only brings an away player
        back (with no move: :meth:`back`): their prompt is no longer theirs to act on (it is not
        their turn, or the prompt is stale)."""
        match = self._clicked_game(game_id)
        seat = self._require_seat(user_id)
        if seat not in self.away:
            return False
        stale = stage != match.stage and self.presentation.stale(stage, match.view(seat)) is not None
        return seat not in match.awaiting or stale

    def act(self, user_id: int, action: str, *, game_id: str, stage: str) -> Outcome:
        """``user_id`` takes ``action`` (the game's text) from a prompt made at ``stage``.

        An away player's click on a prompt that is no longer theirs to act on brings them back
        without a move (a fresh prompt if it is their turn: see :meth:`returns_on_click`)."""
        if self.returns_on_click(user_id, game_id, stage):
            return self.back(user_id)
        seat, _ = self.check_click(user_id, game_id, stage)
        match = self.running_match()
        before = self._before()
        try:
            events = match.apply(seat, action)
        except Refused as exc:
            raise GameRefusal.of(exc, self.names) from exc
        back = self._acted(seat)
        reply = render(self.presentation.reply(action, match.view(seat)))
        return Outcome(reply, back + self._effects_after(events, before, seat), seat)

    def try_action(self, user_id: int, action: str, *, game_id: str, stage: str) -> object:
        """The seat's view, if ``action`` would be accepted now (tried on a copy of the game:
        nothing changes); else the refusal of the click or of the game."""
        seat, view = self.check_click(user_id, game_id, stage)
        try:
            self.running_match().copy().apply(seat, action)
        except Refused as exc:
            raise GameRefusal.of(exc, self.names) from exc
        return view

    def _before(self) -> tuple[int, tuple[int, ...]]:
        match = self.running_match()
        return match.round, match.awaiting

    def _acted(self, seat: int) -> tuple[Effect, ...]:
        """A player acted: their timeouts are forgotten and, if away, they are back."""
        self.timeouts.pop(seat, None)
        if seat not in self.away:
            return ()
        self.away.discard(seat)  # their turns are timed again (see refresh_deadline)
        return (Notice(text("game.back_notice", name=self.seats[seat].name)),)

    def back(self, user_id: int) -> Outcome:
        """/back: an away player takes their seat back from the computer."""
        if self.state is TableState.LOBBY:
            raise TableError(text("game.back_before_start"))
        match = self.running_match()
        seat = self._require_seat(user_id)
        if seat not in self.away:
            raise TableError(text("game.not_away"))
        notice = self._acted(seat)
        effects: list[Effect] = list(notice)
        if seat in match.awaiting:  # their turn, now timed: the table shows its deadline
            effects.append(ShowTable())
            effects.append(Prompt(seat))
        return Outcome(text("game.welcome_back"), tuple(effects), seat)

    def auto_move(
        self, seat: int, action: str, *, timed_out: bool = False, turn_goes_on: bool = False
    ) -> Outcome:
        """The computer's move for ``seat`` (a computer seat, an away player, or a timeout).

        In a game of :attr:`~tabletop.GameSpec.whole_turns` the stand-in plays a timed-out turn
        to its end: the seat gets no prompt for the steps in between (only for a new round it
        begins), and ``turn_goes_on`` (a step after the first) counts no second timeout."""
        match = self.running_match()
        before_name = self.seats[seat].name
        before = self._before()
        try:
            events = match.apply(seat, action)
        except Refused as exc:
            raise GameRefusal.of(exc, self.names) from exc
        notices: list[Effect] = []
        if timed_out and not turn_goes_on:
            count = self.timeouts.get(seat, 0) + 1
            self.timeouts[seat] = count
            user = self.seats[seat].user_id
            if count >= AWAY_AFTER:
                self.away.add(seat)
                notices.append(Notice(text("game.marked_away", user=user, count=count), ping=user))
            else:
                notices.append(Notice(text("game.time_up", name=before_name)))
        effects = self._effects_after(events, before, seat)
        if timed_out and self.spec.whole_turns and match.round == before[0]:
            # The stand-in plays on: no prompt in between. A new round that this seat begins is
            # the person's own again: they are prompted for it.
            effects = tuple(effect for effect in effects if effect != Prompt(seat))
        return Outcome("", tuple(notices) + effects, seat)

    def _replace_by_bot(self, seat: int) -> Outcome:
        """A player leaves the running game: a computer player takes the seat."""
        old = self.seats[seat]
        bot = bot_seat(self.stand_in_level, bot_base_names(self.seats), self.spec.levels)
        self.seats[seat] = bot
        self.vacated[seat] = (old.user_id, old.name)
        self.away.discard(seat)
        self.timeouts.pop(seat, None)
        if self.host_id is None:  # the last human left: the game goes on only with people
            totals = self.running_match().results().totals
            self.state = TableState.CLOSED
            return Outcome(text("game.left_last"), (GameStopped(old.name, totals),))
        effects: list[Effect] = [
            Notice(text("game.left_notice", name=old.name, computer=bot.name)),
            ShowTable(),
        ]
        return Outcome(text("game.left", computer=bot.name), tuple(effects))

    def takeover_seats(self) -> list[int]:
        """The computer seats a newcomer may ask for: not yet promised to someone, seats of humans
        who left the game first (a gap left by a person is filled before a computer player the
        host chose is sent away), then the others in seat order.

        A seat marked *away* is not one: it still belongs to its player, who gets it back with
        /back or a click in their hand."""
        free = [index for index, seat in enumerate(self.seats) if seat.is_bot and index not in self.takeovers]
        return sorted(free, key=lambda index: (index not in self.vacated, index))

    def seat_label(self, seat: int) -> str:
        """A seat as a newcomer chooses it: "seat 3: Bot Ada (normal), bob's seat until they left"."""
        name = self.seats[seat].name
        if seat in self.vacated:
            return text("takeover.seat_label_vacated", number=seat + 1, name=name, left=self.vacated[seat][1])
        return text("takeover.seat_label", number=seat + 1, name=name)

    def find_seat(self, choice: str) -> int:
        """The seat a player means by ``choice``: its number ("3", "#3", "seat 3") or the name of
        who sits there ("Bot Ada (normal)", "Bot Ada", "Ada", "bob"; any case)."""
        wanted = " ".join(choice.lower().split())
        numbered = re.fullmatch(r"(?:seat\s*)?#?\s*(\d+)", wanted)
        if numbered is not None:
            # Parsed only when short: Python refuses to turn over 4,300 digits into an int.
            digits = numbered.group(1).lstrip("0") or "0"
            number = int(digits) if len(digits) <= len(str(len(self.seats))) else None
            if number is None or not 1 <= number <= len(self.seats):
                refusal = text("takeover.no_seat_number", number=echo(digits), seats=len(self.seats))
                raise TableError(f"{refusal} {self._free_hint()}")
            return number - 1
        computer_prefix = computer_name("").lower()  # "bot ": "Ada" names "Bot Ada"
        for index, seat in enumerate(self.seats):
            full = seat.name.lower()
            base = full.split(" (")[0]
            if wanted in (full, base) or (seat.is_bot and wanted == base.removeprefix(computer_prefix)):
                return index
        refusal = text("takeover.no_seat_named", name=echo(choice.strip()))
        raise TableError(f"{refusal} {self._free_hint()}")

    def _free_hint(self) -> str:
        free = self.takeover_seats()
        if not free:
            return text("takeover.none_free")
        return text("takeover.free", seats="; ".join(self.seat_label(s) for s in free))

    def request_takeover(self, user_id: int, name: str, choice: str | None = None) -> Outcome:
        """/join during a game: ask the host to let ``user_id`` take over a computer seat.

        ``choice`` names the seat (number or name, :meth:`find_seat`); a seat that is not a free
        computer seat is refused with the list of those that are. Without a choice: the seat
        the newcomer left earlier in this game if it is free, else the only free computer seat,
        else the host chooses among all free ones (one Approve button each)."""
        if self.seat_of(user_id) is not None:
            raise TableError(text("table.already_seated"))
        self._require_next_round()
        promised = next((seat for seat, taker in self.takeovers.items() if taker.user_id == user_id), None)
        if promised is not None:
            raise TableError(text("takeover.already_given", name=self.seats[promised].name))
        free = self.takeover_seats()
        if not free:
            raise TableError(text("takeover.game_running"))
        seats: tuple[int, ...]
        if choice is not None and choice.strip():
            seats = (self._check_free(self.find_seat(choice)),)
        else:
            own = [seat for seat in free if seat in self.vacated and self.vacated[seat][0] == user_id]
            seats = tuple(own[:1] or free)
        self.takeover_requests[user_id] = TakeoverAsk(name, seats)
        if len(seats) == 1:
            reply = text("takeover.asked_seat", name=self.seats[seats[0]].name, seat=seats[0] + 1)
        else:
            reply = text("takeover.asked_any")
        return Outcome(reply, (TakeoverRequest(user_id, name, seats),))

    def _check_free(self, seat: int) -> int:
        """``seat`` if a newcomer may ask for it, else a friendly refusal saying why not."""
        occupant = self.seats[seat]
        if seat in self.takeover_seats():
            return seat
        if occupant.is_bot:
            taker = self.takeovers[seat].name
            reason = text("takeover.promised", name=occupant.name, seat=seat + 1, taker=taker)
        elif seat in self.away:
            reason = text("takeover.seat_away", seat=seat + 1, name=occupant.name)
        else:
            reason = text("takeover.seat_human", seat=seat + 1, name=occupant.name)
        raise TableError(f"{reason} {self._free_hint()}")

    def approve_takeover(self, user_id: int, seat: int, taker_id: int, *, is_admin: bool = False) -> Outcome:
        """The host lets ``taker_id`` take computer seat ``seat`` when the next round starts."""
        self.running_match()
        if user_id != self.host_id and not is_admin:
            raise TableError(text("takeover.only_host"))
        ask = self.takeover_requests.get(taker_id)
        if ask is None or seat not in ask.seats or self.seat_of(taker_id) is not None:
            raise TableError(text("takeover.request_closed"))
        self._require_next_round()
        if not self.seats[seat].is_bot:
            raise TableError(text("takeover.not_computer", seat=seat + 1))
        if seat in self.takeovers:
            raise TableError(text("takeover.already_taken", name=self.takeovers[seat].name, seat=seat + 1))
        del self.takeover_requests[taker_id]
        self.takeovers[seat] = Seat(taker_id, ask.name)
        bot = self.seats[seat].name
        return Outcome(
            text("takeover.approved", name=ask.name, computer=bot, seat=seat + 1),
            (Notice(text("takeover.approved_notice", name=ask.name, computer=bot)),),
        )

    def _require_next_round(self) -> None:
        """A takeover happens when the next round starts: refuse it in the last round (when
        the game knows its number of rounds)."""
        match = self.running_match()
        if match.rounds is not None and match.round >= match.rounds:
            raise TableError(text("takeover.last_round"))

    def _apply_takeovers(self) -> list[Effect]:
        """At a round's start, approved players take their computer seats."""
        effects: list[Effect] = []
        for seat, taker in sorted(self.takeovers.items()):
            if self.seat_of(taker.user_id) is None and self.seats[seat].is_bot:
                computer = self.seats[seat].name
                effects.append(Notice(text("takeover.taken_over", name=taker.name, computer=computer)))
                self.seats[seat] = replace(taker)
                self.away.discard(seat)
                self.vacated.pop(seat, None)
                self.takeover_requests.pop(taker.user_id, None)
        self.takeovers.clear()
        return effects

    def check_stop(self, user_id: int, *, is_admin: bool = False) -> str:
        """Check ``user_id`` may stop this table; the id of what to stop (the game, or the lobby)."""
        if self.state is TableState.CLOSED:
            raise TableError(text("table.already_closed"))
        if user_id != self.host_id and not is_admin:
            raise TableError(text("stop.only_host"))
        return self.game_id or self.lobby_id

    def stop(self, user_id: int, *, is_admin: bool = False, game_id: str) -> Outcome:
        """End the lobby or the running game early (host or admin, after confirmation).

        ``game_id`` is what :meth:`check_stop` named when the confirmation was asked for."""
        current = self.check_stop(user_id, is_admin=is_admin)
        if game_id != current:
            if game_id == self.lobby_id:
                raise TableError(text("stop.game_started_since"))
            if is_lobby_id(game_id):
                raise TableError(text("stop.lobby_already_closed"))
            raise TableError(text("stop.game_already_over"))
        name = self._name_of(user_id)
        if self.state is TableState.LOBBY:
            self.state = TableState.CLOSED
            return Outcome(text("stop.table_closed"), (LobbyClosed(text("stop.closed_by", name=name)),))
        totals = self.running_match().results().totals
        self.state = TableState.CLOSED
        return Outcome(text("stop.game_stopped"), (GameStopped(name, totals),), self.seat_of(user_id))

    def abandon(self) -> None:
        """Close the table at once, with nothing to show (its channel was deleted)."""
        self.state = TableState.CLOSED

    # --- helpers ----------------------------------------------------------------------------

    def _name_of(self, user_id: int) -> str:
        seat = self.seat_of(user_id)
        return self.seats[seat].name if seat is not None else text("table.server_manager")

    def _require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError(text("table.not_seated"))
        return seat

    def _effects_after(
        self, events: Sequence[object], before: tuple[int, tuple[int, ...]], actor: int
    ) -> tuple[Effect, ...]:
        """What to show after ``actor``'s action made ``events``; ``before``: the round and the
        awaited seats before it.

        A seat is prompted when it becomes awaited, when it acted and is still awaited (a turn
        of several decisions), and when a new round begins; then the other people see their new
        hands, if the game shows them (:meth:`new_hands`)."""
        match = self.running_match()
        round_before, awaited_before = before
        effects: list[Effect] = []
        round_over = match.is_over or match.round != round_before
        if round_over:
            effects.append(RoundClosed(tuple(events)))
        effects.append(Reports(tuple(events), final=match.is_over))
        if match.is_over:
            self.state = TableState.CLOSED
            return tuple(effects)
        if round_over:
            effects += self._apply_takeovers()
            effects.append(ShowTable(new_message=True))
        else:
            effects.insert(0, ShowTable())
        effects += [
            Prompt(seat)
            for seat in match.awaiting
            if not self.is_auto(seat) and (round_over or seat == actor or seat not in awaited_before)
        ]
        if round_over:
            effects += self.new_hands()
        return tuple(effects)

    def new_hands(self) -> list[Effect]:
        """At a deal, in a game that shows new hands: a :class:`ShowHand` for each person who is
        not awaited (those who are get their prompt) and not played by the computer (away)."""
        if not self.spec.shows_new_hands:
            return []
        awaiting = self.running_match().awaiting
        return [
            ShowHand(seat)
            for seat in range(len(self.seats))
            if seat not in awaiting and not self.is_auto(seat)
        ]


def timer_seconds(choice: str) -> int | None:
    """The seconds of a timer choice (:class:`TableError` for an unknown one)."""
    if choice not in TIMER_CHOICES:
        raise TableError(text("lobby.choose_timer", timers=", ".join(TIMER_CHOICES)))
    return TIMER_CHOICES[choice]


class TableRegistry:
    """Every table of the bot, one per channel."""

    def __init__(
        self,
        *,
        seed_source: Callable[[], int] = _new_seed,
        id_source: Callable[[], str] = _new_game_id,
    ) -> None:
        self._tables: dict[int, Table] = {}
        self.timer_scale = 1.0
        """Given to every new table (see :attr:`Table.timer_scale`)."""
        self._seed_source = seed_source
        self._id_source = id_source

    def get(self, channel_id: int) -> Table | None:
        """The open table of a channel, or None."""
        table = self._tables.get(channel_id)
        if table is None or table.state is TableState.CLOSED:
            return None
        return table

    def require(self, channel_id: int) -> Table:
        """The open table of a channel; :class:`TableError` if there is none."""
        table = self.get(channel_id)
        if table is None:
            raise TableError(text("table.none_here"))
        return table

    def current(self, channel_id: int) -> Table | None:
        """The open table of a channel, or one that closed under its lock, still held; None if
        neither.

        The change that closed such a table may still be being written, and should that write
        fail the table is put back open (see :mod:`host.journal`): a caller that acts on the
        channel's table takes its lock and looks at its state again."""
        table = self._tables.get(channel_id)
        if table is None or (table.state is TableState.CLOSED and not table.lock.locked()):
            return None
        return table

    def get_or_open(self, channel_id: int, guild_id: int | None = None, game: str | None = None) -> Table:
        """The :meth:`current` table of a channel, opening a new lobby if there is none (a new
        table in place of one whose closing is still being written would leave that game out
        of reach, should the write fail). The caller takes the lock, and opens a new table if
        the table is still closed then. A new table plays ``game`` (default: the registry's
        default game)."""
        table = self.current(channel_id)
        if table is None:
            table = Table(
                channel_id,
                guild_id,
                game=game,
                seed_source=self._seed_source,
                id_source=self._id_source,
            )
            table.timer_scale = self.timer_scale
            self._tables[channel_id] = table
        return table

    def discard(self, channel_id: int) -> None:
        """Forget a channel's table (a resume that failed halfway)."""
        self._tables.pop(channel_id, None)

    def tables(self) -> list[Table]:
        """Every open table."""
        return [t for t in self._tables.values() if t.state is not TableState.CLOSED]
