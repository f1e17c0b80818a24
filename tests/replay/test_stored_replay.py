"""The replay of stored games, whatever the game (host.replays): every registered game offers
one, an unreplayable stored game is refused with why, and the previous release's games replay."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from host.journal import replay
from host.replays import NotReplayable, stored_replay
from host.storage import SeatRecord, Storage, StoredGame
from tabletop import registry
from tabletop.replay import Replayable

RELEASE_V3 = Path(__file__).parents[1] / "e2e" / "release_v3" / "release.sqlite3"


def test_every_registered_game_offers_replays() -> None:
    for name in registry.names():
        assert isinstance(registry.game(name), Replayable), name


async def _stored(tmp_path: Path, game: str, actions: list[tuple[int, str]], rules: str = "{}") -> StoredGame:
    storage = await Storage.open(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        game_id = await storage.games.create_game(
            guild_id=1,
            channel_id=2,
            game=game,
            seed=5,
            rules=rules,
            seats=[SeatRecord(10 + seat, f"p{seat}") for seat in range(3)],
        )
        for seq, (seat, action) in enumerate(actions):
            await storage.games.append_action(game_id, seq, seat, action)
        return await storage.games.load_game(game_id)
    finally:
        await storage.close()


async def test_a_corrupt_log_is_refused_with_why(tmp_path: Path) -> None:
    stored = await _stored(tmp_path, "stickem", [(0, "p:nonsense")])
    with pytest.raises(NotReplayable, match="action 1 of the stored game is refused"):
        stored_replay(stored)


async def test_a_game_this_bot_does_not_offer_is_refused(tmp_path: Path) -> None:
    stored = await _stored(tmp_path, "chess", [])
    with pytest.raises(NotReplayable, match="'chess', which this bot does not offer"):
        stored_replay(stored)


async def test_bad_options_are_refused(tmp_path: Path) -> None:
    stored = await _stored(tmp_path, "stickem", [], rules=json.dumps({"rounds": 99}))
    with pytest.raises(NotReplayable, match="cannot be replayed"):
        stored_replay(stored)


async def test_the_previous_releases_games_replay(tmp_path: Path) -> None:
    """The Stick'em-only release's two games (schema 3, stopped mid-round by its fixture: one in
    the misery choice, one in the tricks) replay as far as they went; each step shows what the
    bot's own resume path (host.journal.replay of the log up to the step) holds."""
    copy = tmp_path / "release.sqlite3"
    shutil.copyfile(RELEASE_V3, copy)
    storage = await Storage.open(f"sqlite:///{copy}")
    try:
        stored_games = (await storage.games.load_unfinished_games()).games
    finally:
        await storage.close()
    kinds = []
    for stored in stored_games:
        steps = stored_replay(stored).steps
        game = replay(stored).game  # type: ignore[attr-defined]
        tricks = [s for s in steps if s.label.key == "trick"]
        assert len(tricks) == max(0, game.trick_number - 1)
        assert steps[0].end == 0 and all(s.end <= len(stored.actions) for s in steps)
        for step in steps:
            prefix = replace(stored, actions=stored.actions[: step.end])
            then = replay(prefix).game  # type: ignore[attr-defined]
            assert step.snapshot.hands == tuple(
                tuple(str(card) for card in then.hand(seat)) for seat in range(then.players)
            )
            assert step.snapshot.scores == tuple(then.totals)
        kinds.append(tuple(s.label.key for s in steps))
    short, long = sorted(kinds, key=len)
    assert short == ("deal",)  # the misery choice: not everyone has picked
    assert long[:2] == ("deal", "misery") and set(long[2:]) == {"trick"}
