"""Computer players for Stupid (pure Python, no Discord).

``make_player(level, seed)`` returns a player for one of :data:`LEVELS` (``random``,
``normal``, ``hard``); give it ``game.view(seat)``, never the game itself.
"""

from stupid.ai.players import LEVELS, ComputerPlayer, Player, make_player

__all__ = ["LEVELS", "ComputerPlayer", "Player", "make_player"]
