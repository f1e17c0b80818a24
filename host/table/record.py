"""A table's state as one value: what the journal puts back when a write fails, what it stores
beside the game's log, and what a resume rebuilds a table from.

:class:`TableRecord` holds everything a table change may alter (its state, game, seats, options,
turn timer, away players, takeovers). ``TableRecord.of(table)`` takes it (the game copied: the
table plays on), ``record.restore(table)`` puts it back, ``record.stored_options()`` is the JSON
stored with a game (the facts a resumed game needs besides its seed, rules, seats and log) and
``TableRecord.of_stored(...)`` reads a stored game back, raising ``ValueError`` for data that does
not make a table. The Discord layer's message ids are not part of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from host.catalog import DEFAULT_LANGUAGE, render
from host.storage.finished import stored_levels
from host.storage.records import GameRecord, SeatRecord, TimerRecord
from host.table.effects import TakeoverAsk
from host.table.queries import TableQueries
from host.table.seats import Seat, TableState, stored_seat_name
from tabletop import Match

TURN_TIMER = "turn"
"""The stored timer kind of the turn timer (seat None: it covers every seat awaited)."""


@dataclass(frozen=True)
class TableRecord:
    """Everything a table change may alter, as one value (see the module's docstring)."""

    state: TableState
    match: Match | None
    game_id: str | None
    storage_id: int | None
    seats: tuple[Seat, ...]
    chosen: Mapping[str, object]
    timer_seconds: float | None
    deadline: datetime | None
    deadline_key: str | None
    reminded: bool
    away: frozenset[int]
    timeouts: Mapping[int, int]
    takeovers: Mapping[int, Seat]
    takeover_requests: Mapping[int, TakeoverAsk]
    vacated: Mapping[int, tuple[int, str]]
    rematch_of: int | None = None
    """A rematch lobby's game (see :mod:`host.rematch`); kept with the lobby, not the game."""
    lobby_timer: str | None = None
    """A rematch lobby's turn timer; kept with the lobby, not the game."""

    @classmethod
    def of(cls, table: TableQueries) -> TableRecord:
        """The state of ``table`` now (its game copied: the table plays on)."""
        return cls(
            state=table.state,
            match=table.match.copy() if table.match is not None else None,
            game_id=table.game_id,
            storage_id=table.storage_id,
            seats=tuple(table.seats),
            chosen=dict(table.chosen),
            timer_seconds=table.timer_seconds,
            deadline=table.deadline,
            deadline_key=table.deadline_key,
            reminded=table.reminded,
            away=frozenset(table.away),
            timeouts=dict(table.timeouts),
            takeovers=dict(table.takeovers),
            takeover_requests=dict(table.takeover_requests),
            vacated=dict(table.vacated),
            rematch_of=table.rematch_of,
            lobby_timer=table.lobby_timer,
        )

    def restore(self, table: TableQueries) -> None:
        """Put ``table`` in this state (it gets a copy of the game: the record stays as it is)."""
        table.state = self.state
        table.match = self.match.copy() if self.match is not None else None
        table.game_id = self.game_id
        table.storage_id = self.storage_id
        table.seats = list(self.seats)
        table.chosen = dict(self.chosen)
        table.timer_seconds = self.timer_seconds
        table.deadline = self.deadline
        table.deadline_key = self.deadline_key
        table.reminded = self.reminded
        table.away = set(self.away)
        table.timeouts = dict(self.timeouts)
        table.takeovers = dict(self.takeovers)
        table.takeover_requests = dict(self.takeover_requests)
        table.vacated = dict(self.vacated)
        table.rematch_of = self.rematch_of
        table.lobby_timer = self.lobby_timer

    def stored_options(self) -> str:
        """The table facts a resumed game needs besides seed, rules, seats and log (JSON)."""
        return options_json(self)

    @classmethod
    def of_stored(
        cls,
        record: GameRecord,
        timers: Sequence[TimerRecord],
        match: Match,
        levels: Sequence[str],
    ) -> TableRecord:
        """The state of the playing table of a stored game: its ``record``, its ``timers`` and
        its ``match`` (replayed from the log); ``levels``: the game's computer levels.
        ``ValueError`` if the stored data does not make a table."""
        options = stored_json(record.options)
        game_id = options.get("game_id")
        if not isinstance(game_id, str) or not game_id:
            raise ValueError("the stored game has no table game id")
        bots = stored_bots(options, levels)
        if any(seat.user_id is None and index not in bots for index, seat in enumerate(record.seats)):
            raise ValueError("a seat without a Discord user")
        timer = options.get("timer")
        away = options.get("away")
        listed = away if isinstance(away, list) else []
        away_seats = frozenset(seat for seat in listed if isinstance(seat, int))
        asks = {
            int(user): TakeoverAsk(str(name), tuple(int(seat) for seat in seats))
            for user, (name, seats) in _object(options, "asks").items()
        }
        for seat, (user, name) in _object(options, "requests").items():  # as stored before seat choice
            asks.setdefault(int(user), TakeoverAsk(str(name), (int(seat),)))
        turn = next((t for t in timers if t.kind == TURN_TIMER), None)
        return cls(
            state=TableState.PLAYING,
            match=match,
            game_id=game_id,
            storage_id=record.id,
            seats=tuple(stored_seats(record.seats, bots)),
            chosen={},
            timer_seconds=float(timer) if isinstance(timer, int | float) else None,
            deadline=turn.due_at if turn is not None else None,
            # the wait the timer (or, without one, no timer) belongs to is the current one
            deadline_key=match.stage if match.awaiting else None,
            reminded=turn is not None and turn.reminded_at is not None,
            away=away_seats,
            timeouts={int(seat): int(count) for seat, count in _object(options, "timeouts").items()},
            takeovers={
                int(seat): Seat(int(user), str(name))
                for seat, (user, name) in _object(options, "takeovers").items()
            },
            takeover_requests=asks,
            vacated={
                int(seat): (int(user), str(name))
                for seat, (user, name) in _object(options, "vacated").items()
            },
        )


def bot_levels(seats: Sequence[Seat]) -> dict[str, str]:
    """The computer seats and their levels, for the stored options (JSON keys are text)."""
    return {str(index): seat.level for index, seat in enumerate(seats) if seat.level is not None}


def stored_json(text: str) -> dict[str, Any]:
    """Stored options (a JSON object), or ``ValueError``."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("options are not a JSON object")
    return data


def _object(options: Mapping[str, Any], key: str) -> dict[str, Any]:
    """A JSON object stored under ``key`` of the options (empty if absent)."""
    value = options.get(key) or {}
    if not isinstance(value, dict):
        raise ValueError(f"the stored {key} are not a JSON object")
    return value


def stored_bots(options: Mapping[str, Any], known: Sequence[str]) -> dict[int, str]:
    """The computer seats stored in a game's or lobby's options (each of a ``known`` level)."""
    bots = options.get("bots") or {}
    if not isinstance(bots, dict):
        raise ValueError("the computer seats are not a JSON object")
    levels = {int(seat): str(level) for seat, level in bots.items()}
    if any(level not in known for level in levels.values()):
        raise ValueError("a computer seat has an unknown level")
    return levels


def stored_seats(records: Sequence[SeatRecord], bots: Mapping[int, str]) -> list[Seat]:
    """The seats of stored seat records, the computer seats (``bots``) with their levels."""
    return [
        Seat(0, seat.display_name, bots[index])
        if index in bots
        else Seat(seat.user_id or 0, seat.display_name)
        for index, seat in enumerate(records)
    ]


def stored_names(record: GameRecord, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The names of a stored game's seats as a reader of ``language`` reads them (a replay):
    a person's as stored, a computer's full name from its stored parts (:func:`stored_seat_name`)."""
    levels = stored_levels(record.options)
    names = (
        stored_seat_name(seat.display_name, computer=seat.user_id is None, level=levels.get(at))
        for at, seat in enumerate(record.seats)
    )
    return tuple(render(name, language) for name in names)


def options_json(facts: TableRecord | TableQueries) -> str:
    """The table facts a resumed game needs besides seed, rules, seats and log (JSON), of a
    record or of a table as it is now: read where they are, without the copy of the game that
    :meth:`TableRecord.of` makes (the journal asks for them at every write)."""
    return json.dumps({
        "game_id": facts.game_id,
        "bots": bot_levels(facts.seats),
        "timer": facts.timer_seconds,
        "away": sorted(facts.away),
        "timeouts": {str(seat): count for seat, count in sorted(facts.timeouts.items())},
        "takeovers": {str(seat): [s.user_id, s.name] for seat, s in sorted(facts.takeovers.items())},
        "asks": {
            str(user): [ask.name, list(ask.seats)]
            for user, ask in sorted(facts.takeover_requests.items())
        },
        "vacated": {str(seat): list(who) for seat, who in sorted(facts.vacated.items())},
    })
