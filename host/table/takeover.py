"""Takeovers and stops: a person takes over a computer seat from the next round (approved by
the host), and the host (or a server manager) stops the table."""

from __future__ import annotations

import re
from dataclasses import replace

from host.catalog import CATALOG, Text, lazy
from host.table.effects import (
    Effect,
    GameStopped,
    LobbyClosed,
    Notice,
    Outcome,
    TakeoverAsk,
    TakeoverRequest,
)
from host.table.ids import (
    is_lobby_id,
)
from host.table.queries import TableQueries
from host.table.seats import (
    Seat,
    TableError,
    TableState,
    computer_name,
)
from host.text import echo, joined


class TableTakeovers(TableQueries):
    """A table's takeovers of computer seats, and its stop."""

    def takeover_seats(self) -> list[int]:
        """The computer seats a newcomer may ask for: not yet promised to someone, seats of humans
        who left the game first (a gap left by a person is filled before a computer player the
        host chose is sent away), then the others in seat order.

        A seat marked *away* is not one: it still belongs to its player, who gets it back with
        /back or a click in their hand."""
        free = [index for index, seat in enumerate(self.seats) if seat.is_bot and index not in self.takeovers]
        return sorted(free, key=lambda index: (index not in self.vacated, index))

    def seat_label(self, seat: int) -> Text:
        """A seat as a newcomer chooses it: "seat 3: Bot Ada (normal), bob's seat until they left"."""
        name = self.seats[seat].shown
        if seat in self.vacated:
            return lazy("takeover.seat_label_vacated", number=seat + 1, name=name, left=self.vacated[seat][1])
        return lazy("takeover.seat_label", number=seat + 1, name=name)

    def find_seat(self, choice: str) -> int:
        """The seat a player means by ``choice``: its number ("3", "#3", "seat 3") or the name of
        who sits there ("Bot Ada (normal)", "Bot Ada (schwer)", "Bot Ada", "Ada", "bob"; any case:
        a computer's full name in any language of the catalog)."""
        wanted = " ".join(choice.lower().split())
        numbered = re.fullmatch(r"(?:seat\s*)?#?\s*(\d+)", wanted)
        if numbered is not None:
            # Parsed only when short: Python refuses to turn over 4,300 digits into an int.
            digits = numbered.group(1).lstrip("0") or "0"
            number = int(digits) if len(digits) <= len(str(len(self.seats))) else None
            if number is None or not 1 <= number <= len(self.seats):
                refusal = lazy("takeover.no_seat_number", number=echo(digits), seats=len(self.seats))
                raise TableError(joined((refusal, self._free_hint())))
            return number - 1
        for index, seat in enumerate(self.seats):
            if wanted in _names_of(seat):
                return index
        refusal = lazy("takeover.no_seat_named", name=echo(choice.strip()))
        raise TableError(joined((refusal, self._free_hint())))

    def _free_hint(self) -> Text:
        free = self.takeover_seats()
        if not free:
            return lazy("takeover.none_free")
        return lazy("takeover.free", seats=joined([self.seat_label(s) for s in free], "; "))

    def request_takeover(self, user_id: int, name: str, choice: str | None = None) -> Outcome:
        """/join during a game: ask the host to let ``user_id`` take over a computer seat.

        ``choice`` names the seat (number or name, :meth:`find_seat`); a seat that is not a free
        computer seat is refused with the list of those that are. Without a choice: the seat
        the newcomer left earlier in this game if it is free, else the only free computer seat,
        else the host chooses among all free ones (one Approve button each)."""
        if self.seat_of(user_id) is not None:
            raise TableError(lazy("table.already_seated"))
        self._require_next_round()
        promised = next((seat for seat, taker in self.takeovers.items() if taker.user_id == user_id), None)
        if promised is not None:
            raise TableError(lazy("takeover.already_given", name=self.seats[promised].shown))
        free = self.takeover_seats()
        if not free:
            raise TableError(lazy("takeover.game_running"))
        seats: tuple[int, ...]
        if choice is not None and choice.strip():
            seats = (self._check_free(self.find_seat(choice)),)
        else:
            own = [seat for seat in free if seat in self.vacated and self.vacated[seat][0] == user_id]
            seats = tuple(own[:1] or free)
        self.takeover_requests[user_id] = TakeoverAsk(name, seats)
        if len(seats) == 1:
            reply = lazy("takeover.asked_seat", name=self.seats[seats[0]].shown, seat=seats[0] + 1)
        else:
            reply = lazy("takeover.asked_any")
        return Outcome(reply, (TakeoverRequest(user_id, name, seats),))

    def _check_free(self, seat: int) -> int:
        """``seat`` if a newcomer may ask for it, else a friendly refusal saying why not."""
        occupant = self.seats[seat]
        if seat in self.takeover_seats():
            return seat
        if occupant.is_bot:
            taker = self.takeovers[seat].name
            reason = lazy("takeover.promised", name=occupant.shown, seat=seat + 1, taker=taker)
        elif self.clock.is_away(seat):
            reason = lazy("takeover.seat_away", seat=seat + 1, name=occupant.name)
        else:
            reason = lazy("takeover.seat_human", seat=seat + 1, name=occupant.name)
        raise TableError(joined((reason, self._free_hint())))

    def approve_takeover(self, user_id: int, seat: int, taker_id: int, *, is_admin: bool = False) -> Outcome:
        """The host lets ``taker_id`` take computer seat ``seat`` when the next round starts."""
        self.running_match()
        if user_id != self.host_id and not is_admin:
            raise TableError(lazy("takeover.only_host"))
        ask = self.takeover_requests.get(taker_id)
        if ask is None or seat not in ask.seats or self.seat_of(taker_id) is not None:
            raise TableError(lazy("takeover.request_closed"))
        self._require_next_round()
        if not self.seats[seat].is_bot:
            raise TableError(lazy("takeover.not_computer", seat=seat + 1))
        if seat in self.takeovers:
            raise TableError(lazy("takeover.already_taken", name=self.takeovers[seat].name, seat=seat + 1))
        del self.takeover_requests[taker_id]
        self.takeovers[seat] = Seat(taker_id, ask.name)
        bot = self.seats[seat].shown
        return Outcome(
            lazy("takeover.approved", name=ask.name, computer=bot, seat=seat + 1),
            (Notice(lazy("takeover.approved_notice", name=ask.name, computer=bot)),),
        )

    def _require_next_round(self) -> None:
        """A takeover happens when the next round starts: refuse it in the last round (when
        the game knows its number of rounds)."""
        match = self.running_match()
        if match.rounds is not None and match.round >= match.rounds:
            raise TableError(lazy("takeover.last_round"))

    def _apply_takeovers(self) -> list[Effect]:
        """At a round's start, approved players take their computer seats."""
        effects: list[Effect] = []
        for seat, taker in sorted(self.takeovers.items()):
            if self.seat_of(taker.user_id) is None and self.seats[seat].is_bot:
                computer = self.seats[seat].shown
                effects.append(Notice(lazy("takeover.taken_over", name=taker.name, computer=computer)))
                self.seats[seat] = replace(taker)
                self.clock.forget(seat)
                self.vacated.pop(seat, None)
                self.takeover_requests.pop(taker.user_id, None)
        self.takeovers.clear()
        return effects

    def check_stop(self, user_id: int, *, is_admin: bool = False) -> str:
        """Check ``user_id`` may stop this table; the id of what to stop (the game, or the lobby)."""
        if self.state is TableState.CLOSED:
            raise TableError(lazy("table.already_closed"))
        if user_id != self.host_id and not is_admin:
            raise TableError(lazy("stop.only_host"))
        return self.game_id or self.lobby_id

    def stop(self, user_id: int, *, is_admin: bool = False, game_id: str) -> Outcome:
        """End the lobby or the running game early (host or admin, after confirmation).

        ``game_id`` is what :meth:`check_stop` named when the confirmation was asked for."""
        current = self.check_stop(user_id, is_admin=is_admin)
        if game_id != current:
            if game_id == self.lobby_id:
                raise TableError(lazy("stop.game_started_since"))
            if is_lobby_id(game_id):
                raise TableError(lazy("stop.lobby_already_closed"))
            raise TableError(lazy("stop.game_already_over"))
        name = self._name_of(user_id)
        if self.state is TableState.LOBBY:
            self.state = TableState.CLOSED
            return Outcome(lazy("stop.table_closed"), (LobbyClosed(lazy("stop.closed_by", name=name)),))
        totals = self.running_match().results().totals
        self.state = TableState.CLOSED
        return Outcome(lazy("stop.game_stopped"), (GameStopped(name, totals),), self.seat_of(user_id))

    def abandon(self) -> None:
        """Close the table at once, with nothing to show (its channel was deleted)."""
        self.state = TableState.CLOSED


def _names_of(seat: Seat) -> set[str]:
    """What a player may call ``seat`` by (lower case): a person's name; a computer's first name,
    its name without the level and its full name, in each language of the catalog."""
    if not seat.is_bot:
        return {seat.name.lower()}
    names = {seat.name.lower()}
    for language in CATALOG.languages():
        names.add(computer_name(seat.name, language).lower())
        names.add(seat.shown_in(language).lower())
    return names
