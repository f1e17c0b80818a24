"""The contract between a card game and the host that seats it at a table.

A game package (``stickem``, ...) stays a model of its game; its ``hosting`` module describes it
to the host through this contract. The host (tables, seats, timers, the journal, resume) and the
Discord layer know games only through it, and find them only through :mod:`tabletop.registry`.

- :class:`GameSpec`: what a game is (name, player counts, options, computer levels) and how to
  start or replay one of its matches;
- :class:`Match`: one running game: who is awaited, what a seat may do, applying an action
  (compact text, the game's own encoding), views as information sets, results;
- :class:`ComputerPlayer`: a computer seat, deciding from a seat's view only;
- :class:`Option` / :class:`Preset`: the settings a table may choose, validated here once.

The shape borrows from OpenSpiel's ``Game``/``State`` (a spec that makes states) and
boardgame.io (``setup``, ``moves``, ``playerView``, a stage id for stale actions), kept smaller:
actions are short strings, so the host can store them, put them in a button's custom id and
hand them to a worker process without knowing what they mean.
"""

from tabletop.options import Option, OptionError, OptionValue, Preset, resolve_options
from tabletop.protocol import ComputerPlayer, CorruptLog, GameSpec, LogEntry, Match, Refused, Results

__all__ = [
    "ComputerPlayer",
    "CorruptLog",
    "GameSpec",
    "LogEntry",
    "Match",
    "Option",
    "OptionError",
    "OptionValue",
    "Preset",
    "Refused",
    "Results",
    "resolve_options",
]
