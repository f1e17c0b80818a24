"""Between rounds and at the end: who deals next (RULES section 5) and who wins (section 6)."""

from __future__ import annotations

from collections.abc import Sequence

from .tricks import round_score

__all__ = ["lowest_score_dealer", "round_score", "winners"]


def lowest_score_dealer(totals: Sequence[int], last_scores: Sequence[int], dealer: int) -> int:
    """The next dealer under ``first_lead="lowest_score"``.

    The seat with the lowest total; if tied, the tied seat with the lowest score in the round
    just played; if still tied, the first tied seat clockwise from the current ``dealer``,
    starting with the seat after the dealer and ending with the dealer itself.
    """
    players = len(totals)
    if len(last_scores) != players or not 0 <= dealer < players:
        raise ValueError("totals, last_scores and dealer must describe the same seats")
    lowest = min(totals)
    tied = [seat for seat in range(players) if totals[seat] == lowest]
    if len(tied) == 1:
        return tied[0]
    lowest_round = min(last_scores[seat] for seat in tied)
    tied = [seat for seat in tied if last_scores[seat] == lowest_round]
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if seat in tied:
            return seat
    raise AssertionError("unreachable: some seat has the lowest total")


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total (players tied on it share the win)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
