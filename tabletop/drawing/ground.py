"""What lies under a place of a picture, known from what was drawn there (:class:`Ground`),
so that a card or a word is put without looking at the pixels first.

A card or a word is pasted as a ready tile when the place it covers is one flat colour
(:mod:`tabletop.drawing.tiles`); finding that out by looking (a crop of the place and its
extremes) was a third of a table picture's drawing, ~40 looks a picture. A
:class:`~tabletop.drawing.canvas.Canvas` records each thing it draws here instead: its box and,
for a filled panel, its colour and the radius of its corners. A place that nothing drawn so far
touches is the background; one that only a panel drawn after everything else there touches,
well inside the panel's rounded corners, is the panel's colour. Anything else (a place across a
word, a card, an outline or a panel's corner) is not known, and is looked at as before, so the
pixels are the same either way.

Drawing on the canvas by any other way (its ``draw``) ends the knowing for that picture: what
such a drawing touched is not recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Box", "Ground"]

Box = tuple[int, int, int, int]
"""left, top, right, bottom in pixels; the right and bottom edges are not in the box."""


@dataclass(slots=True)
class Ground:
    """What was drawn on a picture of ``size`` whose every pixel started as palette index
    ``background``."""

    size: tuple[int, int]
    background: int
    drawn: list[tuple[Box, int | None, int]] = field(default_factory=list)
    """Each thing drawn, in order: its box, its flat colour's index (None: not one colour) and
    the radius of its rounded corners."""
    known: bool = True

    def add(self, box: Box, flat: int | None = None, radius: int = 0) -> None:
        """Record a drawing within ``box``: all of it one palette index ``flat`` but for its
        corners of ``radius``, or (``flat`` None) anything."""
        self.drawn.append((box, flat, radius))

    def forget(self) -> None:
        """Something was drawn that is not recorded: nothing is known from now on."""
        self.known = False
        self.drawn.clear()

    def under(self, box: Box) -> int | None:
        """The one palette index every pixel of ``box`` has, if what was drawn says so (None:
        not known; look at the pixels)."""
        left, top, right, bottom = box
        width, height = self.size
        if not self.known or left < 0 or top < 0 or right > width or bottom > height:
            return None
        for (x0, y0, x1, y1), flat, radius in reversed(self.drawn):
            if x0 < right and left < x1 and y0 < bottom and top < y1:
                if flat is None:
                    return None
                # a rounded panel is flat from edge to edge but within a radius of its corners
                corner = radius + 1
                across = x0 + corner <= left and right <= x1 - corner and y0 <= top and bottom <= y1
                down = x0 <= left and right <= x1 and y0 + corner <= top and bottom <= y1 - corner
                return flat if across or down else None
        return self.background
