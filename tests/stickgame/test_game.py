"""The turn, lay-downs, lay-offs, taking wilds, discards, the stock and the end of a round."""

from __future__ import annotations

from collections import Counter

import pytest

from stickgame import (
    DECK,
    STICKS,
    AddMeld,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Game,
    LayDown,
    LayOff,
    MeldPlay,
    RuleError,
    Rules,
    Swap,
    TakeWild,
)
from stickgame.events import (
    CardDrawn,
    Discarded,
    FreeDrawn,
    GameOver,
    RoundEnded,
    RoundStarted,
    StickCompleted,
    StockRebuilt,
    WildTaken,
)

from .helpers import cards, rig, snapshot

STICK_6 = STICKS[5]  # a run of 4 and a set


def play(text: str, kind: str | None = None) -> MeldPlay:
    return MeldPlay(tuple(cards(text)), kind)


def refused(game: Game, seat: int, action: object, match: str) -> None:
    """``action`` is refused with a message matching ``match`` and changes nothing."""
    before = snapshot(game)
    with pytest.raises(RuleError, match=match):
        game.apply(seat, action)  # type: ignore[arg-type]
    assert snapshot(game) == before


def completed_game(**hands: str) -> Game:
    """Seat 0 to play, its stick completed; seat 1 owns 5♥ 6♥ W(7♥)."""
    game = Game.new(2, seed=1)
    rig(
        game,
        hands={0: hands.get("h0", "8H 4H 7H 9C 9C KS KS"), 1: hands.get("h1", "3C 3D")},
        melds=[(1, "5H 6H W"), (0, "9S 9H 9D")],
        discard="QC",
        sticks={0: None},
    )
    return game


def test_new_game_deals_fifteen_cards_and_turns_one_face_up() -> None:
    game = Game.new(4, seed=7)
    assert [len(game.hand(s)) for s in range(4)] == [15] * 4
    assert game.stock_size == 216 - 60 - 1 and game.discard_top is not None
    assert game.turn == (game.dealer + 1) % 4 and game.phase == "draw"
    assert isinstance(game.start_events[0], RoundStarted)
    assert all(game.stick(s) is not None or game.completed(s) for s in range(4))


def test_a_turn_draws_then_discards() -> None:
    game = Game.new(2, seed=3)
    seat = game.turn
    top = game.discard_top
    events = game.apply(seat, DrawDiscard())
    assert events == [CardDrawn(seat, "discard", top)]
    refused(game, seat, DrawStock(), "drawn already")
    card = next(c for c in game.hand(seat) if game.discardable(c))
    events = game.apply(seat, Discard(card))
    assert events[0] == Discarded(seat, card) and game.turn == 1 - seat and game.phase == "draw"


def test_acting_out_of_turn_or_before_drawing_is_refused() -> None:
    game = Game.new(2, seed=3)
    other = 1 - game.turn
    refused(game, other, DrawStock(), "not your turn")
    refused(game, game.turn, Discard(game.hand(game.turn)[0]), "draw a card first")
    refused(game, 5, DrawStock(), "not a seat")


def test_stock_draw_event_does_not_name_the_card() -> None:
    game = Game.new(2, seed=3)
    assert game.apply(game.turn, DrawStock()) == [CardDrawn(game.turn, "stock", None)]


def test_laying_down_stick_six() -> None:
    game = Game.new(2, seed=1)
    rig(game, hands={0: "4C 5C W 7C 9S 9H 9H KD", 1: "3C"}, discard="QC", sticks={0: STICK_6})
    events = game.apply(0, LayDown((play("4C 5C W 7C"), play("9S 9H 9H"))))
    assert isinstance(events[0], StickCompleted) and events[0].stick is STICK_6
    assert game.stick(0) is None and [c.stick for c in game.completed(0)] == [STICK_6]
    assert [str(m.meld) for m in game.melds] == ["4♣ 5♣ joker=6♣ 7♣", "9♠ 9♥ 9♥"]
    assert game.hand(0) == tuple(cards("KD"))


def test_a_wrong_lay_down_says_what_is_missing_and_changes_nothing() -> None:
    game = Game.new(2, seed=1)
    rig(game, hands={0: "7H 8H 10H 9S 9H 9H", 1: "3C"}, discard="QC", sticks={0: STICK_6})
    refused(game, 0, LayDown((play("7H 8H 10H"), play("9S 9H 9H"))), "gap at 9♥")
    refused(game, 0, LayDown((play("7H 8H JH"), play("9S 9H 9H"))), "not in your hand")


def test_further_melds_and_lay_offs_only_after_completing() -> None:
    game = completed_game()
    game._sticks[0] = STICK_6
    refused(game, 0, LayOff(0, tuple(cards("8H"))), "lay down your stick first")
    refused(game, 0, AddMeld(play("KS KS W")), "lay down your stick first")


def test_lay_off_either_end_and_add_a_meld_after_completing() -> None:
    game = completed_game(h0="8H 4H KS KS W 9C")
    game.apply(0, LayOff(0, tuple(cards("8H"))))
    game.apply(0, LayOff(0, tuple(cards("4H"))))
    assert str(game.melds[0].meld) == "4♥ 5♥ 6♥ joker=7♥ 8♥"
    game.apply(0, AddMeld(play("KS KS W")))
    assert game.melds[2].owner == 0 and game.melds[2].meld.kind == "set"


def test_a_lone_wild_goes_on_your_own_meld_never_alone_on_another() -> None:
    game = completed_game(h0="W W 8H 3S")
    refused(game, 0, LayOff(0, tuple(cards("W"))), "never alone on another")
    game.apply(0, LayOff(1, tuple(cards("W"))))  # own set of nines
    game.apply(0, LayOff(0, tuple(cards("8H W"))))  # a wild with a natural card
    assert str(game.melds[0].meld) == "5♥ 6♥ joker=7♥ 8♥ joker=9♥"


def test_taking_a_wild_must_use_it_the_same_turn() -> None:
    game = completed_game(h0="7H KS KS 4C")
    refused(
        game,
        0,
        TakeWild((Swap(0, Card.parse("7H")),), AddMeld(play("KS KS 4C"))),
        "mixes",
    )
    events = game.apply(0, TakeWild((Swap(0, Card.parse("7H")),), AddMeld(play("KS KS W"))))
    assert events[0] == WildTaken(0, 0, Card.parse("7H"), Card.parse("*"))
    assert str(game.melds[0].meld) == "5♥ 6♥ 7♥" and game.hand(0) == tuple(cards("4C"))


def test_an_unused_taken_wild_is_refused() -> None:
    game = completed_game(h0="7H KS KS KS 4C")
    refused(
        game,
        0,
        TakeWild((Swap(0, Card.parse("7H")),), AddMeld(play("KS KS KS"))),
        "swap is refused",
    )


def test_a_taken_wild_may_complete_the_stick() -> None:
    game = Game.new(2, seed=1)
    rig(
        game,
        hands={0: "7H 4C 5C 7C 9S 9H 3D", 1: "3C"},
        melds=[(1, "5H 6H W")],
        discard="QC",
        sticks={0: STICK_6},
    )
    take = TakeWild((Swap(0, Card.parse("7H")),), LayDown((play("4C 5C W 7C"), play("9S 9H W"))))
    refused(game, 0, take, "2 of joker: you hold 1")  # one wild taken, two laid
    take = TakeWild((Swap(0, Card.parse("7H")),), LayDown((play("4C 5C W 7C"), play("9S 9H 9H"))))
    refused(game, 0, take, "2 of 9♥: you hold 1")
    game._hands[0].append(Card.parse("9D"))
    take = TakeWild((Swap(0, Card.parse("7H")),), LayDown((play("4C 5C W 7C"), play("9S 9H 9D"))))
    game.apply(0, take)
    assert game.stick(0) is None and game.hand(0) == tuple(cards("3D"))


def test_a_wild_for_a_deuce_cannot_be_taken() -> None:
    game = completed_game(h0="2H AH KS KS 4C")
    game._melds = []
    rig(game, hands={0: "2H AH KS KS 4C", 1: "3C"}, melds=[(1, "AH W 3H")], discard="QC")
    assert game.melds[0].meld.wilds[0][1] == "2♥"
    refused(game, 0, TakeWild((Swap(0, Card.parse("2H")),), AddMeld(play("KS KS W"))), "only a natural")
    refused(game, 0, TakeWild((Swap(0, Card.parse("AH")),), AddMeld(play("KS KS W"))), "stands for A♥")


def test_discard_restrictions() -> None:
    game = completed_game(h0="W 8H 9C QD")
    refused(game, 0, Discard(Card.parse("*")), "wild card may not be discarded")
    refused(game, 0, Discard(Card.parse("8H")), "could be laid off")
    refused(game, 0, Discard(Card.parse("9C")), "could be laid off")  # fits the nines
    game.apply(0, Discard(Card.parse("QD")))


def test_the_restriction_binds_players_who_have_not_completed() -> None:
    game = completed_game(h0="8H QD")
    game._sticks[0] = STICK_6
    refused(game, 0, Discard(Card.parse("8H")), "could be laid off")


def test_with_no_discardable_card_any_card_may_go() -> None:
    game = completed_game(h0="W 8H 4H")
    assert {a.card for a in game.legal_actions(0) if isinstance(a, Discard)} == set(cards("W 8H 4H"))
    game.apply(0, Discard(Card.parse("*")))
    assert game.discard_top == Card.parse("*")


def test_going_out_by_discarding_ends_the_round() -> None:
    game = completed_game(h0="QD")
    events = game.apply(0, Discard(Card.parse("QD")))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.went_out == 0 and ended.round == 1 and game.round == 2
    assert game.stats()["went_out"] == [1, 0] and game.stats()["rounds"] == 2


def test_going_out_by_laying_off_needs_no_discard() -> None:
    game = completed_game(h0="8H")
    events = game.apply(0, LayOff(0, tuple(cards("8H"))))
    assert any(isinstance(e, RoundEnded) and e.went_out == 0 for e in events)


def test_stock_is_rebuilt_from_the_discard_pile_but_its_top() -> None:
    game = Game.new(2, seed=1)
    rig(game, hands={0: "QD KD", 1: "3C 4C"}, discard="5S 6S 7S", stock="", sticks={0: STICK_6})
    events = game.apply(0, Discard(Card.parse("QD")))
    assert StockRebuilt(3) in events
    assert Counter(game.stock) == Counter(cards("5S 6S 7S")) and game.discard_pile == tuple(cards("QD"))


def test_the_round_ends_when_nobody_can_draw() -> None:
    game = Game.new(2, seed=1)
    rig(game, phase="draw", hands={0: "QD KD", 1: "3C 4C"}, discard="5S", stock="")
    game.apply(0, DrawDiscard())
    events = game.apply(0, Discard(Card.parse("QD")))
    assert StockRebuilt(0) in events
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.went_out is None and game.round == 2
    assert game.stats()["rounds_without_going_out"] == 1


def test_every_card_is_somewhere_after_a_new_round() -> None:
    game = completed_game(h0="QD")
    game.apply(0, Discard(Card.parse("QD")))
    where: Counter[Card] = Counter(game.stock) + Counter(game.discard_pile)
    for seat in range(2):
        where.update(game.hand(seat))
    assert where == Counter(DECK) and game.melds == ()


def test_players_who_completed_draw_a_new_stick_the_others_keep_theirs() -> None:
    game = completed_game(h0="QD")
    kept = STICKS[10]
    game._sticks[1] = kept
    game.apply(0, Discard(Card.parse("QD")))
    assert game.stick(1) is kept and game.stick(0) not in (None, kept)


def test_a_free_stick_is_laid_face_up_and_another_is_drawn() -> None:
    game = completed_game(h0="QD")
    game._bag = [STICKS[20], STICKS[42]]  # drawn from the end: the Free first
    before = len(game.completed(0))
    events = game.apply(0, Discard(Card.parse("QD")))
    assert FreeDrawn(0) in events
    assert len(game.completed(0)) == before + 1 and game.completed(0)[-1].stick is STICKS[42]
    assert game.completed(0)[-1].round == 2
    assert game.stick(0) is STICKS[20]


def test_the_bag_refills_with_sticks_nobody_holds() -> None:
    game = completed_game(h0="QD")
    game._sticks[1] = STICKS[3]
    game._bag = []
    game.apply(0, Discard(Card.parse("QD")))
    held = {game.stick(0), game.stick(1)}
    assert STICKS[3] in held and len(game.bag) == 38
    assert not any(s.is_free or s in held for s in game.bag)


def finish(game: Game, seat: int, card: str) -> list[object]:
    """Seat ``seat`` goes out by discarding its one card ``card``."""
    game._hands[seat] = cards(card)
    game._turn, game._phase = seat, "play"
    return list(game.apply(seat, Discard(Card.parse(card))))


def test_game_ends_at_the_end_of_the_round_with_the_most_sticks() -> None:
    game = Game.new(3, Rules(sticks_to_win=1), seed=5)
    rig(game, hands={0: "4C 5C W 7C 9S 9H 9H QD", 1: "3C", 2: "3D"}, discard="KC", sticks={0: STICK_6})
    for seat in range(3):
        game._completed[seat] = []
    game.apply(0, LayDown((play("4C 5C W 7C"), play("9S 9H 9H"))))
    assert not game.is_over  # reaching the target does not end the round
    events = finish(game, 0, "QD")
    assert events[-1] == GameOver((1, 0, 0), (0,)) and game.is_over
    assert game.awaiting == () and game.winners == (0,) and game.legal_actions(0) == []
    refused(game, 0, DrawStock(), "game is over")


def _tie_game(scoring: str) -> Game:
    game = Game.new(3, Rules(sticks_to_win=1, scoring=scoring), seed=5)
    rig(game, hands={0: "3H", 1: "3C", 2: "3D"}, discard="KC")
    for seat in range(3):
        game._completed[seat] = []
    return game


def _complete(game: Game, seat: int, stick_number: int, order: int) -> None:
    from stickgame.views import Completion

    game._completed[seat].append(Completion(STICKS[stick_number - 1], game.round, order))


def test_sticks_tie_goes_to_the_earliest_last_completion() -> None:
    game = _tie_game("sticks")
    _complete(game, 1, 1, 2)
    _complete(game, 2, 2, 1)
    assert finish(game, 0, "3H")[-1] == GameOver((0, 1, 1), (2,))


def test_a_free_of_this_round_ranks_after_a_completed_stick() -> None:
    game = _tie_game("sticks")
    _complete(game, 1, 41, 0)
    _complete(game, 2, 3, 5)
    assert finish(game, 0, "3H")[-1] == GameOver((0, 1, 1), (2,))


def test_players_at_the_top_only_through_frees_share() -> None:
    game = _tie_game("sticks")
    _complete(game, 1, 41, 0)
    _complete(game, 2, 42, 0)
    assert finish(game, 0, "3H")[-1] == GameOver((0, 1, 1), (1, 2))


def test_points_scoring_counts_points_and_ties_share() -> None:
    game = _tie_game("points")
    _complete(game, 0, 19, 1)  # a run of 8: 8 points
    _complete(game, 1, 8, 2)  # a run of 5 and a set: 8 points
    _complete(game, 2, 41, 0)
    _complete(game, 2, 40, 3)  # Free 0 + a run of 10: 10 points... but one stick more
    over = finish(game, 0, "3H")[-1]
    assert over == GameOver((8, 8, 10), (2,))
    assert game.totals == (8, 8, 10)


def test_points_tie_shares_the_win() -> None:
    game = _tie_game("points")
    _complete(game, 0, 19, 1)
    _complete(game, 1, 8, 2)
    assert finish(game, 0, "3H")[-1] == GameOver((8, 8, 0), (0, 1))


def test_legal_actions_offer_the_lay_down_when_the_hand_holds_it() -> None:
    game = Game.new(2, seed=1)
    rig(game, hands={0: "4C 5C W 7C 9S 9H 9H KD", 1: "3C"}, discard="QC", sticks={0: STICK_6})
    lay = [a for a in game.legal_actions(0) if isinstance(a, LayDown)]
    assert len(lay) == 1
    game.apply(0, lay[0])
    assert game.stick(0) is None


def test_actions_given_as_text() -> None:
    game = Game.new(2, seed=3)
    game.apply(game.turn, "S")
    refused(game, game.turn, "Q nonsense", "not an action")


def test_a_copy_is_the_same_game_and_independent() -> None:
    game = Game.new(3, seed=12)
    twin = game.copy()
    assert twin.view(0) == game.view(0) and twin.log == game.log
    seat = twin.awaiting[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert twin.action_count == 1 and game.action_count == 0
    assert game.view(seat) != twin.view(seat)
