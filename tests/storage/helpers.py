"""Small builders shared by the storage tests."""

from __future__ import annotations

import json

from host.storage import SeatRecord, SeatResult, Storage

RULES = json.dumps(
    {"preset": "classic", "rounds": "per-player", "all_zero": "first", "first_lead": "lowest_score"}
)
PLAY_CARDS = ["red7", "blue9", "green0", "violet12", "yellow3", "brown1"]
"""Card texts of Stick'em's action encoding (``p:red7``); the storage does not read them."""


def seats(*user_ids: int | None) -> list[SeatRecord]:
    """Seats for these users (None = a computer player), named after them."""
    return [
        SeatRecord(u, f"player {u}" if u is not None else f"computer {i}") for i, u in enumerate(user_ids)
    ]


async def new_game(
    storage: Storage,
    *user_ids: int | None,
    guild_id: int | None = 100,
    channel_id: int = 200,
    seed: int = 42,
) -> int:
    """Create an active game with these seated users (three players by default)."""
    return await storage.games.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        game="stickem",
        seed=seed,
        rules=RULES,
        seats=seats(*(user_ids or (1, 2, 3))),
        options=json.dumps({"turn_timer": 60}),
    )


async def play(storage: Storage, game_id: int, count: int, *, start: int = 0, players: int = 3) -> None:
    """Append `count` actions: one misery pick per seat first, then plays in seat order."""
    for seq in range(start, start + count):
        kind = "m" if seq < players else "p"
        card = PLAY_CARDS[seq % len(PLAY_CARDS)]
        await storage.games.append_action(game_id, seq, seq % players, f"{kind}:{card}")


def result(seat: int, user_id: int | None, scores: tuple[int, ...], *, won: bool = False,
           swallowed: int = 0, name: str | None = None) -> SeatResult:
    """A seat's result (of a Stick'em game, with its one stat) with the total computed from its
    round scores."""
    return SeatResult(
        seat=seat,
        user_id=user_id,
        display_name=name or (f"player {user_id}" if user_id is not None else f"computer {seat}"),
        total=sum(scores),
        round_scores=scores,
        won=won,
        stats={"misery_swallowed": swallowed},
    )
