"""Events and views as JSON-able dicts (:mod:`cardkit.records`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardkit.records import Fields, Record, jsonable
from stickem.cards import Card as StickemCard
from stickem.views import CompletedTrick as StickemTrick
from stupid.cards import Card as StupidCard
from stupid.views import CompletedTrick as StupidTrick


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


@dataclass(frozen=True, slots=True)
class Trick(Fields):
    number: int
    plays: tuple[tuple[int, Chip], ...]
    winner: int | None

    card_text = _code


def test_a_fields_record_is_its_fields_only_with_the_engines_card_text() -> None:
    assert Trick(2, ((0, Chip()), (1, Chip())), None).to_dict() == {
        "number": 2,
        "plays": [[0, "C"], [1, "C"]],
        "winner": None,
    }


def test_the_engines_completed_tricks_are_written_as_before() -> None:
    """Stick'em writes a card as its words, Stupid as its code (its events do the same)."""
    red = StickemCard.parse("red 7")
    queen = StupidCard.parse("QC")
    written = StickemTrick(1, ((0, red),), None).to_dict()
    assert written == {"number": 1, "plays": [[0, "red 7"]], "winner": None}
    assert StupidTrick(3, ((2, queen),), 2).to_dict() == {"number": 3, "plays": [[2, "QC"]], "winner": 2}
