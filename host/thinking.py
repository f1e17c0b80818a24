"""A computer player's decision, as one picklable function for a worker process.

Only the game protocol's registry is imported here, so that a spawned worker starts quickly and
imports only the games it is asked about. The worker gets the game's name and where it lives
(its registry entry, so that a game registered at run time is found too), what the seat may see
(``match.view(seat)``), the level and the seat's seed: never the match itself.
"""

from __future__ import annotations

from host.workers import PARENT_CHECK, WORKER_NICENESS, warm_up, worker_init
from tabletop import registry

__all__ = ["PARENT_CHECK", "WORKER_NICENESS", "decide", "warm_up", "worker_init"]


def decide(game: str, entry: str, view: object, level: str, seed: int) -> str:
    """The action the computer player of ``level`` takes in ``view`` of the game ``game``
    (found at registry ``entry``)."""
    try:
        known = registry.entry(game) == entry
    except registry.GameNotOffered:
        known = False
    if not known:
        registry.register(game, entry)
    return registry.game(game).computer_player(level, seed).decide(view)
