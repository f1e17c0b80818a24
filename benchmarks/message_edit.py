"""What an edit of a table message costs the bot in discord.py: ``PartialMessage.edit`` against
``bot.runtime.message_edit.QuietPartialMessage.edit`` (the same steps, Discord's answer not parsed
into a ``Message``), timed alternately in one run.

Run from the repository root: ``python benchmarks/message_edit.py [--edits 3000] [--rounds 5]``.

The HTTP call itself is replaced by a coroutine that returns at once what Discord answers to an
edit (the message as stored: content, an embed, two rows of buttons, the author), so what is
timed is discord.py's work before and after it: the payload built from the keyword arguments
the bot gives (``bot.tables.payload.edit_kwargs``) and, for ``PartialMessage.edit``, the
answer parsed. Printed: the CPU microseconds per edit of each (best of ``--rounds``) and the
ratio quiet / discord.py.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
from discord.http import HTTPClient
from discord.state import ConnectionState

from bot.runtime.message_edit import QuietMessageable
from bot.tables.payload import edit_kwargs
from tabletop.presentation import Button, Embed, EmbedField, Message


def answer() -> dict[str, Any]:
    """A message as Discord answers an edit of a table message."""

    def button(i: int) -> dict[str, Any]:
        return {"type": 2, "style": 2, "label": f"Card {i}", "custom_id": f"stk:1:{i}",
                "emoji": {"name": "\N{LARGE RED SQUARE}", "id": None}}

    return {
        "id": "123", "channel_id": "5", "type": 0, "content": "Round 2 of 5: Ada plays\n" * 5,
        "author": {"id": "9", "username": "bot", "discriminator": "0", "avatar": None, "bot": True},
        "attachments": [], "mentions": [], "mention_roles": [], "pinned": False,
        "mention_everyone": False, "tts": False, "flags": 0, "edited_timestamp": None,
        "timestamp": "2026-11-27T06:00:00.000000+00:00",
        "embeds": [{"title": "Table", "description": "x" * 300, "color": 3,
                    "fields": [{"name": "Ada", "value": "12", "inline": True}] * 3}],
        "components": [{"type": 1, "components": [button(i) for i in range(5)]},
                       {"type": 1, "components": [button(i) for i in range(5, 8)]}],
    }


def spec() -> Message:
    """The table message the bot edits in."""
    rows = ((tuple(Button(f"Card {i}", f"stk:1:{i}", "\N{LARGE RED SQUARE}") for i in range(5))),
            (tuple(Button(f"Card {i}", f"stk:1:{i}", "\N{LARGE RED SQUARE}") for i in range(5, 8))))
    embed = Embed("Table", "x" * 300, 3, tuple(EmbedField("Ada", "12") for _ in range(3)))
    return Message("Round 2 of 5: Ada plays\n" * 5, (embed,), rows)


async def measure(edits: int, rounds: int) -> tuple[float, float]:
    """The best CPU seconds per edit of discord.py's ``edit`` and of the quiet one."""
    http = HTTPClient(asyncio.get_running_loop())
    data = answer()

    async def edit_message(channel_id: int, message_id: int, *, params: Any) -> dict[str, Any]:
        return data

    http.edit_message = edit_message  # type: ignore[method-assign, assignment]
    state: ConnectionState[Any] = ConnectionState(
        dispatch=lambda *args: None, handlers={}, hooks={}, http=http,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    plain = discord.PartialMessageable(state=state, id=5, type=discord.ChannelType.text)
    quiet = QuietMessageable.of(plain)
    message = spec()
    best = {"plain": float("inf"), "quiet": float("inf")}
    for _ in range(rounds):
        for name, channel in (("plain", plain), ("quiet", quiet)):
            started = time.process_time()
            for _ in range(edits):
                await channel.get_partial_message(123).edit(**edit_kwargs(message))
            best[name] = min(best[name], (time.process_time() - started) / edits)
    return best["plain"], best["quiet"]


def main() -> None:
    """Parse the arguments and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    plain, quiet = asyncio.run(measure(args.edits, args.rounds))
    print(f"edits={args.edits} rounds={args.rounds} (CPU per edit, best of the rounds)")
    print(f"PartialMessage.edit: {plain * 1e6:.1f} us; QuietPartialMessage.edit: {quiet * 1e6:.1f} us; "
          f"quiet/discord.py: {quiet / plain:.2f}x")


if __name__ == "__main__":
    main()
