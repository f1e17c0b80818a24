"""The host's option values of a Stupid table, read as the engine's :class:`stupid.Rules`.

Shared by :mod:`stupid.hosting` (which offers the options) and :mod:`stupid.presentation`
(which writes them in words), so that neither imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from stupid.refusals import options_text
from stupid.rules import Rules
from tabletop import OptionError, OptionValue

__all__ = ["AUTO", "rules_for"]

AUTO: Final = "auto"
"""The ``decks`` value for one deck per seven players."""


def rules_for(options: Mapping[str, OptionValue]) -> Rules:
    """The engine's :class:`stupid.Rules` for resolved option values (:class:`OptionError`)."""
    decks = options["decks"]
    try:
        return Rules(decks=None if decks == AUTO else int(decks), max_hand=int(options["max_hand"]))
    except ValueError as exc:
        raise OptionError("not_allowed", options_text(None)) from exc
