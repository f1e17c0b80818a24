"""A drawing module for the painter's worker processes: each picture names the process that drew
it and that process's niceness, and a view ``"stall:<path>"`` writes the drawing process's id to
``<path>`` and then waits (so that a test can kill the worker in the middle of a drawing); a view
``"broken"`` fails."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

from tabletop.pictures import Picture


def _picture(kind: str, view: object) -> Picture:
    if view == "broken":
        raise ValueError("a bug in the drawing")
    if isinstance(view, str) and view.startswith("stall:"):
        Path(view.removeprefix("stall:")).write_text(str(os.getpid()))
        time.sleep(30)
    return Picture(f"{kind}:{view}".encode(), f"pid {os.getpid()} nice {os.nice(0)}", 8, 4)


def hand_picture(view: object, language: str = "en") -> Picture:
    """The hand of ``view``."""
    return _picture("hand", view)


def table_picture(view: object, names: Sequence[str], language: str = "en") -> Picture:
    """The table of ``view``."""
    return _picture("table", view)


def chart_picture(view: object, names: Sequence[str], language: str = "en") -> Picture:
    """The chart of ``view``."""
    return _picture("chart", view)
