"""Paging through a replay's steps: where each button of a step leads (pure, no Discord).

A replay is a row of steps, each in a round; the buttons lead to the first step, the one
before, the one after, the last, and the first step of the next round. A button that would not
move (back on the first step, next round in the last round) is shown disabled: its target is
``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Targets:
    """Where the buttons of one step lead (``None``: nowhere, the button is disabled)."""

    first: int | None
    back: int | None
    next: int | None
    last: int | None
    next_round: int | None


@dataclass(frozen=True)
class Stepper:
    """The steps of one replay, by their rounds in order (one entry per step)."""

    rounds: tuple[int, ...]

    @classmethod
    def of(cls, rounds: Sequence[int]) -> Stepper:
        """A stepper over steps in these rounds (``ValueError`` if there are none)."""
        if not rounds:
            raise ValueError("a replay has at least one step")
        return cls(tuple(rounds))

    @property
    def count(self) -> int:
        """How many steps there are."""
        return len(self.rounds)

    def holds(self, step: int) -> bool:
        """Whether ``step`` is one of the replay's steps."""
        return 0 <= step < self.count

    def targets(self, step: int) -> Targets:
        """Where the buttons of ``step`` lead (``ValueError`` for a step that does not exist)."""
        if not self.holds(step):
            raise ValueError(f"no step {step} in a replay of {self.count}")
        last = self.count - 1
        return Targets(
            first=0 if step > 0 else None,
            back=step - 1 if step > 0 else None,
            next=step + 1 if step < last else None,
            last=last if step < last else None,
            next_round=self.next_round(step),
        )

    def next_round(self, step: int) -> int | None:
        """The first step of a later round than ``step``'s, or ``None`` in the last round."""
        here = self.rounds[step]
        return next((i for i in range(step + 1, self.count) if self.rounds[i] > here), None)
