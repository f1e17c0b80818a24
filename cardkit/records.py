"""Events and views as JSON-able dicts: ``record.to_dict()`` of every engine.

An engine's events and views are frozen dataclasses holding ints, tuples, enums and the
engine's own card-like objects. :func:`jsonable` turns such a value into lists, dicts and
scalars; the engine says how one of its objects is written (``text``: ``str`` unless it says
otherwise, e.g. a card's ASCII code).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from enum import Enum
from typing import Any, ClassVar

__all__ = ["Fields", "Record", "jsonable"]


def jsonable(value: object, text: Callable[[Any], str] = str) -> Any:
    """``value`` ready for ``json.dumps``: tuples and lists as lists, dict keys as strings,
    objects with a ``to_dict`` as that dict, enums as their values, numbers, strings and None
    as they are, and any other object (a card, a meld) as ``text(value)``."""
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, tuple | list):
        return [jsonable(item, text) for item in value]
    if isinstance(value, dict):
        return {str(key): jsonable(item, text) for key, item in value.items()}
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    if isinstance(value, Enum):
        return value.value
    return text(value)


class Fields:
    """A mix-in for an engine's frozen dataclasses written as their fields only (a view, a
    completed trick): ``to_dict()`` gives ``{<field>: <jsonable value>, ...}`` in field order.

    ``card_text`` (a class attribute, ``str`` by default) writes the engine's own objects.
    """

    __slots__ = ()

    card_text: ClassVar[Callable[[Any], str]] = str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"number": 3, "plays": [[0, "red 7"], ...], "winner": 1}``."""
        text = type(self).card_text
        written = fields(self)  # type: ignore[arg-type]  # a dataclass by contract
        return {field.name: jsonable(getattr(self, field.name), text) for field in written}


class Record(Fields):
    """A mix-in for an engine's frozen dataclasses (events): ``to_dict()`` gives
    ``{"type": <class name>, <field>: <jsonable value>, ...}`` in field order.

    ``card_text`` (a class attribute, ``str`` by default) writes the engine's own objects.
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"type": "CardPlayed", "seat": 2, "card": "red 7", ...}``."""
        return {"type": type(self).__name__, **Fields.to_dict(self)}
