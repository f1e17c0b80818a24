"""The saved-game document every engine writes: its envelope, written and checked once.

A saved game is a JSON object with exactly these keys, in this order: ``format`` (the
engine's name for its documents), ``version``, ``players``, ``seed``, ``rules`` (the rules as
a dict), ``actions`` (the action log, in the engine's own encoding), ``state`` (a summary of
the state the actions lead to) and ``digest``, the SHA-256 of the canonical JSON of the other
keys. The digest catches accidental or naive edits; it is not a signature.

The engine writes the actions and the summary and reads them back (replaying every action);
this module seals the document, writes it as compact JSON, and opens one: the JSON, the
format, the version, the keys, the digest, the whole numbers and the list of actions are
checked here, each refusal raised as the engine's own error class with a sentence naming the
first problem.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["KEYS", "Opened", "check_state", "digest", "open_document", "seal", "to_text", "whole"]

KEYS: Final = ("format", "version", "players", "seed", "rules", "actions", "state", "digest")
_KEY_SET: Final = frozenset(KEYS)


def digest(body: Mapping[str, Any]) -> str:
    """The SHA-256 (hex) of ``body`` as canonical JSON (sorted keys, no spaces, ASCII)."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def seal(
    format: str,
    version: int,
    *,
    players: int,
    seed: int,
    rules: dict[str, Any],
    actions: list[Any],
    state: dict[str, Any],
) -> dict[str, Any]:
    """The whole document, its keys in order, with its digest."""
    body: dict[str, Any] = {
        "format": format,
        "version": version,
        "players": players,
        "seed": seed,
        "rules": rules,
        "actions": actions,
        "state": state,
    }
    body["digest"] = digest(body)
    return body


def to_text(document: Mapping[str, Any], *, ascii_only: bool) -> str:
    """``document`` as compact JSON; ``ascii_only`` escapes every other character (the
    engines keep the spelling they have always written, so that a saved game's text does not
    change)."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=ascii_only)


def whole(value: object, what: str, error: type[Exception]) -> int:
    """``value`` if it is an int (not a bool, not a float), else ``error`` naming ``what``."""
    if type(value) is not int:
        raise error(f"{what} must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Opened:
    """A document that passed every check of the envelope; ``rules``, ``actions`` and
    ``state`` are as the JSON had them, for the engine to read."""

    players: int
    seed: int
    rules: Any
    actions: Sequence[Any]
    state: Any


def open_document(text: object, format: str, version: int, error: type[Exception]) -> Opened:
    """The document saved as ``text``, its envelope checked; ``error`` (the engine's
    ``CorruptGameError``) with a sentence naming the first problem."""
    if not isinstance(text, str | bytes | bytearray):
        raise error(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as problem:
        raise error(f"not a saved game: invalid JSON ({problem})") from None
    if not isinstance(document, dict):
        raise error("not a saved game: the JSON is not an object")
    if document.get("format") != format:
        raise error(f"not a saved game: format is {document.get('format')!r}")
    found = document.get("version")
    if type(found) is not int or found != version:  # True == 1 and 1.0 == 1 are not versions
        raise error(f"unsupported saved-game version {found!r}; this engine reads version {version}")
    if set(document) != _KEY_SET:
        missing = sorted(_KEY_SET - set(document))
        extra = sorted(set(document) - _KEY_SET)
        raise error(f"saved game has missing keys {missing} / unknown keys {extra}")
    body = {key: value for key, value in document.items() if key != "digest"}
    if document["digest"] != digest(body):
        raise error("the saved game was changed after it was saved (digest mismatch)")
    players = whole(document["players"], "players", error)
    seed = whole(document["seed"], "seed", error)
    actions = document["actions"]
    if not isinstance(actions, list):
        raise error("saved game actions must be a list")
    return Opened(players, seed, document["rules"], actions, document["state"])


def check_state(recorded: object, replayed: Mapping[str, Any], error: type[Exception]) -> None:
    """``error`` unless the replayed game's summary is the one the document recorded."""
    if recorded != replayed:
        raise error(f"saved game replays to {replayed}, not the recorded {recorded}")
