"""Stick'em positions the picture tests draw: games with fixed seeds played by a fixed rule
(always the first legal card, misery picks the lowest card), stopped where a picture is due."""

from __future__ import annotations

from stickem import Game
from stickem.events import RoundScored
from stickem.views import View

NAMES = ("Ann", "Bob", "Chidi", "Dana", "Evangeline Longname", "Farid", "Gus")


def misery_game(players: int = 7, seed: int = 11) -> Game:
    """A new game, every seat still to pick its misery card (15 cards a hand)."""
    return Game(players, seed=seed)


def picked(game: Game) -> Game:
    """Every seat picks its lowest card as its misery card."""
    for seat in range(game.players):
        game.choose_misery(seat, game.hand(seat)[0])
    return game


def play(game: Game, cards: int) -> Game:
    """``cards`` cards played, each seat playing its last legal card."""
    for _ in range(cards):
        seat = game.awaiting[0]
        game.play(seat, game.legal_cards(seat)[-1])
    return game


def mid_trick(players: int = 7, seed: int = 11) -> Game:
    """Trick 2 under way: the leader and two more have played."""
    return play(picked(misery_game(players, seed)), players + 3)


def round_scored(players: int = 7, seed: int = 11) -> RoundScored:
    """The event that closes the first round."""
    game = picked(misery_game(players, seed))
    while True:
        seat = game.awaiting[0]
        for event in game.play(seat, game.legal_cards(seat)[0]):
            if isinstance(event, RoundScored):
                return event


def awaited_view(game: Game) -> View:
    """The view of the first awaited seat."""
    return game.view(game.awaiting[0])
