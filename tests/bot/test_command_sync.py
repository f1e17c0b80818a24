"""The stored hash that decides whether slash commands need syncing."""

from __future__ import annotations

from pathlib import Path

from bot.boot.command_sync import SyncStateFile, payload_hash, sync_key


def test_state_file_round_trip_and_separate_keys(tmp_path: Path) -> None:
    state = SyncStateFile(tmp_path / "sub" / "sync.json")
    assert state.get(sync_key(1, None)) is None
    state.put(sync_key(1, None), "aaa")
    state.put(sync_key(1, 42), "bbb")
    again = SyncStateFile(tmp_path / "sub" / "sync.json")
    assert again.get("1:global") == "aaa"
    assert again.get("1:42") == "bbb"
    assert again.get("2:global") is None


def test_unreadable_state_means_sync_again(tmp_path: Path) -> None:
    path = tmp_path / "sync.json"
    path.write_text("{not json")
    assert SyncStateFile(path).get("1:global") is None
    path.write_text('["a list"]')
    assert SyncStateFile(path).get("1:global") is None
    SyncStateFile(path).put("1:global", "ccc")  # a broken file is replaced, not fatal
    assert SyncStateFile(path).get("1:global") == "ccc"


def test_hash_ignores_key_order_but_not_content() -> None:
    one = [{"name": "rules", "description": "How to play", "type": 1}]
    same = [{"type": 1, "description": "How to play", "name": "rules"}]
    other = [{"name": "rules", "description": "How to play!", "type": 1}]
    assert payload_hash(one) == payload_hash(same)
    assert payload_hash(one) != payload_hash(other)
