"""Stupid game engine: cards, rules, game state, views and events. No Discord here.

Stupid is an Oh Hell style game (see ``docs/stupid.md``): 13 rounds of 1..7..1 cards, a turned
trump card, exact bids (the dealer may not make them add up), follow suit, ``10 + 5 * tricks``
for an exact bid and -10 otherwise, one more deck for every seven players.

Pure and deterministic: a game is its player count, rules, seed and action log.
"""

from .actions import Action
from .cards import RANKS, SUITS, Card, Suit, full_deck
from .errors import (
    BidOutOfRange,
    CardNotInHand,
    CorruptGameError,
    ForbiddenBid,
    GameIsOver,
    InvalidSeat,
    MustFollowSuit,
    NotYourTurn,
    RuleError,
    WrongPhase,
)
from .events import BiddingDone, BidMade, CardPlayed, Event, GameOver, RoundScored, RoundStarted, TrickWon
from .game import Game, Phase
from .rules import MAX_PLAYERS, MIN_PLAYERS, Option, Rules
from .tricks import forbidden_bid, round_score, trick_winner
from .views import CompletedTrick, View

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RANKS",
    "SUITS",
    "Action",
    "BidMade",
    "BidOutOfRange",
    "BiddingDone",
    "Card",
    "CardNotInHand",
    "CardPlayed",
    "CompletedTrick",
    "CorruptGameError",
    "Event",
    "ForbiddenBid",
    "Game",
    "GameIsOver",
    "GameOver",
    "InvalidSeat",
    "MustFollowSuit",
    "NotYourTurn",
    "Option",
    "Phase",
    "RoundScored",
    "RoundStarted",
    "RuleError",
    "Rules",
    "Suit",
    "TrickWon",
    "View",
    "WrongPhase",
    "forbidden_bid",
    "full_deck",
    "round_score",
    "trick_winner",
]
