"""A part of a picture drawn once and then pasted (:class:`Stamp`): a seat's panel, a tag
(LEAD, took it), which come back unchanged in every table picture while only the cards and
words on them change. Keyed by what they look like, not by a table (a seat's name is written
on its panel afterwards, from the cached word tiles), so a worker drawing for many tables keeps
a handful of them.

A stamp is drawn on a small canvas of its own, on the picture's background, and kept as a
:class:`~tabletop.drawing.indexed.Tile` (its palette indices, its own colours mapped to the
picture's when pasted) together with what its drawing recorded
(:class:`~tabletop.drawing.ground.Ground`), so that a card or a word put on it later knows what
lies under it just as if the part had been drawn in place. It is pasted only where the picture
is still its bare background, so the pixels are the same as drawing it there.

Drawing is the same when moved by an even number of pixels (Pillow's shapes lie on whole pixels;
a position halfway between two pixels is rounded to the even one), so a stamp is kept for each
evenness of its corner and drawn at (0 or 1, 0 or 1) on its own canvas. A part may be pasted on
any ground the picture knows to be one colour (the background, a panel's inside): that colour
is part of the key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Final

from tabletop.drawing.ground import Box
from tabletop.drawing.indexed import Tile

__all__ = ["STAMPS_KEPT", "Stamp", "StampCache"]

STAMPS_KEPT: Final = 512
"""How many stamps a process keeps: a seat's panel is one a width and turn or not (a few
dozen in all), a tag one a word, colour and ground; a few kilobytes each, tens for a panel."""


@dataclass(frozen=True, slots=True)
class Stamp:
    """A part drawn once: ``tile`` (its box, from its corner's evenness) and ``drawn``, what its
    drawing recorded (boxes from the same corner; flat indices of the tile's own palette)."""

    tile: Tile
    drawn: tuple[tuple[Box, int | None, int], ...]


class StampCache:
    """The stamps kept, least recently used dropped first; a part that cannot be a stamp (it
    spills out of its box, or draws what is not recorded) is kept as None: drawn in place. Safe
    to share between threads, like the kit's other caches (a stamp is only read once made)."""

    def __init__(self, kept: int = STAMPS_KEPT) -> None:
        self._kept = kept
        self._stamps: OrderedDict[Hashable, Stamp | None] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> tuple[bool, Stamp | None]:
        """Whether ``key`` is kept, and its stamp (None: draw it in place)."""
        with self._lock:
            if key not in self._stamps:
                return False, None
            self._stamps.move_to_end(key)
            return True, self._stamps[key]

    def put(self, key: Hashable, stamp: Stamp | None) -> None:
        """Keep ``stamp`` for ``key``."""
        with self._lock:
            self._stamps[key] = stamp
            if len(self._stamps) > self._kept:
                self._stamps.popitem(last=False)

    def clear(self) -> None:
        """Forget every stamp."""
        with self._lock:
            self._stamps.clear()


STAMPS: Final = StampCache()
"""The process's stamps."""
