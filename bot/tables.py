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

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from bot.errors import UserError, sentence
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
    """A seated player: the Discord user and the name shown at the table."""

    user_id: int
    name: str


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
)


@dataclass(frozen=True)
class Outcome:
    """The result of a table action: a reply for the player who acted, and what to show."""

    reply: str
    effects: tuple[Effect, ...] = ()
    seat: int | None = None


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
        self.lock = asyncio.Lock()
        self._seed_source = seed_source
        self._id_source = id_source

    # --- queries ---------------------------------------------------------------------------

    @property
    def host_id(self) -> int | None:
        """The host: the first seated player (None in an empty lobby)."""
        return self.seats[0].user_id if self.seats else None

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

    def join(self, user_id: int, name: str) -> Outcome:
        """Seat ``user_id`` at the end of the lobby."""
        if self.state is TableState.PLAYING:
            raise TableError("A game is already running at this table; wait for the next one.")
        if self.state is TableState.CLOSED:
            raise TableError("This table is closed. Use /join to open a new one.")
        if self.seat_of(user_id) is not None:
            raise TableError("You are already seated at this table.")
        if len(self.seats) >= max_seats():
            raise TableError(f"The table is full ({max_seats()} players).")
        self.seats.append(Seat(user_id, name))
        host = " You are the host: start the game with /start." if len(self.seats) == 1 else ""
        return Outcome(
            f"You joined the table (seat {len(self.seats)}).{host}",
            (ShowLobby(),),
            len(self.seats) - 1,
        )

    def leave(self, user_id: int) -> Outcome:
        """Remove ``user_id`` from the lobby; the table closes when nobody is left."""
        if self.state is TableState.PLAYING:
            raise TableError("The game has started: you can't leave it. The host can /stop it.")
        seat = self._require_seat(user_id)
        del self.seats[seat]
        if not self.seats:
            self.state = TableState.CLOSED
            return Outcome("You left; the table is closed.", (LobbyClosed("Everybody left."),))
        return Outcome("You left the table.", (ShowLobby(),))

    def start(
        self,
        user_id: int,
        *,
        is_admin: bool = False,
        preset: str | None = None,
        rounds: int | None = None,
    ) -> Outcome:
        """Start the game with the seated players (host or admin only)."""
        if self.state is TableState.PLAYING:
            raise TableError("The game has already started.")
        if self.state is TableState.CLOSED:
            raise TableError("This table is closed. Use /join to open a new one.")
        if user_id != self.host_id and not is_admin:
            raise TableError("Only the host (the first to join) or a server manager can start.")
        rules = _make_rules(preset or self.preset, rounds if rounds is not None else self.rounds)
        try:
            game = Game.new(len(self.seats), rules, seed=self._seed_source())
        except ValueError as exc:  # the engine's refusal, e.g. too few players for the rules
            raise TableError(sentence(str(exc))) from exc
        self.preset = rules.preset
        self.rounds = rounds if rounds is not None else self.rounds
        self.game = game
        self.game_id = self._id_source()
        self.state = TableState.PLAYING
        effects: list[Effect] = [LobbyClosed("The game has started."), ShowTable(new_message=True)]
        effects += [PromptMisery(seat) for seat in range(len(self.seats))]
        return Outcome("The game has started.", tuple(effects), self.seat_of(user_id))

    # --- game actions -------------------------------------------------------------------------

    def choose_misery(self, user_id: int, card: Card, *, game_id: str, round: int) -> Outcome:
        """``user_id`` picks ``card`` as misery card of ``round``."""
        game = self.check_click(user_id, game_id, round)
        seat = self._require_seat(user_id)
        events = game.choose_misery(seat, card)
        reply = f"Your misery card for round {round}: {card}."
        return Outcome(reply, self._effects_after(events), seat)

    def play(self, user_id: int, card: Card, *, game_id: str, round: int, trick: int) -> Outcome:
        """``user_id`` plays ``card``; the click was on a hand shown for ``trick`` of ``round``."""
        game = self.check_click(user_id, game_id, round)
        seat = self._require_seat(user_id)
        if game.phase is Phase.TRICKS and trick != game.trick_number:
            raise TableError(
                f"This hand is from trick {trick}, which is over; use your latest hand or /hand."
            )
        events = game.play(seat, card)
        return Outcome(f"You played {card}.", self._effects_after(events), seat)

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
            if game_id.startswith(LOBBY_ID_PREFIX):
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
                effects.append(ShowTable(new_message=True))
                effects += [PromptMisery(seat) for seat in range(len(self.seats))]
        if not round_over:
            effects.insert(0, ShowTable())
        if game.phase is Phase.TRICKS and self.state is TableState.PLAYING:
            effects.append(PromptTurn(game.awaiting[0]))
        return tuple(effects)


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

    def get_or_open(self, channel_id: int, guild_id: int | None = None) -> Table:
        """The open table of a channel, opening a new lobby if there is none."""
        table = self.get(channel_id)
        if table is None:
            table = Table(channel_id, guild_id, seed_source=self._seed_source, id_source=self._id_source)
            self._tables[channel_id] = table
        return table

    def discard(self, channel_id: int) -> None:
        """Forget a channel's table (a resume that failed halfway)."""
        self._tables.pop(channel_id, None)

    def tables(self) -> list[Table]:
        """Every open table."""
        return [t for t in self._tables.values() if t.state is not TableState.CLOSED]
