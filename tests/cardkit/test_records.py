"""Events and views as JSON-able dicts (:mod:`cardkit.records`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardkit.records import Record, jsonable


class Shade(Enum):
    LIGHT = "light"


class Chip:
    """A game's own object, written by ``str`` unless the record says otherwise."""

    def __str__(self) -> str:
        return "chip"

    code = "C"


@dataclass(frozen=True)
class Part:
    size: int

    def to_dict(self) -> dict[str, Any]:
        return {"size": self.size}


@dataclass(frozen=True, slots=True)
class Moved(Record):
    seat: int
    chips: tuple[Chip, ...]
    shade: Shade
    part: Part
    by_seat: dict[int, tuple[int, ...]]
    note: str | None


def _code(chip: Chip) -> str:
    return chip.code


@dataclass(frozen=True, slots=True)
class Coded(Record):
    chip: Chip

    card_text = _code


def test_jsonable_turns_tuples_enums_dicts_and_objects_into_json() -> None:
    value = {1: (Chip(), Shade.LIGHT, [True, None, 2.5]), "p": Part(3)}
    assert jsonable(value) == {"1": ["chip", "light", [True, None, 2.5]], "p": {"size": 3}}
    assert jsonable((Chip(),), _code) == ["C"]


def test_a_record_is_a_dict_of_its_fields_in_order_with_its_type() -> None:
    event = Moved(2, (Chip(), Chip()), Shade.LIGHT, Part(1), {0: (1, 2)}, None)
    data = event.to_dict()
    assert list(data) == ["type", "seat", "chips", "shade", "part", "by_seat", "note"]
    assert data == {
        "type": "Moved",
        "seat": 2,
        "chips": ["chip", "chip"],
        "shade": "light",
        "part": {"size": 1},
        "by_seat": {"0": [1, 2]},
        "note": None,
    }
    json.dumps(data)


def test_a_record_may_write_its_objects_its_own_way() -> None:
    assert Coded(Chip()).to_dict() == {"type": "Coded", "chip": "C"}
