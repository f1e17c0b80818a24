"""The rules of Stick'em in a minute, as one embed, with worked tricks judged by the engine."""

from __future__ import annotations

from typing import Final

from stickem.cards import Card
from stickem.rules import PRESETS, Rules
from stickem.summary import INTRO, SECTIONS
from stickem.tricks import trick_winner
from tabletop.presentation import Embed, EmbedField, Message

__all__ = ["RULES_COLOUR", "TRICK_EXAMPLES", "rules_message"]

TRICK_EXAMPLES: Final[tuple[tuple[str, ...], ...]] = (
    ("red 7", "red 2", "red 11", "red 0"),
    ("blue 8", "blue 12", "green 0", "yellow 0"),
    ("brown 13", "brown 15", "red 2", "yellow 0"),
    ("green 14", "red 3", "blue 9", "brown 9"),
    ("yellow 9", "green 5", "red 6", "blue 4"),
    ("red 0", "blue 0", "green 0", "yellow 0"),
)
"""Tricks from the rule documents, first card first; the engine decides each winner."""

RULES_COLOUR: Final = 0x8E44AD
"""The colour of the rules embed."""


def _example_line(cards: tuple[str, ...]) -> str:
    """One worked trick: the winning card in bold, and who takes it under each rule set."""
    parsed = [Card.parse(text) for text in cards]
    first = trick_winner(parsed, Rules.preset("classic"))
    nobody = trick_winner(parsed, Rules.preset("amigo"))
    shown = ", ".join(f"**{card}**" if i == first else str(card) for i, card in enumerate(parsed))
    line = f"{shown} → nobody takes it" if first is None else f"{shown} → {parsed[first]} takes it"
    if nobody is None:
        line += " (under the Amigo rules nobody does: the cards are set aside)"
    return line


def _preset_line(name: str) -> str:
    """One rule set, as /start offers it."""
    rules = Rules.preset(name)
    return f"**{name}** ({rules.min_players}-{rules.max_players} players): {rules.summary()}."


def rules_message() -> Message:
    """The rules summary shown by /rules: one embed, no text around it."""
    examples = "\n".join(_example_line(example) for example in TRICK_EXAMPLES)
    fields = (
        *(EmbedField(title, text) for title, text in SECTIONS),
        EmbedField("Examples (the winning card in bold)", examples),
        EmbedField("Rule sets for /start", "\n".join(_preset_line(name) for name in PRESETS)),
    )
    embed = Embed(
        title="Stick'em: the rules in a minute",
        description=INTRO,
        colour=RULES_COLOUR,
        fields=fields,
        footer="Cards are named by color and value, e.g. red 7.",
    )
    return Message("", (embed,))
