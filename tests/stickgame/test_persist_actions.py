"""Action text round trips, JSON saving, replay and tamper detection, rule options."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickgame import (
    DECK,
    AddMeld,
    Card,
    CorruptGameError,
    Discard,
    DrawDiscard,
    DrawStock,
    Game,
    LayDown,
    LayOff,
    MeldPlay,
    Rules,
    Swap,
    TakeWild,
    decode,
)

from .helpers import SHORT, play_out

card_st = st.sampled_from(sorted(set(DECK)))
cards_st = st.lists(card_st, min_size=1, max_size=6).map(tuple)
placement_st = st.one_of(st.none(), st.sampled_from(["up", "down"]), st.integers(1, 12))
meld_st = st.builds(MeldPlay, cards_st, st.sampled_from([None, "set", "run", "wild5"]), placement_st)
simple_st = st.one_of(
    st.just(DrawStock()),
    st.just(DrawDiscard()),
    st.builds(Discard, card_st),
    st.builds(LayDown, st.lists(meld_st, min_size=1, max_size=4).map(tuple)),
    st.builds(AddMeld, meld_st),
    st.builds(LayOff, st.integers(0, 40), cards_st, placement_st),
)
swap_st = st.builds(Swap, st.integers(0, 40), card_st, st.one_of(st.none(), card_st))
action_st = st.one_of(
    simple_st,
    st.builds(
        TakeWild,
        st.lists(swap_st, min_size=1, max_size=3).map(tuple),
        st.one_of(
            st.builds(LayDown, st.lists(meld_st, min_size=1, max_size=3).map(tuple)),
            st.builds(AddMeld, meld_st),
        ),
    ),
)


@settings(max_examples=200, deadline=None)
@given(action_st)
def test_every_action_round_trips_through_its_text(action: object) -> None:
    text = action.encode()  # type: ignore[attr-defined]
    assert text.isascii() and "\n" not in text
    assert decode(text) == action


@pytest.mark.parametrize("text", ["", "Z", "S extra", "X", "X 1H", "O x 7H", "W 1:7H", "W 1:7H / X 7H"])
def test_bad_action_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not an action"):
        decode(text)


def test_examples_of_action_text() -> None:
    run = tuple(Card.parse(code) for code in ("4C", "5C", "*", "7C"))
    lay = LayDown((MeldPlay(run), MeldPlay((Card.parse("9S"),) * 3)))
    assert lay.encode() == "L 4C 5C * 7C | 9S 9S 9S"
    assert LayOff(3, (Card.parse("8H"),), "down").encode() == "O 3 down 8H"


def played_game(seed: int = 11, players: int = 3) -> Game:
    game = Game.new(players, SHORT, seed)
    play_out(game, seed)
    return game


def test_json_round_trip_replays_the_same_game() -> None:
    game = played_game()
    again = Game.from_json(game.to_json())
    assert again.log == game.log and again.totals == game.totals and again.winners == game.winners
    assert again.public_view() == game.public_view()


def test_json_round_trip_mid_game() -> None:
    game = Game.new(4, Rules(hand_size=11), seed=4)
    for _ in range(9):
        actions = game.legal_actions(game.turn)
        game.apply(game.turn, actions[-1])
    again = Game.from_json(game.to_json())
    assert all(again.view(s) == game.view(s) for s in range(4))
    assert again.stock == game.stock and again.bag == game.bag


def _edit(text: str, change: object) -> str:
    document = json.loads(text)
    change(document)  # type: ignore[operator]
    return json.dumps(document)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.__setitem__("seed", d["seed"] + 1), "digest"),
        (lambda d: d["actions"].pop(), "digest"),
        (lambda d: d.__setitem__("format", "other"), "not a saved"),
        (lambda d: d.__setitem__("version", 2), "version"),
        (lambda d: d.pop("state"), "missing keys"),
    ],
)
def test_tampering_is_detected(change: object, match: str) -> None:
    text = played_game().to_json()
    with pytest.raises(CorruptGameError, match=match):
        Game.from_json(_edit(text, change))


def test_an_illegal_action_with_a_fixed_digest_is_caught_on_replay() -> None:
    from cardkit.saved import digest as _digest

    game = played_game()
    document = json.loads(game.to_json())
    document["actions"][0] = [document["actions"][0][0], "X 7H"]
    document["digest"] = _digest({k: v for k, v in document.items() if k != "digest"})
    with pytest.raises(CorruptGameError, match="action 1"):
        Game.from_json(json.dumps(document))


def test_not_json_is_refused() -> None:
    with pytest.raises(CorruptGameError, match="invalid JSON"):
        Game.from_json("{nope")


def test_rules_options_are_validated_and_described() -> None:
    assert Rules() == Rules("sticks", 7, 15)
    assert [o.name for o in Rules.OPTIONS] == ["scoring", "sticks_to_win", "hand_size"]
    with pytest.raises(ValueError, match="'sticks', 'points'"):
        Rules(scoring="most")
    with pytest.raises(ValueError, match="from 1 to 7"):
        Rules(sticks_to_win=8)
    with pytest.raises(ValueError, match="from 11 to 15"):
        Rules(hand_size=16)
    with pytest.raises(ValueError, match="unknown rule option"):
        Rules().replace(rounds=3)
    assert Rules.from_dict(Rules(scoring="points").to_dict()) == Rules(scoring="points")


@pytest.mark.parametrize("players", [1, 9, "2"])
def test_player_count_is_two_to_eight(players: object) -> None:
    with pytest.raises(ValueError, match="2-8 players"):
        Game.new(players)  # type: ignore[arg-type]


def test_same_seed_same_game() -> None:
    assert played_game(5).log == played_game(5).log
    assert Game.new(3, seed=1).hand(0) != Game.new(3, seed=2).hand(0)
