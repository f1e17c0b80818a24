"""Saving and loading: a game is its seed, rules and action log; bad documents are refused."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.saved import digest as _digest
from stickem import CorruptGameError, Game, Rules

from .helpers import play_out, random_step


def midgame() -> Game:
    game = Game.new(5, Rules.preset("online", rounds=4), seed=77)
    rng = Random(77)
    for _ in range(140):
        random_step(game, rng)
    return game


def resign(document: dict[str, Any]) -> str:
    """Re-compute the digest, as a careful tamperer would."""
    body = {key: value for key, value in document.items() if key != "digest"}
    document["digest"] = _digest(body)
    return json.dumps(document)


def test_round_trip_mid_game_and_finished() -> None:
    game = midgame()
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.rules == game.rules and loaded.seed == game.seed
    assert loaded.actions == game.actions
    assert [loaded.view(s) for s in range(5)] == [game.view(s) for s in range(5)]
    seat = game.awaiting[0]
    card = game.legal_cards(seat)[0]
    assert loaded.play(seat, card) == game.play(seat, card)  # both continue identically
    play_out(game, Random(1))
    assert Game.from_json(game.to_json().encode()) == game


def test_new_game_round_trips_and_document_is_readable() -> None:
    game = Game.new(3, seed=5)
    document = json.loads(game.to_json())
    assert document["format"] == "stickem-game" and document["seed"] == 5
    assert document["rules"]["preset"] == "classic" and document["actions"] == []
    assert Game.from_json(game.to_json()) == game


def test_equality_is_by_seed_rules_and_actions() -> None:
    a, b = Game.new(4, seed=1), Game.new(4, seed=1)
    assert a == b
    a.choose_misery(0, a.hand(0)[0])
    assert a != b
    b.choose_misery(0, b.hand(0)[0])
    assert a == b and a != Game.new(4, Rules.preset("online"), seed=1)


def test_copy_is_independent() -> None:
    game = midgame()
    clone = game.copy()
    seat = clone.awaiting[0]
    clone.play(seat, clone.legal_cards(seat)[0])
    assert clone != game and len(clone.actions) == len(game.actions) + 1
    assert Game.from_json(game.to_json()) == game


Tamper = Callable[[dict[str, Any]], str]

TAMPERING: list[tuple[str, Tamper, str]] = [
    ("not json", lambda d: "{not json", "invalid JSON"),
    ("not an object", lambda d: "[1, 2]", "not an object"),
    ("wrong format", lambda d: json.dumps({**d, "format": "chess"}), "format"),
    ("wrong version", lambda d: json.dumps({**d, "version": 99}), "version 99"),
    ("edited without digest", lambda d: json.dumps({**d, "seed": d["seed"] + 1}), "digest"),
    ("missing key", lambda d: json.dumps({k: v for k, v in d.items() if k != "state"}), "keys"),
    ("bad seed type", lambda d: resign({**d, "seed": "77"}), "seed must be a whole number"),
    ("bad players", lambda d: resign({**d, "players": 9}), "cannot start"),
    ("bad rules", lambda d: resign({**d, "rules": {**d["rules"], "all_zero": "x"}}), "all_zero"),
    (
        "action shape",
        lambda d: resign({**d, "actions": [*d["actions"][:3], ["play", 1]]}),
        "action 4 must be",
    ),
    (
        "action kind",
        lambda d: resign({**d, "actions": [["bid", 0, "red 1"], *d["actions"][1:]]}),
        "unknown kind 'bid'",
    ),
    (
        "card text",
        lambda d: resign({**d, "actions": [[*d["actions"][0][:2], "red 99"]]}),
        "is not a card",
    ),
    (
        "illegal action",
        lambda d: resign({**d, "actions": [d["actions"][0], d["actions"][0]]}),
        "action 2 (seat",
    ),
    (
        "legal but different action",
        lambda d: resign({**d, "actions": d["actions"][:-1]}),
        "replays to",
    ),
    (
        "state edited",
        lambda d: resign({**d, "state": {**d["state"], "totals": [9, 9, 9, 9, 9]}}),
        "replays to",
    ),
]


@pytest.mark.parametrize(
    ("tamper", "message"), [t[1:] for t in TAMPERING], ids=[t[0] for t in TAMPERING]
)
def test_corrupt_documents_are_refused_clearly(tamper: Tamper, message: str) -> None:
    document = json.loads(midgame().to_json())
    with pytest.raises(CorruptGameError) as raised:
        Game.from_json(tamper(document))
    assert message in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_non_text_is_refused() -> None:
    with pytest.raises(CorruptGameError):
        Game.from_json(42)  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_one_character_edit_is_refused_or_harmless(data: st.DataObject) -> None:
    game = midgame()
    text = game.to_json()
    position = data.draw(st.integers(0, len(text) - 1))
    replacement = data.draw(st.characters(codec="utf-8"))
    edited = text[:position] + replacement + text[position + 1 :]
    try:
        loaded = Game.from_json(edited)
    except CorruptGameError:
        return
    assert loaded == game  # only a no-op edit may load


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_are_refused(blob: bytes) -> None:
    with pytest.raises(CorruptGameError):
        Game.from_json(blob)


def test_deeply_nested_and_huge_numbers_are_refused() -> None:
    with pytest.raises(CorruptGameError):
        Game.from_json("[" * 100000 + "]" * 100000)
    document = json.loads(Game.new(3, seed=1).to_json())
    with pytest.raises(CorruptGameError):
        text = json.dumps(document, separators=(",", ":"))
        assert '"seed":1,' in text
        Game.from_json(text.replace('"seed":1,', '"seed":' + "9" * 5000 + ","))


def test_pickle_and_deepcopy_give_equal_independent_games() -> None:
    game = midgame()
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert twin == game and twin.view(2) == game.view(2)
        assert twin.hand(0) == game.hand(0) and twin.hand(0)[0] is game.hand(0)[0]
        seat = twin.awaiting[0]
        card = twin.legal_cards(seat)[0]
        assert twin.play(seat, card) == game.copy().play(seat, card)
        assert twin != game


def test_only_the_engines_own_spellings_load() -> None:
    """Two different documents must never load to the same game: versions and cards are exact."""
    game = Game.new(3, seed=5)
    seat = game.awaiting[0]
    game.choose_misery(seat, game.hand(seat)[0])
    document = json.loads(game.to_json())
    for version in (True, 1.0):
        with pytest.raises(CorruptGameError, match="version"):
            Game.from_json(resign({**document, "version": version}))
    card_text = document["actions"][0][2]
    color, value = card_text.split()
    for spelling in (card_text.upper(), f"{color}-{value}", f"{color} 0{value}"):
        if spelling == card_text:
            continue
        edited = {**document, "actions": [[*document["actions"][0][:2], spelling]]}
        with pytest.raises(CorruptGameError, match="is written"):
            Game.from_json(resign(edited))
