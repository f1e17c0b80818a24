"""The chart of the totals after each round: one line per player, each with its own colour
and its own marker shape, and beside it the standings (names, totals) from first to last."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from tabletop.catalog import DEFAULT_LANGUAGE, Text, render
from tabletop.drawing.canvas import MARGIN, WIDTH, Canvas
from tabletop.drawing.fonts import text_width
from tabletop.drawing.palette import INK, MUTED, PANEL, RGB, SERIES, YELLOW, mix
from tabletop.drawing.png import Picture
from tabletop.drawing.symbols import SHAPES, draw_symbol
from tabletop.texts import t

__all__ = ["MAX_DESCRIPTION", "ChartWords", "game_chart", "series_style", "totals_chart"]

HEIGHT: Final = 480
LEGEND: Final = 230
"""The width of the standings on the right."""
MAX_DESCRIPTION: Final = 1000
"""The longest description (Discord takes 1024 characters of alt text)."""


@dataclass(frozen=True)
class ChartWords:
    """The words of a chart in the reader's language, filled in by the game from its catalog:
    ``axis`` under the rounds, ``summary`` the description's first sentence (the title, what
    the chart shows, for how many rounds), ``by_round`` before the totals round by round."""

    axis: str
    summary: str
    by_round: str


def protocol_words(title: str, rounds: int, language: str = DEFAULT_LANGUAGE) -> ChartWords:
    """A chart's words in ``language`` from the protocol's catalog (a game that passes none of
    its own gets these)."""
    return ChartWords(
        render(t("chart.axis"), language),
        render(t("chart.summary", title=title, count=rounds), language),
        render(t("chart.by_round"), language),
    )


def series_style(seat: int) -> tuple[RGB, str]:
    """The colour and marker shape of ``seat``'s line: no two of the first 24 seats share both."""
    return SERIES[seat % len(SERIES)], SHAPES[seat % len(SHAPES)]


def _step(span: int) -> int:
    """A round grid step giving about six lines over ``span``."""
    raw = max(1.0, span / 6)
    power = 10 ** math.floor(math.log10(raw))
    return next(int(power * m) for m in (1, 2, 5, 10) if power * m >= raw)


def _description(
    words: ChartWords, totals: Sequence[Sequence[int]], names: Sequence[str], order: list[int]
) -> str:
    final = totals[-1] if totals else tuple(0 for _ in names)
    standings = "; ".join(f"{place}. {names[seat]} {final[seat]}" for place, seat in enumerate(order, 1))
    text = f"{words.summary} {standings}."
    lines = " ".join(f"{names[seat]}: {', '.join(str(row[seat]) for row in totals)}." for seat in order)
    full = f"{text} {words.by_round} {lines}"
    return full if len(full) <= MAX_DESCRIPTION else text[:MAX_DESCRIPTION]


def totals_chart(
    totals: Sequence[Sequence[int]],
    names: Sequence[str],
    title: str,
    winners: Sequence[int] = (),
    words: ChartWords | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Picture:
    """The chart of ``totals`` (one row per finished round: every seat's total after it),
    one line per seat named ``names[seat]``, the ``winners`` marked in the standings; its
    ``words`` in the reader's language (if not given: the protocol's own, in ``language``).

    The standings list the seats from the highest total to the lowest (ties in seat order)."""
    players = len(names)
    if any(len(row) != players for row in totals):
        raise ValueError("every round needs a total for every player")
    rows = [tuple(0 for _ in names), *(tuple(row) for row in totals)]
    final = rows[-1]
    order = sorted(range(players), key=lambda seat: (-final[seat], seat))
    canvas = Canvas(WIDTH, HEIGHT)
    canvas.text((MARGIN, MARGIN), title, 28, bold=True)
    low = min(min(row) for row in rows)
    high = max(max(row) for row in rows)
    step = _step(max(1, high - low))
    low = math.floor(low / step) * step
    high = max(low + step, math.ceil(high / step) * step)
    left, top = MARGIN + 52, MARGIN + 50
    right, bottom = WIDTH - LEGEND - MARGIN, HEIGHT - MARGIN - 34
    canvas.panel((left - 8, top - 10, right + 10, bottom + 8), radius=8)

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    count = len(rows) - 1

    def x_of(index: int) -> float:
        return left + (index / max(1, count)) * (right - left)

    for value in range(low, high + 1, step):
        y = y_of(value)
        canvas.draw.line(
            (left, y, right, y),
            fill=mix(PANEL, INK, 0.3 if value == 0 else 0.12),
            width=2 if value == 0 else 1,
        )
        canvas.text((left - 12, y), str(value), 18, MUTED, anchor="rm")
    label_every = max(1, math.ceil(count / 10))
    for index in range(0, count + 1, label_every):
        canvas.text((x_of(index), bottom + 14), str(index), 18, MUTED, anchor="mt")
    words = words or protocol_words(title, len(totals), language)
    canvas.text(((left + right) / 2, HEIGHT - 4), words.axis, 16, MUTED, anchor="md")
    marker = 13 if count <= 12 else 10
    for seat in reversed(order):  # the leader's line on top
        color, shape = series_style(seat)
        points = [(x_of(index), y_of(row[seat])) for index, row in enumerate(rows)]
        canvas.draw.line(points, fill=color, width=3, joint="curve")
        for point in points[1:]:
            draw_symbol(canvas.draw, shape, point, marker, color)
    _standings(canvas, order, final, names, winners)
    return canvas.picture(_description(words, totals, names, order))


def _standings(
    canvas: Canvas, order: list[int], final: Sequence[int], names: Sequence[str], winners: Sequence[int]
) -> None:
    x = WIDTH - LEGEND
    line = min(40, (HEIGHT - 70) // max(1, len(order)))
    size = min(22, line - 6)
    y = MARGIN + 50 + line // 2
    for place, seat in enumerate(order, 1):
        color, shape = series_style(seat)
        canvas.draw.line((x, y, x + 30, y), fill=color, width=3)
        draw_symbol(canvas.draw, shape, (x + 15, y), 13, color)
        name_color = YELLOW if seat in winners else INK
        total = str(final[seat])
        total_width = text_width(total, size)
        canvas.fitted_text(
            (x + 38, y), f"{place}. {names[seat]}", size, LEGEND - 50 - total_width, name_color, "lm"
        )
        canvas.text((WIDTH - MARGIN, y), total, size, name_color, anchor="rm", bold=True)
        y += line


def game_chart(
    totals: Sequence[Sequence[int]],
    names: Sequence[str],
    winners: Sequence[int],
    over: bool,
    text: Callable[..., Text],
    language: str,
) -> Picture:
    """A game's chart of ``totals`` (as :func:`totals_chart`), its title and words from the
    game's catalog (``text``: its ``t``; the keys are
    :data:`tabletop.chart_keys.CHART_KEYS`) in ``language``: the
    final standings with the ``winners`` marked when the game is ``over``, else the standings
    after the last round played."""

    def said(key: str, **fields: object) -> str:
        return text(key, **fields).render(language)

    title = said("art.final") if over else said("art.after_round", round=len(totals))
    words = ChartWords(
        said("art.chart_axis"),
        said("art.chart_summary", title=title, count=len(totals)),
        said("art.chart_by_round"),
    )
    return totals_chart(totals, names, title, winners if over else (), words)
