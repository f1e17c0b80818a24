"""Discord's size limits, enforced in one place for everything the bot sends.

Discord refuses a whole message (and an interaction answer, leaving the user with "The
application did not respond") when one part of it is too long. Texts built from what users
typed (names, option values) can be any length, so every message content, embed and component
label goes through here on its way out (the one converter, :mod:`bot.tables.payload`), clipped
with an ellipsis. Input echoed in a refusal is clipped much shorter first (:func:`echo`), so the
refusal stays readable.
"""

from __future__ import annotations

import discord

# Re-exported: the Discord layer clips through this module; the host uses host.text itself.
from host.text import ELLIPSIS as ELLIPSIS
from host.text import clip as clip
from host.text import echo as echo

CONTENT = 2000
"""Characters of a message's content."""
BUTTON_LABEL = 80
SELECT_PLACEHOLDER = 150
OPTION_LABEL = 100
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR_NAME = 256
EMBED_FIELDS = 25
EMBEDS_TOTAL = 6000
"""Characters of all the embeds of one message together (titles, descriptions, fields...)."""



def _embed_size(data: dict[str, object]) -> int:
    size = len(str(data.get("title") or "")) + len(str(data.get("description") or ""))
    for part, key in (("footer", "text"), ("author", "name")):
        value = data.get(part)
        if isinstance(value, dict):
            size += len(str(value.get(key) or ""))
    fields = data.get("fields")
    if isinstance(fields, list):
        size += sum(len(str(f.get("name") or "")) + len(str(f.get("value") or "")) for f in fields)
    return size


def fit_embed(embed: discord.Embed, budget: int = EMBEDS_TOTAL) -> discord.Embed:
    """``embed`` with every part clipped to Discord's limits and at most ``budget`` characters
    in all (the description, then the fields from the last, give way first)."""
    data = embed.to_dict()
    if "title" in data:
        data["title"] = clip(data["title"], EMBED_TITLE)
    if "description" in data:
        data["description"] = clip(data["description"], EMBED_DESCRIPTION)
    if "footer" in data and "text" in data["footer"]:
        data["footer"]["text"] = clip(data["footer"]["text"], FOOTER)
    if "author" in data and "name" in data["author"]:
        data["author"]["name"] = clip(data["author"]["name"], AUTHOR_NAME)
    fields = data.get("fields", [])[:EMBED_FIELDS]
    for field in fields:
        field["name"] = clip(field["name"], FIELD_NAME) or "\u200b"
        field["value"] = clip(field["value"], FIELD_VALUE) or "\u200b"
    if "fields" in data:
        data["fields"] = fields
    excess = _embed_size(data) - budget  # type: ignore[arg-type]
    if excess > 0 and data.get("description"):
        data["description"] = clip(data["description"], max(len(data["description"]) - excess, 1))
    while _embed_size(data) > budget and data.get("fields"):  # type: ignore[arg-type]
        data["fields"].pop()
    if _embed_size(data) > budget and "title" in data:  # type: ignore[arg-type]
        data["title"] = clip(data["title"], max(budget - _embed_size({**data, "title": ""}), 1))
    return discord.Embed.from_dict(data)


def fit_embeds(embeds: tuple[discord.Embed, ...] | list[discord.Embed]) -> list[discord.Embed]:
    """``embeds`` clipped so that each and all of them together fit Discord's limits."""
    fitted: list[discord.Embed] = []
    budget = EMBEDS_TOTAL
    for embed in embeds[:10]:
        small = fit_embed(embed, budget)
        budget -= _embed_size(small.to_dict())  # type: ignore[arg-type]
        fitted.append(small)
        if budget <= 0:
            break
    return fitted
