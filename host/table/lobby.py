"""The lobby: join, leave, computer players, options, and the start of the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from host.catalog import Words, lazy
from host.table.effects import (
    Effect,
    LobbyClosed,
    LobbyInPlace,
    Outcome,
    Prompt,
    PromptRetired,
    ShowLobby,
    ShowTable,
)
from host.table.play import TablePlay
from host.table.queries import TableQueries
from host.table.rematch_seats import place_in
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
from host.table.takeover import TakeoverDesk
from host.text import as_sentence, joined
from tabletop import OptionError, OptionValue


@dataclass(frozen=True)
class LobbyClick:
    """``user_id``'s click on a button of the lobby message (``action``: ``join``, ``addbot``,
    ``leave``, else ``start``); ``name``: the name they join with; ``is_admin``: they manage
    the server (they may add a computer player or start in the host's stead)."""

    user_id: int
    action: str
    name: str
    is_admin: bool = False


class TableLobby:
    """A table's lobby, and the start of its game. A part the table holds (``table.lobby``),
    given the table's fields and queries (:class:`~host.table.queries.TableQueries`), its play
    (:class:`~host.table.play.TablePlay`: a person leaving a running game, the first hands) and
    its takeover desk (:class:`~host.table.takeover.TakeoverDesk`: a takeover asked for with
    /join)."""

    def __init__(self, table: TableQueries, play: TablePlay, takeover_desk: TakeoverDesk) -> None:
        self.table = table
        self.play = play
        self.takeover_desk = takeover_desk

    # --- lobby ------------------------------------------------------------------------------

    def click(self, click: LobbyClick) -> Outcome:
        """A button of the lobby message, answered by that message in place
        (:class:`LobbyInPlace`): the lobby as the change left it, which the
        :class:`ShowLobby` / :class:`LobbyClosed` of the change would show again, so they are
        the answer and not effects of their own (the other effects, a started game's table and
        prompts, stay)."""
        if click.action == "join":
            outcome = self.join(click.user_id, click.name)
        elif click.action == "addbot":
            outcome = self.add_bot(click.user_id, is_admin=click.is_admin)
        elif click.action == "leave":
            outcome = self.leave(click.user_id)
        else:
            outcome = self.start(click.user_id, is_admin=click.is_admin)
        reason = next((effect.reason for effect in outcome.effects if isinstance(effect, LobbyClosed)), None)
        effects = tuple(e for e in outcome.effects if not isinstance(e, ShowLobby | LobbyClosed))
        return replace(outcome, effects=effects, answer=LobbyInPlace(reason))

    def join(self, user_id: int, name: str, seat: str | None = None) -> Outcome:
        """Seat ``user_id`` at the end of the lobby (a player of a rematch's game at their old
        place, see :mod:`host.table.rematch_seats`); during a game, ask to take over a computer
        seat (``seat``: the one wanted, by number or name; see
        :meth:`~host.table.takeover.TakeoverDesk.request`)."""
        table = self.table
        if table.state is TableState.PLAYING:
            return self.takeover_desk.request(user_id, name, seat)
        if table.state is TableState.CLOSED:
            raise TableError(lazy("table.closed_use_join"))
        if table.seat_of(user_id) is not None:
            raise TableError(lazy("table.already_seated"))
        if len(table.seats) >= table.capacity():
            raise TableError(lazy("table.full", players=table.capacity()))
        place = place_in(table.seats, table.rematch_order, user_id)  # a rematch: the old place
        table.seats.insert(place, Seat(user_id, name))
        reply = [lazy("lobby.joined", title=table.title, seat=place + 1)]
        if len(table.seats) == 1:
            reply.append(lazy("lobby.you_are_host"))
        if seat is not None:
            reply.append(lazy("lobby.seat_option_unused"))
        return Outcome(joined(reply), (ShowLobby(),), place)

    def leave(self, user_id: int) -> Outcome:
        """Remove ``user_id`` from the lobby; the table closes when nobody is left."""
        table = self.table
        seat = table._require_seat(user_id)
        if table.state is TableState.PLAYING:  # the computer plays the seat: its DM prompt is dead
            outcome = self.play.replace_by_bot(seat)
            retired = PromptRetired(seat, user_id, lazy("prompt.you_left"))
            return replace(outcome, effects=(retired, *outcome.effects))
        del table.seats[seat]
        if not any(not s.is_bot for s in table.seats):
            table.seats.clear()
            table.state = TableState.CLOSED
            return Outcome(lazy("lobby.left_closed"), (LobbyClosed(lazy("lobby.everybody_left")),))
        return Outcome(lazy("lobby.left"), (ShowLobby(),))

    def add_bot(self, user_id: int, level: str | None = None, *, is_admin: bool = False) -> Outcome:
        """Seat a computer player of ``level`` (default: the stand-in level; the host or a
        server manager only, as /start: who plays with whom is the host's choice)."""
        table = self.table
        self._require_lobby()
        if user_id != table.host_id and not is_admin:
            raise TableError(lazy("lobby.only_host_adds", host=self._the_host()))
        if len(table.seats) >= table.capacity():
            raise TableError(lazy("table.full", players=table.capacity()))
        seat = bot_seat(level or table.stand_in_level, bot_base_names(table.seats), table.spec.levels)
        table.seats.append(seat)
        return Outcome(lazy("lobby.computer_joined", name=seat.shown, seat=len(table.seats)), (ShowLobby(),))

    def remove_bot(self, user_id: int, *, is_admin: bool = False) -> Outcome:
        """Remove the last computer player of the lobby (the host or a server manager only)."""
        table = self.table
        self._require_lobby()
        if user_id != table.host_id and not is_admin:
            raise TableError(lazy("lobby.only_host_removes", host=self._the_host()))
        bots = [index for index, seat in enumerate(table.seats) if seat.is_bot]
        if not bots:
            raise TableError(lazy("lobby.no_computer"))
        removed = table.seats.pop(bots[-1])
        return Outcome(lazy("lobby.computer_left", name=removed.shown), (ShowLobby(),))

    def _the_host(self) -> Words:
        """The host as a refusal names them: "the host (alice)"."""
        table = self.table
        seat = table.host_seat
        if seat is None:
            return lazy("lobby.the_host")
        return lazy("lobby.the_host_named", name=table.seats[seat].shown)

    def _require_lobby(self) -> None:
        table = self.table
        if table.state is TableState.PLAYING:
            raise TableError(lazy("lobby.already_started"))
        if table.state is TableState.CLOSED:
            raise TableError(lazy("table.closed_use_join"))

    def resolve(self, options: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The game's options for the lobby's choices with ``options`` on top (:class:`TableError`
        with the game's reason for one it does not allow)."""
        table = self.table
        try:
            return table.spec.resolve_options({**table.chosen, **(options or {})})
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
        table = self.table
        self._require_lobby()
        if user_id != table.host_id and not is_admin:
            raise TableError(lazy("lobby.only_host_starts"))
        # An option given empty or zero (a forged or outdated command) is refused, not taken
        # for "not given".
        timer = (table.lobby_timer or DEFAULT_TIMER) if timer is None else timer
        if timer not in TIMER_CHOICES:
            raise TableError(lazy("lobby.choose_timer", timers=", ".join(TIMER_CHOICES)))
        resolved = self.resolve(options)
        low, high = table.spec.player_range(resolved)
        seats = list(table.seats)
        if fill_to is not None:
            if fill_to < 1:
                raise TableError(lazy("lobby.choose_players", low=low, high=high))
            if fill_to > high:
                raise TableError(lazy("lobby.at_most", title=table.title, high=high))
            level = bot_level or table.stand_in_level
            while len(seats) < fill_to:
                seats.append(bot_seat(level, bot_base_names(seats), table.spec.levels))
        try:
            match = table.spec.new_match(len(seats), resolved, table._seed_source())
        except OptionError as exc:  # the game's refusal, e.g. too few players for the options
            raise TableError(as_sentence(exc.message)) from exc
        table.seats = seats
        table.clock.set_timer(timer_seconds(timer))
        table.chosen = {**table.chosen, **(options or {})}
        table.match = match
        table.game_id = table._id_source()
        table.state = TableState.PLAYING
        started = lazy("lobby.started")
        effects: list[Effect] = [LobbyClosed(started), ShowTable(new_message=True)]
        effects += [Prompt(seat) for seat in match.awaiting if not table.is_auto(seat)]
        effects += self.play.new_hands()
        return Outcome(started, tuple(effects), table.seat_of(user_id))
