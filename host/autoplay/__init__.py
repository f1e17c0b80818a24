"""Computer seats and turn timers: what moves a table on when no human clicks.

Its parts, by job: :mod:`host.autoplay.driver` (one task per table, the driving loop),
:mod:`host.autoplay.thinkers` (the worker pool the computer players decide in),
:mod:`host.autoplay.pace` (the bound on computer moves under way at once),
:mod:`host.autoplay.moves` (a computer move applied under the table's lock, stored, and shown as
one outcome) and :mod:`host.autoplay.timer` (a turn timer's reminder and timeouts).
"""

from __future__ import annotations

from host.autoplay.driver import Autoplay, AutoplaySettings
from host.autoplay.moves import ComputerMoves, TableDisplay
from host.autoplay.pace import ComputerPace
from host.autoplay.thinkers import Thinkers, make_executor
from host.autoplay.timer import TurnTimers

__all__ = [
    "Autoplay",
    "AutoplaySettings",
    "ComputerMoves",
    "ComputerPace",
    "TableDisplay",
    "Thinkers",
    "TurnTimers",
    "make_executor",
]
