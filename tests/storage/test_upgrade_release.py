"""A database written by the release before games were named in storage upgrades in place.

``release_v2/release.sqlite3`` was written by that release's own bot code (see
``release_v2/make_release_db.py``). On SQLite the test opens a copy of that very file; on
PostgreSQL it builds the release's schema (``release_v2/schema_v2.py``) and copies the same rows
in. Either way the bot must migrate it and carry on: every game and lobby in it resumes, replays
to the game the release stored (action for action), and can be played on to its end; the
finished game still counts in the stats.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Boolean, insert, text

from bot.tables.message_book import MessageBook
from bot.tables.resume import restore_tables
from host.journal import GameJournal, replay
from host.resume import rebuild_tables
from host.storage import CURRENT_VERSION, GameStatus, Storage
from host.storage.database import create_engine
from host.tables import TableRegistry, TableState
from stickem import Action, Card, Game, Phase
from stickem.hosting import PER_PLAYER, StickemMatch
from tabletop import Match
from tests.bot.stickem_moves import engine
from tests.storage.conftest import FakeClock, Target
from tests.storage.release_v2.schema_v2 import UtcDateTime
from tests.storage.release_v2.schema_v2 import metadata as v2_metadata

RELEASE = Path(__file__).parent / "release_v2" / "release.sqlite3"
TABLE_ORDER = (
    "schema_version", "games", "game_seats", "game_actions", "game_results", "game_messages",
    "game_timers", "lobbies",
)


def _release_rows(table: str) -> list[dict[str, Any]]:
    with sqlite3.connect(f"file:{RELEASE}?mode=ro&immutable=1", uri=True) as conn:  # never write it
        conn.row_factory = sqlite3.Row
        return [dict(row) for row in conn.execute(f"SELECT * FROM {table}")]


def _release_actions() -> dict[int, list[Action]]:
    """The release's stored log of each game, as engine actions."""
    actions: dict[int, list[Action]] = {}
    for row in sorted(_release_rows("game_actions"), key=lambda r: (r["game_id"], r["seq"])):
        action = Action(row["kind"], row["seat"], Card.parse(row["card"]))
        actions.setdefault(row["game_id"], []).append(action)
    return actions


def _engine(match: Match) -> Game:
    """The Stick'em engine game behind a replayed match."""
    assert isinstance(match, StickemMatch)
    return match.game


def _as_stored(table: str, row: dict[str, Any]) -> dict[str, Any]:
    """A SQLite row as the v2 schema's column types take it (aware datetimes, booleans)."""
    columns = v2_metadata.tables[table].c
    converted = dict(row)
    for name, value in row.items():
        kind = columns[name].type
        if isinstance(kind, UtcDateTime) and isinstance(value, str):
            converted[name] = datetime.fromisoformat(value).replace(tzinfo=UTC)
        elif isinstance(kind, Boolean) and value is not None:
            converted[name] = bool(value)
    return converted


async def _copy_release_to_postgres(target: Target) -> None:
    engine, _ = create_engine(target.url, schema=target.schema)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(v2_metadata.create_all)
            for table in TABLE_ORDER:
                rows = [_as_stored(table, row) for row in _release_rows(table)]
                if rows:
                    await conn.execute(insert(v2_metadata.tables[table]), rows)
            next_id = "SELECT setval(pg_get_serial_sequence('games', 'id'), max(id)) FROM games"
            await conn.execute(text(next_id))
    finally:
        await engine.dispose()


@pytest.fixture
async def upgraded(target: Target, tmp_path: Path, clock: FakeClock) -> AsyncIterator[Storage]:
    """The release's database, opened (and so migrated) by this bot."""
    assert RELEASE.stat().st_size > 0, f"{RELEASE} is missing: it is part of the repository"
    if target.backend == "sqlite":
        copy = tmp_path / "release.sqlite3"
        shutil.copyfile(RELEASE, copy)
        url = f"sqlite:///{copy}"
    else:
        await _copy_release_to_postgres(target)
        url = target.url
    storage = await Storage.open(url, schema=target.schema, clock=clock, timeout=5)
    try:
        yield storage
    finally:
        await storage.close()


def test_the_fixture_is_the_release_schema() -> None:
    assert _release_rows("schema_version") == [{"id": 1, "version": 2}]
    assert {row["kind"] for row in _release_rows("game_actions")} == {"misery", "play"}


async def test_every_game_resumes_as_the_release_stored_it(upgraded: Storage) -> None:
    assert upgraded.schema_version == CURRENT_VERSION
    loaded = await upgraded.games.load_unfinished_games()
    assert loaded.problems == ()
    by_channel = {stored.record.channel_id: stored for stored in loaded.games}
    assert sorted(by_channel) == [200, 300]
    release = _release_actions()
    for stored in loaded.games:
        assert stored.record.game == "stickem"
        game = _engine(replay(stored))
        assert list(game.actions) == release[stored.record.id]
        assert all(action.action.startswith(("m:", "p:")) for action in stored.actions)
    per_player = replay(by_channel[300])  # one round per player, as stored
    assert _engine(per_player).rules.rounds is None and per_player.options["rounds"] == PER_PLAYER
    five = replay(by_channel[200])
    assert _engine(five).rules.rounds == 5 and five.options["rounds"] == 5


async def test_tables_and_the_lobby_come_back_with_their_facts(upgraded: Storage) -> None:
    loaded = await upgraded.games.load_unfinished_games()
    lobbies = await upgraded.lobbies.load_lobbies()
    assert [lobby.game for lobby in lobbies] == ["stickem"]
    book = MessageBook()
    report = restore_tables(loaded, lobbies, TableRegistry(), book)
    assert report.broken == []
    tables = {table.channel_id: table for table in report.games}
    classic, amigo = tables[200], tables[300]
    assert classic.clock.away == {1}
    assert classic.clock.deadline is not None and classic.clock.timer_seconds == 120
    assert book.of(classic).table_id == 900200 and book.of(classic).prompts
    assert 32 in amigo.takeover_requests
    (lobby,) = report.lobbies
    assert lobby.channel_id == 100 and lobby.chosen == {"preset": "amigo", "rounds": 4}
    assert book.of(lobby).lobby_id == 900100
    assert (lobby.options()["preset"], lobby.options()["rounds"]) == ("amigo", 4)
    assert classic.options()["preset"] == "classic" and amigo.options()["preset"] == "amigo"
    assert lobby.names == ("ann", "bob", "Bot Ada (hard)")


async def test_a_resumed_game_plays_on_to_its_end_and_counts(upgraded: Storage) -> None:
    loaded = await upgraded.games.load_unfinished_games()
    registry = TableRegistry()
    (table,) = [t for t in rebuild_tables(loaded, [], registry).games if t.channel_id == 200]
    journal = GameJournal(upgraded)
    assert table.storage_id is not None
    before = engine(table).action_count
    while table.state is TableState.PLAYING:
        match = table.running_match()
        seat = match.awaiting[0]
        action = table.spec.computer_player("random", seat).decide(match.view(seat))
        async with journal.recording(table):
            table.play.auto_move(seat, action)
    assert engine(table).phase is Phase.GAME_OVER
    stored = await upgraded.games.load_game(table.storage_id)
    assert stored.record.status is GameStatus.FINISHED
    assert len(stored.actions) == engine(table).action_count > before
    assert list(_engine(replay(stored)).actions) == list(engine(table).actions)
    dee = await upgraded.stats.player_stats(1, 21)
    assert dee.games_played == 1
    hal = await upgraded.stats.player_stats(1, 41)  # the game the release had finished
    assert hal.games_played == 1


async def test_the_stored_options_keep_every_key(upgraded: Storage) -> None:
    loaded = await upgraded.games.load_unfinished_games()
    for stored in loaded.games:
        options = json.loads(stored.record.rules)
        assert set(options) == {"preset", "rounds", "all_zero", "first_lead", "min_players", "max_players"}
