"""A table's state as one value: what the journal puts back when a write fails, what it stores
beside the game's log, and what a resume rebuilds a table from.

:class:`TableRecord` holds everything a table change may alter (its state, game, seats, options,
turn clock (:class:`~host.table.clock.ClockRecord`), takeovers). ``TableRecord.of(table)`` takes
it (the game copied: the table plays on), ``record.restore(table)`` puts it back,
``record.stored_options()`` is the JSON stored with a game (the facts a resumed game needs besides
its seed, rules, seats and log) and ``TableRecord.of_stored(...)`` reads a stored game back,
raising ``ValueError`` for data that does not make a table. The Discord layer's message ids
are not part of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from host.catalog import DEFAULT_LANGUAGE, Words, render
from host.storage.finished import stored_levels
from host.storage.records import GameRecord, LobbyRecord, SeatRecord, TimerRecord
from host.table.clock import ClockRecord
from host.table.effects import TakeoverAsk
from host.table.queries import TableQueries
from host.table.seats import TIMER_CHOICES, Seat, TableState, stored_seat_name
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
    clock: ClockRecord
    """The turn clock: timer, deadline, timeouts and away players (:class:`TurnClock`)."""
    takeovers: Mapping[int, Seat]
    takeover_requests: Mapping[int, TakeoverAsk]
    vacated: Mapping[int, tuple[int, str]]
    rematch_of: int | None = None
    """A rematch lobby's game (see :mod:`host.rematch`); kept with the lobby, not the game."""
    lobby_timer: str | None = None
    """A rematch lobby's turn timer; kept with the lobby, not the game."""
    rematch_order: tuple[int, ...] = ()
    """A rematch lobby's seat order; kept with the lobby, not the game."""
    lobby_id: str | None = None
    """The lobby's id (a /stop confirmation of the lobby names it); None: the table keeps its
    own (a stored game does not know it)."""

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
            clock=table.clock.snapshot(),
            takeovers=dict(table.takeovers),
            takeover_requests=dict(table.takeover_requests),
            vacated=dict(table.vacated),
            rematch_of=table.rematch_of,
            lobby_timer=table.lobby_timer,
            lobby_id=table.lobby_id,
            rematch_order=table.rematch_order,
        )

    def restore(self, table: TableQueries) -> None:
        """Put ``table`` in this state (it gets a copy of the game: the record stays as it is)."""
        table.state = self.state
        table.match = self.match.copy() if self.match is not None else None
        table.game_id = self.game_id
        table.storage_id = self.storage_id
        table.seats = list(self.seats)
        table.chosen = dict(self.chosen)
        table.clock.restore(self.clock)
        table.takeovers = dict(self.takeovers)
        table.takeover_requests = dict(self.takeover_requests)
        table.vacated = dict(self.vacated)
        table.rematch_of = self.rematch_of
        table.lobby_timer = self.lobby_timer
        table.rematch_order = self.rematch_order
        if self.lobby_id is not None:
            table.lobby_id = self.lobby_id

    def stored_options(self) -> str:
        """The table facts a resumed game needs besides seed, rules, seats and log (JSON)."""
        return options_json(self)

    def lobby_options(self) -> str:
        """A lobby's stored options (JSON): the game's options asked for so far, the lobby's id
        and its computer seats; a rematch's lobby also the game it replays, its turn timer and
        its seat order."""
        stored: dict[str, object] = {
            "options": dict(self.chosen),
            "lobby_id": self.lobby_id,
            "bots": bot_levels(self.seats),
        }
        if self.rematch_of is not None:
            stored["rematch_of"] = self.rematch_of
        if self.lobby_timer is not None:
            stored["timer"] = self.lobby_timer
        if self.rematch_order:
            stored["rematch_order"] = list(self.rematch_order)
        return json.dumps(stored)

    @classmethod
    def of_stored_lobby(cls, lobby: LobbyRecord, levels: Sequence[str]) -> TableRecord:
        """The state of the lobby table of a stored ``lobby`` (its game's computer ``levels``);
        ``ValueError`` (or ``TypeError``) if the stored data does not make a lobby. What a
        lobby keeps only to be nice (its id, the rematch it is, its timer) is dropped if it is
        not of the right kind: the lobby still opens."""
        options = stored_json(lobby.options)
        lobby_id = options.get("lobby_id")
        rematch_of = options.get("rematch_of")
        if not isinstance(rematch_of, int) or isinstance(rematch_of, bool):
            rematch_of = None
        timer = options.get("timer")
        order = options.get("rematch_order")
        if not isinstance(order, list) or not all(type(seated) is int for seated in order):
            order = []
        return cls(
            state=TableState.LOBBY,
            match=None,
            game_id=None,
            storage_id=None,
            seats=tuple(stored_seats(lobby.seats, stored_bots(options, levels))),
            chosen=_chosen(options),
            clock=ClockRecord(),
            takeovers={},
            takeover_requests={},
            vacated={},
            # a Rematch click after the restart finds its lobby
            rematch_of=rematch_of,
            lobby_timer=timer if isinstance(timer, str) and timer in TIMER_CHOICES else None,
            rematch_order=tuple(order) if rematch_of is not None else (),
            # a /stop confirmation sent before the restart still matches
            lobby_id=lobby_id if isinstance(lobby_id, str) and lobby_id else None,
        )

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
            clock=ClockRecord(
                timer_seconds=float(timer) if isinstance(timer, int | float) else None,
                deadline=turn.due_at if turn is not None else None,
                # the wait the timer (or, without one, no timer) belongs to is the current one
                deadline_key=match.stage if match.awaiting else None,
                reminded=turn is not None and turn.reminded_at is not None,
                away=away_seats,
                timeouts={int(seat): int(count) for seat, count in _object(options, "timeouts").items()},
            ),
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


def _chosen(options: Mapping[str, Any]) -> dict[str, object]:
    """The game options a stored lobby asked for (a release before the game protocol stored
    Stick'em's ``preset`` and ``rounds`` at the top level: the same options by name)."""
    chosen = options.get("options")
    if isinstance(chosen, dict):
        return {str(name): value for name, value in chosen.items()}
    return {name: options[name] for name in ("preset", "rounds") if options.get(name) is not None}


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


def stored_shown_names(record: GameRecord) -> tuple[Words, ...]:
    """The names of a stored game's seats, each shown in its reader's language (a replay): a
    person's as stored, a computer's full name from its stored parts (:func:`stored_seat_name`)."""
    levels = stored_levels(record.options)
    return tuple(
        stored_seat_name(seat.display_name, computer=seat.user_id is None, level=levels.get(at))
        for at, seat in enumerate(record.seats)
    )


def stored_names(record: GameRecord, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """:func:`stored_shown_names` as a reader of ``language`` reads them."""
    return tuple(render(name, language) for name in stored_shown_names(record))


def options_json(facts: TableRecord | TableQueries) -> str:
    """The table facts a resumed game needs besides seed, rules, seats and log (JSON), of a
    record or of a table as it is now: read where they are, without the copy of the game that
    :meth:`TableRecord.of` makes."""
    return json.dumps(options_facts(facts))


def options_facts(facts: TableRecord | TableQueries) -> dict[str, object]:
    """What :func:`options_json` writes, before it is JSON: two tables whose facts are equal
    store the same options (the journal compares them at every write and makes the JSON only
    when they changed)."""
    clock = facts.clock
    return {
        "game_id": facts.game_id,
        "bots": bot_levels(facts.seats),
        "timer": clock.timer_seconds,
        "away": sorted(clock.away),
        "timeouts": {str(seat): count for seat, count in sorted(clock.timeouts.items())},
        "takeovers": {str(seat): [s.user_id, s.name] for seat, s in sorted(facts.takeovers.items())},
        "asks": {
            str(user): [ask.name, list(ask.seats)]
            for user, ask in sorted(facts.takeover_requests.items())
        },
        "vacated": {str(seat): list(who) for seat, who in sorted(facts.vacated.items())},
    }
