"""A table's fields (its whole state as it stands) and what it says of itself: who sits where,
which game, which options, what each seat sees. No change is made here."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from host.catalog import DEFAULT_LANGUAGE, Words, lazy
from host.table.clock import TurnClock
from host.table.effects import TakeoverAsk
from host.table.ids import (
    _new_game_id,
    _new_lobby_id,
    _new_seed,
)
from host.table.seats import (
    Seat,
    TableError,
    TableState,
)
from host.table_lock import TableLock
from tabletop import GameSpec, Match, OptionError, OptionValue, registry
from tabletop.catalog import Text
from tabletop.presentation import Presentation


class TableQueries:
    """A table's fields and its queries."""

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
        self.rematch_of: int | None = None
        self.rematch_order: tuple[int, ...] = ()
        """A rematch lobby's game and seat order (:mod:`host.rematch`); else None and ()."""
        self.lobby_timer: str | None = None
        """The timer a start without one takes (a rematch's is its game's; None: the default)."""
        self.lock = TableLock()
        self.clock = TurnClock()
        """The turn clock: the timer, its deadline, timeouts per seat and who is away."""
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
    def title(self) -> str | Text:
        """The name of the table's game, as players read it (a catalog text: in the reader's
        language)."""
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

    @property
    def away(self) -> set[int]:
        """The seats whose player is away (the turn clock's: :attr:`TurnClock.away`)."""
        return self.clock.away

    def is_auto(self, seat: int) -> bool:
        """Whether the computer plays ``seat`` (a computer seat, or a player marked away)."""
        return self.seats[seat].is_bot or self.clock.is_away(seat)

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
        """Start the turn timer when a new wait for a human began; whether the deadline changed
        (the turn clock decides: :meth:`TurnClock.refresh`)."""
        match = self.match
        humans = match is not None and any(not self.is_auto(seat) for seat in match.awaiting)
        return self.clock.refresh(self.turn_key(), humans, now)

    def timed_out_seats(self) -> list[int]:
        """The awaited human seats (not away) that the timer plays for when it runs out."""
        if self.state is not TableState.PLAYING or self.match is None:
            return []
        return [seat for seat in self.match.awaiting if not self.is_auto(seat)]

    @property
    def names(self) -> tuple[str, ...]:
        """The seated players' names in seat order, in English (a computer's too: "Bot Ada
        (hard)"); a reader sees them in their language (:meth:`names_in`)."""
        return self.names_in(DEFAULT_LANGUAGE)

    @property
    def shown_names(self) -> tuple[Words, ...]:
        """The seated players' names in seat order, each shown in its reader's language (a
        computer's level is a word of the catalog: :attr:`Seat.shown`)."""
        return tuple(seat.shown for seat in self.seats)

    def names_in(self, language: str) -> tuple[str, ...]:
        """The seated players' names in seat order, as a reader of ``language`` reads them."""
        return tuple(seat.shown_in(language) for seat in self.seats)

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
            raise TableError(lazy("table.no_game_running"))
        return self.match

    def public_view(self) -> object:
        """What everyone may see of the running game."""
        return self.running_match().view(None)

    def last_view(self) -> object:
        """The public view of the table's game, even once it is over (for the last messages)."""
        if self.match is None:
            raise TableError(lazy("table.no_game_played"))
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

    def _name_of(self, user_id: int) -> Words:
        seat = self.seat_of(user_id)
        return self.seats[seat].shown if seat is not None else lazy("table.server_manager")

    def _require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError(lazy("table.not_seated"))
        return seat
