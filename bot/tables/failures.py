"""What showing or editing something on Discord may fail with besides a bug."""

from __future__ import annotations

import aiohttp
import discord

SHOW_FAILURES = (discord.HTTPException, OSError, aiohttp.ClientError, TimeoutError)
"""What showing something on Discord may fail with besides a bug: Discord refused (an expired
token, a deleted message...), or the network failed (a dropped connection raises aiohttp's
errors, not only OSError). The change being shown stands: it is logged and the game goes on."""
