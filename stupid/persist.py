"""Saving and loading games as JSON: a game is its seats, rules, seed and action log.

The document (its envelope: :mod:`cardkit.saved`) records the actions as ``[seat, "b3" |
"pQC" | "pQC.1"]`` (``Action.encode``; plays in games of several decks name the copy), a
summary of the state they lead to and a SHA-256 digest of the content. Loading checks the
shape of every entry, the digest, the legality of every action (by replaying it, copies
included) and the summary, and raises ``CorruptGameError`` naming the first problem. The digest
catches accidental or naive edits; it is not a signature.

This module does not know :class:`stupid.Game`: ``Game.to_json`` / ``Game.from_json`` call it
with the game, or with the function that starts one (so that neither imports the other).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Final, Protocol, TypeVar

from cardkit.saved import check_state, open_document, seal, to_text, whole

from .actions import Action
from .errors import CorruptGameError, RuleError
from .rules import Rules

__all__ = ["FORMAT", "VERSION", "SavedGame", "dumps", "loads", "to_document"]

FORMAT: Final = "stupid-game"
VERSION: Final = 1


class SavedGame(Protocol):
    """What saving reads of a game and loading does to one (:class:`stupid.Game` is one)."""

    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def decks(self) -> int: ...
    @property
    def actions(self) -> Sequence[tuple[int, Action]]: ...
    @property
    def phase(self) -> Enum: ...
    @property
    def round(self) -> int: ...
    @property
    def action_count(self) -> int: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def winners(self) -> list[int]: ...
    def apply(self, seat: int, action: Action) -> object: ...


G = TypeVar("G", bound=SavedGame)


def _state(game: SavedGame) -> dict[str, Any]:
    return {
        "phase": game.phase.value,
        "round": game.round,
        "actions": game.action_count,
        "totals": game.totals,
        "winners": game.winners,
    }


def to_document(game: SavedGame) -> dict[str, Any]:
    """The JSON-able document for ``game`` (see the module docstring)."""
    return seal(
        FORMAT,
        VERSION,
        players=game.players,
        seed=game.seed,
        rules=game.rules.to_dict(),
        actions=[[seat, action.encode()] for seat, action in game.actions],
        state=_state(game),
    )


def dumps(game: SavedGame) -> str:
    """``game`` as a compact JSON string."""
    return to_text(to_document(game), ascii_only=False)


def _entry(index: int, entry: object) -> tuple[int, Action]:
    where = f"action {index + 1}"
    if not isinstance(entry, list) or len(entry) != 2:
        raise CorruptGameError(f"{where} must be [seat, action], not {entry!r}")
    seat = whole(entry[0], f"the seat of {where}", CorruptGameError)
    text = entry[1]
    if not isinstance(text, str):
        raise CorruptGameError(f"{where} must be written as text, not {text!r}")
    try:
        action = Action.decode(text)
    except ValueError as error:
        raise CorruptGameError(f"{where}: {error}") from None
    return seat, action


def loads(text: str | bytes, start: Callable[[int, Rules, int], G]) -> G:
    """Rebuild the game saved by ``dumps``, begun by ``start(players, rules, seed)`` (``Game.new``)
    and replayed; CorruptGameError if anything is wrong."""
    saved = open_document(text, FORMAT, VERSION, CorruptGameError)
    try:
        game = start(saved.players, Rules.from_dict(saved.rules), saved.seed)
    except (ValueError, TypeError) as error:
        raise CorruptGameError(f"saved game cannot start: {error}") from None
    for index, entry in enumerate(saved.actions):
        seat, action = _entry(index, entry)
        if action.kind == "play" and (action.copy is None) != (game.decks == 1):
            deal = "one deck" if game.decks == 1 else f"{game.decks} decks"
            raise CorruptGameError(
                f"action {index + 1} ({action.encode()}) must {'' if game.decks > 1 else 'not '}"
                f"name a copy in a game of {deal}"
            )
        try:
            game.apply(seat, action)
        except RuleError as error:
            raise CorruptGameError(f"action {index + 1} ({action}) is illegal: {error}") from None
    check_state(saved.state, _state(game), CorruptGameError)
    return game
