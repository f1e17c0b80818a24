"""What every game's command line shares: the seat list of a simulation, a progress bar,
range-checked number options (so that a refusal names the flag the person typed), and for a game
in the terminal its input and exits (``quit``, Ctrl-D, Ctrl-C) and its output, whose long lines
wrap at the terminal's width."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Final, TextIO

from tabletop.catalog import DEFAULT_LANGUAGE, Catalog, Text, render

__all__ = [
    "BROKEN_PIPE",
    "HELP_WORDS",
    "INTERRUPTED",
    "QUIT_WORDS",
    "SEAT_NAME_KEYS",
    "TRICK_WON_KEYS",
    "ConsoleWords",
    "ProgressBar",
    "QuitGame",
    "add_choice",
    "as_flags",
    "play_until_interrupted",
    "print_wrapped",
    "quiet_broken_pipe",
    "read_answer",
    "seat_levels",
    "terminal_width",
    "whole_number",
    "wrap_text",
]

BROKEN_PIPE = 141
"""Exit code when standard output is closed early: 128 + SIGPIPE, what the shell shows for `yes | head`."""
INTERRUPTED = 130
"""Exit code after Ctrl-C: 128 + SIGINT, what the shell shows for an interrupted command."""
QUIT_WORDS = frozenset({"q", "quit", "exit"})
"""What a person types to leave a game in the terminal."""
HELP_WORDS = frozenset({"help", "?", "h"})
"""What a person types to see what they can type."""
SEAT_NAME_KEYS: Final = ("terminal.you", "terminal.cpu")
"""The keys of a game's catalog :class:`ConsoleWords` reads the seats' names by (a game's texts
name them in its ``DYNAMIC_KEYS``: no literal ``t("...")`` of the game asks for them)."""
TRICK_WON_KEYS: Final = ("terminal.trick_won.you", "terminal.trick_won.named")
"""The keys :meth:`ConsoleWords.trick_won` reads (a game of tricks names them in its
``DYNAMIC_KEYS``)."""
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_GAPS = re.compile(r"( +)")


class ConsoleWords:
    """What every game's terminal table writes from its own catalog (``catalog``, which has the
    texts ``terminal.you``, ``terminal.cpu`` with ``seat``, and, for a game of tricks that asks
    for :meth:`trick_won`, ``terminal.trick_won.you`` / ``.named`` with ``trick``, ``plays`` and
    ``name``), in ``language``: seat 0 is the person ("You"), the others "CPU 1", "CPU 2"...;
    ``color``: cards in ANSI colours. A game's own terminal words build on it."""

    def __init__(
        self, catalog: Catalog, players: int, language: str = DEFAULT_LANGUAGE, color: bool = True
    ) -> None:
        self.catalog = catalog
        self.language = language
        self.color = color
        self.names = [self.say(catalog.lazy("terminal.you"))] + [
            self.say(catalog.lazy("terminal.cpu", seat=seat)) for seat in range(1, players)
        ]

    def say(self, text: Text) -> str:
        """A text of the catalog, in the table's language."""
        return render(text, self.language)

    def trick_won(self, trick: int, winner: int, plays: str) -> str:
        """The line of trick ``trick`` won by seat ``winner``, its ``plays`` written already:
        "You take trick 3 ..." for the person, with the winner's name for a computer."""
        if winner == 0:
            return self.say(self.catalog.lazy("terminal.trick_won.you", trick=trick, plays=plays))
        won = self.catalog.lazy("terminal.trick_won.named", trick=trick, plays=plays, name=self.names[winner])
        return self.say(won)

    def words(self, word: Text) -> frozenset[str]:
        """A command ``word`` as the person may type it: in English or in the table's language."""
        return frozenset({render(word, DEFAULT_LANGUAGE).lower(), self.say(word).lower()})


class QuitGame(Exception):
    """The person asked to leave: they typed a quit word, or the input ended (Ctrl-D)."""


def read_answer(read: Callable[[str], str], write: Callable[[str], None], prompt: str) -> str:
    """One answer typed at ``prompt``, spaces collapsed; :class:`QuitGame` on a quit word or at the
    end of the input, which first ends the prompt's line so that the goodbye stands on its own."""
    try:
        text = read(prompt)
    except EOFError:
        write("")
        raise QuitGame from None
    answer = " ".join(text.split())
    if answer.lower() in QUIT_WORDS:
        raise QuitGame
    return answer


def play_until_interrupted(play: Callable[[], object], goodbye: str) -> int:
    """Run a game in the terminal; Ctrl-C ends it with ``goodbye`` on a line of its own and
    :data:`INTERRUPTED` (no traceback), else 0."""
    try:
        play()
    except KeyboardInterrupt:
        print(f"\n{goodbye}")
        return INTERRUPTED
    return 0


def _visible(text: str) -> int:
    """The columns ``text`` takes on a terminal (colour codes take none)."""
    return len(_ANSI.sub("", text))


def _wrap_line(line: str, width: int) -> list[str]:
    line = line.rstrip(" ")
    if _visible(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = line[: len(line) - len(body)]
    parts = _GAPS.split(body)  # word, gap, word, gap, ..., word
    rows: list[str] = []
    row, used = indent + parts[0], len(indent) + _visible(parts[0])
    for gap, word in zip(parts[1::2], parts[2::2], strict=True):
        size = _visible(word)
        if used + len(gap) + size <= width:
            row, used = row + gap + word, used + len(gap) + size
        else:
            rows.append(row)
            row, used = indent + word, len(indent) + size
    rows.append(row)
    return rows


def wrap_text(text: str, width: int) -> str:
    """``text`` with every line longer than ``width`` columns broken between words; a broken
    line's rest keeps its indent, spaces inside a line (table columns) are kept, colour codes
    take no room, and a word longer than the width stays whole."""
    return "\n".join(row for line in text.split("\n") for row in _wrap_line(line, max(width, 1)))


def terminal_width(stream: TextIO) -> int | None:
    """The width to wrap ``stream``'s lines at: the terminal's (``COLUMNS`` overrides it), or
    None when the stream is not a terminal (a file or a pipe keeps whole lines)."""
    isatty = getattr(stream, "isatty", None)
    if isatty is None or not isatty():
        return None
    return shutil.get_terminal_size().columns


def print_wrapped(text: str) -> None:
    """``print(text)``, its long lines wrapped at the terminal's width (see :func:`wrap_text`)."""
    width = terminal_width(sys.stdout)
    print(text if width is None else wrap_text(text, width))


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


def add_choice(
    parser: argparse.ArgumentParser, flag: str, choices: Sequence[str], *, default: str, help: str
) -> None:
    """Add ``flag``, one of ``choices`` (written in lower case), to ``parser``, typed in any case:
    ``--level Hard`` is ``--level hard``, as names are case-insensitive everywhere else (the
    game's name, the seat list, the bot's settings)."""
    parser.add_argument(flag, type=str.lower, choices=tuple(choices), default=default, help=help)


def add_language(parser: argparse.ArgumentParser, catalog: Catalog) -> None:
    """Add ``--language``, one of ``catalog``'s languages, typed in any case; unset (None), the
    game's terminal table takes the environment's (:func:`environment_language`)."""
    parser.add_argument(
        "--language",
        type=str.lower,
        choices=catalog.languages(),
        default=None,
        help="the language of the game (default: the environment's, LANG; else en)",
    )


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
    """A one-line progress bar, redrawn in place with ``\\r``: ``[####.....] 3/10 games, 4s``.

    Drawn on ``stream`` (standard error by default) only when it is a terminal: written to a
    file or a pipe, a line redrawn in place would be a heap of carriage returns."""

    def __init__(self, width: int = 30, stream: TextIO | None = None) -> None:
        self.width = width
        self.stream = sys.stderr if stream is None else stream
        self.shown = terminal_width(self.stream) is not None
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.shown:
            return
        filled = self.width * done // total
        elapsed = time.monotonic() - self.start
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games, {elapsed:.0f}s")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


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


def environment_language(catalog: Catalog, environ: Mapping[str, str]) -> str:
    """The language of ``catalog`` the environment asks for: the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set ("de_DE.UTF-8": ``de``); English if it names none
    the catalog has (each game's terminal table: ``--language`` wins over it)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            locale = value.split(".")[0].split("@")[0].replace("_", "-")
            return catalog.language_for(locale) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE
