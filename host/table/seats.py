"""The words of a table: its errors, its states, its seats and the computer players' names."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from host.catalog import lazy, text
from host.errors import UserError, sentence
from host.text import and_list, echo
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
    def of(cls, refused: Refused, names: Sequence[str]) -> GameRefusal:
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


@dataclass(frozen=True)
class Seat:
    """A seated player: the Discord user and the name shown at the table.

    A computer player has a ``level`` (one of its game's :attr:`tabletop.GameSpec.levels`) and
    ``user_id`` 0: it never matches a Discord user."""

    user_id: int
    name: str
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a computer player sits here."""
        return self.level is not None


BOT_NAMES = ("Ada", "Bea", "Cal", "Dot", "Eli", "Fox", "Gil", "Hal", "Ivo")
"""First names of the computer players, given in this order to the bots of a table."""


TIMER_CHOICES: dict[str, int | None] = {"off": None, "30s": 30, "60s": 60, "2min": 120, "5min": 300}
"""The turn timers /start offers (seconds; None: no timer)."""

DEFAULT_TIMER = "2min"

AWAY_AFTER = 2
"""Timeouts in a row after which a seat is marked away."""


def bot_seat(level: str, taken: set[str], levels: Sequence[str]) -> Seat:
    """A computer player of ``level`` (one of the game's ``levels``) with the first name not in
    ``taken``."""
    if level not in levels:
        raise TableError(lazy("lobby.no_such_level", level=echo(level), levels=", ".join(levels)))
    numbers = (str(number) for number in itertools.count(len(BOT_NAMES) + 1))  # then "Bot 10", ...
    first = next(name for name in itertools.chain(BOT_NAMES, numbers) if computer_name(name) not in taken)
    return Seat(0, f"{computer_name(first)} ({level})", level)


def computer_name(first: str) -> str:
    """A computer player's name without its level: "Bot Ada"."""
    return text("table.computer_name", name=first)


def bot_base_names(seats: list[Seat]) -> set[str]:
    """The "Bot Ada" parts of the computer players' names at a table."""
    return {seat.name.split(" (")[0] for seat in seats if seat.is_bot}


def timer_seconds(choice: str) -> int | None:
    """The seconds of a timer choice (:class:`TableError` for an unknown one)."""
    if choice not in TIMER_CHOICES:
        raise TableError(lazy("lobby.choose_timer", timers=", ".join(TIMER_CHOICES)))
    return TIMER_CHOICES[choice]
