"""What the ``hard`` search maximizes: the chance of winning the game, not the round's points.

A search ends each iteration with the round's scores ``final`` (one per seat). The *round*
objective rewards a seat with its score minus the mean of the others. The *game* objective adds
the totals before this round and asks how likely the seat is to finish first:

- the margin to each opponent at the end of this round is ``totals + final`` of the seat minus
  the opponent's;
- the rounds still to come add noise to every margin: normal, of standard deviation
  ``ROUND_SPREAD`` per round (measured: the difference of two seats' round scores in 4-player
  ``amigo`` games of ``normal`` players has a standard deviation of about 23 points), plus
  ``FINAL_SPREAD`` so that a tie in the last round is worth a half;
- the chance of beating one opponent is ``Phi(margin / spread)`` and of finishing first the
  product over the opponents (as if the margins were independent);
- the chance is weighed by the spread (``CHANCE_UNIT``), and a small share (``TIE_BREAK``) of
  the round objective breaks ties between moves that leave the chance unchanged (a game
  already won or lost is still played for points).

So in the last rounds a leader prefers the card that keeps the lead most often (safe), and a
trailer the card that catches up most often, even if it costs points on average (risky); with
many rounds left the reward is nearly linear in the points, as before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

OBJECTIVES: tuple[str, ...] = ("game", "round")
"""``game``: the chance of finishing first; ``round``: the round's score difference."""

ROUND_SPREAD = 20.0
"""Standard deviation of one later round's score difference between two seats."""

FINAL_SPREAD = 1.5
"""Spread of the margin after the last round: a tie is worth a half, a 3-point lead ~0.98."""

TIE_BREAK = 0.05
"""Weight of the round objective (in ``reward_scale`` units) beside the chance of winning."""

CHANCE_UNIT = 8.0
"""A spread (points) at which a chance of 1 counts as 1 reward unit; wider spreads weigh more.

With rounds to come a point changes the chance of winning little, so the chance is weighed by
``max(1, spread / CHANCE_UNIT)``: the search's exploration (tuned on the round objective) then
still tells moves a few points apart, early in the game as late.
"""


def round_reward(final: Sequence[int], seat: int, inv_scale: float) -> float:
    """Return the round objective: the seat's score minus the others' mean, scaled."""
    players = len(final)
    others = (sum(final) - final[seat]) / (players - 1)
    return (final[seat] - others) * inv_scale


class GameObjective:
    """The game objective for one decision: totals before the round and rounds still to come."""

    __slots__ = ("_inv_scale", "_inv_spread", "_players", "_totals", "_weight")

    def __init__(self, totals: Sequence[int], rounds_left: int, reward_scale: float) -> None:
        if rounds_left < 0:
            raise ValueError(f"rounds_left must not be negative, not {rounds_left}")
        spread = math.sqrt(FINAL_SPREAD**2 + rounds_left * ROUND_SPREAD**2)
        self._inv_spread = 1.0 / (spread * math.sqrt(2.0))
        self._weight = max(1.0, spread / CHANCE_UNIT)
        self._inv_scale = 1.0 / reward_scale
        self._totals = list(totals)
        self._players = len(totals)

    def win_chance(self, final: Sequence[int], seat: int) -> float:
        """Return the estimated chance that ``seat`` finishes first after this round's ``final``."""
        totals = self._totals
        mine = totals[seat] + final[seat]
        erf = math.erf
        scale = self._inv_spread
        chance = 1.0
        for other in range(self._players):
            if other != seat:
                chance *= 0.5 + 0.5 * erf((mine - totals[other] - final[other]) * scale)
        return chance

    def reward(self, final: Sequence[int], seat: int) -> float:
        """Return the seat's reward: its chance of winning plus the round objective's tie-break."""
        return self._weight * self.win_chance(final, seat) + TIE_BREAK * round_reward(
            final, seat, self._inv_scale
        )
