"""Shared helpers for the engine tests: random drivers and independent reference rules.

The reference functions are written differently from the engine on purpose (sorting and
grouping instead of a single scan) so a shared bug is unlikely.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from random import Random

from stickem import Card, Game, Phase, Rules
from stickem.events import Event

PRESET_PLAYERS: list[tuple[str, int]] = [
    (preset, players)
    for preset in ("classic", "amigo", "online")
    for players in range(3, 8)
    if Rules.preset(preset).allows(players)
]


def random_step(game: Game, rng: Random) -> tuple[str, int, Card, list[Event]]:
    """Take one random legal action; return (kind, seat, card, events)."""
    seat = rng.choice(game.awaiting)
    card = rng.choice(game.legal_cards(seat))
    if game.phase is Phase.MISERY:
        return "misery", seat, card, game.choose_misery(seat, card)
    return "play", seat, card, game.play(seat, card)


def random_steps(game: Game, rng: Random) -> Iterator[tuple[str, int, Card, list[Event]]]:
    """Random legal actions until the game is over."""
    while game.phase is not Phase.GAME_OVER:
        yield random_step(game, rng)


def play_out(game: Game, rng: Random) -> list[Event]:
    """Finish ``game`` with random legal actions; return every event."""
    events: list[Event] = []
    for _, _, _, new in random_steps(game, rng):
        events.extend(new)
    return events


def find_seed(
    predicate: Callable[[Game], bool],
    players: int,
    rules: Rules | None = None,
    limit: int = 5000,
) -> Game:
    """The first new game (seeds 0, 1, ...) whose deal satisfies ``predicate``."""
    for seed in range(limit):
        game = Game.new(players, rules, seed)
        if predicate(game):
            return game
    raise AssertionError("no seed found; widen the search")


def reference_winner(cards: Sequence[Card], nobody_on_zeros: bool) -> int | None:
    """Trick winner by RULES section 3, by sorting groups (independent of the engine)."""
    lead = cards[0].color
    trumps = [(-c.value, pos) for pos, c in enumerate(cards) if c.color != lead and c.value > 0]
    if trumps:
        return sorted(trumps)[0][1]
    if all(c.value == 0 for c in cards) and nobody_on_zeros:
        return None
    leads = [(-c.value, pos) for pos, c in enumerate(cards) if c.color == lead]
    return sorted(leads)[0][1]


def reference_score(misery: Card, captured: Sequence[Card]) -> int:
    """Round score by RULES section 4 (independent of the engine)."""
    own = [c for c in captured if c.color == misery.color]
    others = len(captured) - len(own)
    return others - sum(c.value for c in own) - misery.value


def reference_next_dealer(totals: list[int], scores: list[int], dealer: int) -> int:
    """RULES section 5 lowest_score by ranking keys (independent of the engine)."""
    players = len(totals)

    def key(seat: int) -> tuple[int, int, int]:
        distance = (seat - dealer - 1) % players  # seat after dealer: 0 ... dealer: players-1
        return (totals[seat], scores[seat], distance)

    return min(range(players), key=key)
