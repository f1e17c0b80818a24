"""Computer players for Stick Game (pure Python, no Discord).

``make_player(level, seed)`` returns a :class:`Player` for one of :data:`LEVELS` (``random``,
``normal``, ``hard``); give it ``game.view(seat)``, never the game itself, and apply the
action it answers. It is asked once per action (draw, each lay-down or lay-off, discard).
"""

from .players import LEVELS, ComputerPlayer, Player, make_player

__all__ = ["LEVELS", "ComputerPlayer", "Player", "make_player"]
