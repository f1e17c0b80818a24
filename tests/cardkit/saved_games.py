"""Seeded random games of every built-in game, played through the protocol, written as the
engine saves them: the texts the byte-for-byte test pins."""

from __future__ import annotations

import hashlib
from random import Random

from tabletop import registry


def saved_texts(name: str, games: int = 6) -> list[str]:
    """``games`` seeded games of ``name`` played to the end with random legal actions (default
    options, each seat count in turn), each as its engine's ``to_json`` text."""
    spec = registry.game(name)
    options = spec.resolve_options({})
    low, high = spec.player_range(options)
    texts = []
    for seed in range(games):
        match = spec.new_match(low + seed % (high - low + 1), options, seed)
        rng = Random(seed)
        for _ in range(400):
            if not match.awaiting:
                break
            seat = match.awaiting[0]
            match.play(seat, rng.choice(match.legal_actions(seat)))
        texts.append(match.game.to_json())  # type: ignore[attr-defined]  # every built-in match has .game
    return texts


def fingerprint(texts: list[str]) -> str:
    """The SHA-256 of the texts, one after another."""
    digest = hashlib.sha256()
    for text in texts:
        digest.update(text.encode())
    return digest.hexdigest()
