"""Stick Game positions the picture tests draw: a real game's view (fixed seed), with the hand
and the melds on the table set to what a test needs (views are plain frozen dataclasses)."""

from __future__ import annotations

import dataclasses

from stickgame import Game
from stickgame.cards import Card, Suit
from stickgame.melds import make_meld
from stickgame.views import TableMeld, View

NAMES = ("Ann", "Bob", "Chidi", "Dana", "Eve", "Farid", "Gus", "Hana")

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def cards(text: str) -> tuple[Card, ...]:
    """``"7H 8H * 2C"`` as cards."""
    return tuple(Card.parse(word) for word in text.split())


HAND_25 = cards(
    "AC 3C 5C 9C KC 4D 4D 7D JD QD 3H 6H 6H 9H 10H KH 5S 8S JS QS AS 2H 2S * *"
)  # fmt: skip
"""25 cards: every suit, pairs, two deuces and two jokers."""


def game(players: int = 4, seed: int = 3) -> Game:
    """A new game."""
    return Game(players, seed=seed)


def hand_view(hand: tuple[Card, ...] = HAND_25, seat: int = 0) -> View:
    """Seat ``seat``'s view with ``hand``."""
    return dataclasses.replace(game().view(seat), hand=hand, hand_sizes=(len(hand), 15, 15, 15))


def table_with_melds(players: int = 4) -> View:
    """The public view with melds of three owners on the table: runs and sets with wild cards
    (a joker in a run, a deuce in a set, a run with a wild at its top), and 5 wild cards."""
    melds = (
        TableMeld(0, make_meld(cards("7H 8H * 10H"))),
        TableMeld(0, make_meld(cards("9S 9H 2C 9D"))),
        TableMeld(2, make_meld(cards("JC QC KC"))),
        TableMeld(2, make_meld(cards("3D 4D 5D 6D 2S"))),
        TableMeld(1, make_meld(cards("2C 2D * 2H *"), "wild5")),
        TableMeld(0, make_meld(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"))),
    )
    view = game(players).view(None)
    sizes = tuple([3, 10, 6, 15, 12, 9, 15, 14][:players])
    return dataclasses.replace(view, melds=melds, hand_sizes=sizes)
