"""Bidding, the dealer's restriction, following suit, equal cards of several decks, errors."""

from __future__ import annotations

import random

import pytest

from stupid import (
    Action,
    BidOutOfRange,
    CardNotInHand,
    ForbiddenBid,
    Game,
    GameIsOver,
    InvalidSeat,
    MustFollowSuit,
    NotYourTurn,
    Phase,
    RuleError,
    Rules,
    Suit,
    WrongPhase,
)
from stupid.events import BiddingDone, BidMade, CardPlayed, RoundScored, RoundStarted, TrickWon

from .helpers import find_game, play_out, reference_winner


def bid_all(game: Game, bids: list[int]) -> None:
    """Make ``bids`` in bidding order (the dealer last)."""
    for number in bids:
        game.bid(game.awaiting[0], number)


def bid_first(game: Game) -> None:
    """Every seat bids its lowest legal number."""
    while game.phase is Phase.BIDDING:
        seat = game.awaiting[0]
        game.bid(seat, game.legal_bids(seat)[0])


def to_round(game: Game, round_no: int) -> Game:
    """Play the first legal action until round ``round_no`` starts."""
    while game.round < round_no:
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last() -> None:
    game = Game.new(5, seed=3)
    order = []
    while game.phase is Phase.BIDDING:
        seat = game.awaiting[0]
        order.append(seat)
        events = game.bid(seat, game.legal_bids(seat)[0])
    dealer = game.dealer
    assert order == [(dealer + i) % 5 for i in range(1, 6)]
    assert isinstance(events[-1], BiddingDone) and events[-1].leader == (dealer + 1) % 5
    assert game.awaiting == ((dealer + 1) % 5,)  # left of the dealer leads


def test_dealer_is_drawn_from_the_seed_and_rotates_clockwise() -> None:
    dealers = {Game.new(4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    game = Game.new(4, seed=9)
    first = game.dealer
    to_round(game, 3)
    assert game.dealer == (first + 2) % 4


def test_forbidden_number_inside_the_range() -> None:
    game = to_round(Game.new(4, seed=2), 3)  # 3 cards
    bid_all(game, [0, 2, 0])
    assert game.forbidden_bid == 1
    assert game.legal_bids(game.dealer) == [0, 2, 3]
    before = game.to_json()
    with pytest.raises(ForbiddenBid) as caught:
        game.bid(game.dealer, 1)
    assert caught.value.forbidden == 1 and "someone must miss their bid" in str(caught.value)
    assert game.to_json() == before
    events = game.bid(game.dealer, 3)
    assert events == [BidMade(game.dealer, 3), BiddingDone(tuple(game.bids), game.leader)]  # type: ignore[arg-type]


def test_forbidden_number_outside_the_range_leaves_the_dealer_free() -> None:
    game = Game.new(3, seed=4)  # 1 card
    bid_all(game, [1, 1])  # the dealer would need -1
    assert game.forbidden_bid is None
    assert game.legal_bids(game.dealer) == [0, 1]
    game.bid(game.dealer, 1)
    assert game.bids == [1, 1, 1]


def test_forbidden_number_can_be_the_whole_hand() -> None:
    game = to_round(Game.new(3, seed=4), 2)  # 2 cards
    bid_all(game, [0, 0])
    assert game.legal_bids(game.dealer) == [0, 1]


def test_only_the_dealer_is_restricted() -> None:
    game = to_round(Game.new(3, seed=4), 2)
    first = game.awaiting[0]
    assert game.legal_bids(first) == [0, 1, 2]
    assert game.legal_bids((first + 1) % 3) == []  # not its turn


@pytest.mark.parametrize("number", [-1, 2, 10, 1.0, "1", None, True])
def test_bid_out_of_range(number: object) -> None:
    game = Game.new(4, seed=1)  # 1 card
    seat = game.awaiting[0]
    before = game.to_json()
    with pytest.raises(BidOutOfRange, match="a bid is a whole number from 0 to 1"):
        game.bid(seat, number)  # type: ignore[arg-type]
    assert game.to_json() == before


def follow_suit_game() -> Game:
    """A game in the tricks where the seat to follow holds the suit led and another suit."""

    def suitable(game: Game) -> bool:
        to_round(game, 4)
        bid_first(game)
        leader = game.awaiting[0]
        lead = game.hand(leader)[0]
        nxt = game.hand((leader + 1) % 4)
        return any(card.suit is lead.suit for card in nxt) and any(card.suit is not lead.suit for card in nxt)

    game = find_game(suitable, 4)
    to_round(game, 4)
    bid_first(game)
    return game


def test_must_follow_suit() -> None:
    game = follow_suit_game()
    leader = game.awaiting[0]
    lead = game.hand(leader)[0]
    game.play(leader, lead)
    seat = game.awaiting[0]
    hand = game.hand(seat)
    assert game.legal_cards(seat) == sorted({card for card in hand if card.suit is lead.suit})
    other = next(card for card in hand if card.suit is not lead.suit)
    before = game.to_json()
    with pytest.raises(MustFollowSuit) as caught:
        game.play(seat, other)
    assert caught.value.suit is lead.suit
    assert f"you must follow suit: play a {lead.suit.symbol} ({lead.suit.value})" in str(caught.value)
    assert game.to_json() == before
    game.play(seat, game.legal_cards(seat)[0])


def test_leader_and_void_players_may_play_anything() -> None:
    game = Game.new(4, seed=7)
    to_round(game, 5)
    bid_all(game, [1, 1, 1, 0])
    leader = game.awaiting[0]
    assert game.legal_cards(leader) == sorted(set(game.hand(leader)))
    rng = random.Random(1)
    for _ in range(40):
        if game.phase is not Phase.TRICKS:
            break
        seat = game.awaiting[0]
        trick = game.current_trick
        hand = game.hand(seat)
        if trick and not any(card.suit is trick[0][1].suit for card in hand):
            assert game.legal_cards(seat) == sorted(set(hand))
        game.play(seat, rng.choice(game.legal_cards(seat)))


def test_equal_cards_of_two_decks_first_played_wins_and_the_log_keeps_copies_apart() -> None:
    def tie_on_top(game: Game) -> bool:
        order = [(game.dealer + 1 + i) % game.players for i in range(game.players)]
        cards = [game.hand(seat)[0] for seat in order]
        best = cards[reference_winner(cards, game.trump_suit)]
        return cards.count(best) == 2

    game = find_game(tie_on_top, 14)
    assert game.decks == 2 and game.hand_size == 1
    bid_first(game)
    trump = game.trump_suit
    plays = []
    events = []
    for _ in range(14):
        seat = game.awaiting[0]
        card = game.hand(seat)[0]
        plays.append((seat, card))
        events = game.play(seat, card)
    won = next(e for e in events if isinstance(e, TrickWon))
    cards = [card for _, card in plays]
    best = cards[reference_winner(cards, trump)]
    first = cards.index(best)
    assert won.winner == plays[first][0]
    assert cards.count(best) == 2
    logged = [action for _, action in game.actions if action.kind == "play" and action.card is best]
    assert sorted(action.copy for action in logged) == [0, 1]  # type: ignore[type-var]
    assert {action.encode() for action in logged} == {f"p{best.code}.0", f"p{best.code}.1"}


def test_equal_cards_in_one_hand_show_as_equal_cards() -> None:
    def double(game: Game) -> bool:
        to_round(game, 7)
        return any(len(set(game.hand(s))) < len(game.hand(s)) for s in range(game.players))

    game = find_game(double, 8)
    to_round(game, 7)
    seat = next(s for s in range(8) if len(set(game.hand(s))) < len(game.hand(s)))
    hand = game.hand(seat)
    assert len(hand) == 7
    assert hand == sorted(hand)
    while game.awaiting[0] != seat or game.phase is not Phase.TRICKS:
        other = game.awaiting[0]
        game.apply(other, game.legal_actions(other)[0])
    legal = game.legal_cards(seat)
    assert len(legal) == len(set(legal))


def test_not_your_turn_wrong_phase_invalid_seat_card_not_in_hand() -> None:
    game = Game.new(4, seed=11)
    seat = game.awaiting[0]
    other = (seat + 1) % 4
    card = game.hand(seat)[0]
    before = game.to_json()
    with pytest.raises(NotYourTurn, match=f"it is not your turn; seat {seat} is to bid"):
        game.bid(other, 0)
    with pytest.raises(WrongPhase, match="the bidding is not over yet"):
        game.play(seat, card)
    with pytest.raises(InvalidSeat, match="there is no seat 4 in this game; seats are 0-3"):
        game.bid(4, 0)
    with pytest.raises(InvalidSeat):
        game.hand(-1)
    assert game.to_json() == before
    bid_first(game)
    leader = game.awaiting[0]
    with pytest.raises(WrongPhase, match="the bidding is over"):
        game.bid(leader, 0)
    absent = next(card for card in sorted({*game.hand((leader + 1) % 4)}) if card not in game.hand(leader))
    before = game.to_json()
    with pytest.raises(CardNotInHand, match=f"{absent} is not in your hand"):
        game.play(leader, absent)
    with pytest.raises(CardNotInHand, match="is not a card"):
        game.play(leader, "joker")
    with pytest.raises(NotYourTurn):
        game.play((leader + 1) % 4, game.hand((leader + 1) % 4)[0])
    assert game.to_json() == before
    game.play(leader, str(game.hand(leader)[0]))  # card text is accepted


def test_game_over_refuses_everything_and_keeps_results() -> None:
    game = Game.new(3, seed=6)
    events = play_out(game, random.Random(2))
    assert game.phase is Phase.GAME_OVER and game.awaiting == ()
    with pytest.raises(GameIsOver, match="the game is over"):
        game.bid(0, 0)
    with pytest.raises(GameIsOver):
        game.play(0, "AS")
    assert all(game.legal_actions(seat) == [] for seat in range(3))
    best = max(game.totals)
    assert game.winners == [s for s in range(3) if game.totals[s] == best]
    assert game.totals == [sum(r[s] for r in game.round_scores) for s in range(3)]
    assert sum(isinstance(e, RoundStarted) for e in events) == 12  # rounds 2-13
    assert sum(isinstance(e, RoundScored) for e in events) == 13


def test_next_round_is_dealt_with_the_last_trick() -> None:
    game = Game.new(4, seed=12)
    bid_first(game)
    events: list[object] = []
    while game.round == 1:
        seat = game.awaiting[0]
        events = list(game.play(seat, game.legal_cards(seat)[0]))
    assert [type(e) for e in events] == [CardPlayed, TrickWon, RoundScored, RoundStarted]
    assert game.phase is Phase.BIDDING and game.hand_size == 2


def test_apply_and_legal_actions() -> None:
    game = Game.new(2, seed=1)
    seat = game.awaiting[0]
    assert game.legal_actions(seat) == [Action.bid(0), Action.bid(1)]
    game.apply(seat, Action.bid(1))
    dealer = game.awaiting[0]
    assert game.legal_actions(dealer) == [Action.bid(1)]  # 0 would make 1 = hand size
    game.apply(dealer, Action.bid(1))
    leader = game.awaiting[0]
    assert game.legal_actions(leader) == [Action.play(game.hand(leader)[0])]
    with pytest.raises(RuleError):
        game.apply(leader, Action.bid(0))
    assert game.trump_suit in tuple(Suit)


def test_stats_count_exact_bids_and_tricks() -> None:
    game = Game.new(3, seed=14)
    play_out(game, random.Random(5))
    stats = game.stats()
    for seat in range(3):
        made = [b[seat] == t[seat] for b, t in zip(game.bid_history, game.taken_history, strict=True)]
        assert stats["bids_made"][seat] == sum(made)
        assert game.totals[seat] == 10 * sum(made) + 5 * sum(
            t[seat] for b, t in zip(game.bid_history, game.taken_history, strict=True) if b[seat] == t[seat]
        ) - 10 * (13 - sum(made))
    assert sum(stats["tricks"]) == sum(Rules().hand_sizes)


def test_a_copy_is_the_same_game_and_independent() -> None:
    game = Game.new(9, seed=31)  # two decks: copies of cards in the hands
    twin = game.copy()
    assert twin == game and twin.view(0) == game.view(0)
    seat = twin.awaiting[0]
    twin.bid(seat, twin.legal_bids(seat)[0])
    assert twin != game and game.bids[seat] is None
    assert game.action_count == 0 and twin.action_count == 1
