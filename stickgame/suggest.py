"""The lay-down a table offers a player: the solver's melds, read as the engine will read them.

:func:`stickgame.solver.find_completion` finds melds that complete a stick and fixes each run's
start where its search put it, which may put a wild below the run. sticks.md section 2 says
that without a choice a wild extends the run upward (downward when it cannot go up); so the
offer leaves the runs' placement to the engine's default reading whenever the stick is still
completed that way, and keeps the solver's placement only when it is not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .actions import MeldPlay
from .cards import Card
from .errors import MeldError
from .melds import Meld, interpretations, make_meld
from .solver import find_completion
from .sticks import Stick, match_stick

__all__ = ["Suggestion", "lay_down_suggestion", "suggested_lay_down"]


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A lay-down to offer: the ``plays`` to send and the ``melds`` they make on the table
    (each wild with what it stands for), in the same order."""

    plays: tuple[MeldPlay, ...]
    melds: tuple[Meld, ...]


def _readings(play: MeldPlay) -> Meld | list[Meld]:
    """The readings the engine tries for ``play`` (see ``stickgame.game``), default first."""
    if play.placement is not None:
        try:
            return make_meld(play.cards, "run", play.placement)
        except MeldError:
            return []
    return interpretations(play.cards, play.kind)


def _reading(stick: Stick, plays: tuple[MeldPlay, ...]) -> tuple[Meld, ...] | None:
    try:
        return match_stick(stick, [_readings(play) for play in plays])
    except MeldError:
        return None


def lay_down_suggestion(hand: Iterable[Card], stick: Stick) -> Suggestion | None:
    """The lay-down of ``stick`` to offer from ``hand`` (wilds upward where the stick allows),
    or None when the hand holds none."""
    found = find_completion(hand, stick)
    if found is None:
        return None
    loose = tuple(MeldPlay(play.cards, play.kind) for play in found)
    for plays in (loose, found):
        melds = _reading(stick, plays)
        if melds is not None:
            return Suggestion(plays, melds)
    return None  # pragma: no cover - the solver's own placements always complete the stick


def suggested_lay_down(hand: Iterable[Card], stick: Stick) -> tuple[MeldPlay, ...] | None:
    """The plays of :func:`lay_down_suggestion`, or None."""
    found = lay_down_suggestion(hand, stick)
    return None if found is None else found.plays
