"""Saving and loading games as JSON: a game is its seats, rules, seed and action log.

The document (its envelope: :mod:`cardkit.saved`) records ``[seat, action text]`` for every
action (cards named by value: the four decks' identical cards are equal), a summary of the
state it leads to and a SHA-256 digest of its content. Loading checks the shape, the digest,
the legality of every action (by replaying it) and the summary, and raises
``CorruptGameError`` naming the first problem. The digest catches accidental or naive edits;
it is not a signature.

This module does not know :class:`stickgame.Game`: ``Game.to_json`` / ``Game.from_json`` call
it with the game, or with the function that starts one (so that neither imports the other).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, TypeVar

from cardkit.saved import check_state, open_document, seal, to_text, whole

from .actions import Action, decode
from .errors import CorruptGameError, RuleError
from .rules import Rules

__all__ = ["FORMAT", "VERSION", "SavedGame", "dumps", "loads", "to_document"]

FORMAT: Final = "stickgame-game"
VERSION: Final = 1


class SavedGame(Protocol):
    """What saving reads of a game and loading does to one (:class:`stickgame.Game` is one)."""

    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def log(self) -> Sequence[tuple[int, str]]: ...
    @property
    def phase(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def action_count(self) -> int: ...
    @property
    def totals(self) -> Sequence[int]: ...
    @property
    def winners(self) -> Sequence[int]: ...
    def apply(self, seat: int, action: Action) -> object: ...


G = TypeVar("G", bound=SavedGame)


def _state(game: SavedGame) -> dict[str, Any]:
    return {
        "phase": game.phase,
        "round": game.round,
        "actions": game.action_count,
        "totals": list(game.totals),
        "winners": list(game.winners),
    }


def to_document(game: SavedGame) -> dict[str, Any]:
    """The JSON-able document for ``game`` (see the module docstring)."""
    return seal(
        FORMAT,
        VERSION,
        players=game.players,
        seed=game.seed,
        rules=game.rules.to_dict(),
        actions=[[seat, text] for seat, text in game.log],
        state=_state(game),
    )


def dumps(game: SavedGame) -> str:
    """``game`` as a compact JSON string."""
    return to_text(to_document(game), ascii_only=False)


def loads(text: str | bytes, start: Callable[[int, Rules, int], G]) -> G:
    """Rebuild the game saved by ``dumps``, begun by ``start(players, rules, seed)`` (``Game.new``)
    and replayed; CorruptGameError if anything is wrong."""
    saved = open_document(text, FORMAT, VERSION, CorruptGameError)
    try:
        game = start(saved.players, Rules.from_dict(saved.rules), saved.seed)
    except (ValueError, TypeError) as error:
        raise CorruptGameError(f"saved game cannot start: {error}") from None
    for number, entry in enumerate(saved.actions, 1):
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str):
            raise CorruptGameError(f"action {number} must be [seat, text], not {entry!r}")
        seat = whole(entry[0], f"the seat of action {number}", CorruptGameError)
        try:
            action = decode(entry[1])
        except ValueError as error:
            raise CorruptGameError(f"action {number}: {error}") from None
        if action.encode() != entry[1]:
            raise CorruptGameError(f"action {number} is written {entry[1]!r}, not {action.encode()!r}")
        try:
            game.apply(seat, action)
        except RuleError as error:
            raise CorruptGameError(f"action {number} ({entry[1]}) is illegal: {error}") from None
    check_state(saved.state, _state(game), CorruptGameError)
    return game
