"""The storage keeps exactly what the engine needs: a game stored action by action, the way the
table does it, replays from seed + rules + log to the very same game, before and after it ends."""

from __future__ import annotations

import json
import random
from typing import Literal

from host.storage import SeatRecord, SeatResult, Storage, StoredGame
from stickem import Action, Game, Phase, Rules
from stickem.events import Event, RoundScored
from stickem.hosting import GAME, card_token, options_for

SEED = 20261121


def replay(stored: StoredGame) -> Game:
    """Rebuild a game from its stored record and log (the game's own replay, as the bot does)."""
    record = stored.record
    options = GAME.resolve_options(json.loads(record.rules))
    match = GAME.replay(len(record.seats), options, record.seed, [(a.seat, a.action) for a in stored.actions])
    return match.game


async def store_move(
    storage: Storage, game_id: int, game: Game, rng: random.Random
) -> tuple[Game, list[Event]]:
    """One move as the table makes it: check on a copy, write, only then keep the new state."""
    seat = game.awaiting[0]
    card = rng.choice(game.legal_cards(seat))
    kind: Literal["misery", "play"] = "misery" if game.phase is Phase.MISERY else "play"
    preview = game.copy()
    events = preview.apply(Action(kind, seat, card))
    async with storage.transaction() as tx:
        await tx.games.append_action(game_id, len(game.actions), seat, f"{kind[0]}:{card_token(card)}")
    return preview, events


async def test_a_game_stored_move_by_move_replays_identically(storage: Storage) -> None:
    rng = random.Random(SEED)
    game = Game.new(4, Rules.preset("classic", rounds=2), seed=SEED)
    game_id = await storage.games.create_game(
        guild_id=1,
        channel_id=2,
        game=GAME.name,
        seed=game.seed,
        rules=json.dumps(options_for(game.rules)),
        seats=[SeatRecord(100 + s, f"p{s}") for s in range(3)] + [SeatRecord(None, "computer")],
    )
    swallowed = [0] * 4
    checked_midway = False
    while game.phase is not Phase.GAME_OVER:
        game, events = await store_move(storage, game_id, game, rng)
        for event in events:
            if isinstance(event, RoundScored):
                for seat, cards in enumerate(event.captured_misery):
                    swallowed[seat] += len(cards)
        if not checked_midway and len(game.actions) == 60:
            # A restart in the middle: what is stored is the game as it is now.
            (stored,) = (await storage.games.load_unfinished_games()).games
            assert replay(stored) == game
            checked_midway = True
    assert checked_midway

    await storage.games.finish_game(
        game_id,
        [
            SeatResult(
                s,
                100 + s if s < 3 else None,
                f"p{s}",
                game.totals[s],
                tuple(r[s] for r in game.round_scores),
                s in game.winners,
                {"misery_swallowed": swallowed[s]},
            )
            for s in range(4)
        ],
    )
    finished = await storage.games.load_game(game_id)
    rebuilt = replay(finished)
    assert rebuilt == game
    assert rebuilt.totals == game.totals and rebuilt.winners == game.winners
    best = max(game.totals)
    (entry,) = await storage.stats.history(2)
    assert entry.standings[0].total == best
    assert entry.rounds == 2
    stats = await storage.stats.player_stats(1, 100)
    assert (stats.games_played, stats.games_won) == (1, int(0 in game.winners))
    assert stats.stat("stickem", "misery_swallowed") == swallowed[0]
    assert stats.average_round_score == sum(r[0] for r in game.round_scores) / 2
