"""The 44 sticks: every one completed by a minimal hand and refused a hand one card short."""

from __future__ import annotations

import pytest

from stickgame import JOKER, STICKS, Card, MeldError, Need, Stick, Suit, completes, match_stick
from stickgame.solver import deficit, find_completion

from .helpers import cards

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def minimal_melds(stick: Stick) -> list[list[Card]]:
    """One meld per need, each exactly as long as the need asks, all natural but 5 wilds."""
    melds: list[list[Card]] = []
    for number, need in enumerate(stick.needs):
        if need.kind == "wild5":
            melds.append([JOKER] * 5)
        elif need.kind == "set":
            rank = need.rank if need.rank is not None else 3 + number
            melds.append([Card(_SUITS[i % 4], rank) for i in range(need.size)])
        else:
            suit = need.suit if need.suit is not None else _SUITS[number % 4]
            positions = sorted(need.named) if need.named else range(3, 3 + need.size)
            melds.append([Card(suit, 1 if p == 14 else p) for p in positions])
    return melds


def test_there_are_forty_sticks_and_four_frees_in_table_order() -> None:
    assert len(STICKS) == 44 and [s.number for s in STICKS] == list(range(1, 45))
    assert [s.is_free for s in STICKS] == [False] * 40 + [True] * 4
    assert str(STICKS[5]) == "a run of 4 and a set" and str(STICKS[40]) == "Free"
    assert all(s.points == 0 for s in STICKS[40:])


@pytest.mark.parametrize("stick", STICKS[:40], ids=lambda s: f"{s.number}")
def test_points_are_the_fewest_cards_that_complete(stick: Stick) -> None:
    melds = minimal_melds(stick)
    assert stick.points == sum(len(m) for m in melds) == sum(n.size for n in stick.needs)


@pytest.mark.parametrize("stick", STICKS[:40], ids=lambda s: f"{s.number}")
def test_each_stick_is_completed_by_a_minimal_hand(stick: Stick) -> None:
    melds = minimal_melds(stick)
    assert completes(stick, melds)
    hand = [card for meld in melds for card in meld]
    found = find_completion(hand, stick)
    assert found is not None and completes(stick, [list(play.cards) for play in found])
    assert deficit(hand, stick) == 0


@pytest.mark.parametrize("stick", STICKS[:40], ids=lambda s: f"{s.number}")
def test_each_stick_refuses_a_meld_one_card_short(stick: Stick) -> None:
    melds = minimal_melds(stick)
    melds[-1] = melds[-1][:-1]
    assert not completes(stick, melds)
    with pytest.raises(MeldError):
        match_stick(stick, melds)
    assert deficit([card for meld in melds for card in meld], stick) == 1


@pytest.mark.parametrize("stick", STICKS[:40], ids=lambda s: f"{s.number}")
def test_each_stick_refuses_a_missing_meld(stick: Stick) -> None:
    melds = minimal_melds(stick)
    with pytest.raises(MeldError, match="names"):
        match_stick(stick, melds[:-1])


def test_worked_example_stick_six() -> None:
    stick = STICKS[5]
    melds = match_stick(stick, [cards("4C 5C W 7C"), cards("9S 9H 9H")])
    assert [m.kind for m in melds] == ["run", "set"] and melds[0].wilds[0][1] == "6♣"
    assert stick.points == 7


def test_missing_card_is_named() -> None:
    with pytest.raises(MeldError) as caught:
        match_stick(STICKS[5], [cards("7H 8H 10H"), cards("9S 9H 9H")])
    assert str(caught.value) == (
        "a run of 4 needs at least 4 cards of one suit in sequence; "
        "7♥ 8♥ 10♥ has a gap at 9♥ and no wild card to fill it"
    )


def test_two_sets_of_one_rank_and_two_runs_of_one_suit() -> None:
    assert completes(STICKS[1], [cards("9S 9H 9H"), cards("9C 9D W")])
    assert completes(STICKS[2], [cards("3H 4H 5H"), cards("9H 10H JH")])


def test_longer_melds_than_asked_complete() -> None:
    assert completes(STICKS[27], [cards("AS AH AD AC AC W")])
    assert completes(STICKS[36], [cards("10H JH QH KH AH")])


def test_named_runs_hold_the_named_cards_and_wilds_may_stand_for_them() -> None:
    assert completes(STICKS[36], [cards("KH W W")])  # Q♥ K♥ A♥
    assert not completes(STICKS[36], [cards("JH QH KH")])
    assert completes(STICKS[37], [cards("3H 4H W"), cards("W 4S 5S")])
    assert not completes(STICKS[37], [cards("4H 5H 6H"), cards("3S 4S 5S")])
    assert completes(STICKS[35], [cards("10C JC W KC AC")])


def test_named_suits_and_ranks() -> None:
    assert not completes(STICKS[23], [cards("3S 4S 5S"), cards("9S 9H 9H")])  # hearts asked
    assert not completes(STICKS[26], [cards("3C 4C 5C 6C 7C"), cards("9S 9H 9H")])  # eights
    assert completes(STICKS[26], [cards("3C 4C 5C 6C 7C"), cards("8S W 8H")])


def test_wild_king_set_completes_a_run_stick_when_read_as_a_run() -> None:
    assert completes(STICKS[2], [cards("W W KD"), cards("3H 4H 5H")])
    assert completes(STICKS[1], [cards("W W KD"), cards("3H 3S 3D")])


def test_five_wild_cards_stick() -> None:
    assert completes(STICKS[38], [cards("W 2H 2S W 2C")])
    assert not completes(STICKS[38], [cards("W 2H 2S W")])
    assert not completes(STICKS[38], [cards("W 2H 2S W 7C")])


def test_need_descriptions_match_the_table() -> None:
    assert Need("run", 5, None, Suit.CLUBS).describe() == "a run of 5 clubs"
    assert Need("set", 3, 8).describe() == "3 eights"
