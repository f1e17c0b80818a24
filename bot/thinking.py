"""A computer player's decision, as one picklable function for a worker process.

Only the engine is imported here, so that a spawned worker starts quickly. The worker gets what
the seat may see (``game.view(seat)``), the level and the seat's seed: never the game itself.
"""

from __future__ import annotations

from stickem import Card, Phase, View
from stickem.ai import make_player


def decide(view: View, level: str, seed: int) -> Card:
    """The card the computer player of ``level`` picks in ``view``: its misery card, or its play."""
    player = make_player(level, seed)
    if view.phase is Phase.MISERY:
        return player.choose_misery(view)
    return player.play(view)


def warm_up() -> None:
    """Nothing: submitted once so that a worker process is started before the first decision."""
