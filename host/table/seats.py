"""The words of a table: its errors, its states, its seats and the computer players' names."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from host.catalog import DEFAULT_LANGUAGE, Text, Words, lazy, render, text
from host.errors import UserError, sentence
from host.text import and_list, echo, joined
from tabletop import Refused


class TableError(UserError):
    """A refusal by the table itself (not a rule of the game); its text is shown to the player."""


class OutdatedPrompt(TableError):
    """A click on a prompt made at an earlier stage that no longer counts, in the game's words
    (its presentation's ``stale``); the Discord layer adds where the latest prompt is."""

    outdated_prompt = True


class GameRefusal(UserError):
    """The game refused an action (its rule sentence is shown to the player); nothing changed."""

    @classmethod
    def of(cls, refused: Refused, names: Sequence[Words]) -> GameRefusal:
        """The game's refusal as the player reads it: its sentence, or, when the reason is that
        it is other seats' turn (``turn_of``), whose turn it is by name."""
        if refused.turn_of:
            waiting = and_list([names[seat] for seat in refused.turn_of])
            return cls(lazy("game.not_your_turn", names=waiting))
        refusal = cls(refused.message)  # made a sentence when shown (bot.messages.errors)
        refusal.outdated_prompt = refused.outdated
        return refusal

    def __str__(self) -> str:
        return sentence(super().__str__())


class TableState(Enum):
    """Where a table is in its life."""

    LOBBY = "lobby"
    PLAYING = "playing"
    CLOSED = "closed"


LEVEL_WORDS: Mapping[str, Text] = {
    "random": lazy("commands.levels.random"),
    "normal": lazy("commands.levels.normal"),
    "hard": lazy("commands.levels.hard"),
}
"""The words of each computer level, by the level's (language-free) name: the entries the slash
commands' level choices show too (:mod:`bot.tables.level_choices`)."""


def level_words(level: str) -> Words:
    """The computer ``level`` in each reader's words (its own name where the catalog has none)."""
    return LEVEL_WORDS.get(level, level)


_STORED_BEFORE = re.compile(r"Bot (?P<name>.+) \((?P<level>[^()]*)\)")
"""A computer seat's name as releases before the names were shown in each reader's language
stored it: the English full name, "Bot Ada (hard)"."""


def computer_first_name(stored: str) -> str:
    """The first name of a computer seat from its stored name: "Ada" for "Ada", and for
    "Bot Ada (hard)", the English full name earlier releases stored (a game or lobby stored then
    is read on, and stored again in the new form)."""
    earlier = _STORED_BEFORE.fullmatch(stored)
    return earlier.group("name") if earlier is not None else stored


@lru_cache(maxsize=1024)
def _computer_name_in(first: str, level: str, language: str) -> str:
    """:func:`computer_shown` rendered in ``language``, kept: the catalog's entries never change
    once read, and a move's messages name every seat several times."""
    return render(computer_shown(first, level), language)


@lru_cache(maxsize=256)
def computer_shown(first: str, level: str) -> Text:
    """A computer player's name as a reader sees it, in their language: "Bot Ada (hard)",
    "Bot Ada (schwer)" in German. Made once per name and level (an immutable value: the table
    messages ask for every seat's name several times per move)."""
    return lazy("table.computer_seat", name=lazy("table.computer_name", name=first), level=level_words(level))


@dataclass(frozen=True)
class Seat:
    """A seated player: the Discord user and their name.

    A computer player has a ``level`` (one of its game's :attr:`tabletop.GameSpec.levels`),
    ``user_id`` 0 (it never matches a Discord user) and for ``name`` its first name alone
    ("Ada", the same in every language: what is stored); a reader sees :attr:`shown`, its full
    name in their language. A computer seat made from an earlier release's stored full name
    ("Bot Ada (hard)") keeps its first name only."""

    user_id: int
    name: str
    level: str | None = None

    def __post_init__(self) -> None:
        if self.level is not None:
            object.__setattr__(self, "name", computer_first_name(self.name))

    @property
    def is_bot(self) -> bool:
        """Whether a computer player sits here."""
        return self.level is not None

    @property
    def shown(self) -> Words:
        """The name a reader sees: a person's own, a computer's full name in the reader's
        language ("Bot Ada (hard)", "Bot Ada (schwer)")."""
        if self.level is None:
            return self.name
        return computer_shown(self.name, self.level)

    def shown_in(self, language: str = DEFAULT_LANGUAGE) -> str:
        """:attr:`shown` in ``language``."""
        if self.level is None:
            return self.name
        return _computer_name_in(self.name, self.level, language)


BOT_NAMES = ("Ada", "Bea", "Cal", "Dot", "Eli", "Fox", "Gil", "Hal", "Ivo")
"""First names of the computer players, given in this order to the bots of a table."""


TIMER_CHOICES: dict[str, int | None] = {"off": None, "30s": 30, "60s": 60, "2min": 120, "5min": 300}
"""The turn timers /start offers (seconds; None: no timer)."""

DEFAULT_TIMER = "2min"

AWAY_AFTER = 2
"""Timeouts in a row after which a seat is marked away."""


def bot_seat(level: str, taken: set[str], levels: Sequence[str]) -> Seat:
    """A computer player of ``level`` (one of the game's ``levels``) with the first name not in
    ``taken``; an unknown level is refused with the game's levels in the reader's words."""
    if level not in levels:
        words = joined([level_words(known) for known in levels], ", ")
        raise TableError(lazy("lobby.no_such_level", level=echo(level), levels=words))
    numbers = (str(number) for number in itertools.count(len(BOT_NAMES) + 1))  # then "Bot 10", ...
    first = next(name for name in itertools.chain(BOT_NAMES, numbers) if name not in taken)
    return Seat(0, first, level)


def computer_name(first: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A computer player's name without its level, in ``language``: "Bot Ada"."""
    return text("table.computer_name", language=language, name=first)


def bot_base_names(seats: list[Seat]) -> set[str]:
    """The first names ("Ada") of the computer players at a table."""
    return {seat.name for seat in seats if seat.is_bot}


def stored_seat_name(display_name: str, *, computer: bool, level: str | None) -> Words:
    """The name of a stored game's seat as a reader sees it (a replay, the history): a person's
    stored name; a computer's full name in the reader's language, from its stored first name
    (or an earlier release's English full name) and ``level`` (the one stored for its seat; an
    earlier full name gives it too)."""
    if not computer:
        return display_name
    if level is None:
        earlier = _STORED_BEFORE.fullmatch(display_name)
        if earlier is None:
            return lazy("table.computer_name", name=display_name)
        level = earlier.group("level")
    return computer_shown(computer_first_name(display_name), level)


def timer_seconds(choice: str) -> int | None:
    """The seconds of a timer choice (:class:`TableError` for an unknown one)."""
    if choice not in TIMER_CHOICES:
        raise TableError(lazy("lobby.choose_timer", timers=", ".join(TIMER_CHOICES)))
    return TIMER_CHOICES[choice]
