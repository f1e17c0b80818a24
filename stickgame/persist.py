"""Saving and loading games as JSON: a game is its seats, rules, seed and action log.

The document records ``[seat, action text]`` for every action (cards named by value: the
four decks' identical cards are equal), a summary of the state it leads to and a SHA-256
digest of its content. Loading checks the shape, the digest, the legality of every action (by
replaying it) and the summary, and raises ``CorruptGameError`` naming the first problem. The
digest catches accidental or naive edits; it is not a signature.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Final

from .actions import decode
from .errors import CorruptGameError, RuleError
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = ["FORMAT", "VERSION", "dumps", "loads", "to_document"]

FORMAT: Final = "stickgame-game"
VERSION: Final = 1
_KEYS: Final = frozenset({"format", "version", "players", "seed", "rules", "actions", "state", "digest"})


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _state(game: Game) -> dict[str, Any]:
    return {
        "phase": game.phase,
        "round": game.round,
        "actions": game.action_count,
        "totals": list(game.totals),
        "winners": list(game.winners),
    }


def to_document(game: Game) -> dict[str, Any]:
    """The JSON-able document for ``game`` (see the module docstring)."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": game.players,
        "seed": game.seed,
        "rules": game.rules.to_dict(),
        "actions": [[seat, text] for seat, text in game.log],
        "state": _state(game),
    }
    body["digest"] = _digest(body)
    return body


def dumps(game: Game) -> str:
    """``game`` as a compact JSON string."""
    return json.dumps(to_document(game), separators=(",", ":"), ensure_ascii=False)


def _whole(value: object, what: str) -> int:
    if type(value) is not int:
        raise CorruptGameError(f"{what} must be a whole number, not {value!r}")
    return value


def loads(text: str | bytes) -> Game:
    """Rebuild the game saved by ``dumps``; CorruptGameError if anything is wrong."""
    from .game import Game

    try:
        document = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise CorruptGameError(f"not a saved game: invalid JSON ({error})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise CorruptGameError("not a saved Stick Game game")
    version = document.get("version")
    if type(version) is not int or version != VERSION:
        raise CorruptGameError(f"unsupported saved-game version {version!r}; this engine reads {VERSION}")
    if set(document) != _KEYS:
        missing = sorted(_KEYS - set(document))
        extra = sorted(set(document) - _KEYS)
        raise CorruptGameError(f"saved game has missing keys {missing} / unknown keys {extra}")
    body = {key: value for key, value in document.items() if key != "digest"}
    if document["digest"] != _digest(body):
        raise CorruptGameError("the saved game was changed after it was saved (digest mismatch)")
    players = _whole(document["players"], "players")
    seed = _whole(document["seed"], "seed")
    try:
        game = Game.new(players, Rules.from_dict(document["rules"]), seed)
    except (ValueError, TypeError) as error:
        raise CorruptGameError(f"saved game cannot start: {error}") from None
    entries = document["actions"]
    if not isinstance(entries, list):
        raise CorruptGameError("saved game actions must be a list")
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str):
            raise CorruptGameError(f"action {number} must be [seat, text], not {entry!r}")
        seat = _whole(entry[0], f"the seat of action {number}")
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
    if document["state"] != _state(game):
        raise CorruptGameError(f"saved game replays to {_state(game)}, not the recorded {document['state']}")
    return game
