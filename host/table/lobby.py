"""The lobby: join, leave, computer players, options, and the start of the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from host.catalog import Words, lazy
from host.table.clicks import TableClicks
from host.table.effects import (
    Effect,
    LobbyClosed,
    Outcome,
    Prompt,
    PromptRetired,
    ShowLobby,
    ShowTable,
)
from host.table.seats import (
    DEFAULT_TIMER,
    TIMER_CHOICES,
    Seat,
    TableError,
    TableState,
    bot_base_names,
    bot_seat,
    timer_seconds,
)
from host.text import as_sentence, joined
from tabletop import OptionError, OptionValue


class TableLobby(TableClicks):
    """A table's lobby, and the start of its game."""

    # --- lobby ------------------------------------------------------------------------------

    def join(self, user_id: int, name: str, seat: str | None = None) -> Outcome:
        """Seat ``user_id`` at the end of the lobby; during a game, ask to take over a computer
        seat (``seat``: the one wanted, by number or name; see
        :meth:`~host.table.takeover.TakeoverDesk.request`)."""
        if self.state is TableState.PLAYING:
            return self.takeover_desk.request(user_id, name, seat)
        if self.state is TableState.CLOSED:
            raise TableError(lazy("table.closed_use_join"))
        if self.seat_of(user_id) is not None:
            raise TableError(lazy("table.already_seated"))
        if len(self.seats) >= self.capacity():
            raise TableError(lazy("table.full", players=self.capacity()))
        self.seats.append(Seat(user_id, name))
        reply = [lazy("lobby.joined", title=self.title, seat=len(self.seats))]
        if len(self.seats) == 1:
            reply.append(lazy("lobby.you_are_host"))
        if seat is not None:
            reply.append(lazy("lobby.seat_option_unused"))
        return Outcome(joined(reply), (ShowLobby(),), len(self.seats) - 1)

    def leave(self, user_id: int) -> Outcome:
        """Remove ``user_id`` from the lobby; the table closes when nobody is left."""
        seat = self._require_seat(user_id)
        if self.state is TableState.PLAYING:  # the computer plays the seat: its DM prompt is dead
            outcome = self._replace_by_bot(seat)
            retired = PromptRetired(seat, user_id, lazy("prompt.you_left"))
            return replace(outcome, effects=(retired, *outcome.effects))
        del self.seats[seat]
        if not any(not s.is_bot for s in self.seats):
            self.seats.clear()
            self.state = TableState.CLOSED
            return Outcome(lazy("lobby.left_closed"), (LobbyClosed(lazy("lobby.everybody_left")),))
        return Outcome(lazy("lobby.left"), (ShowLobby(),))

    def add_bot(self, user_id: int, level: str | None = None, *, is_admin: bool = False) -> Outcome:
        """Seat a computer player of ``level`` (default: the stand-in level; the host or a
        server manager only, as /start: who plays with whom is the host's choice)."""
        self._require_lobby()
        if user_id != self.host_id and not is_admin:
            raise TableError(lazy("lobby.only_host_adds", host=self._the_host()))
        if len(self.seats) >= self.capacity():
            raise TableError(lazy("table.full", players=self.capacity()))
        seat = bot_seat(level or self.stand_in_level, bot_base_names(self.seats), self.spec.levels)
        self.seats.append(seat)
        return Outcome(lazy("lobby.computer_joined", name=seat.shown, seat=len(self.seats)), (ShowLobby(),))

    def remove_bot(self, user_id: int, *, is_admin: bool = False) -> Outcome:
        """Remove the last computer player of the lobby (the host or a server manager only)."""
        self._require_lobby()
        if user_id != self.host_id and not is_admin:
            raise TableError(lazy("lobby.only_host_removes", host=self._the_host()))
        bots = [index for index, seat in enumerate(self.seats) if seat.is_bot]
        if not bots:
            raise TableError(lazy("lobby.no_computer"))
        removed = self.seats.pop(bots[-1])
        return Outcome(lazy("lobby.computer_left", name=removed.shown), (ShowLobby(),))

    def _the_host(self) -> Words:
        """The host as a refusal names them: "the host (alice)"."""
        seat = self.host_seat
        if seat is None:
            return lazy("lobby.the_host")
        return lazy("lobby.the_host_named", name=self.seats[seat].shown)

    def _require_lobby(self) -> None:
        if self.state is TableState.PLAYING:
            raise TableError(lazy("lobby.already_started"))
        if self.state is TableState.CLOSED:
            raise TableError(lazy("table.closed_use_join"))

    def resolve(self, options: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The game's options for the lobby's choices with ``options`` on top (:class:`TableError`
        with the game's reason for one it does not allow)."""
        try:
            return self.spec.resolve_options({**self.chosen, **(options or {})})
        except OptionError as exc:  # the game's refusal, in the reader's language when shown
            raise TableError(as_sentence(exc.message)) from exc

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
        the lobby's :attr:`lobby_timer`, else :data:`DEFAULT_TIMER`)."""
        self._require_lobby()
        if user_id != self.host_id and not is_admin:
            raise TableError(lazy("lobby.only_host_starts"))
        # An option given empty or zero (a forged or outdated command) is refused, not taken
        # for "not given".
        timer = (self.lobby_timer or DEFAULT_TIMER) if timer is None else timer
        if timer not in TIMER_CHOICES:
            raise TableError(lazy("lobby.choose_timer", timers=", ".join(TIMER_CHOICES)))
        resolved = self.resolve(options)
        low, high = self.spec.player_range(resolved)
        seats = list(self.seats)
        if fill_to is not None:
            if fill_to < 1:
                raise TableError(lazy("lobby.choose_players", low=low, high=high))
            if fill_to > high:
                raise TableError(lazy("lobby.at_most", title=self.title, high=high))
            level = bot_level or self.stand_in_level
            while len(seats) < fill_to:
                seats.append(bot_seat(level, bot_base_names(seats), self.spec.levels))
        try:
            match = self.spec.new_match(len(seats), resolved, self._seed_source())
        except OptionError as exc:  # the game's refusal, e.g. too few players for the options
            raise TableError(as_sentence(exc.message)) from exc
        self.seats = seats
        seconds = timer_seconds(timer)
        self.timer_seconds = None if seconds is None else seconds * self.timer_scale
        self.chosen = {**self.chosen, **(options or {})}
        self.match = match
        self.game_id = self._id_source()
        self.state = TableState.PLAYING
        started = lazy("lobby.started")
        effects: list[Effect] = [LobbyClosed(started), ShowTable(new_message=True)]
        effects += [Prompt(seat) for seat in match.awaiting if not self.is_auto(seat)]
        effects += self.new_hands()
        return Outcome(started, tuple(effects), self.seat_of(user_id))
