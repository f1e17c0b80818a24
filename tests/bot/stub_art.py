"""The drawing functions of the tests' stand-in drawing modules (``tests.bot.gated_art``,
``tests.bot.process_art``): each names what it draws and hands it to the module's own ``draw``
(kind, view), which says how the test's picture is made."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.pictures import Picture

Draw = Callable[[str, object], Picture]
"""A stand-in drawing: the picture of one kind (``hand``, ``table``, ``chart``) of a view."""


def drawing_functions(
    draw: Draw,
) -> tuple[Callable[..., Picture], Callable[..., Picture], Callable[..., Picture]]:
    """A drawing module's ``hand_picture``, ``table_picture`` and ``chart_picture``, each
    drawn by ``draw``."""

    def hand_picture(view: object, language: str = "en") -> Picture:
        """The hand of ``view``."""
        return draw("hand", view)

    def table_picture(view: object, names: Sequence[str], language: str = "en") -> Picture:
        """The table of ``view``."""
        return draw("table", view)

    def chart_picture(view: object, names: Sequence[str], language: str = "en") -> Picture:
        """The chart of ``view``."""
        return draw("chart", view)

    return hand_picture, table_picture, chart_picture
