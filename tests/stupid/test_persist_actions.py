"""Action text round trips, JSON save/load and tamper detection."""

from __future__ import annotations

import json
import random

import pytest

from stupid import Action, Card, CorruptGameError, Game, Rules, full_deck

from .helpers import play_out, random_step


@pytest.mark.parametrize(
    "action",
    [
        Action.bid(0),
        Action.bid(7),
        Action.bid(10),
        *(Action.play(card) for card in full_deck()),
        *(Action.play(card, copy) for card in full_deck()[::7] for copy in (0, 1, 2)),
    ],
)
def test_action_text_round_trip(action: Action) -> None:
    text = action.encode()
    assert Action.decode(text) == action
    assert text.isascii() and len(text) <= 5


def test_action_texts() -> None:
    assert Action.bid(3).encode() == "b3"
    assert Action.play("10♣").encode() == "pTC"
    assert Action.play(Card.parse("QC"), 1).encode() == "pQC.1"
    assert str(Action.play("QC")) == "play Q♣" and str(Action.bid(2)) == "bid 2"


@pytest.mark.parametrize(
    "text", ["", "b", "b-1", "b01", "b 1", "bx", "p", "pQ", "pQX", "pQC.3", "pQC.", "x3", "p10C"]
)
def test_bad_action_texts_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not an action"):
        Action.decode(text)


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "bid"},
        {"kind": "bid", "number": -1},
        {"kind": "play"},
        {"kind": "fold"},
        {"kind": "play", "card": "QC"},
    ],
)
def test_invalid_actions_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Action(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "rules"), [(4, Rules()), (9, Rules(max_hand=4)), (3, Rules(decks=2, max_hand=3))]
)
def test_json_round_trip_at_every_stage(players: int, rules: Rules) -> None:
    game = Game.new(players, rules, seed=players)
    rng = random.Random(players)
    steps = 0
    while not game.is_over:
        random_step(game, rng)
        steps += 1
        if steps % 17 == 0:
            loaded = Game.from_json(game.to_json())
            assert loaded == game
            assert loaded.view(0) == game.view(0)
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.totals == game.totals and loaded.winners == game.winners
    assert Game.replay(players, rules, game.seed, game.actions) == game


def saved(players: int = 8) -> dict[str, object]:
    game = Game.new(players, Rules(max_hand=3), seed=5)
    play_out(game, random.Random(3))
    document: dict[str, object] = json.loads(game.to_json())
    return document


def reseal(document: dict[str, object]) -> str:
    """Recompute the digest, as a careful forger would; replay must still catch the lie."""
    from cardkit.saved import digest as _digest

    body = {key: value for key, value in document.items() if key != "digest"}
    document["digest"] = _digest(body)
    return json.dumps(document)


def test_an_edited_document_is_refused() -> None:
    document = saved()
    document["seed"] = 6
    with pytest.raises(CorruptGameError, match="digest mismatch"):
        Game.from_json(json.dumps(document))


def test_a_copy_swapped_in_the_log_is_refused_even_with_a_fresh_digest() -> None:
    document = saved()
    actions = document["actions"]
    assert isinstance(actions, list)
    index = next(i for i, (_, text) in enumerate(actions) if text.startswith("p"))
    seat, text = actions[index]
    card, _, copy = text[1:].partition(".")
    actions[index] = [seat, f"p{card}.{1 - int(copy)}"]
    with pytest.raises(CorruptGameError, match=r"is illegal: .* \(copy \d\) is not in your hand"):
        Game.from_json(reseal(document))


def test_a_copy_missing_in_a_two_deck_log_is_refused() -> None:
    document = saved()
    actions = document["actions"]
    assert isinstance(actions, list)
    index = next(i for i, (_, text) in enumerate(actions) if text.startswith("p"))
    actions[index] = [actions[index][0], actions[index][1].split(".")[0]]
    with pytest.raises(CorruptGameError, match="must name a copy"):
        Game.from_json(reseal(document))


def test_a_false_state_is_refused() -> None:
    document = saved(4)
    state = document["state"]
    assert isinstance(state, dict)
    state["totals"] = [100, 0, 0, 0]
    with pytest.raises(CorruptGameError, match="replays to"):
        Game.from_json(reseal(document))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "invalid JSON"),
        ("[]", "not an object"),
        ('{"format": "stickem-game"}', "format is 'stickem-game'"),
    ],
)
def test_garbage_is_refused(text: str, message: str) -> None:
    with pytest.raises(CorruptGameError, match=message):
        Game.from_json(text)


def test_an_illegal_action_is_refused() -> None:
    document = saved(4)
    actions = document["actions"]
    assert isinstance(actions, list)
    actions[0] = [actions[0][0], "b9"]
    with pytest.raises(CorruptGameError, match=r"action 1 .* is illegal"):
        Game.from_json(reseal(document))
