"""Finding a server's finished game for /replay (bot.replays.finding): its replay and its JSON
file, which each game's engine reads back; and every bad request refused with a friendly word."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

import stickem
import stickgame
import stupid
from bot.replays.finding import FoundReplay, find_replay, game_id_of, last_game_id
from host.errors import UserError
from host.storage import SeatRecord, SeatResult, Storage
from tabletop import registry
from tests.replay.played import play_out, store

ENGINES = {"stickem": stickem.Game, "stupid": stupid.Game, "stickgame": stickgame.Game}
GUILD, CHANNEL = 1, 2  # where tests.replay.played.store puts its games


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    yield opened
    await opened.close()


@pytest.mark.parametrize("name", sorted(ENGINES))
async def test_a_stored_game_replays_and_its_file_is_the_engines_json(storage: Storage, name: str) -> None:
    spec = registry.game(name)
    match, _ = play_out(spec, 3, spec.resolve_options({}), 11, "random")
    stored = await store(storage, spec, match)
    found = await find_replay(storage, GUILD, stored.record.id, shown=False)
    assert found.names == ("p0", "p1", "p2")
    assert found.replay.steps[-1].snapshot.scores == tuple(match.results().totals)
    assert found.filename == f"{name}-{stored.record.id}.json"
    again = ENGINES[name].from_json(found.export())
    assert list(again.totals) == list(match.results().totals)
    assert json.loads(found.export())["seed"] == match.seed


async def _finished(storage: Storage, game: str = "stickem", guild_id: int = GUILD) -> int:
    game_id = await storage.games.create_game(
        guild_id=guild_id,
        channel_id=CHANNEL,
        game=game,
        seed=3,
        rules="{}",
        seats=[SeatRecord(10, "ann"), SeatRecord(11, "bob")],
    )
    await storage.games.finish_game(
        game_id, [SeatResult(0, 10, "ann", 5, (5,), True), SeatResult(1, 11, "bob", 1, (1,), False)]
    )
    return game_id


async def test_a_game_of_another_server_is_not_found_as_if_it_did_not_exist(storage: Storage) -> None:
    theirs = await _finished(storage, guild_id=99)
    with pytest.raises(UserError, match=f"There is no finished game #{theirs} on this server"):
        await find_replay(storage, GUILD, theirs, shown=False)
    with pytest.raises(UserError, match=f"There is no finished game #{theirs + 1} on this server"):
        await find_replay(storage, GUILD, theirs + 1, shown=False)
    too_large = game_id_of(str(2**63))  # a well-formed id that no database can hold
    with pytest.raises(UserError, match=f"There is no finished game #{too_large} on this server"):
        await find_replay(storage, GUILD, too_large, shown=False)


async def test_a_game_still_running_or_stopped_has_no_replay(storage: Storage) -> None:
    running = await storage.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="stickem",
        seed=3,
        rules="{}",
        seats=[SeatRecord(10, "ann"), SeatRecord(11, "bob")],
    )
    with pytest.raises(UserError, match="no finished game"):
        await find_replay(storage, GUILD, running, shown=False)
    await storage.games.stop_game(running, "stopped")
    with pytest.raises(UserError, match="no finished game"):
        await find_replay(storage, GUILD, running, shown=False)


async def test_a_button_of_a_game_pruned_since_says_so(storage: Storage) -> None:
    game_id = await _finished(storage)
    assert await storage.games.prune_finished(timedelta(0)) == 1
    with pytest.raises(UserError, match=f"Game #{game_id} is no longer stored"):
        await find_replay(storage, GUILD, game_id, shown=True)


async def test_a_game_this_bot_does_not_offer_says_which_game(storage: Storage) -> None:
    game_id = await _finished(storage, game="chess")
    with pytest.raises(UserError, match=r"its game \(chess\) is not offered"):
        await find_replay(storage, GUILD, game_id, shown=False)


async def test_a_stored_game_that_makes_no_game_is_refused_without_its_details(storage: Storage) -> None:
    game_id = await _finished(storage)  # two seats: Stick'em is for three or more
    refusal = f"Game #{game_id} cannot be replayed: its stored moves do not make a game"
    with pytest.raises(UserError, match=refusal):
        await find_replay(storage, GUILD, game_id, shown=False)


async def test_the_last_game_of_the_table_is_the_default(storage: Storage) -> None:
    with pytest.raises(UserError, match="nothing to replay"):
        await last_game_id(storage, CHANNEL)
    await _finished(storage)
    newest = await _finished(storage)
    assert await last_game_id(storage, CHANNEL) == newest


@pytest.mark.parametrize("given", ["12", "#12", " # 12 "])
def test_a_game_id_is_read_as_history_shows_it(given: str) -> None:
    assert game_id_of(given) == 12


@pytest.mark.parametrize("given", ["", "abc", "12a", "-3", "١٢", "9" * 30, "#"])
def test_a_malformed_game_id_is_refused_with_how_to_write_one(given: str) -> None:
    with pytest.raises(UserError, match="is not a game id: give the number /history shows"):
        game_id_of(given)


async def test_a_replay_names_computer_seats_in_the_readers_language(storage: Storage) -> None:
    spec = registry.game("stickem")
    match, _ = play_out(spec, 3, spec.resolve_options({}), 11, "random")
    found = await find_replay(storage, GUILD, (await store(storage, spec, match)).record.id, shown=False)
    seats = (SeatRecord(100, "p0"), SeatRecord(None, "Ada"), SeatRecord(None, "Bot Bea (random)"))
    options = json.dumps({"game_id": "x", "bots": {"1": "hard", "2": "random"}})
    computers = FoundReplay(dataclasses.replace(found.record, seats=seats, options=options), found.replay)
    assert computers.names_in("de") == ("p0", "Bot Ada (schwer)", "Bot Bea (zufällig)")
    assert computers.names == ("p0", "Bot Ada (hard)", "Bot Bea (random)")
