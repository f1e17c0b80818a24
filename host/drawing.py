"""A picture's drawing, as one picklable function for a worker process (:mod:`host.workers`).

Only the game protocol's picture types are imported here, so that a spawned worker starts quickly
and imports only the drawing modules it is asked to draw with. The worker gets where the game's
drawing module lives (its module name, :attr:`tabletop.pictures.ArtModule.module`: the sketch
names it, so a game registered at run time draws too, as long as its module can be imported) and
what to draw of which view: the sketch's content, never its slot or generation (the painter's
bookkeeping) nor its ``hand_of`` (the sketch's view of a hand is already what the hand shows).
The picture travels back whole: PNG bytes, alt text and size.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from tabletop.pictures import ArtModule, Picture, PictureKind, Sketch


def draw(module: str, kind: PictureKind, view: object, names: Sequence[str], language: str) -> Picture:
    """The picture ``kind`` of ``view`` drawn by the drawing module ``module``, its words in
    ``language`` (``names``: the players' names, one a seat)."""
    return ArtModule(module).draw(kind, view, names, language)


def prepare(module: str) -> None:
    """Import the drawing module ``module`` (and so Pillow): a worker started ahead of the first
    picture is then ready to draw it (:meth:`bot.tables.pictures.Painter.prepare`)."""
    importlib.import_module(module)


def arguments(sketch: Sketch) -> tuple[str, PictureKind, object, tuple[str, ...], str]:
    """What :func:`draw` needs of ``sketch`` (all of it picklable: the view is plain data)."""
    return sketch.art.module, sketch.kind, sketch.view, sketch.names, sketch.language
