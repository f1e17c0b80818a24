"""An action a seat takes, bid or play, and its compact text for action logs.

``Action.bid(3)`` and ``Action.play(Card.parse("QC"))`` are what a player asks for. The text
form is ``"b3"`` for a bid and ``"pQC"`` for a play (``"pTC"`` for the ten of clubs).

Copies of a card (several decks) look the same to players, but a game's log keeps them apart
so a replay moves the very same physical cards: in a game of several decks a logged play names
its copy (0 for the first deck's, 1, 2) after a dot, ``"pQC.1"``. An action with ``copy=None``
(``"pQC"``: what players and computer players send) lets the engine take the lowest-numbered
copy the seat holds; in a game of several decks ``game.actions`` records the copy taken, and a
replayed play with a copy must find that very copy in the hand. One-deck games have no copies
and log ``"pQC"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .cards import Card, full_deck

__all__ = ["Action"]

_MAX_COPY: Final = 2


@dataclass(frozen=True, slots=True)
class Action:
    """A bid (``kind="bid"``, ``number``) or a play (``kind="play"``, ``card``, optional ``copy``).

    Build them with ``Action.bid(n)`` and ``Action.play(card)``; the fields are validated.
    """

    kind: Literal["bid", "play"]
    number: int | None = None
    card: Card | None = None
    copy: int | None = None

    def __post_init__(self) -> None:
        if self.kind == "bid":
            if (
                type(self.number) is not int
                or self.number < 0
                or self.card is not None
                or self.copy is not None
            ):
                raise ValueError(f"a bid needs a whole number of tricks, 0 or more, not {self.number!r}")
        elif self.kind == "play":
            if not isinstance(self.card, Card) or self.number is not None:
                raise ValueError(f"a play needs a Card, not {self.card!r}")
            if self.copy is not None and (type(self.copy) is not int or not 0 <= self.copy <= _MAX_COPY):
                raise ValueError(f"copy must be None or 0-{_MAX_COPY}, not {self.copy!r}")
        else:
            raise ValueError(f"unknown action kind {self.kind!r}; kinds are 'bid', 'play'")

    @classmethod
    def bid(cls, number: int) -> Action:
        """Bid ``number`` tricks."""
        return cls("bid", number=number)

    @classmethod
    def play(cls, card: Card | str, copy: int | None = None) -> Action:
        """Play ``card`` (a Card or its text); ``copy`` picks a copy (None: any)."""
        return cls("play", card=Card.parse(card) if isinstance(card, str) else card, copy=copy)

    def encode(self) -> str:
        """The compact text: ``"b3"``, ``"pQC"``, ``"pQC.1"``."""
        if self.kind == "bid":
            return f"b{self.number}"
        assert self.card is not None
        return f"p{self.card.code}" if self.copy is None else f"p{self.card.code}.{self.copy}"

    @classmethod
    def decode(cls, text: str) -> Action:
        """Inverse of ``encode``; ValueError on anything ``encode`` does not write."""
        if isinstance(text, str) and text[:1] == "b" and text[1:].isdigit() and text[1:].isascii():
            number = int(text[1:])
            if str(number) == text[1:]:
                return cls.bid(number)
        if isinstance(text, str) and text[:1] == "p" and len(text) in (3, 5):
            code, _, copy = text[1:].partition(".")
            card = _BY_CODE.get(code)
            if card is not None and (text[3:] == "" or copy in ("0", "1", "2")):
                return cls("play", card=card, copy=int(copy) if copy else None)
        raise ValueError(f"{text!r} is not an action; actions are written like 'b3', 'pQC' or 'pQC.1'")

    def without_copy(self) -> Action:
        """The same action as a player would send it (``copy=None``)."""
        return self if self.copy is None else Action("play", card=self.card)

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.number}"
        return f"play {self.card}"


_BY_CODE: Final = {card.code: card for card in full_deck()}
