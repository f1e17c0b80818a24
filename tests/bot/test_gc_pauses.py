"""Full garbage collections walk only what is new (bot/runtime/gc_pauses.py)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.runtime import gc_pauses


class Node:
    """An object that can be part of a reference cycle (and be weakly referenced)."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def freezing() -> Iterator[None]:
    gc_pauses.start_freezing()
    try:
        yield
    finally:
        gc_pauses.stop_freezing()


def test_survivors_of_older_collections_are_frozen(freezing: None) -> None:
    frozen_at_start = gc.get_freeze_count()
    assert frozen_at_start > 0  # what lived at start-up
    gc.disable()  # only the collections asked for below
    try:
        kept = [Node() for _ in range(1000)]
        gc.collect(0)  # the youngest generation: nothing is frozen after it
        assert gc.get_freeze_count() < frozen_at_start + len(kept)
        gc.collect(1)  # the middle one: its survivors are frozen
        assert gc.get_freeze_count() >= frozen_at_start + len(kept)
    finally:
        gc.enable()


def test_stop_freezing_unfreezes_and_stops(freezing: None) -> None:
    gc_pauses.stop_freezing()
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert gc.get_freeze_count() == 0  # no longer frozen after a full collection
    gc_pauses.start_freezing()  # for the fixture's own stop


def test_a_cycle_that_died_frozen_is_freed_by_reclaim(freezing: None) -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    gc.collect(1)  # the cycle is alive: frozen after this collection
    watch = weakref.ref(first)
    del first, second
    gc.collect()
    assert watch() is not None  # dead, but frozen: the collector does not walk it
    assert gc_pauses.reclaim() >= 2
    assert watch() is None
