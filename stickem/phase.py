"""Where a game is: the phases of :class:`stickem.Game` (stickem.game re-exports it).

Its own module so that views (which carry the phase) and the game need not import each other.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Phase"]


class Phase(Enum):
    """Where a game is: picking misery cards, playing tricks, or over."""

    MISERY = "misery"
    TRICKS = "tricks"
    GAME_OVER = "game_over"
