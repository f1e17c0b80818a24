"""Stick Game ("Sticks") engine: a contract rummy with secret sticks. No Discord here.

Pure and deterministic: a game is its player count, rules, seed and action log. See ``Game``
for the state machine, ``melds`` and ``sticks`` for the meld checking, and sticks.md for the
rules this package implements.
"""

from .actions import (
    Action,
    AddMeld,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    MeldPlay,
    Swap,
    TakeWild,
    decode,
)
from .cards import DECK, JOKER, SUITS, Card, Suit, deck
from .errors import CorruptGameError, MeldError, RuleError
from .game import Game
from .melds import Meld, make_meld, meld_kind
from .rules import Option, Rules, RulesError
from .sticks import STICKS, Need, Stick, completes, match_stick
from .views import Completion, TableMeld, View

__all__ = [
    "DECK",
    "JOKER",
    "STICKS",
    "SUITS",
    "Action",
    "AddMeld",
    "Card",
    "Completion",
    "CorruptGameError",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Game",
    "LayDown",
    "LayOff",
    "Meld",
    "MeldError",
    "MeldPlay",
    "Need",
    "Option",
    "RuleError",
    "Rules",
    "RulesError",
    "Stick",
    "Suit",
    "Swap",
    "TableMeld",
    "TakeWild",
    "View",
    "completes",
    "deck",
    "decode",
    "make_meld",
    "match_stick",
    "meld_kind",
]
