"""Stupid positions the picture tests draw: games with fixed seeds, bids and plays by a fixed
rule (the first legal choice), stopped where a picture is due."""

from __future__ import annotations

from stupid import Game

NAMES = (
    "Ann", "Bob", "Chidi", "Dana", "Eve", "Farid", "Gus",
    "Hana", "Ivo", "Jun", "Kofi", "Lena", "Mateo", "Nia",
)  # fmt: skip


def bidding(players: int = 14, seed: int = 5, bids: int = 0) -> Game:
    """A new game with ``bids`` bids made (the first legal bid each time)."""
    game = Game(players, seed=seed)
    for _ in range(bids):
        seat = game.awaiting[0]
        game.bid(seat, game.legal_bids(seat)[0])
    return game


def tricks(players: int = 14, seed: int = 5, cards: int = 0, round_to: int = 1) -> Game:
    """All bids made (in round ``round_to``, playing the earlier rounds out; each seat bids a
    legal number picked by its seat), then ``cards`` cards played (the last legal card each
    time)."""
    game = Game(players, seed=seed)
    while True:
        seat = game.awaiting[0]
        if game.round == round_to and game.phase.value == "tricks" and cards == 0:
            return game
        if game.phase.value == "bidding":
            legal = game.legal_bids(seat)
            game.bid(seat, legal[(seat * 3) % len(legal)])
        else:
            playing = game.round
            game.play(seat, game.legal_cards(seat)[-1])
            if playing == round_to:
                cards -= 1
