"""Helpers for the Stick Game tests: card lists from text, rigged positions, random play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from stickgame import DECK, Card, Game, Rules, Stick, make_meld
from stickgame.actions import Action, AddMeld, LayDown, LayOff
from stickgame.views import TableMeld


def cards(text: str) -> list[Card]:
    """``cards("7H 8H *")``: cards from their codes ("W" is a joker too)."""
    return [Card.parse("*" if token == "W" else token) for token in text.split()]


def rig(
    game: Game,
    *,
    turn: int = 0,
    phase: str = "play",
    hands: dict[int, str] | None = None,
    melds: Sequence[tuple[int, str]] = (),
    stock: str | None = None,
    discard: str | None = None,
    sticks: dict[int, Stick | None] | None = None,
) -> Game:
    """Put ``game`` in a chosen position (test-only: writes the engine's private state).

    Cards not placed anywhere go to the stock unless ``stock`` is given, so the 216 cards stay
    whole when ``stock`` is None.
    """
    placed: Counter[Card] = Counter()
    for seat in range(game.players):
        hand = cards(hands.get(seat, "")) if hands and seat in hands else []
        game._hands[seat] = hand
        placed.update(hand)
    game._melds = [TableMeld(owner, make_meld(cards(text))) for owner, text in melds]
    for table_meld in game._melds:
        placed.update(table_meld.meld.cards)
    game._discard = cards(discard) if discard is not None else []
    placed.update(game._discard)
    if stock is None:
        rest = Counter(DECK) - placed
        game._stock = sorted(rest.elements())
    else:
        game._stock = cards(stock)
    if sticks:
        for seat, stick in sticks.items():
            game._sticks[seat] = stick
    game._turn = turn
    game._phase = phase
    return game


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything observable about ``game``, to check that a rejected action changed nothing."""
    return (
        game.to_json(),
        tuple(game.hand(seat) for seat in range(game.players)),
        tuple(game.stick(seat) for seat in range(game.players)),
        game.melds,
        game.discard_pile,
        game.stock,
        game.phase,
        game.turn,
    )


def random_turn_action(game: Game, rng: random.Random) -> Action:
    """A random legal action for the seat to play, laying down and off most of the time."""
    actions = game.legal_actions(game.turn)
    laying = [a for a in actions if isinstance(a, LayDown | LayOff | AddMeld)]
    if laying and rng.random() < 0.9:
        return rng.choice(laying)
    return rng.choice(actions)


def play_out(game: Game, seed: int, limit: int = 20000) -> int:
    """Play random legal actions until the game ends; returns the number of actions."""
    rng = random.Random(seed)
    for count in range(limit):
        if game.is_over:
            return count
        game.apply(game.turn, random_turn_action(game, rng))
    raise AssertionError(f"the game did not end within {limit} actions")


SHORT = Rules(sticks_to_win=1, hand_size=11)
"""A short game for property tests (11 cards: every stick can still be completed)."""
