"""The arithmetic of a paired comparison, kept apart from the runs it plans and reads (pure, no
clock, no process): which side goes first in each pair, the uncounted warm-up before the pairs,
and each figure's ratios.

A pair is two measurements of the same load, one per side (``new``/``old``, or pictures
``on``/``off``). Who goes first alternates from pair to pair: run one after the other, the first
run of a pair meets a different machine than the second; run at the same time, the first one
started takes the first tables' openings, its process the first pages. A warm-up pair comes
before the counted ones and is never counted: the first run of a harness meets cold caches (a
checkout's files, its bytecode compiled on first import, the emulator's first run in this
process), which the later runs do not.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One pair to run: ``order`` names the two sides, the one to start first first; ``pair`` is
    the counted pair's number (from 0), None for the warm-up, which is never counted."""

    order: tuple[str, str]
    pair: int | None

    @property
    def counted(self) -> bool:
        """Whether this step's figures enter the ratios (every step but the warm-up)."""
        return self.pair is not None


def plan(pairs: int, names: tuple[str, str], *, warm_up: bool) -> list[Step]:
    """The steps of a comparison of ``pairs`` counted pairs of the sides ``names``: the warm-up
    first (if asked), then the pairs, ``names[0]`` first in the even ones and ``names[1]`` in
    the odd ones (so that over an even number of pairs each side goes first as often)."""
    if pairs < 1:
        raise ValueError("a comparison needs at least one pair")
    steps = [Step(names, None)] if warm_up else []
    for index in range(pairs):
        order = names if index % 2 == 0 else (names[1], names[0])
        steps.append(Step(order, index))
    return steps


def ratio_of(new: float, old: float) -> float:
    """``new / old``, NaN when ``old`` is 0 or either is NaN."""
    return new / old if old and not math.isnan(old) and not math.isnan(new) else float("nan")


@dataclass(frozen=True)
class Ratios:
    """One figure over the pairs: each side's value per pair, each pair's ratio first/second,
    the median of those ratios (the comparison's answer: each ratio is of two runs that met the
    same machine) and the ratio of each side's median (beside it, for what it is worth)."""

    firsts: tuple[float, ...]
    seconds: tuple[float, ...]
    ratios: tuple[float, ...]
    median_of_ratios: float
    ratio_of_medians: float

    @property
    def spread(self) -> tuple[float, float]:
        """The lowest and the highest of the pairs' ratios (NaN ones left out; NaN, NaN if all
        are): for a tree against itself, how far from 1.0x the method reads, its resolution."""
        known = [r for r in self.ratios if not math.isnan(r)]
        return (min(known), max(known)) if known else (float("nan"), float("nan"))


def ratios(firsts: Sequence[float], seconds: Sequence[float]) -> Ratios:
    """The :class:`Ratios` of a figure measured ``firsts[i]`` on one side and ``seconds[i]`` on
    the other in pair ``i``. The median of the ratios leaves NaN ratios out (a pair without
    cards has no CPU per card); NaN if every ratio is NaN."""
    if len(firsts) != len(seconds) or not firsts:
        raise ValueError("one value per side and pair, at least one pair")
    each = tuple(ratio_of(first, second) for first, second in zip(firsts, seconds, strict=True))
    known = [r for r in each if not math.isnan(r)]
    return Ratios(
        tuple(firsts),
        tuple(seconds),
        each,
        statistics.median(known) if known else float("nan"),
        ratio_of(statistics.median(firsts), statistics.median(seconds)),
    )
