"""The saved-game envelope (:mod:`cardkit.saved`): sealed once, every refusal a sentence."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardkit.saved import KEYS, check_state, digest, open_document, seal, to_text


class Corrupt(ValueError):
    """An engine's own error class."""


def _document(**changes: Any) -> dict[str, Any]:
    document = seal("toy-game", 2, players=3, seed=7, rules={"r": 1}, actions=[[0, "x"]], state={"s": "é"})
    document.update(changes)
    return document


def _resigned(document: dict[str, Any]) -> str:
    body = {key: value for key, value in document.items() if key != "digest"}
    return json.dumps({**body, "digest": digest(body)})


def test_a_sealed_document_has_its_keys_in_order_and_opens() -> None:
    document = _document()
    assert tuple(document) == KEYS
    opened = open_document(to_text(document, ascii_only=True), "toy-game", 2, Corrupt)
    assert (opened.players, opened.seed, opened.rules, list(opened.actions), opened.state) == (
        3,
        7,
        {"r": 1},
        [[0, "x"]],
        {"s": "é"},
    )


def test_the_text_keeps_or_escapes_other_characters() -> None:
    assert "\\u00e9" in to_text(_document(), ascii_only=True)
    assert "é" in to_text(_document(), ascii_only=False)
    assert to_text(_document(), ascii_only=False).startswith('{"format":"toy-game","version":2,')


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (42, "JSON text, not int"),
        ("{", "invalid JSON"),
        ("[]", "not an object"),
        (_resigned(_document(format="other")), "format is 'other'"),
        (_resigned(_document(version=True)), "version True"),
        (_resigned(_document(version=3)), "reads version 2"),
        (_resigned({**_document(), "extra": 1}), "unknown keys ['extra']"),
        (json.dumps({**_document(), "seed": 8}), "digest mismatch"),
        (_resigned(_document(players=3.0)), "players must be a whole number"),
        (_resigned(_document(seed="7")), "seed must be a whole number"),
        (_resigned(_document(actions={})), "actions must be a list"),
    ],
)
def test_every_broken_document_is_refused_with_the_engines_error(text: object, problem: str) -> None:
    with pytest.raises(Corrupt, match=problem.replace("[", r"\[").replace("]", r"\]")):
        open_document(text, "toy-game", 2, Corrupt)


def test_a_game_that_replays_elsewhere_is_refused() -> None:
    check_state({"round": 1}, {"round": 1}, Corrupt)
    with pytest.raises(Corrupt, match="replays to"):
        check_state({"round": 2}, {"round": 1}, Corrupt)
