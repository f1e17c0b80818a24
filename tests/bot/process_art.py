"""A drawing module for the painter's worker processes: each picture names the process that drew
it and that process's niceness, and a view ``"stall:<path>"`` writes the drawing process's id to
``<path>`` and then waits (so that a test can kill the worker in the middle of a drawing); a view
``"broken"`` fails."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tabletop.pictures import Picture
from tests.bot.stub_art import drawing_functions


def _picture(kind: str, view: object) -> Picture:
    if view == "broken":
        raise ValueError("a bug in the drawing")
    if isinstance(view, str) and view.startswith("stall:"):
        Path(view.removeprefix("stall:")).write_text(str(os.getpid()))
        time.sleep(30)
    return Picture(f"{kind}:{view}".encode(), f"pid {os.getpid()} nice {os.nice(0)}", 8, 4)


hand_picture, table_picture, chart_picture = drawing_functions(_picture)
