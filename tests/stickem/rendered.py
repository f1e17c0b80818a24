"""The presentation's messages as a reader of one language sees them: every catalog text of a
message spec (content, embeds, labels...) filled in, so that tests compare words."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from tabletop.catalog import Text, render

T = TypeVar("T")


def rendered(value: T, language: str = "en") -> T:
    """``value`` with every :class:`Text` in it (in dataclasses, tuples and lists, however deep)
    rendered in ``language``; anything else as it is."""
    return _rendered(value, language)  # type: ignore[no-any-return]


def _rendered(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        return render(value, language)
    if isinstance(value, tuple):
        return tuple(_rendered(item, language) for item in value)
    if isinstance(value, list):
        return [_rendered(item, language) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: _rendered(getattr(value, f.name), language) for f in dataclasses.fields(value) if f.init
        }
        return dataclasses.replace(value, **changes)
    return value


def english(value: T) -> T:
    """``value`` as an English reader sees it (:func:`rendered`)."""
    return rendered(value, "en")
