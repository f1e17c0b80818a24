"""Computer players for Stick'em (pure Python, no Discord).

``make_player(level, seed)`` returns a :class:`Player` for one of :data:`LEVELS`
(``random``, ``normal``, ``hard``); give it ``game.view(seat)``, never the game itself.
"""

from stickem.ai.players import LEVELS, ComputerPlayer, Player, make_player

__all__ = ["LEVELS", "ComputerPlayer", "Player", "make_player"]
