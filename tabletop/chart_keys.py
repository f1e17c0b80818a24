"""The keys of a game's catalog that the drawing kit's chart of totals reads
(:func:`tabletop.drawing.chart.game_chart`), kept apart from the drawing kit so that a game's
``texts`` module can name them (in its ``DYNAMIC_KEYS``) without importing Pillow."""

from __future__ import annotations

from typing import Final

CHART_KEYS: Final = (
    "art.final",
    "art.after_round",
    "art.chart_axis",
    "art.chart_summary",
    "art.chart_by_round",
)
"""``art.final`` (no fields) and ``art.after_round`` (``round``): the chart's title;
``art.chart_axis``: under the rounds; ``art.chart_summary`` (``title``, ``count``): the
description's first sentence; ``art.chart_by_round``: before the totals round by round."""
