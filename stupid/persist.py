"""Saving and loading games as JSON: a game is its seats, rules, seed and action log.

The document records the actions as ``[seat, "b3" | "pQC" | "pQC.1"]`` (``Action.encode``;
plays in games of several decks name the copy), a summary of the state they lead to and a
SHA-256 digest of the content. Loading checks the shape of every entry, the digest, the
legality of every action (by replaying it, copies included) and the summary, and raises
``CorruptGameError`` naming the first problem. The digest catches accidental or naive edits;
it is not a signature.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Final

from .actions import Action
from .errors import CorruptGameError, RuleError
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = ["FORMAT", "VERSION", "dumps", "loads", "to_document"]

FORMAT: Final = "stupid-game"
VERSION: Final = 1
_KEYS: Final = frozenset({"format", "version", "players", "seed", "rules", "actions", "state", "digest"})


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _state(game: Game) -> dict[str, Any]:
    return {
        "phase": game.phase.value,
        "round": game.round,
        "actions": game.action_count,
        "totals": game.totals,
        "winners": game.winners,
    }


def to_document(game: Game) -> dict[str, Any]:
    """The JSON-able document for ``game`` (see the module docstring)."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": game.players,
        "seed": game.seed,
        "rules": game.rules.to_dict(),
        "actions": [[seat, action.encode()] for seat, action in game.actions],
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


def _entry(index: int, entry: object) -> tuple[int, Action]:
    where = f"action {index + 1}"
    if not isinstance(entry, list) or len(entry) != 2:
        raise CorruptGameError(f"{where} must be [seat, action], not {entry!r}")
    seat = _whole(entry[0], f"the seat of {where}")
    text = entry[1]
    if not isinstance(text, str):
        raise CorruptGameError(f"{where} must be written as text, not {text!r}")
    try:
        action = Action.decode(text)
    except ValueError as error:
        raise CorruptGameError(f"{where}: {error}") from None
    return seat, action


def loads(text: str | bytes) -> Game:
    """Rebuild the game saved by ``dumps``; CorruptGameError if anything is wrong."""
    from .game import Game

    if not isinstance(text, str | bytes | bytearray):
        raise CorruptGameError(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise CorruptGameError(f"not a saved game: invalid JSON ({error})") from None
    if not isinstance(document, dict):
        raise CorruptGameError("not a saved game: the JSON is not an object")
    if document.get("format") != FORMAT:
        raise CorruptGameError(f"not a saved game: format is {document.get('format')!r}")
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
    for index, entry in enumerate(entries):
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
    if document["state"] != _state(game):
        raise CorruptGameError(f"saved game replays to {_state(game)}, not the recorded {document['state']}")
    return game
