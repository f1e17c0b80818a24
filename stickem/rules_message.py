"""The rules of Stick'em in a minute, as one embed, with worked tricks judged by the engine."""

from __future__ import annotations

from typing import Final

from stickem.card_text import card_name
from stickem.cards import Card
from stickem.channel_messages import rules_summary
from stickem.rules import PRESETS, Rules
from stickem.summary import INTRO, SECTIONS
from stickem.texts import comma_list, lines, t
from stickem.tricks import trick_winner
from tabletop.catalog import Text
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


def _example_line(cards: tuple[str, ...]) -> Text:
    """One worked trick: the winning card in bold, and who takes it under each rule set."""
    parsed = [Card.parse(text) for text in cards]
    first = trick_winner(parsed, Rules.preset("classic"))
    nobody = trick_winner(parsed, Rules.preset("amigo"))
    shown = comma_list(
        [
            t("card.bold", card=card_name(card)) if i == first else card_name(card)
            for i, card in enumerate(parsed)
        ],
        t("cards.none"),
    )
    if first is None:
        return t("rules.example.nobody", cards=shown)
    if nobody is None:
        return t("rules.example.taken_amigo_aside", cards=shown, card=card_name(parsed[first]))
    return t("rules.example.taken", cards=shown, card=card_name(parsed[first]))


def _preset_line(name: str) -> Text:
    """One rule set, as /start offers it."""
    rules = Rules.preset(name)
    return t(
        "rules.preset_line",
        name=name,
        low=rules.min_players,
        high=rules.max_players,
        summary=rules_summary(rules),
    )


def rules_message() -> Message:
    """The rules summary shown by /rules: one embed, no text around it."""
    examples = lines([_example_line(example) for example in TRICK_EXAMPLES])
    fields = (
        *(EmbedField(title, text) for title, text in SECTIONS),
        EmbedField(t("rules.examples_title"), examples),
        EmbedField(t("rules.presets_title"), lines([_preset_line(name) for name in PRESETS])),
    )
    embed = Embed(
        title=t("rules.title"),
        description=INTRO,
        colour=RULES_COLOUR,
        fields=fields,
        footer=t("rules.footer"),
    )
    return Message("", (embed,))
