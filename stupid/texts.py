"""Stupid's own message catalog (``stupid/catalog/<language>.toml``): every text its presentation,
its refusals and its option errors show a player, by key, filled in in the reader's language
when shown (:mod:`tabletop.catalog`).

``t("key", field=...)`` names a text (a :class:`tabletop.catalog.Text`); the modules that write
what players read call it with a literal key, so that ``tests/stupid/test_catalog.py`` checks
every key and its fields. The engine never imports this module (it stays stdlib-only).
"""

from __future__ import annotations

from importlib import resources
from typing import Final

from tabletop.catalog import Catalog, Field, Text
from tabletop.chart_keys import CHART_KEYS
from tabletop.console import SEAT_NAME_KEYS, TRICK_WON_KEYS
from tabletop.replay import step_keys

__all__ = ["CATALOG", "DYNAMIC_KEYS", "t"]

CATALOG: Final = Catalog(resources.files("stupid").joinpath("catalog"))
"""Stupid's texts in every language it has a file for (English first)."""


def t(key: str, /, **fields: Field) -> Text:
    """Stupid's text ``key`` with its ``fields``, shown later in the reader's language."""
    return CATALOG.lazy(key, **fields)


DYNAMIC_KEYS: Final = (
    # The chart of totals' texts, which tabletop.drawing.chart.game_chart asks for (stupid/art.py).
    *CHART_KEYS,
    # The words of a replay's steps (stupid/replay.py's labels), which the host reads.
    *step_keys("deal", "bids", "trick", "trick_last"),
    # The seats' names and the trick won at the terminal table, which ConsoleWords asks for.
    *SEAT_NAME_KEYS,
    *TRICK_WON_KEYS,
    # The spec's texts (GameSpec.title, description, Option.help, stat_labels), which
    # stupid/hosting.py asks for with CATALOG.lazy.
    "spec.title",
    "spec.description",
    "option.decks.help",
    "option.max_hand.help",
    "stat.bids_made",
    "stat.tricks",
    "stat.zero_bids_made",
    # The text of a message shown in the first of its forms that fits (stupid.messages.words.Fitted).
    "layout.fitted",
    # A rank's word on a picture (stupid/art.py asks for art.rank.<the engine's rank word>).
    *(f"art.rank.{word}" for word in ("two", "three", "four", "five", "six", "seven", "eight")),
    *(f"art.rank.{word}" for word in ("nine", "ten", "jack", "queen", "king", "ace")),
)
"""The keys no module of the game names with ``t(...)`` (see the comment)."""
