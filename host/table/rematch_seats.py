"""Where a person sits in a rematch lobby: at their place round the finished game's table.

A rematch keeps the finished game's seat order as players expect it: everyone has the same
neighbours and plays after the same player as before. The order goes round the table from the
person who opened the rematch (its host, so the first seat; when the old first seat opens it,
the order is exactly the finished game's). Its computer seats sit down at once; each person who
comes back, by the Rematch button or by joining as in any lobby, takes their old place among the
seats there; anyone who did not play sits at the end, as in any lobby. Nobody who comes back
sits down before the lobby's host, though (the host is the first person seated): when the host
who opened the rematch left and a later one took over, a returning player whose old place is
before the new host's seat takes the first fitting place after it, and the host stays the host.
"""

from __future__ import annotations

from collections.abc import Sequence

from host.table.seats import Seat

COMPUTER = 0
"""A computer seat in a rematch's seat order (a person is their user id)."""


def round_from(seats: Sequence[Seat], user_id: int) -> tuple[Seat, ...]:
    """``seats`` (a finished game's) round the table from ``user_id``'s: the same circle."""
    start = next((i for i, seat in enumerate(seats) if not seat.is_bot and seat.user_id == user_id), 0)
    return (*seats[start:], *seats[:start])


def seat_order(seats: Sequence[Seat]) -> tuple[int, ...]:
    """A rematch's seat order as a lobby keeps it: each seat's user id, :data:`COMPUTER` for a
    computer seat."""
    return tuple(COMPUTER if seat.is_bot else seat.user_id for seat in seats)


def place_in(seats: Sequence[Seat], order: Sequence[int], user_id: int) -> int:
    """Where ``user_id`` joining the lobby ``seats`` sits: before the first seat after the
    host's (the first person's) that comes after theirs in the rematch's seat ``order`` (empty:
    no rematch), else at the end; never at or before the host's seat, so that joining never
    takes the host from anyone. The lobby's computer seats are the order's computer seats in
    turn (the host may remove the last ones or add more, which come after every place of the
    order)."""
    if user_id == COMPUTER or user_id not in order:
        return len(seats)
    host = next((index for index, seat in enumerate(seats) if not seat.is_bot), -1)  # -1: nobody yet
    mine = order.index(user_id)
    computers = [index for index, seated in enumerate(order) if seated == COMPUTER]
    computer = 0
    for index, seat in enumerate(seats):
        if seat.is_bot:
            rank = computers[computer] if computer < len(computers) else len(order)
            computer += 1
        else:
            rank = order.index(seat.user_id) if seat.user_id in order else len(order)
        if rank > mine and index > host:
            return index
    return len(seats)
