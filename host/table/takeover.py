"""Takeovers: a person takes over a computer seat from the next round (approved by the host)."""

from __future__ import annotations

import re
from dataclasses import replace

from host.catalog import CATALOG, Text, lazy
from host.table.effects import (
    Effect,
    Notice,
    Outcome,
    TakeoverAsk,
    TakeoverRequest,
)
from host.table.queries import TableQueries
from host.table.seats import (
    Seat,
    TableError,
    computer_name,
)
from host.text import echo, joined


class TakeoverDesk:
    """A table's takeovers of computer seats: who may ask for which seat, the host's approval,
    and the seats changing hands when the next round starts.

    A part the table holds (``table.takeover_desk``); it is given the table's fields and
    queries (:class:`~host.table.queries.TableQueries`), whose ``takeovers`` (the seats
    promised) and ``takeover_requests`` (the open asks) it keeps."""

    def __init__(self, table: TableQueries) -> None:
        self.table = table

    def free_seats(self) -> list[int]:
        """The computer seats a newcomer may ask for: not yet promised to someone, seats of humans
        who left the game first (a gap left by a person is filled before a computer player the
        host chose is sent away), then the others in seat order.

        A seat marked *away* is not one: it still belongs to its player, who gets it back with
        /back or a click in their hand."""
        table = self.table
        free = [seat for seat, who in enumerate(table.seats) if who.is_bot and seat not in table.takeovers]
        return sorted(free, key=lambda seat: (seat not in table.vacated, seat))

    def seat_label(self, seat: int) -> Text:
        """A seat as a newcomer chooses it: "seat 3: Bot Ada (normal), bob's seat until they left"."""
        name = self.table.seats[seat].shown
        vacated = self.table.vacated
        if seat in vacated:
            return lazy("takeover.seat_label_vacated", number=seat + 1, name=name, left=vacated[seat][1])
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
            number = int(digits) if len(digits) <= len(str(len(self.table.seats))) else None
            if number is None or not 1 <= number <= len(self.table.seats):
                refusal = lazy("takeover.no_seat_number", number=echo(digits), seats=len(self.table.seats))
                raise TableError(joined((refusal, self._free_hint())))
            return number - 1
        for index, seat in enumerate(self.table.seats):
            if wanted in _names_of(seat):
                return index
        refusal = lazy("takeover.no_seat_named", name=echo(choice.strip()))
        raise TableError(joined((refusal, self._free_hint())))

    def _free_hint(self) -> Text:
        free = self.free_seats()
        if not free:
            return lazy("takeover.none_free")
        return lazy("takeover.free", seats=joined([self.seat_label(s) for s in free], "; "))

    def request(self, user_id: int, name: str, choice: str | None = None) -> Outcome:
        """/join during a game: ask the host to let ``user_id`` take over a computer seat.

        ``choice`` names the seat (number or name, :meth:`find_seat`); a seat that is not a free
        computer seat is refused with the list of those that are. Without a choice: the seat
        the newcomer left earlier in this game if it is free, else the only free computer seat,
        else the host chooses among all free ones (one Approve button each)."""
        table = self.table
        if table.seat_of(user_id) is not None:
            raise TableError(lazy("table.already_seated"))
        self._require_next_round()
        promised = next((seat for seat, taker in table.takeovers.items() if taker.user_id == user_id), None)
        if promised is not None:
            raise TableError(lazy("takeover.already_given", name=self.table.seats[promised].shown))
        free = self.free_seats()
        if not free:
            raise TableError(lazy("takeover.game_running"))
        seats: tuple[int, ...]
        if choice is not None and choice.strip():
            seats = (self._check_free(self.find_seat(choice)),)
        else:
            own = [seat for seat in free if seat in table.vacated and table.vacated[seat][0] == user_id]
            seats = tuple(own[:1] or free)
        self.table.takeover_requests[user_id] = TakeoverAsk(name, seats)
        if len(seats) == 1:
            reply = lazy("takeover.asked_seat", name=self.table.seats[seats[0]].shown, seat=seats[0] + 1)
        else:
            reply = lazy("takeover.asked_any")
        return Outcome(reply, (TakeoverRequest(user_id, name, seats),))

    def _check_free(self, seat: int) -> int:
        """``seat`` if a newcomer may ask for it, else a friendly refusal saying why not."""
        occupant = self.table.seats[seat]
        if seat in self.free_seats():
            return seat
        if occupant.is_bot:
            taker = self.table.takeovers[seat].name
            reason = lazy("takeover.promised", name=occupant.shown, seat=seat + 1, taker=taker)
        elif self.table.clock.is_away(seat):
            reason = lazy("takeover.seat_away", seat=seat + 1, name=occupant.name)
        else:
            reason = lazy("takeover.seat_human", seat=seat + 1, name=occupant.name)
        raise TableError(joined((reason, self._free_hint())))

    def approve(self, user_id: int, seat: int, taker_id: int, *, is_admin: bool = False) -> Outcome:
        """The host lets ``taker_id`` take computer seat ``seat`` when the next round starts."""
        self.table.running_match()
        if user_id != self.table.host_id and not is_admin:
            raise TableError(lazy("takeover.only_host"))
        ask = self.table.takeover_requests.get(taker_id)
        if ask is None or seat not in ask.seats or self.table.seat_of(taker_id) is not None:
            raise TableError(lazy("takeover.request_closed"))
        self._require_next_round()
        if not self.table.seats[seat].is_bot:
            raise TableError(lazy("takeover.not_computer", seat=seat + 1))
        if seat in self.table.takeovers:
            taker = self.table.takeovers[seat].name
            raise TableError(lazy("takeover.already_taken", name=taker, seat=seat + 1))
        del self.table.takeover_requests[taker_id]
        self.table.takeovers[seat] = Seat(taker_id, ask.name)
        bot = self.table.seats[seat].shown
        return Outcome(
            lazy("takeover.approved", name=ask.name, computer=bot, seat=seat + 1),
            (Notice(lazy("takeover.approved_notice", name=ask.name, computer=bot)),),
        )

    def _require_next_round(self) -> None:
        """A takeover happens when the next round starts: refuse it in the last round (when
        the game knows its number of rounds)."""
        match = self.table.running_match()
        if match.rounds is not None and match.round >= match.rounds:
            raise TableError(lazy("takeover.last_round"))

    def apply(self) -> list[Effect]:
        """At a round's start, approved players take their computer seats."""
        effects: list[Effect] = []
        for seat, taker in sorted(self.table.takeovers.items()):
            if self.table.seat_of(taker.user_id) is None and self.table.seats[seat].is_bot:
                computer = self.table.seats[seat].shown
                effects.append(Notice(lazy("takeover.taken_over", name=taker.name, computer=computer)))
                self.table.seats[seat] = replace(taker)
                self.table.clock.forget(seat)
                self.table.vacated.pop(seat, None)
                self.table.takeover_requests.pop(taker.user_id, None)
        self.table.takeovers.clear()
        return effects


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
