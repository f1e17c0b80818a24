"""A corrupt stored game is reported with its channel and never stops the other games from loading."""

from __future__ import annotations

import logging

import pytest

from host.storage import Storage, StorageError
from tests.storage.conftest import raw
from tests.storage.helpers import new_game, play

TAMPERING = {
    "gap in the log": (
        "DELETE FROM game_actions WHERE game_id = :g AND seq = 2", "action number 2 is missing"),
    "unparsable rules": (
        "UPDATE games SET rules = '{\"preset\": ' WHERE id = :g", "the rules: not valid JSON"),
    "rules not an object": (
        "UPDATE games SET rules = '[1, 2]' WHERE id = :g", "the rules: not a JSON object"),
    "bad options": ("UPDATE games SET options = 'x' WHERE id = :g", "the options: not valid JSON"),
    "bad seed": ("UPDATE games SET seed = 'lucky' WHERE id = :g", "the seed 'lucky' is not an integer"),
    "empty action": (
        "UPDATE game_actions SET action = '' WHERE game_id = :g AND seq = 1", "action 1 is empty"),
    "seat out of range": (
        "UPDATE game_actions SET seat = 7 WHERE game_id = :g AND seq = 4", "names seat 7"),
    "missing seat": ("DELETE FROM game_seats WHERE game_id = :g AND seat = 1", "seats are not numbered"),
    "count mismatch": ("UPDATE games SET action_count = 9 WHERE id = :g", "counts 9"),
}


@pytest.mark.parametrize("case", sorted(TAMPERING))
async def test_a_corrupt_game_is_reported_and_the_others_load(
    storage: Storage, case: str, caplog: pytest.LogCaptureFixture
) -> None:
    sql, expected = TAMPERING[case]
    before = await new_game(storage, channel_id=201)
    broken = await new_game(storage, channel_id=202)
    after = await new_game(storage, channel_id=203)
    for game_id in (before, broken, after):
        await play(storage, game_id, 6)
    await raw(storage, sql, g=broken)
    with caplog.at_level(logging.ERROR, logger="host.storage"):
        loaded = await storage.games.load_unfinished_games()
    assert [g.record.id for g in loaded.games] == [before, after]
    assert all(len(g.actions) == 6 for g in loaded.games)
    (problem,) = loaded.problems
    assert (problem.game_id, problem.guild_id, problem.channel_id) == (broken, 100, 202)
    assert expected in problem.reason
    assert f"stored game {broken}" in caplog.text and expected in caplog.text
    with pytest.raises(StorageError, match="corrupt"):
        await storage.games.load_game(broken)


async def test_a_game_stopped_as_corrupt_is_not_loaded_again(storage: Storage) -> None:
    broken = await new_game(storage)
    await raw(storage, "UPDATE games SET rules = 'x' WHERE id = :g", g=broken)
    (problem,) = (await storage.games.load_unfinished_games()).problems
    assert await storage.games.stop_game(problem.game_id, f"corrupt: {problem.reason}") is True
    loaded = await storage.games.load_unfinished_games()
    assert (loaded.games, loaded.problems) == ((), ())
