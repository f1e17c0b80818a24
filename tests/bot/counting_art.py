"""A drawing module for the painter's tests: it records the thread of every picture it draws,
and draws a one-line "picture" whose bytes name the view and the language of its words (a view
of ``"broken"`` fails)."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from tabletop.pictures import Picture

THREADS: list[str] = []
"""The name of the thread of each drawing, in order."""


def _picture(kind: str, view: object, language: str) -> Picture:
    THREADS.append(threading.current_thread().name)
    if view == "broken":
        raise ValueError("a bug in the drawing")
    png = f"{kind}:{view}" if language == "en" else f"{kind}:{view}:{language}"
    return Picture(png.encode(), f"the {kind} of {view} ({language})", 8, 4)


def hand_picture(view: object, language: str = "en") -> Picture:
    """The hand of ``view``."""
    return _picture("hand", view, language)


def table_picture(view: object, names: Sequence[str], language: str = "en") -> Picture:
    """The table of ``view``."""
    return _picture("table", view, language)


def chart_picture(view: object, names: Sequence[str], language: str = "en") -> Picture:
    """The chart of ``view``."""
    return _picture("chart", view, language)
