"""What one seat knows during a round, in the compact int card model of :mod:`stickem.ai.core`.

A :class:`Situation` is built only from what the seat has witnessed (its own hand, the revealed
misery cards, every trick played so far), never from other hands, so everything the players in
this package compute from it respects the game's hidden information.
"""

from __future__ import annotations

from dataclasses import dataclass

from stickem.ai.core import color_of, deck_codes, points_table


@dataclass(frozen=True, slots=True)
class Situation:
    """One seat's knowledge of the round at a decision point.

    ``misery`` holds every revealed misery card (and the seat's own pick), None where unknown.
    ``trick`` lists the cards of the current trick in play order, led by ``leader``.
    ``captured`` lists, per seat, the cards it has taken this round (all seen when played).
    ``unseen`` holds the cards that must be in other players' hands.
    ``totals`` are the game's totals before this round (public; empty: all 0) and
    ``rounds_left`` the rounds still to be played after this one.
    """

    players: int
    seat: int
    hand: tuple[int, ...]
    misery: tuple[int | None, ...]
    leader: int
    trick: tuple[int, ...]
    captured: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    unseen: tuple[int, ...]
    nobody_on_zeros: bool
    totals: tuple[int, ...] = ()
    rounds_left: int = 0

    def totals_before(self) -> list[int]:
        """Return every seat's total before this round (0 for each when not given)."""
        return list(self.totals) if self.totals else [0] * self.players

    @property
    def to_play(self) -> int:
        """Return the seat whose turn it is in the current trick."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def misery_colors(self) -> tuple[int | None, ...]:
        """Return each seat's misery color index, None where unknown."""
        return tuple(None if m is None else color_of(m) for m in self.misery)

    def scores_so_far(self) -> list[int]:
        """Return each seat's round score counting only what has been captured so far.

        A seat whose misery card is unknown is scored as if it had no misery color.
        """
        scores = []
        for seat in range(self.players):
            card = self.misery[seat]
            table = points_table(None if card is None else color_of(card))
            penalty = 0 if card is None else card & 31
            scores.append(sum(table[c] for c in self.captured[seat]) - penalty)
        return scores


def unseen_cards(players: int, hand: tuple[int, ...], visible: tuple[int, ...]) -> tuple[int, ...]:
    """Return the deck cards that are neither in ``hand`` nor among the ``visible`` ones."""
    known = set(hand) | set(visible)
    return tuple(c for c in deck_codes(players) if c not in known)
