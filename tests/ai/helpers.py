"""Shared helpers for the AI tests: drive engine games with computer players."""

from __future__ import annotations

from collections.abc import Sequence

from stickem import Card, Game, Phase
from stickem.ai import Player


def step(game: Game, players: Sequence[Player]) -> list[tuple[int, Card]]:
    """Let every awaited seat act once; return (seat, card) of each decision, checked legal."""
    decisions = []
    for seat in game.awaiting:
        view = game.view(seat)
        legal = game.legal_cards(seat)
        if game.phase is Phase.MISERY:
            card = players[seat].choose_misery(view)
            assert card in legal, f"seat {seat} picked {card}, not in {legal}"
            game.choose_misery(seat, card)
        else:
            card = players[seat].play(view)
            assert card in legal, f"seat {seat} played {card}, not in {legal}"
            game.play(seat, card)
        decisions.append((seat, card))
    return decisions


def play_round(game: Game, players: Sequence[Player]) -> list[tuple[int, Card]]:
    """Play until the current round is scored (or the game ends); return every decision."""
    start = game.round
    decisions = []
    while game.phase is not Phase.GAME_OVER and game.round == start:
        decisions.extend(step(game, players))
    return decisions


def advance(game: Game, players: Sequence[Player], actions: int) -> None:
    """Make ``actions`` single decisions (misery picks or cards)."""
    done = 0
    while done < actions and game.phase is not Phase.GAME_OVER:
        seat = game.awaiting[0]
        view = game.view(seat)
        if game.phase is Phase.MISERY:
            game.choose_misery(seat, players[seat].choose_misery(view))
        else:
            game.play(seat, players[seat].play(view))
        done += 1
