"""Computer players: the public face of :mod:`stickem.ai`.

A player is handed only ``game.view(seat)`` and answers with a card. Players keep no state
between calls: each decision draws its randomness from a generator seeded with the player's
seed and the decision's place in the game (round, trick, position in the trick), so a player
can be pickled, rebuilt after a restart or moved to another process and still replay a game
exactly, and two deals that look the same to the seat get the same answer.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from stickem.ai.brains import Brain, HeuristicBrain, RandomBrain, SearchBrain
from stickem.ai.objective import OBJECTIVES
from stickem.ai.observe import situation_from_view, to_card
from stickem.ai.search import SearchSettings
from stickem.cards import Card
from stickem.views import View

LEVELS: tuple[str, ...] = ("random", "normal", "hard")
"""The computer player levels, weakest first."""

DEFAULT_HARD_ITERATIONS = 1000
"""Search iterations per decision of the ``hard`` level."""


@runtime_checkable
class Player(Protocol):
    """Anything that can take a seat: picks a misery card and plays cards from views."""

    def choose_misery(self, view: View) -> Card:
        """Return the misery pick, one card of ``view.hand``."""
        ...

    def play(self, view: View) -> Card:
        """Return the card to play now, one card of ``view.hand``."""
        ...


class ComputerPlayer:
    """A computer player of one level; see :func:`make_player`."""

    def __init__(
        self,
        level: str,
        seed: int,
        iterations: int = DEFAULT_HARD_ITERATIONS,
        time_budget: float | None = None,
        objective: str = "game",
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if time_budget is not None and time_budget <= 0:
            raise ValueError(f"time_budget must be positive, not {time_budget}")
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be 'game' or 'round', not {objective!r}")
        self.level = level
        self.seed = seed
        self.iterations = iterations
        self.time_budget = time_budget
        self.objective = objective

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r}, seed={self.seed})"

    def choose_misery(self, view: View) -> Card:
        """Return this level's misery pick for the view's seat."""
        sit = situation_from_view(view)
        return to_card(self._brain(view).misery(sit))

    def play(self, view: View) -> Card:
        """Return this level's card for the view's seat in the current trick."""
        sit = situation_from_view(view)
        return to_card(self._brain(view).play(sit))

    def _brain(self, view: View) -> Brain:
        seed = _decision_seed(self.seed, view)
        if self.level == "random":
            return RandomBrain(seed)
        if self.level == "normal":
            return HeuristicBrain(seed)
        settings = SearchSettings(
            iterations=self.iterations, time_budget=self.time_budget, objective=self.objective
        )
        return SearchBrain(seed, settings)


def _decision_seed(seed: int, view: View) -> int:
    """Mix the player's seed with where the decision sits in the game (never hidden cards)."""
    place = f"{seed}/{view.seat}/{view.round}/{view.trick_number}/{len(view.trick)}"
    return random.Random(place).getrandbits(63)


def make_player(
    level: str,
    seed: int = 0,
    *,
    iterations: int = DEFAULT_HARD_ITERATIONS,
    time_budget: float | None = None,
    objective: str = "game",
) -> Player:
    """Return a computer player of ``level`` (one of :data:`LEVELS`).

    ``iterations`` and ``time_budget`` (seconds, None = no limit) bound the ``hard`` search; a
    time budget makes decisions depend on the machine's speed, so leave it None to replay.
    ``objective`` is what ``hard`` plays for: ``"game"`` (default: the chance of finishing
    first, given the totals and the rounds left) or ``"round"`` (the round's points, the earlier
    ``hard``); see :mod:`stickem.ai.objective`.
    """
    return ComputerPlayer(
        level, seed, iterations=iterations, time_budget=time_budget, objective=objective
    )
