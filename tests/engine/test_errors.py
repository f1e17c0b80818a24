"""Every illegal action raises a RuleError subclass, reads well, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

import pytest

from stickem import (
    AlreadyChosen,
    Card,
    CardNotInHand,
    Game,
    GameIsOver,
    InvalidSeat,
    NotYourTurn,
    Phase,
    RoundOver,
    RuleError,
    WrongPhase,
)

from .helpers import play_out


def misery_game() -> Game:
    """A 4-player game in the misery choice where seat 0 has already picked."""
    game = Game.new(4, seed=11)
    game.choose_misery(0, game.hand(0)[0])
    return game


def tricks_game() -> Game:
    """A 4-player game in the first trick, after the leader has played one card."""
    game = Game.new(4, seed=12)
    for seat in range(4):
        game.choose_misery(seat, game.hand(seat)[-1])
    leader = game.awaiting[0]
    game.play(leader, game.hand(leader)[0])
    return game


def over_game() -> Game:
    game = Game.new(3, seed=13)
    play_out(game, Random(13))
    return game


def not_in_hand(game: Game, seat: int) -> Card:
    return next(card for card in game.hand((seat + 1) % game.players))


Case = tuple[str, Callable[[], Game], Callable[[Game], object], type[RuleError], str]

CASES: list[Case] = [
    (
        "already chosen",
        misery_game,
        lambda g: g.choose_misery(0, g.hand(0)[0]),
        AlreadyChosen,
        "already picked",
    ),
    (
        "play during misery",
        misery_game,
        lambda g: g.play(1, g.hand(1)[0]),
        WrongPhase,
        "misery cards are still being picked",
    ),
    (
        "misery card not in hand",
        misery_game,
        lambda g: g.choose_misery(1, not_in_hand(g, 1)),
        CardNotInHand,
        "is not in your hand",
    ),
    (
        "bad seat index in misery",
        misery_game,
        lambda g: g.choose_misery(4, Card.parse("red 1")),
        InvalidSeat,
        "there is no seat 4",
    ),
    (
        "negative seat",
        misery_game,
        lambda g: g.choose_misery(-1, Card.parse("red 1")),
        InvalidSeat,
        "there is no seat -1",
    ),
    (
        "out of turn",
        tricks_game,
        lambda g: g.play(g.leader, g.hand(g.leader)[0]),
        NotYourTurn,
        "it is not your turn",
    ),
    (
        "wrong seat (not the awaited one)",
        tricks_game,
        lambda g: g.play((g.awaiting[0] + 2) % 4, g.hand((g.awaiting[0] + 2) % 4)[0]),
        NotYourTurn,
        "it is not your turn",
    ),
    (
        "card not in hand",
        tricks_game,
        lambda g: g.play(g.awaiting[0], not_in_hand(g, g.awaiting[0])),
        CardNotInHand,
        "is not in your hand",
    ),
    (
        "own misery card",
        tricks_game,
        lambda g: g.play(g.awaiting[0], g.misery_card(g.awaiting[0])),  # type: ignore[arg-type]
        CardNotInHand,
        "is your misery card",
    ),
    (
        "card already played",
        tricks_game,
        lambda g: g.play(g.awaiting[0], g.current_trick[0][1]),
        CardNotInHand,
        "is not in your hand",
    ),
    (
        "misery pick during tricks",
        tricks_game,
        lambda g: g.choose_misery(g.awaiting[0], g.hand(g.awaiting[0])[0]),
        WrongPhase,
        "already revealed",
    ),
    (
        "bad seat index in tricks",
        tricks_game,
        lambda g: g.play(9, Card.parse("red 1")),
        InvalidSeat,
        "there is no seat 9",
    ),
    (
        "seat that is not an int",
        tricks_game,
        lambda g: g.play("1", Card.parse("red 1")),  # type: ignore[arg-type]
        InvalidSeat,
        "there is no seat '1'",
    ),
    (
        "stale round",
        tricks_game,
        lambda g: g.play(g.awaiting[0], g.hand(g.awaiting[0])[0], round=0),
        RoundOver,
        "the round is over",
    ),
    (
        "future round",
        tricks_game,
        lambda g: g.play(g.awaiting[0], g.hand(g.awaiting[0])[0], round=2),
        RoundOver,
        "round 2 has not started",
    ),
    (
        "unparsable card text",
        tricks_game,
        lambda g: g.play(g.awaiting[0], "purple 99"),  # type: ignore[arg-type]
        CardNotInHand,
        "is not a card",
    ),
    (
        "not a card at all",
        tricks_game,
        lambda g: g.play(g.awaiting[0], 42),  # type: ignore[arg-type]
        CardNotInHand,
        "42 is not a card",
    ),
    (
        "play after game over",
        over_game,
        lambda g: g.play(0, Card.parse("red 1")),
        GameIsOver,
        "the game is over",
    ),
    (
        "misery after game over",
        over_game,
        lambda g: g.choose_misery(0, Card.parse("red 1")),
        GameIsOver,
        "the game is over",
    ),
]


@pytest.mark.parametrize(
    ("make", "act", "error", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_rejected_action_changes_nothing(
    make: Callable[[], Game],
    act: Callable[[Game], object],
    error: type[RuleError],
    message: str,
) -> None:
    game = make()
    before = game.to_json()
    views = [game.view(seat) for seat in [None, *range(game.players)]]
    with pytest.raises(error) as raised:
        act(game)
    assert isinstance(raised.value, RuleError)
    assert message in str(raised.value)
    assert raised.value.awaited == game.awaiting
    assert game.to_json() == before
    assert [game.view(seat) for seat in [None, *range(game.players)]] == views


def test_error_fields_name_actor_awaited_and_card() -> None:
    game = tricks_game()
    turn = game.awaiting[0]
    wrong = (turn + 1) % 4
    card = game.hand(wrong)[0]
    with pytest.raises(NotYourTurn) as raised:
        game.play(wrong, card)
    assert (raised.value.seat, raised.value.awaited, raised.value.card) == (wrong, (turn,), card)
    stranger = not_in_hand(game, turn)
    with pytest.raises(CardNotInHand) as missing:
        game.play(turn, stranger)
    assert missing.value.card is stranger and missing.value.seat == turn
    assert str(missing.value) == f"{stranger} is not in your hand"


def test_wrong_phase_names_the_seats_still_picking() -> None:
    game = misery_game()
    with pytest.raises(WrongPhase) as raised:
        game.play(1, game.hand(1)[0])
    assert raised.value.awaited == (1, 2, 3)


def test_card_text_is_accepted_where_it_names_a_card_in_hand() -> None:
    game = Game.new(3, seed=5)
    card = game.hand(0)[3]
    events = game.choose_misery(0, str(card))  # type: ignore[arg-type]
    assert game.misery_card(0) is card and len(events) == 1


def test_views_and_accessors_reject_bad_seats() -> None:
    game = Game.new(3, seed=1)
    for call in (game.view, game.hand, game.legal_cards, game.captured, game.misery_card):
        with pytest.raises(InvalidSeat):
            call(3)  # type: ignore[operator]


def test_game_over_state() -> None:
    game = over_game()
    assert game.phase is Phase.GAME_OVER and game.awaiting == ()
    assert all(game.legal_cards(seat) == [] for seat in range(3))
