"""A drawing module for the painter's tests whose drawings wait at a gate: a view that starts
with ``"blocked"`` waits until :data:`GATE` is set, so a test can keep the drawing threads busy
while it queues more; every drawing's view is recorded in :data:`DRAWN`, in order."""

from __future__ import annotations

import threading

from tabletop.pictures import Picture
from tests.bot.stub_art import drawing_functions

GATE = threading.Event()
"""Set to let the blocked drawings finish."""

DRAWN: list[object] = []
"""The view of every drawing begun, in order."""


def _picture(kind: str, view: object) -> Picture:
    DRAWN.append(view)
    if str(view).startswith("blocked"):
        assert GATE.wait(10), "the test never opened the gate"
    return Picture(f"{kind}:{view}".encode(), f"the {kind} of {view}", 8, 4)


hand_picture, table_picture, chart_picture = drawing_functions(_picture)
