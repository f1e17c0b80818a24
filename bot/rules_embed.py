"""The `/rules` embed: the rules in a minute, with worked trick examples judged by the engine."""

from __future__ import annotations

import discord

from stickem import Card, Rules, trick_winner
from stickem.summary import INTRO, SECTIONS

TRICK_EXAMPLES: tuple[tuple[str, ...], ...] = (
    ("red 7", "red 2", "red 11", "red 0"),
    ("blue 8", "blue 12", "green 0", "yellow 0"),
    ("brown 13", "brown 15", "red 2", "yellow 0"),
    ("green 14", "red 3", "blue 9", "brown 9"),
    ("yellow 9", "green 5", "red 6", "blue 4"),
    ("red 0", "blue 0", "green 0", "yellow 0"),
)
"""Tricks from the rule documents, first card first; the engine decides each winner."""

EMBED_COLOUR = discord.Colour(0x8E44AD)


def _example_line(cards: tuple[str, ...]) -> str:
    parsed = [Card.parse(text) for text in cards]
    first = trick_winner(parsed, Rules.preset("classic"))
    nobody = trick_winner(parsed, Rules.preset("amigo"))
    shown = ", ".join(f"**{card}**" if i == first else str(card) for i, card in enumerate(parsed))
    line = f"{shown} → nobody takes it" if first is None else f"{shown} → {parsed[first]} takes it"
    if nobody is None:
        line += " (under the Amigo rules nobody does: the cards are set aside)"
    return line


def _preset_line(name: str) -> str:
    rules = Rules.preset(name)
    return f"**{name}** ({rules.min_players}-{rules.max_players} players): {rules.summary()}."


def rules_embed() -> discord.Embed:
    """The rules summary shown by `/rules`."""
    embed = discord.Embed(title="Stick'em: the rules in a minute", colour=EMBED_COLOUR, description=INTRO)
    for title, text in SECTIONS:
        embed.add_field(name=title, value=text, inline=False)
    embed.add_field(
        name="Examples (the winning card in bold)",
        value="\n".join(_example_line(example) for example in TRICK_EXAMPLES),
        inline=False,
    )
    embed.add_field(
        name="Rule sets for /start",
        value="\n".join(_preset_line(name) for name in Rules.PRESETS),
        inline=False,
    )
    embed.set_footer(text="Cards are named by color and value, e.g. red 7.")
    return embed
