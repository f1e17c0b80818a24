"""A rematch: a new lobby for the same game, with the same seats and options as a finished one.

The final standings of a game carry a Rematch button for :data:`REMATCH_WINDOW` after the game
ended. What a click on it may do is decided here, without Discord:

- only a person who was seated at the end of the game may use it (computer seats come along by
  themselves, at their levels);
- the first click opens the lobby in the game's channel, with every computer seat and the
  clicker; the clicker is its host (the person who wants to play again and is here now: the old
  host may have gone), and starts it as usual (/start or Start);
- the other people who were seated join by clicking Rematch too (or Join, as in any lobby); a
  second click by someone already in the lobby says that it is open;
- the seats keep the finished game's order (:mod:`host.table.rematch_seats`): round the table
  as before, from the host's seat (the first), each person who comes back at their old place
  among the seats there, whenever they join; the computer seats are not seated before them;
- the lobby keeps the game's options (a /start may still change them) and its turn timer (a
  /start without ``timer`` takes it);
- after the window, or while the channel has another table (a lobby or a game), nothing opens.

An offer is rebuilt from the stored game (:meth:`RematchOffer.of_record`), so that a button posted
before a restart works the same way after it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from host.catalog import lazy
from host.storage.finished import stored_levels
from host.storage.records import GameRecord, GameStatus
from host.table.rematch_seats import round_from, seat_order
from host.tables import (
    TIMER_CHOICES,
    Outcome,
    Seat,
    ShowLobby,
    Table,
    TableError,
    TableState,
)
from tabletop import OptionValue, registry

REMATCH_WINDOW = timedelta(minutes=10)
"""How long after a game's end its Rematch button opens a lobby."""


class RematchExpired(TableError):
    """The rematch offer is over (its window passed, or its game is no longer stored)."""


class RematchInvalid(TableError):
    """The click names no rematch this bot offered here (a forged or foreign button)."""


@dataclass(frozen=True)
class RematchOffer:
    """A finished game's offer of a rematch: where, which game, who sat where, with which
    options and turn timer, and when the game ended (the window starts then)."""

    game_id: int
    """The stored game's id (storage's number, as in the button's custom id)."""
    channel_id: int
    game: str
    seats: tuple[Seat, ...]
    options: Mapping[str, OptionValue]
    timer: str | None
    """The game's turn timer as /start names it (a key of :data:`TIMER_CHOICES`), if it had one
    of them."""
    ended_at: datetime

    @classmethod
    def of_table(cls, table: Table, ended_at: datetime) -> RematchOffer | None:
        """The offer of a table whose game just ended (None: it was not stored, or not over)."""
        match = table.match
        if table.storage_id is None or match is None or not match.is_over:
            return None
        return cls(
            game_id=table.storage_id,
            channel_id=table.channel_id,
            game=table.spec.name,
            seats=tuple(table.seats),
            options=dict(match.options),
            timer=timer_choice(table.clock.timer_seconds, table.clock.scale),
            ended_at=ended_at,
        )

    @classmethod
    def of_record(cls, record: GameRecord, timer_scale: float = 1.0) -> RematchOffer:
        """The offer of a stored game (after a restart); :class:`RematchInvalid` for a game that
        did not finish (stopped or running: it had no standings, so no Rematch button)."""
        if record.status is not GameStatus.FINISHED or record.ended_at is None:
            raise RematchInvalid(lazy("rematch.invalid"))
        levels = stored_levels(record.options)
        stand_in = registry.game(record.game).stand_in_level if record.game in registry.names() else "normal"
        seats = tuple(
            Seat(0, seat.display_name, levels.get(index, stand_in))
            if seat.user_id is None
            else Seat(seat.user_id, seat.display_name)
            for index, seat in enumerate(record.seats)
        )
        return cls(
            game_id=record.id,
            channel_id=record.channel_id,
            game=record.game,
            seats=seats,
            options=_json_dict(record.rules),
            timer=timer_choice(_stored_timer(record.options), timer_scale),
            ended_at=record.ended_at,
        )

    def expires_at(self, window: timedelta = REMATCH_WINDOW) -> datetime:
        """When the offer ends."""
        return self.ended_at + window

    def was_seated(self, user_id: int) -> bool:
        """Whether ``user_id`` played a seat of the game (at its end)."""
        return any(not seat.is_bot and seat.user_id == user_id for seat in self.seats)

    def check(self, user_id: int, now: datetime, window: timedelta = REMATCH_WINDOW) -> None:
        """Refuse a click that the offer does not allow whatever the channel holds: too late
        (:class:`RematchExpired`), or by someone who did not play (:class:`TableError`)."""
        if now >= self.expires_at(window):
            raise RematchExpired(lazy("rematch.expired"))
        if not self.was_seated(user_id):
            raise TableError(lazy("rematch.not_seated"))

    def click(self, table: Table, user_id: int, name: str) -> Outcome:
        """A permitted click (see :meth:`check`) at the channel's table ``table``: open the
        rematch lobby in a fresh one, join the one already open, or refuse (the lobby is
        open and the clicker in it, the rematch started, another table is open)."""
        if table.state is TableState.LOBBY and not table.seats:
            return self._open(table, user_id, name)
        if table.rematch_of == self.game_id and table.state is not TableState.CLOSED:
            if table.state is TableState.PLAYING:
                raise TableError(lazy("rematch.started"))
            if table.seat_of(user_id) is not None:
                raise TableError(lazy("rematch.already_open"))
            outcome = table.lobby.join(user_id, name)
            return Outcome(lazy("rematch.joined", title=table.title), outcome.effects, outcome.seat)
        raise TableError(lazy("rematch.channel_busy"))

    def _open(self, table: Table, user_id: int, name: str) -> Outcome:
        """Seat the computer players and the clicker (the host, first) at the fresh table
        ``table``, round the table as the game sat; the others come back to their places."""
        if table.spec.name != self.game:
            raise TableError(lazy("rematch.channel_busy"))
        levels = table.spec.levels
        circle = round_from(self.seats, user_id)  # the finished game's order, from the host
        seats: list[Seat] = []
        for seat in circle:
            if seat.is_bot:
                level = seat.level if seat.level in levels else table.stand_in_level
                seats.append(Seat(0, seat.name, level))
            elif seat.user_id == user_id:
                seats.append(Seat(user_id, name))
        table.seats = seats
        table.rematch_order = seat_order(circle)
        table.chosen = dict(self.options)
        table.rematch_of = self.game_id
        table.lobby_timer = self.timer
        return Outcome(lazy("rematch.opened", title=table.title), (ShowLobby(),), table.seat_of(user_id))


def timer_choice(seconds: float | None, scale: float = 1.0) -> str | None:
    """The /start timer choice of a table's turn timer (``seconds``, multiplied by ``scale``),
    or None when it is not one of :data:`TIMER_CHOICES`."""
    for choice, length in TIMER_CHOICES.items():
        if length is None and seconds is None:
            return choice
        if length is not None and seconds is not None and abs(length * scale - seconds) < 1e-6:
            return choice
    return None


def _json_dict(raw: str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _stored_timer(options: str) -> float | None:
    timer = _json_dict(options).get("timer")
    return float(timer) if isinstance(timer, int | float) else None
