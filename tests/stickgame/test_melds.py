"""Sets, runs, wild placement and lay-offs (sticks.md section 2 and the examples of section 8)."""

from __future__ import annotations

import pytest

from stickgame import Card, MeldError, make_meld, meld_kind
from stickgame.melds import interpretations

from .helpers import cards


def roles(text: str, kind: str | None = None, placement: str | int | None = None) -> list[str]:
    return [role for _, role in make_meld(cards(text), kind, placement).wilds]  # type: ignore[arg-type]


# --- the worked examples of section 8 -------------------------------------------------------


def test_seven_eight_nine_of_hearts_is_a_run() -> None:
    assert meld_kind(cards("7H 8H 9H")) == "run"


def test_wild_in_the_middle_stands_for_eight() -> None:
    assert meld_kind(cards("7H W 9H")) == "run"
    assert roles("7H W 9H") == ["8♥"]


def test_mixed_suits_are_not_a_run() -> None:
    assert meld_kind(cards("7H 8S 9H")) is None
    with pytest.raises(MeldError, match="mixes hearts and spades"):
        make_meld(cards("7H 8S 9H"), "run")


def test_two_decks_king_of_spades_make_a_set() -> None:
    assert meld_kind(cards("KS KS KD")) == "set"


def test_two_wilds_and_a_king_are_a_set_by_default_and_a_run_if_asked() -> None:
    assert meld_kind(cards("W 2C KD")) == "set"
    assert roles("W 2C KD") == ["K", "K"]
    run = make_meld(cards("W 2C KD"), "run")
    assert run.kind == "run" and sorted(role for _, role in run.wilds) == ["A♦", "Q♦"]


def test_three_wilds_are_neither() -> None:
    assert meld_kind(cards("W W 2H")) is None
    with pytest.raises(MeldError, match="no natural card"):
        make_meld(cards("W W 2H"))


def test_ace_high_run_and_no_wrap() -> None:
    assert meld_kind(cards("QD KD AD")) == "run"
    assert roles("KD AD W") == ["Q♦"]
    for placement in ("up", "down"):
        assert roles("KD AD W", "run", placement) == ["Q♦"]


def test_ace_low_run() -> None:
    run = make_meld(cards("AS 3S 4S W"), "run")
    assert run.positions == (1, 2, 3, 4) and roles("AS 3S 4S W", "run") == ["2♠"]


@pytest.mark.parametrize("text", ["KD AD 3D", "QC KC AC 3C", "KH W AH 3H"])
def test_an_ace_never_wraps(text: str) -> None:
    with pytest.raises(MeldError, match="never wraps"):
        make_meld(cards(text), "run")


def test_a_run_holds_at_most_thirteen_cards() -> None:
    full = "AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH W"
    assert len(make_meld(cards(full), "run")) == 13
    with pytest.raises(MeldError, match="at most 13"):
        make_meld(cards(full + " W"), "run")


def test_a_run_cannot_hold_two_copies_of_a_card() -> None:
    with pytest.raises(MeldError, match="holds 7♥ twice"):
        make_meld(cards("7H 7H 8H"), "run")


def test_gap_names_the_missing_card() -> None:
    with pytest.raises(MeldError) as caught:
        make_meld(cards("7H 8H 10H"), "run")
    assert "7♥ 8♥ 10♥ has a gap at 9♥" in str(caught.value)


def test_sets_need_one_rank_and_three_cards() -> None:
    with pytest.raises(MeldError, match="mixes"):
        make_meld(cards("9S 9H 8H"), "set")
    with pytest.raises(MeldError, match="has 2 cards"):
        make_meld(cards("9S 9H"), "set")


# --- placement ------------------------------------------------------------------------------


def test_spare_wilds_go_up_by_default_and_down_when_asked() -> None:
    assert roles("7H W W", "run") == ["8♥", "9♥"]
    assert roles("7H W W", "run", "down") == ["5♥", "6♥"]
    assert roles("7H W W", "run", 6) == ["6♥", "8♥"]


def test_up_goes_down_where_it_cannot_go_up() -> None:
    assert sorted(roles("KD W W", "run")) == ["A♦", "Q♦"]
    assert roles("AD W W", "run") == ["2♦", "3♦"]
    assert roles("AD W W", "run", "down") == ["Q♦", "K♦"]


def test_an_impossible_start_is_refused() -> None:
    with pytest.raises(MeldError, match="cannot start at position 9"):
        make_meld(cards("7H W W"), "run", 9)


def test_five_wild_cards_is_its_own_kind() -> None:
    group = make_meld(cards("W W 2H 2S W"))
    assert group.kind == "wild5" and group.wilds == ()
    assert meld_kind(cards("W W 2H 2S W")) is None


def test_interpretations_list_every_reading_default_first() -> None:
    readings = interpretations(cards("W W KD"))
    assert readings[0].kind == "set"
    assert {m.positions for m in readings if m.kind == "run"} == {(11, 12, 13), (12, 13, 14)}


# --- lay-offs, takes and the discard rule ----------------------------------------------------


def test_lay_off_on_both_ends_of_a_run_with_a_wild() -> None:
    run = make_meld(cards("5H 6H W"))
    assert str(run) == "5♥ 6♥ joker=7♥"
    assert run.extended(cards("8H")).positions == (5, 6, 7, 8)
    assert run.extended(cards("4H")).positions == (4, 5, 6, 7)
    with pytest.raises(MeldError):
        run.extended(cards("9H"))
    assert run.extended(cards("W")).wilds[-1][1] == "8♥"
    assert run.extended(cards("W"), "down").wilds[0][1] == "4♥"


def test_nothing_is_added_to_five_wilds() -> None:
    with pytest.raises(MeldError, match="nothing can be added"):
        make_meld(cards("W W W W W")).extended(cards("7H"))


def test_which_natural_takes_which_wild() -> None:
    run = make_meld(cards("5H 6H W"))
    assert run.takeable(Card.parse("7H")) == 2
    assert run.takeable(Card.parse("8H")) is None and run.takeable(Card.parse("7S")) is None
    assert make_meld(cards("9S 9H W")).takeable(Card.parse("9D")) == 2
    low = make_meld(cards("AH W 3H"))
    assert low.wilds[0][1] == "2♥" and all(low.takeable(c) is None for c in cards("2H AH 3H"))


def test_cards_that_fit_alone() -> None:
    run = make_meld(cards("QH KH W"), "run", "down")  # J Q K... no: W below Q
    assert run.positions == (11, 12, 13)
    assert run.accepts_alone(Card.parse("AH")) and run.accepts_alone(Card.parse("10H"))
    assert not run.accepts_alone(Card.parse("9H")) and not run.accepts_alone(Card.parse("AS"))
    assert make_meld(cards("9S 9H W")).accepts_alone(Card.parse("9C"))
    assert not make_meld(cards("9S 9H W")).accepts_alone(Card.parse("2C"))


def test_a_deuce_in_a_run_does_not_count_as_its_own_suit() -> None:
    run = make_meld(cards("2D 7S 8S"), "run", "down")
    assert run.suit is not None and run.suit.value == "spades"
    assert run.extended(cards("9S")).positions == (6, 7, 8, 9)
    assert make_meld(cards("9D 2H 2S QD KD"), "run").extended(cards("AD")).high == 14
