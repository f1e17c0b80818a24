"""What every game's command line shares: the seat list of a simulation and a progress bar."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence

__all__ = ["BROKEN_PIPE", "ProgressBar", "quiet_broken_pipe", "seat_levels"]

BROKEN_PIPE = 141
"""Exit code when standard output is closed early: 128 + SIGPIPE, what the shell shows for `yes | head`."""


def seat_levels(seats: str, players: int | None, levels: Sequence[str]) -> tuple[str, ...]:
    """One computer level per seat from ``hard,normal`` (each one of ``levels``), repeated to
    fill ``players`` seats when given; ValueError saying what is wrong."""
    chosen = [part.strip().lower() for part in seats.split(",") if part.strip()]
    if not chosen:
        raise ValueError("--seats needs at least one level")
    for level in chosen:
        if level not in levels:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(levels)}")
    if players is None:
        return tuple(chosen)
    if len(chosen) > players:
        raise ValueError(f"{len(chosen)} seats given for {players} players")
    return tuple(chosen[i % len(chosen)] for i in range(players))


class ProgressBar:
    """A one-line progress bar on stderr."""

    def __init__(self, width: int = 30) -> None:
        self.width = width
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total
        elapsed = time.monotonic() - self.start
        bar = "#" * filled + "." * (self.width - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{total} games, {elapsed:.0f}s")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def quiet_broken_pipe(command: Callable[[], int]) -> int:
    """Run ``command``; when the reader of standard output goes away (``stickem play | head``),
    stop quietly with :data:`BROKEN_PIPE`, as ``yes | head`` does, instead of a traceback."""
    try:
        return command()
    except BrokenPipeError:
        # Output still buffered would fail again at exit, so standard output now goes nowhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return BROKEN_PIPE
