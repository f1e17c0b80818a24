"""Games played to the end by computer players, every action's match kept, and stored.

The replay tests compare each replay step with the engine's own state captured here while the
game was played (the match before and after each action, and the action's events).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from host.storage import SeatRecord, SeatResult, Storage, StoredGame
from tabletop.options import OptionValue
from tabletop.protocol import GameSpec, Match


@dataclass(frozen=True)
class Played:
    """One action as it was played: who, what, the match before and after it, its events."""

    end: int
    seat: int
    action: str
    before: Match
    after: Match
    events: tuple[object, ...]


def play_out(
    spec: GameSpec, players: int, options: Mapping[str, OptionValue], seed: int, level: str
) -> tuple[Match, list[Played]]:
    """A whole game of ``level`` computer players, with every action's before and after."""
    match = spec.new_match(players, options, seed)
    computers = [spec.computer_player(level, seed + seat) for seat in range(players)]
    played: list[Played] = []
    while not match.is_over:
        seat = match.awaiting[0]
        action = computers[seat].decide(match.view(seat))
        before = match.copy()
        events = match.apply(seat, action)
        played.append(Played(len(played) + 1, seat, action, before, match.copy(), events))
        assert len(played) < 20_000, "the game does not end"
    return match, played


async def store(storage: Storage, spec: GameSpec, match: Match) -> StoredGame:
    """Store a finished match through the storage API, as the bot does, and load it back."""
    game_id = await storage.games.create_game(
        guild_id=1,
        channel_id=2,
        game=spec.name,
        seed=match.seed,
        rules=json.dumps(dict(match.options)),
        seats=[SeatRecord(100 + seat, f"p{seat}") for seat in range(match.players)],
    )
    for seq, (seat, action) in enumerate(match.log):
        await storage.games.append_action(game_id, seq, seat, action)
    results = match.results()
    await storage.games.finish_game(
        game_id,
        [
            SeatResult(seat, 100 + seat, f"p{seat}", results.totals[seat], (), seat in results.winners)
            for seat in range(match.players)
        ],
    )
    return await storage.games.load_game(game_id)
