"""Stick'em game engine: cards, rules, game state, views and events. No Discord here.

Pure and deterministic: a game is its player count, rules, seed and action log. See
``Game`` for the state machine and ``RULES.md`` for the rules it implements.
"""

from .actions import Action
from .cards import COLORS, Card, Color, deck
from .errors import (
    AlreadyChosen,
    CardNotInHand,
    CorruptGameError,
    GameIsOver,
    InvalidSeat,
    NotYourTurn,
    RoundOver,
    RuleError,
    WrongPhase,
)
from .game import HAND_SIZE, TRICKS_PER_ROUND, Game, Phase
from .rules import PRESETS, Rules, RulesError
from .tricks import round_score, trick_winner
from .views import CompletedTrick, View

__all__ = [
    "COLORS",
    "HAND_SIZE",
    "PRESETS",
    "TRICKS_PER_ROUND",
    "Action",
    "AlreadyChosen",
    "Card",
    "CardNotInHand",
    "Color",
    "CompletedTrick",
    "CorruptGameError",
    "Game",
    "GameIsOver",
    "InvalidSeat",
    "NotYourTurn",
    "Phase",
    "RoundOver",
    "RuleError",
    "Rules",
    "RulesError",
    "View",
    "WrongPhase",
    "deck",
    "round_score",
    "trick_winner",
]
