"""Decision makers on the compact int card model, one per level.

A brain sees only a :class:`~stickem.ai.situation.Situation` (what its seat knows) and owns a
seeded RNG, so the same seed and the same sequence of situations give the same decisions.
The public players in :mod:`stickem.ai.players` wrap these around the engine's views.
"""

from __future__ import annotations

import random
from typing import Protocol

from stickem.ai.heuristics import choose_misery_card, choose_play_card
from stickem.ai.misery import search_misery
from stickem.ai.search import SearchSettings, search_play
from stickem.ai.situation import Situation


class Brain(Protocol):
    """Picks a misery card and trick cards from situations, as card codes."""

    def misery(self, sit: Situation) -> int:
        """Return the misery pick from ``sit.hand``."""
        ...

    def play(self, sit: Situation) -> int:
        """Return the card to play from ``sit.hand``."""
        ...


class RandomBrain:
    """Uniformly random legal choices: the baseline."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def misery(self, sit: Situation) -> int:
        """Return a random card of the hand."""
        return self.rng.choice(sorted(sit.hand))

    def play(self, sit: Situation) -> int:
        """Return a random card of the hand."""
        return self.rng.choice(sorted(sit.hand))


class HeuristicBrain:
    """The ``normal`` level: fast rules of thumb (:mod:`stickem.ai.heuristics`)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def misery(self, sit: Situation) -> int:
        """Return the heuristic misery pick."""
        return choose_misery_card(sit.hand)

    def play(self, sit: Situation) -> int:
        """Return the heuristic card."""
        return choose_play_card(sit)


class SearchBrain:
    """The ``hard`` level: ISMCTS in the tricks; the misery pick by playouts for the game.

    With the ``"round"`` objective the misery pick is the heuristic's (the earlier ``hard``).
    """

    def __init__(self, seed: int, settings: SearchSettings | None = None) -> None:
        self.rng = random.Random(seed)
        self.settings = settings or SearchSettings()

    def misery(self, sit: Situation) -> int:
        """Return the misery pick weighed by playouts (the heuristic's for ``"round"``)."""
        if self.settings.objective == "round":
            return choose_misery_card(sit.hand)
        return search_misery(sit, self.settings, self.rng)

    def play(self, sit: Situation) -> int:
        """Return the card found by the search."""
        return search_play(sit, self.settings, self.rng)
