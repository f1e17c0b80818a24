"""Computer players: the public face of :mod:`stupid.ai`.

A player is handed only ``game.view(seat)`` and answers with a bid or a card (or, through
``act``, an ``Action``). Players keep no state between calls: each decision draws its
randomness from a generator seeded with the player's seed and the decision's place in the game
(round, phase, trick, position in the trick), so a player replays a game exactly after a
restart and two situations that look the same to the seat get the same answer.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from stupid.actions import Action
from stupid.ai.heuristics import choose_bid, choose_card, estimate_tricks
from stupid.ai.search import SearchSettings, search_bid, search_card
from stupid.ai.situation import situation_from_view, to_card
from stupid.cards import Card
from stupid.game import Phase
from stupid.views import View

__all__ = ["DEFAULT_PLAYOUTS", "LEVELS", "ComputerPlayer", "Player", "make_player"]

LEVELS: tuple[str, ...] = ("random", "normal", "hard")
"""The computer player levels, weakest first."""

DEFAULT_PLAYOUTS = 240
"""Playouts per decision of the ``hard`` level."""


@runtime_checkable
class Player(Protocol):
    """Anything that can take a seat: bids and plays from views."""

    def bid(self, view: View) -> int:
        """Return a legal bid for the view's seat (it is to bid)."""
        ...

    def play(self, view: View) -> Card:
        """Return a legal card for the view's seat (it is to play)."""
        ...

    def act(self, view: View) -> Action:
        """Return the action for the view's seat: a bid or a play."""
        ...


class ComputerPlayer:
    """A computer player of one level; see :func:`make_player`."""

    def __init__(self, level: str, seed: int, playouts: int = DEFAULT_PLAYOUTS, reward: str = "game") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.settings = SearchSettings(playouts=playouts, reward=reward)

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r}, seed={self.seed})"

    def _rng(self, view: View) -> random.Random:
        """The generator of one decision: the seed mixed with its public place in the game."""
        place = (
            f"{self.seed}/{view.seat}/{view.round}/{view.phase.value}/{len(view.tricks)}/{len(view.trick)}"
        )
        return random.Random(place)

    def bid(self, view: View) -> int:
        """Return this level's bid."""
        options = [n for n in view.legal if isinstance(n, int)]
        if view.phase is not Phase.BIDDING or not options:
            raise ValueError("it is not this seat's turn to bid")
        if self.level == "random":
            return self._rng(view).choice(options)
        sit = situation_from_view(view)
        if self.level == "normal":
            return choose_bid(estimate_tricks(sit.hand, sit.trump, sit.players, sit.decks), options)
        return search_bid(sit, self._rng(view), self.settings)

    def play(self, view: View) -> Card:
        """Return this level's card."""
        options = [c for c in view.legal if isinstance(c, Card)]
        if view.phase is not Phase.TRICKS or not options:
            raise ValueError("it is not this seat's turn to play")
        if self.level == "random":
            return self._rng(view).choice(options)
        sit = situation_from_view(view)
        bid = sit.bids[sit.seat] or 0
        need = bid - sit.taken[sit.seat]
        if self.level == "normal":
            after = sit.players - 1 - len(sit.trick)
            return to_card(choose_card(sit.hand, sit.trick, sit.trump, need, after))
        codes = [card.index for card in options]
        return to_card(search_card(sit, codes, self._rng(view), self.settings))

    def act(self, view: View) -> Action:
        """Return this level's action: a bid while bidding, else a play."""
        if view.phase is Phase.BIDDING:
            return Action.bid(self.bid(view))
        return Action.play(self.play(view))


def make_player(
    level: str, seed: int = 0, *, playouts: int = DEFAULT_PLAYOUTS, reward: str = "game"
) -> ComputerPlayer:
    """Return a computer player of ``level`` (one of :data:`LEVELS`), reproducible from ``seed``.

    ``playouts`` bounds the ``hard`` search per decision (no clock: decisions replay exactly);
    ``reward`` is what it maximizes: ``"game"`` (the chance to finish first, the default) or
    ``"round"`` (the round's score difference, the level before it played for the game).
    """
    return ComputerPlayer(level, seed, playouts, reward)
