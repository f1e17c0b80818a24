"""A drawing module for the painter's tests: it records the thread of every picture it draws,
and draws a one-line "picture" whose bytes name the view (a view of ``"broken"`` fails)."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from tabletop.pictures import Picture

THREADS: list[str] = []
"""The name of the thread of each drawing, in order."""


def _picture(kind: str, view: object) -> Picture:
    THREADS.append(threading.current_thread().name)
    if view == "broken":
        raise ValueError("a bug in the drawing")
    return Picture(f"{kind}:{view}".encode(), f"the {kind} of {view}", 8, 4)


def hand_picture(view: object) -> Picture:
    """The hand of ``view``."""
    return _picture("hand", view)


def table_picture(view: object, names: Sequence[str]) -> Picture:
    """The table of ``view``."""
    return _picture("table", view)


def chart_picture(view: object, names: Sequence[str]) -> Picture:
    """The chart of ``view``."""
    return _picture("chart", view)
