"""The tables: one Stick'em table per Discord channel, from the lobby to the final standings.

A :class:`Table` knows who sits where, who is host, which rules were asked for and the running
:class:`stickem.Game`. Its methods check only what is not a rule of the game ("you are not seated",
"only the host can start", "this hand is out of date") and leave every rule decision to the engine,
whose :class:`stickem.RuleError` passes through unchanged. Each method returns an :class:`Outcome`:
the short reply for the player who acted and the *effects* (what the channel and the players must
now be shown). Nothing here talks to Discord, so all of it is testable with plain function calls;
the cogs execute the effects.

Callers hold :attr:`Table.lock` around a method call and the execution of its effects, so that two
clicks at the same moment are applied one after the other and shown in order.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import Enum

from bot import limits
from bot.errors import UserError, sentence
from bot.table_lock import TableLock
from stickem import Card, Game, Phase, Rules, View
from stickem.events import (
    Event,
    GameOver,
    RoundScored,
    RoundStarted,
    TrickSetAside,
    TrickWon,
)


class TableError(UserError):
    """A refusal by the table itself (not a rule of the game); its text is shown to the player."""


class TableState(Enum):
    """Where a table is in its life."""

    LOBBY = "lobby"
    PLAYING = "playing"
    CLOSED = "closed"


@dataclass(frozen=True)
class Seat:
    """A seated player: the Discord user and the name shown at the table.

    A computer player has a ``level`` (one of :data:`stickem.ai.LEVELS`) and ``user_id`` 0: it
    never matches a Discord user."""

    user_id: int
    name: str
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a computer player sits here."""
        return self.level is not None


BOT_NAMES = ("Ada", "Bea", "Cal", "Dot", "Eli", "Fox", "Gil", "Hal", "Ivo")
"""First names of the computer players, given in this order to the bots of a table."""

BOT_LEVELS = ("random", "normal", "hard")
"""The computer player levels (the same as :data:`stickem.ai.LEVELS`)."""

TAKEOVER_LEVEL = "normal"
"""The level that plays for an absent player (timer, away, left)."""

TIMER_CHOICES: dict[str, int | None] = {"off": None, "30s": 30, "60s": 60, "2min": 120, "5min": 300}
"""The turn timers /start offers (seconds; None: no timer)."""

DEFAULT_TIMER = "2min"

AWAY_AFTER = 2
"""Timeouts in a row after which a seat is marked away."""


def bot_seat(level: str, taken: set[str]) -> Seat:
    """A computer player of ``level`` with the first name not in ``taken``."""
    if level not in BOT_LEVELS:
        raise TableError(f"There is no computer level {level!r}; choose one of {', '.join(BOT_LEVELS)}.")
    first = next((n for n in BOT_NAMES if f"Bot {n}" not in taken), str(len(taken) + 1))
    return Seat(0, f"Bot {first} ({level})", level)


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
class TableRoundOver:
    """Edit the table message into the end of its round: the last trick and who took it."""

    last_trick: TrickWon | TrickSetAside | None
    scored: RoundScored


@dataclass(frozen=True)
class PromptMisery:
    """Give ``seat`` its new hand and the misery choice (a DM, or a channel mention)."""

    seat: int


@dataclass(frozen=True)
class PromptTurn:
    """Tell ``seat`` it is its turn, with its hand as buttons (a DM, or a channel mention)."""

    seat: int


@dataclass(frozen=True)
class RoundEnded:
    """Post the round's scores."""

    scored: RoundScored


@dataclass(frozen=True)
class GameEnded:
    """Post the final standings."""

    over: GameOver


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
    | TableRoundOver
    | PromptMisery
    | PromptTurn
    | RoundEnded
    | GameEnded
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


@dataclass
class MessageRefs:
    """The ids of the messages a table keeps editing."""

    lobby_id: int | None = None
    table_id: int | None = None
    prompts: dict[int, PromptRef] = field(default_factory=dict)


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


def max_seats() -> int:
    """The most players any rule preset allows: the size of a lobby."""
    return max(Rules.preset(name).max_players for name in Rules.PRESETS)


class Table:
    """One channel's table: its lobby, then its game, then closed."""

    def __init__(
        self,
        channel_id: int,
        guild_id: int | None = None,
        *,
        seed_source: Callable[[], int] = _new_seed,
        id_source: Callable[[], str] = _new_game_id,
    ) -> None:
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.seats: list[Seat] = []
        self.preset = "classic"
        self.rounds: int | None = None
        self.state = TableState.LOBBY
        self.game: Game | None = None
        self.game_id: str | None = None
        self.lobby_id = _new_lobby_id()
        self.storage_id: int | None = None
        """The stored game's id once the game is saved (see :mod:`bot.persistence`)."""
        self.dm_closed: set[int] = set()
        self.messages = MessageRefs()
        self.lock = TableLock()
        self.timer_scale = 1.0
        """Multiplies the chosen turn timer (tests run with a small one, see ``TURN_TIMER_SCALE``)."""
        self.timer_seconds: float | None = None
        """The turn timer of the running game (None: off)."""
        self.deadline: datetime | None = None
        """When the seat(s) awaited now time out (UTC), if a timer runs."""
        self.deadline_key: tuple[object, ...] | None = None
        """The turn the deadline belongs to (see :meth:`turn_key`)."""
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
    def host_id(self) -> int | None:
        """The host: the first seated human (None when no human is seated)."""
        return next((seat.user_id for seat in self.seats if not seat.is_bot), None)

    @property
    def host_seat(self) -> int | None:
        """The seat of the host (None when no human is seated)."""
        return next((index for index, seat in enumerate(self.seats) if not seat.is_bot), None)

    def is_auto(self, seat: int) -> bool:
        """Whether the computer plays ``seat`` (a computer seat, or a player marked away)."""
        return self.seats[seat].is_bot or seat in self.away

    def level_of(self, seat: int) -> str:
        """The computer level that plays ``seat`` (``normal`` for an away player)."""
        return self.seats[seat].level or TAKEOVER_LEVEL

    def bot_seed(self, seat: int) -> int:
        """The seed of the computer player at ``seat``: fixed per game and seat (reproducible)."""
        game = self.running_game()
        return (game.seed * 1_000_003 + seat * 7919 + 1) % (1 << 63)

    def auto_seats(self) -> list[int]:
        """The awaited seats the computer plays now, in order."""
        if self.state is not TableState.PLAYING or self.game is None:
            return []
        return [seat for seat in self.game.awaiting if self.is_auto(seat)]

    def turn_key(self) -> tuple[object, ...] | None:
        """What the current wait is for: the misery choice of a round, or one turn of a trick."""
        game = self.game
        if self.state is not TableState.PLAYING or game is None or not game.awaiting:
            return None
        if game.phase is Phase.MISERY:
            return (game.round, "misery")
        return (game.round, game.trick_number, len(game.view(None).trick))

    def refresh_deadline(self, now: datetime) -> bool:
        """Start the turn timer when a new wait for a human began; whether the deadline changed.

        A wait that goes on keeps its deadline, whoever leaves or comes back meanwhile; it only
        gets one when a human is awaited in it and it had none (an away player came back), and
        loses it when no human is awaited any more. A new deadline has not been reminded of yet."""
        key = self.turn_key()
        humans = self.game is not None and any(
            not self.is_auto(seat) for seat in self.game.awaiting
        )
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
        if self.state is not TableState.PLAYING or self.game is None:
            return []
        return [seat for seat in self.game.awaiting if not self.is_auto(seat)]

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

    def rules(self) -> Rules:
        """The rules the game uses (or will use, in the lobby)."""
        if self.game is not None:
            return self.game.rules
        return _make_rules(self.preset, self.rounds)

    def running_game(self) -> Game:
        """The game being played; :class:`TableError` if there is none."""
        if self.state is not TableState.PLAYING or self.game is None:
            raise TableError("No game is running at this table. Use /join to open one.")
        return self.game

    def public_view(self) -> View:
        """What everyone may see of the running game."""
        return self.running_game().view(None)

    def running_view(self) -> View:
        """The public view of the table's game, even once it is over (for the last messages)."""
        if self.game is None:
            raise TableError("No game has been played at this table.")
        return self.game.view(None)

    def seat_view(self, user_id: int) -> tuple[int, View]:
        """The seat of ``user_id`` and what that seat may see; :class:`TableError` if not seated."""
        game = self.running_game()
        seat = self._require_seat(user_id)
        return seat, game.view(seat)

    # --- lobby ------------------------------------------------------------------------------

    def join(self, user_id: int, name: str, seat: str | None = None) -> Outcome:
        """Seat ``user_id`` at the end of the lobby; during a game, ask to take over a computer
        seat (``seat``: the one wanted, by number or name; see :meth:`request_takeover`)."""
        if self.state is TableState.PLAYING:
            return self.request_takeover(user_id, name, seat)
        if self.state is TableState.CLOSED:
            raise TableError("This table is closed. Use /join to open a new one.")
        if self.seat_of(user_id) is not None:
            raise TableError("You are already seated at this table.")
        if len(self.seats) >= max_seats():
            raise TableError(f"The table is full ({max_seats()} players).")
        self.seats.append(Seat(user_id, name))
        host = " You are the host: start the game with /start." if len(self.seats) == 1 else ""
        if seat is not None:
            host += " (The seat option only matters when you take over a computer player in a game.)"
        return Outcome(
            f"You joined the table (seat {len(self.seats)}).{host}",
            (ShowLobby(),),
            len(self.seats) - 1,
        )

    def leave(self, user_id: int) -> Outcome:
        """Remove ``user_id`` from the lobby; the table closes when nobody is left."""
        seat = self._require_seat(user_id)
        if self.state is TableState.PLAYING:
            return self._replace_by_bot(seat)
        del self.seats[seat]
        if not any(not s.is_bot for s in self.seats):
            self.seats.clear()
            self.state = TableState.CLOSED
            return Outcome("You left; the table is closed.", (LobbyClosed("Everybody left."),))
        if not self.seats:
            self.state = TableState.CLOSED
            return Outcome("You left; the table is closed.", (LobbyClosed("Everybody left."),))
        return Outcome("You left the table.", (ShowLobby(),))

    def add_bot(self, user_id: int, level: str = TAKEOVER_LEVEL, *, is_admin: bool = False) -> Outcome:
        """Seat a computer player of ``level`` (the host or a server manager only, as /start:
        who plays with whom is the host's choice)."""
        self._require_lobby()
        self._require_host(user_id, is_admin, "add computer players")
        if len(self.seats) >= max_seats():
            raise TableError(f"The table is full ({max_seats()} players).")
        seat = bot_seat(level, bot_base_names(self.seats))
        self.seats.append(seat)
        return Outcome(f"{seat.name} joined the table (seat {len(self.seats)}).", (ShowLobby(),))

    def remove_bot(self, user_id: int, *, is_admin: bool = False) -> Outcome:
        """Remove the last computer player of the lobby (the host or a server manager only)."""
        self._require_lobby()
        self._require_host(user_id, is_admin, "remove computer players")
        bots = [index for index, seat in enumerate(self.seats) if seat.is_bot]
        if not bots:
            raise TableError("There is no computer player at this table.")
        removed = self.seats.pop(bots[-1])
        return Outcome(f"{removed.name} left the table.", (ShowLobby(),))

    def _require_host(self, user_id: int, is_admin: bool, what: str) -> None:
        """:class:`TableError` naming the host unless ``user_id`` is the host or an admin."""
        if user_id == self.host_id or is_admin:
            return
        host = self.host_seat
        who = f"the host ({self.seats[host].name})" if host is not None else "the host"
        raise TableError(f"Only {who} or a server manager can {what}.")

    def _require_lobby(self) -> None:
        if self.state is TableState.PLAYING:
            raise TableError("The game has already started.")
        if self.state is TableState.CLOSED:
            raise TableError("This table is closed. Use /join to open a new one.")

    def start(
        self,
        user_id: int,
        *,
        is_admin: bool = False,
        preset: str | None = None,
        rounds: int | None = None,
        fill_to: int | None = None,
        bot_level: str = TAKEOVER_LEVEL,
        timer: str | None = None,
    ) -> Outcome:
        """Start the game with the seated players (host or admin only).

        ``fill_to`` seats computer players of ``bot_level`` until that many play; ``timer`` is
        one of :data:`TIMER_CHOICES` (default :data:`DEFAULT_TIMER`)."""
        self._require_lobby()
        if user_id != self.host_id and not is_admin:
            raise TableError("Only the host (the first to join) or a server manager can start.")
        # An option given empty or zero (a forged or outdated command) is refused, not taken
        # for "not given".
        timer = DEFAULT_TIMER if timer is None else timer
        if timer not in TIMER_CHOICES:
            raise TableError(f"Choose a turn timer among {', '.join(TIMER_CHOICES)}.")
        rounds = rounds if rounds is not None else self.rounds
        rules = _make_rules(self.preset if preset is None else preset, rounds)
        seats = list(self.seats)
        if fill_to is not None:
            if fill_to < 1:
                raise TableError(f"Choose between 1 and {max_seats()} players.")
            if fill_to > max_seats():
                raise TableError(f"A table has at most {max_seats()} players.")
            while len(seats) < fill_to:
                seats.append(bot_seat(bot_level, bot_base_names(seats)))
        try:
            game = Game.new(len(seats), rules, seed=self._seed_source())
        except ValueError as exc:  # the engine's refusal, e.g. too few players for the rules
            raise TableError(sentence(str(exc))) from exc
        self.seats = seats
        seconds = timer_seconds(timer)
        self.timer_seconds = None if seconds is None else seconds * self.timer_scale
        self.preset = rules.preset
        self.rounds = rounds
        self.game = game
        self.game_id = self._id_source()
        self.state = TableState.PLAYING
        effects: list[Effect] = [LobbyClosed("The game has started."), ShowTable(new_message=True)]
        effects += [PromptMisery(seat) for seat in range(len(self.seats)) if not self.is_auto(seat)]
        return Outcome("The game has started.", tuple(effects), self.seat_of(user_id))

    # --- game actions -------------------------------------------------------------------------

    def check_misery_choice(self, user_id: int, card: Card, *, game_id: str, round: int) -> View:
        """The seat's view, if ``card`` would be accepted now as its misery card of ``round``
        (a card selected, before it is confirmed); else the refusal of the click or of the
        engine (the pick is final, the tricks have started...). The engine decides on a copy of
        the game: nothing changes."""
        game = self.check_click(user_id, game_id, round)
        seat = self._require_seat(user_id)
        game.copy().choose_misery(seat, card)
        return game.view(seat)

    def choose_misery(self, user_id: int, card: Card, *, game_id: str, round: int) -> Outcome:
        """``user_id`` picks ``card`` as misery card of ``round``."""
        game = self.check_click(user_id, game_id, round)
        seat = self._require_seat(user_id)
        events = game.choose_misery(seat, card)
        back = self._acted(seat)
        reply = f"Your misery card for round {round}: {card}."
        return Outcome(reply, back + self._effects_after(events), seat)

    def play(self, user_id: int, card: Card, *, game_id: str, round: int, trick: int) -> Outcome:
        """``user_id`` plays ``card``; the click was on a hand shown for ``trick`` of ``round``."""
        game = self.check_click(user_id, game_id, round)
        seat = self._require_seat(user_id)
        stale = game.phase is Phase.TRICKS and trick != game.trick_number
        if seat in self.away and (seat not in game.awaiting or stale):  # a click in the hand:
            return self.back(user_id)  # back, no move (a fresh hand if it is their turn)
        if stale:
            raise TableError(
                f"This hand is from trick {trick}, which is over; use your latest hand or /hand."
            )
        events = game.play(seat, card)
        back = self._acted(seat)
        return Outcome(f"You played {card}.", back + self._effects_after(events), seat)

    def _acted(self, seat: int) -> tuple[Effect, ...]:
        """A player acted: their timeouts are forgotten and, if away, they are back."""
        self.timeouts.pop(seat, None)
        if seat not in self.away:
            return ()
        self.away.discard(seat)  # their turns are timed again (see refresh_deadline)
        return (Notice(f"{self.seats[seat].name} is back."),)

    def back(self, user_id: int) -> Outcome:
        """/back: an away player takes their seat back from the computer."""
        if self.state is TableState.LOBBY:
            raise TableError(
                "The game has not started yet: /back is for a player the computer plays for "
                "during a game."
            )
        self.running_game()
        seat = self._require_seat(user_id)
        if seat not in self.away:
            raise TableError("You are not marked away.")
        notice = self._acted(seat)
        effects: list[Effect] = list(notice)
        game = self.game
        assert game is not None
        if seat in game.awaiting:  # their turn, now timed: the table shows its deadline
            effects.append(ShowTable())
            effects.append(PromptMisery(seat) if game.phase is Phase.MISERY else PromptTurn(seat))
        return Outcome("Welcome back: you play your own cards again.", tuple(effects), seat)

    def auto_move(self, seat: int, card: Card, *, timed_out: bool = False) -> Outcome:
        """The computer's move for ``seat`` (a computer seat, an away player, or a timeout)."""
        game = self.running_game()
        before = self.seats[seat].name
        misery = game.phase is Phase.MISERY
        events = game.choose_misery(seat, card) if misery else game.play(seat, card)
        notices: list[Effect] = []
        if timed_out:
            count = self.timeouts.get(seat, 0) + 1
            self.timeouts[seat] = count
            user = self.seats[seat].user_id
            if count >= AWAY_AFTER:
                self.away.add(seat)
                notices.append(Notice(
                    f"<@{user}> ran out of time {count} times in a row and is marked away: the "
                    "computer plays for you until you use /back or click a card in your hand.",
                    ping=user,
                ))
            else:
                notices.append(Notice(f"Time is up for {before}: the computer played for them."))
        return Outcome("", tuple(notices) + self._effects_after(events), seat)

    def _replace_by_bot(self, seat: int) -> Outcome:
        """A player leaves the running game: a computer player takes the seat."""
        old = self.seats[seat]
        bot = bot_seat(TAKEOVER_LEVEL, bot_base_names(self.seats))
        self.seats[seat] = bot
        self.vacated[seat] = (old.user_id, old.name)
        self.away.discard(seat)
        self.timeouts.pop(seat, None)
        if self.host_id is None:  # the last human left: the game goes on only with people
            self.state = TableState.CLOSED
            assert self.game is not None
            return Outcome(
                "You left; nobody is left at the table, so the game is stopped.",
                (GameStopped(old.name, tuple(self.game.totals)),),
            )
        effects: list[Effect] = [
            Notice(f"{old.name} left the game; {bot.name} plays their seat from now on."),
            ShowTable(),
        ]
        return Outcome(f"You left the game; {bot.name} plays your seat.", tuple(effects))

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
        label = f"seat {seat + 1}: {self.seats[seat].name}"
        if seat in self.vacated:
            label += f", {self.vacated[seat][1]}'s seat until they left"
        return label

    def find_seat(self, choice: str) -> int:
        """The seat a player means by ``choice``: its number ("3", "#3", "seat 3") or the name of
        who sits there ("Bot Ada (normal)", "Bot Ada", "Ada", "bob"; any case)."""
        text = " ".join(choice.lower().split())
        numbered = re.fullmatch(r"(?:seat\s*)?#?\s*(\d+)", text)
        if numbered is not None:
            # Parsed only when short: Python refuses to turn over 4,300 digits into an int.
            digits = numbered.group(1).lstrip("0") or "0"
            number = int(digits) if len(digits) <= len(str(len(self.seats))) else None
            if number is None or not 1 <= number <= len(self.seats):
                raise TableError(
                    f"There is no seat {limits.echo(digits)}: seats go from 1 to {len(self.seats)}."
                    f"{self._free_hint()}"
                )
            return number - 1
        for index, seat in enumerate(self.seats):
            full = seat.name.lower()
            base = full.split(" (")[0]
            if text in (full, base) or (seat.is_bot and text == base.removeprefix("bot ")):
                return index
        raise TableError(f"There is no seat called {limits.echo(choice.strip())!r}.{self._free_hint()}")

    def _free_hint(self) -> str:
        free = self.takeover_seats()
        if not free:
            return " No computer seat is free to take over now."
        return " Computer seats you can take over: " + "; ".join(self.seat_label(s) for s in free) + "."

    def request_takeover(self, user_id: int, name: str, choice: str | None = None) -> Outcome:
        """/join during a game: ask the host to let ``user_id`` take over a computer seat.

        ``choice`` names the seat (number or name, :meth:`find_seat`); a seat that is not a free
        computer seat is refused with the list of those that are. Without a choice: the seat
        the newcomer left earlier in this game if it is free, else the only free computer seat,
        else the host chooses among all free ones (one Approve button each)."""
        if self.seat_of(user_id) is not None:
            raise TableError("You are already seated at this table.")
        self._require_next_round()
        promised = next((seat for seat, taker in self.takeovers.items() if taker.user_id == user_id), None)
        if promised is not None:
            raise TableError(
                f"The host already gave you {self.seats[promised].name}'s seat: it is yours when "
                "the next round starts."
            )
        free = self.takeover_seats()
        if not free:
            raise TableError("A game is already running at this table; wait for the next one.")
        seats: tuple[int, ...]
        if choice is not None and choice.strip():
            seats = (self._check_free(self.find_seat(choice)),)
        else:
            own = [seat for seat in free if seat in self.vacated and self.vacated[seat][0] == user_id]
            seats = tuple(own[:1] or free)
        self.takeover_requests[user_id] = TakeoverAsk(name, seats)
        if len(seats) == 1:
            reply = (
                f"You asked to take over {self.seats[seats[0]].name}'s seat (seat {seats[0] + 1}); "
                "the host has to approve. You take it when the next round starts."
            )
        else:
            reply = (
                "You asked to take over a computer seat; the host chooses which one and approves. "
                "You take it when the next round starts. (To ask for a given one, use "
                "/join seat:<number or name>.)"
            )
        return Outcome(reply, (TakeoverRequest(user_id, name, seats),))

    def _check_free(self, seat: int) -> int:
        """``seat`` if a newcomer may ask for it, else a friendly refusal saying why not."""
        occupant = self.seats[seat]
        if seat in self.takeover_seats():
            return seat
        if occupant.is_bot:
            taker = self.takeovers[seat].name
            reason = f"{occupant.name}'s seat (seat {seat + 1}) is already promised to {taker}."
        elif seat in self.away:
            reason = (
                f"Seat {seat + 1} is {occupant.name}'s: they are away for now and get it back with "
                "/back, so it is not free."
            )
        else:
            reason = f"Seat {seat + 1} is {occupant.name}'s, not a computer player's."
        raise TableError(reason + self._free_hint())

    def approve_takeover(self, user_id: int, seat: int, taker_id: int, *, is_admin: bool = False) -> Outcome:
        """The host lets ``taker_id`` take computer seat ``seat`` when the next round starts."""
        self.running_game()
        if user_id != self.host_id and not is_admin:
            raise TableError("Only the host can approve this.")
        ask = self.takeover_requests.get(taker_id)
        if ask is None or seat not in ask.seats or self.seat_of(taker_id) is not None:
            raise TableError("That request is no longer open.")
        self._require_next_round()
        if not self.seats[seat].is_bot:
            raise TableError(f"Seat {seat + 1} is no longer a computer seat; choose another one.")
        if seat in self.takeovers:
            raise TableError(
                f"{self.takeovers[seat].name} already takes over seat {seat + 1}; choose another one."
            )
        del self.takeover_requests[taker_id]
        self.takeovers[seat] = Seat(taker_id, ask.name)
        bot = self.seats[seat].name
        return Outcome(
            f"Approved: {ask.name} takes over {bot}'s seat (seat {seat + 1}) when the next round starts.",
            (Notice(f"{ask.name} takes over {bot}'s seat from the next round on."),),
        )

    def _require_next_round(self) -> None:
        """A takeover happens when the next round starts: refuse it in the last round."""
        game = self.running_game()
        if game.round >= game.rounds:
            raise TableError(
                "This is the last round of the game, so no seat changes hands any more; "
                "join the next game instead."
            )

    def _apply_takeovers(self) -> list[Effect]:
        """At a round's start, approved players take their computer seats."""
        effects: list[Effect] = []
        for seat, taker in sorted(self.takeovers.items()):
            if self.seat_of(taker.user_id) is None and self.seats[seat].is_bot:
                effects.append(Notice(f"{taker.name} takes over {self.seats[seat].name}'s seat."))
                self.seats[seat] = replace(taker)
                self.away.discard(seat)
                self.vacated.pop(seat, None)
                self.takeover_requests.pop(taker.user_id, None)
        self.takeovers.clear()
        return effects

    def check_stop(self, user_id: int, *, is_admin: bool = False) -> str:
        """Check ``user_id`` may stop this table; the id of what to stop (the game, or the lobby)."""
        if self.state is TableState.CLOSED:
            raise TableError("This table is already closed.")
        if user_id != self.host_id and not is_admin:
            raise TableError("Only the host (the first to join) or a server manager can stop.")
        return self.game_id or self.lobby_id

    def stop(self, user_id: int, *, is_admin: bool = False, game_id: str) -> Outcome:
        """End the lobby or the running game early (host or admin, after confirmation).

        ``game_id`` is what :meth:`check_stop` named when the confirmation was asked for."""
        current = self.check_stop(user_id, is_admin=is_admin)
        if game_id != current:
            if game_id == self.lobby_id:
                raise TableError(
                    "The game has started since you asked to stop the lobby, so nothing was "
                    "stopped. Use /stop again to stop the game."
                )
            if is_lobby_id(game_id):
                raise TableError("That lobby is already closed.")
            raise TableError("That game is already over.")
        name = self._name_of(user_id)
        if self.state is TableState.LOBBY:
            self.state = TableState.CLOSED
            return Outcome("The table is closed.", (LobbyClosed(f"Closed by {name}."),))
        assert self.game is not None
        self.state = TableState.CLOSED
        return Outcome(
            "The game is stopped.",
            (GameStopped(name, tuple(self.game.totals)),),
            self.seat_of(user_id),
        )

    def abandon(self) -> None:
        """Close the table at once, with nothing to show (its channel was deleted)."""
        self.state = TableState.CLOSED

    # --- helpers ----------------------------------------------------------------------------

    def _name_of(self, user_id: int) -> str:
        seat = self.seat_of(user_id)
        return self.seats[seat].name if seat is not None else "a server manager"

    def _require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table.")
        return seat

    def check_click(self, user_id: int, game_id: str, round: int) -> Game:
        """The running game, if the click belongs to it and to its current round."""
        if self.state is not TableState.PLAYING or self.game is None or game_id != self.game_id:
            raise TableError("This button belongs to a game that is over.")
        self._require_seat(user_id)
        if round != self.game.round:
            raise TableError(f"These cards are from round {round}, which is over.")
        return self.game

    def _effects_after(self, events: list[Event]) -> tuple[Effect, ...]:
        """What to show after the engine produced ``events``."""
        game = self.game
        assert game is not None
        effects: list[Effect] = []
        last_trick: TrickWon | TrickSetAside | None = None
        round_over = False
        for event in events:
            if isinstance(event, TrickWon | TrickSetAside):
                last_trick = event
            elif isinstance(event, RoundScored):
                round_over = True
                effects.append(TableRoundOver(last_trick, event))
                effects.append(RoundEnded(event))
            elif isinstance(event, GameOver):
                self.state = TableState.CLOSED
                effects.append(GameEnded(event))
            elif isinstance(event, RoundStarted) and round_over:
                effects += self._apply_takeovers()
                effects.append(ShowTable(new_message=True))
                effects += [PromptMisery(seat) for seat in range(len(self.seats)) if not self.is_auto(seat)]
        if not round_over:
            effects.insert(0, ShowTable())
        playing = game.phase is Phase.TRICKS and self.state is TableState.PLAYING
        if playing and not self.is_auto(game.awaiting[0]):
            effects.append(PromptTurn(game.awaiting[0]))
        return tuple(effects)


def timer_seconds(choice: str) -> int | None:
    """The seconds of a timer choice (:class:`TableError` for an unknown one)."""
    if choice not in TIMER_CHOICES:
        raise TableError(f"Choose a turn timer among {', '.join(TIMER_CHOICES)}.")
    return TIMER_CHOICES[choice]


def _make_rules(preset: str, rounds: int | None) -> Rules:
    try:
        if rounds is None:
            return Rules.preset(preset)
        return Rules.preset(preset, rounds=rounds)
    except ValueError as exc:
        raise TableError(sentence(str(exc))) from exc


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
            raise TableError("There is no table in this channel. Use /join to open one.")
        return table

    def current(self, channel_id: int) -> Table | None:
        """The open table of a channel, or one that closed under its lock, still held; None if
        neither.

        The change that closed such a table may still be being written, and should that write
        fail the table is put back open (see :mod:`bot.persistence`): a caller that acts on the
        channel's table takes its lock and looks at its state again."""
        table = self._tables.get(channel_id)
        if table is None or (table.state is TableState.CLOSED and not table.lock.locked()):
            return None
        return table

    def get_or_open(self, channel_id: int, guild_id: int | None = None) -> Table:
        """The :meth:`current` table of a channel, opening a new lobby if there is none (a new
        table in place of one whose closing is still being written would leave that game out
        of reach, should the write fail). The caller takes the lock, and opens a new table if
        the table is still closed then."""
        table = self.current(channel_id)
        if table is None:
            table = Table(channel_id, guild_id, seed_source=self._seed_source, id_source=self._id_source)
            table.timer_scale = self.timer_scale
            self._tables[channel_id] = table
        return table

    def discard(self, channel_id: int) -> None:
        """Forget a channel's table (a resume that failed halfway)."""
        self._tables.pop(channel_id, None)

    def tables(self) -> list[Table]:
        """Every open table."""
        return [t for t in self._tables.values() if t.state is not TableState.CLOSED]
