"""What the game (not the round) asks of a seat now: how far it leads or trails, whether this
round can end the game, and so how ``hard`` weighs its own speed against feeding the others.

Everything comes from the seat's view: the completed sticks face up, which seats still hold an
uncompleted stick, the rules. ``hard`` uses it for its discards and draws:

- every seat's completed stick is a point for it; one that still holds its stick this round may
  score, one whose stick is done (or a Free) cannot again this round;
- the game ends after a round in which a seat reaches ``sticks_to_win`` completed sticks, so a
  round is *deciding* when a seat one short still holds its stick;
- a seat that leads plays safe: a card an opponent may pick up costs it more than a little of
  its own speed; a seat that trails late (above all in a deciding round it would lose) takes
  risks: its own chance of completing first counts and feeding the others barely does, since
  without a stick of its own this round it loses anyway.
"""

from __future__ import annotations

from dataclasses import dataclass

from stickgame.views import View

__all__ = ["Stakes", "stakes"]

SAFE_DEFENSE = 8.0
"""How many outs a leader gives up to discard a card one point less dangerous (see ``_danger``)."""
EVEN_DEFENSE = 5.0
"""The same for a seat level with the best of the others."""
RISKY_DEFENSE = 0.0
"""The same for a seat that trails in a deciding round: its own speed is all that counts."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """The seat's standing in the game and the weights ``hard`` plays by.

    ``lead``: its completed sticks minus the most any other seat has (under ``points``
    scoring, its points minus the most points). ``left``: the fewest completed sticks a seat
    still lacks to end the game. ``deciding``: this round can end the game (a seat one short
    still holds its stick). ``desperate``: it trails and this round may be the last, so it must
    complete its stick before the others (the risky line). ``defense``: how many of its own
    outs it gives up per point of danger of a discard to the next seat.
    """

    lead: int
    left: int
    deciding: bool
    desperate: bool
    defense: float


def stakes(view: View) -> Stakes:
    """The stakes of ``view.seat`` (which must be a seat, not the public view)."""
    assert view.seat is not None
    me = view.seat
    counts = [len(done) for done in view.completed]
    goal = view.rules.sticks_to_win
    others = [seat for seat in range(view.players) if seat != me]
    lead = view.totals[me] - max(view.totals[seat] for seat in others)
    left = max(0, goal - max(counts))
    deciding = any(counts[seat] + int(view.has_stick[seat]) >= goal for seat in range(view.players))
    # trailing with the game about to end: only its own speed helps
    desperate = lead < 0 and (deciding or left <= 1)
    if desperate:
        defense = RISKY_DEFENSE
    elif lead > 0:
        defense = SAFE_DEFENSE
    else:
        defense = EVEN_DEFENSE
    return Stakes(lead, left, deciding, desperate, defense)
