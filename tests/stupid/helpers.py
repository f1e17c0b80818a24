"""Shared helpers for the Stupid tests: a random driver, a deal finder, reference rules.

The reference functions are written differently from the engine on purpose (sorting instead
of a single scan) so that a shared bug is unlikely.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from stupid import Action, Card, Game, Rules, Suit
from stupid.events import Event


def random_step(game: Game, rng: Random) -> tuple[int, Action, list[Event]]:
    """Take one random legal action; return (seat, action, events)."""
    seat = game.awaiting[0]
    action = rng.choice(game.legal_actions(seat))
    return seat, action, game.apply(seat, action)


def play_out(game: Game, rng: Random) -> list[Event]:
    """Finish ``game`` with random legal actions; return every event."""
    events: list[Event] = []
    while not game.is_over:
        events.extend(random_step(game, rng)[2])
    return events


def find_game(predicate: Callable[[Game], bool], players: int, rules: Rules | None = None) -> Game:
    """The first new game (seeds 0, 1, ...) satisfying ``predicate``."""
    for seed in range(5000):
        game = Game.new(players, rules, seed)
        if predicate(game):
            return game
    raise AssertionError("no seed found; widen the search")


def reference_winner(cards: Sequence[Card], trump: Suit) -> int:
    """Trick winner by rules section 4, by sorting (independent of the engine)."""
    lead = cards[0].suit
    ranked = sorted(
        (0 if card.suit is trump else 1, -card.rank, position)
        for position, card in enumerate(cards)
        if card.suit in (trump, lead)
    )
    return ranked[0][2]


def reference_score(bid: int, taken: int) -> int:
    """Round score by rules section 5 (independent of the engine)."""
    if bid != taken:
        return -10
    return 10 + sum(5 for _ in range(taken))


def c(text: str) -> Card:
    """Shorthand for ``Card.parse``."""
    return Card.parse(text)
