"""Where a game is: the phases of :class:`stupid.Game` (stupid.game re-exports it).

Its own module so that views (which carry the phase) and the game need not import each other.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Phase"]


class Phase(Enum):
    """Where a game is: bidding, playing tricks, or over."""

    BIDDING = "bidding"
    TRICKS = "tricks"
    GAME_OVER = "game_over"
