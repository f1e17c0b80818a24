"""What every game's command line shares: the seat list of a simulation, a progress bar and
range-checked number options (so that a refusal names the flag the person typed)."""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Callable, Sequence

__all__ = ["BROKEN_PIPE", "ProgressBar", "as_flags", "quiet_broken_pipe", "seat_levels", "whole_number"]

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


def whole_number(low: int, high: int, otherwise: str = "") -> Callable[[str], int]:
    """An argparse ``type`` taking a whole number from ``low`` to ``high``; anything else is
    refused by argparse naming the flag: ``argument --decks: 5 is not possible; use a whole
    number from 1 to 3`` and ``otherwise`` (``", or leave it out: one deck per 7 players"``)."""

    def parse(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if digits.isdigit() and len(digits) <= 9 and low <= int(text) <= high:
            return int(text)
        raise argparse.ArgumentTypeError(
            f"{text} is not possible; use a whole number from {low} to {high}{otherwise}"
        )

    parse.__name__ = "whole number"  # argparse names the type so in its own messages
    return parse


def as_flags(message: str, options: Sequence[str]) -> str:
    """A game's refusal of its options as the command line shows it: each option of ``options``
    named as its flag, ``decks=1`` as ``--decks 1`` and ``max_hand`` as ``--max-hand`` (the
    engine names them as a program or a Discord option list would)."""
    for name in options:
        flag = "--" + name.replace("_", "-")
        message = re.sub(rf"\b{name}=", f"{flag} ", message)
        message = re.sub(rf"(?<![-\w]){name}\b", flag, message)
    return message


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
