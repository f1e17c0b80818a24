"""Player names are shown as written: no markdown, no mentions, no pings."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.discord_emulator import Emulator
from tests.e2e.game_harness import table_game
from tests.e2e.test_game_conduct import table_message, to_tricks

HOSTILE = ("**bold** ||spoiler||", "`tick` [link](https://example.com)", "@everyone")


async def test_hostile_names_are_escaped_and_nobody_is_pinged_by_them(
    emulator: Emulator, tmp_path: Path
) -> None:
    victim = emulator.add_user("victim")
    names = (*HOSTILE[:2], f"<@{victim.id}> {HOSTILE[2]}")
    async with table_game(emulator, tmp_path, 3, names=names, closed_dms=(2,)) as h:
        await to_tricks(h, rounds=1)
        escaped = [discord.utils.escape_mentions(discord.utils.escape_markdown(n)) for n in names]
        assert h.table.names == tuple(escaped)
        text = table_message(h).content
        for raw, safe in zip(names, escaped, strict=True):
            assert safe in text
            assert raw not in text
        assert f"<@{victim.id}>" not in text and "@everyone" not in text
        posts = emulator.calls("POST /channels/{channel_id}/messages")
        assert posts
        closed = h.users[2]
        for call in posts:
            body = call.json or {}
            allowed = body.get("allowed_mentions")
            assert allowed is not None, body
            assert allowed.get("parse") == [], allowed
            pinged = {int(u) for u in allowed.get("users", [])}
            content = body.get("content") or ""
            # Only the notices addressed to the /hand player may ping, and only that player.
            assert pinged <= {closed.id}, body
            if pinged:
                assert content.startswith(f"<@{closed.id}>"), content
        assert any(
            {int(u) for u in (c.json or {}).get("allowed_mentions", {}).get("users", [])} == {closed.id}
            for c in posts
        ), "the closed-DM notice should ping its player"
