"""SHARD_COUNT and SHARD_IDS: which shards a process serves, refused with a paragraph when
malformed, and SQLite refused for a process that is one of several."""

from __future__ import annotations

import pytest

from bot.boot.config import ConfigError, Settings
from bot.boot.shards import ShardPlan, shard_of

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"
POSTGRES = "postgresql://stickem:secret@127.0.0.1/stickem"


def settings(**variables: str) -> Settings:
    return Settings.from_env({"DISCORD_TOKEN": GOOD_TOKEN, **variables})


def test_by_default_one_process_serves_every_shard_discord_recommends() -> None:
    plan = settings().shards
    assert plan == ShardPlan(None, None)
    assert not plan.several_processes and plan.owns(12345 << 22)


def test_a_count_alone_serves_every_shard_in_this_process_on_sqlite_too() -> None:
    plan = settings(SHARD_COUNT="4").shards
    assert plan == ShardPlan(4, None) and not plan.several_processes


def test_every_shard_named_is_one_process_on_sqlite_too() -> None:
    plan = settings(SHARD_COUNT="2", SHARD_IDS=" 1, 0 ").shards
    assert plan == ShardPlan(2, (1, 0)) and not plan.several_processes


def test_some_shards_make_one_of_several_processes_on_postgresql() -> None:
    plan = settings(SHARD_COUNT="3", SHARD_IDS="1,2", DATABASE_URL=POSTGRES).shards
    assert plan.several_processes
    assert [plan.owns(shard << 22) for shard in range(6)] == [False, True, True] * 2
    assert not plan.owns(None)  # a table without a server counts as shard 0's


def test_the_shard_of_a_guild_is_discords_formula() -> None:
    assert shard_of(175928847299117063, 2) == (175928847299117063 >> 22) % 2
    assert shard_of(None, 5) == 0


@pytest.mark.parametrize(
    ("variables", "said"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number from 1 to 4096, not '0'"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number from 1 to 4096, not 'two'"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS=0 names the shards this process serves, so SHARD_COUNT must say"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "each from 0 to 1 (SHARD_COUNT=2); '2' is not one"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,,1"}, "each from 0 to 1 (SHARD_COUNT=2); '' is not one"),
        ({"SHARD_COUNT": "3", "SHARD_IDS": "1,1"}, "SHARD_IDS names shard 1 twice"),
    ],
)
def test_malformed_shard_settings_are_explained(variables: dict[str, str], said: str) -> None:
    with pytest.raises(ConfigError) as caught:
        settings(DATABASE_URL=POSTGRES, **variables)
    assert said in str(caught.value)


@pytest.mark.parametrize("url", ["", "sqlite:///games.sqlite3"])
def test_sqlite_for_one_of_several_processes_is_refused_with_the_reason(url: str) -> None:
    with pytest.raises(ConfigError) as caught:
        settings(SHARD_COUNT="2", SHARD_IDS="1", DATABASE_URL=url)
    said = str(caught.value)
    assert said.startswith("SHARD_IDS=1 with SHARD_COUNT=2 makes this bot one of several processes")
    assert "SQLite" in said and "PostgreSQL" in said and "leave SHARD_IDS unset" in said
    assert "\n" not in said


def test_shards_another_process_keeps_serving_are_explained() -> None:
    from bot.boot.startup import shards_served_elsewhere

    said = str(shards_served_elsewhere((1, 3), 30.0))
    assert said.startswith("Shard 1, 3 is served by another bot process on the same database")
    assert "within 30 seconds" in said and "SHARD_IDS" in said and "\n" not in said
