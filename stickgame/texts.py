"""Stick Game's message catalog: every text a Discord player reads, by key, in their language.

The texts live in ``stickgame/catalog/<language>.toml`` (``en.toml`` first, ``de.toml``...);
:func:`t` names one as a :class:`tabletop.catalog.Text`, filled in when it is shown, in the
reader's language. :data:`DYNAMIC_KEYS` lists the keys built at run time (a stick's name by its
number, a rank or a suit by its value, a separator by its name) and those the host will read
later (the spec's title, description, stats' labels and the options' help, which
:mod:`stickgame.hosting` gives the host as lazy texts), and a rank's word on a picture.
"""

from __future__ import annotations

from importlib import resources
from typing import Final

from tabletop.catalog import Catalog, Field, Text
from tabletop.chart_keys import CHART_KEYS
from tabletop.console import SEAT_NAME_KEYS
from tabletop.replay import step_keys

__all__ = ["CATALOG", "DYNAMIC_KEYS", "t"]

CATALOG: Final = Catalog(resources.files("stickgame").joinpath("catalog"))

TYPED_WORDS: Final = (
    "draw",
    "stock",
    "pile",
    "lay",
    "meld",
    "off",
    "take",
    "discard",
    "set",
    "run",
    "up",
    "down",
    "from",
)
"""The terminal table's command words a language may have its own word for (``terminal.typed.*``)."""
"""Stick Game's texts in every language it has a file for."""


def t(key: str, /, **fields: Field) -> Text:
    """The game's text ``key`` with its ``fields``, shown later in the reader's language."""
    return CATALOG.lazy(key, **fields)


def _dynamic() -> frozenset[str]:
    ranks = [f"rank.short.{rank}" for rank in (1, 11, 12, 13)]
    ranks += [f"rank.plural.{rank}" for rank in range(1, 14)]
    suits = [
        f"suit.{kind}.{suit}"
        for kind in ("name", "group")
        for suit in ("clubs", "diamonds", "hearts", "spades")
    ]
    sticks = [f"stick.name.{number}" for number in range(1, 41)]
    host = [
        "spec.title",
        "spec.description",
        *(f"option.{name}.help" for name in ("scoring", "sticks_to_win", "hand_size")),
    ]
    stats = [f"stat.{name}" for name in ("completed", "frees", "points", "went_out")]
    joins = [f"join.{name}" for name in ("space", "line", "semicolon", "comma", "dot", "pipe", "and")]
    pictures = [f"art.rank.{rank}" for rank in range(1, 14)]  # a rank's word on a picture (art.py)
    charts = CHART_KEYS  # the chart of totals' texts, asked for by tabletop.drawing.chart.game_chart
    # The terminal table (terminal_words.py): an event told of the person or of another seat
    # (``<key>_you``: German conjugates "Du wirfst ab", "CPU 1 wirft ab"), and the command words a
    # table's language has (terminal_commands.py).
    told = (
        "took_pile",
        "drew_card",
        "drew",
        "meld_added",
        "laid_off",
        "wild_taken",
        "discarded",
        "round_over",
    )
    terminal = [f"terminal.event.{event}{form}" for event in told for form in ("", "_you")]
    terminal += [f"terminal.typed.{word}" for word in TYPED_WORDS]
    terminal += SEAT_NAME_KEYS  # the seats' names, which tabletop.console.ConsoleWords asks for
    steps = step_keys("deal", "turn", "turn_out")  # a replay's steps (replay.py), read by the host
    every = [*ranks, *suits, *sticks, *host, *stats, *joins, *pictures, *charts, *terminal, *steps]
    return frozenset(every)


DYNAMIC_KEYS: Final = _dynamic()
"""The keys :func:`t` is called with a key built at run time, or that the host reads later."""
