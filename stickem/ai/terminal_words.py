"""The words of Stick'em's terminal table: catalog texts in the table's language, and cards
written (coloured on a colour terminal) and read in it.

Every text is the game's catalog's (``terminal.*`` in ``stickem/catalog``); cards are named in the
table's language ("rot 7") and may be typed in it or in English, as the command words may
(``help`` / ``hilfe``). :class:`stickem.ai.terminal.TerminalTable` plays the game with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from stickem.card_text import card_name, colour_name
from stickem.cards import Card, Color
from stickem.texts import CATALOG, t
from tabletop.catalog import DEFAULT_LANGUAGE, render
from tabletop.console import ConsoleWords

_TYPED_CARD = re.compile(r"([^\W\d_]+)[\s-]*(\d+)")

_ANSI = {
    Color.GREEN: "\x1b[32m",
    Color.BROWN: "\x1b[38;5;130m",
    Color.RED: "\x1b[31m",
    Color.BLUE: "\x1b[34m",
    Color.YELLOW: "\x1b[93m",
    Color.VIOLET: "\x1b[35m",
}
_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"


class TerminalWords(ConsoleWords):
    """What the terminal table writes and reads, in ``language``, with the game's catalog (see
    :class:`~tabletop.console.ConsoleWords`: the seats' names, the line of a trick won)."""

    def __init__(self, players: int, language: str = DEFAULT_LANGUAGE, color: bool = True) -> None:
        super().__init__(CATALOG, players, language, color)

    def cost(self, points: int) -> str:
        """Points lost in a score's origin: ``-5``, or ``nothing`` for 0 (never ``-0``)."""
        return f"-{points}" if points else self.say(t("terminal.scores.nothing"))

    def card_name(self, card: Card) -> str:
        """A card's name in the table's language: ``red 7``, ``rot 7``."""
        return render(card_name(card), self.language)

    def colour_name(self, color: Color) -> str:
        """A colour's name in the table's language: ``red``, ``rot``."""
        return render(colour_name(color), self.language)

    def card_text(self, card: Card, width: int = 0) -> str:
        """Return a card as text, colored on a color terminal: ``red 7``.

        ``width`` pads the plain text first, so columns line up whatever the color codes.
        """
        text = f"{self.card_name(card):<{width}}"
        if not self.color:
            return text
        return f"{_ANSI[card.color]}{text}{_RESET}"

    def cards_text(self, cards: Sequence[Card]) -> str:
        """Return several cards separated by commas (``-`` if none)."""
        return ", ".join(self.card_text(c) for c in cards) or "-"

    def plays_text(self, plays: Sequence[tuple[int, Card]]) -> str:
        """Return a trick's plays as ``name: card`` pairs."""
        return " | ".join(f"{self.names[seat]}: {self.card_text(card)}" for seat, card in plays)

    def hand_text(self, hand: Sequence[Card]) -> str:
        """Return the hand, numbered from 1, grouped by color."""
        lines = []
        number = 1
        for color in Color:
            cards = [c for c in hand if c.color is color]
            if not cards:
                continue
            items = []
            for card in cards:
                items.append(f"{number:>2}) {self.card_text(card)}")
                number += 1
            lines.append("   ".join(items))
        return "\n".join(lines)

    def example(self) -> str:
        """A card as the person may type it, in the table's language: ``red 7``."""
        return self.card_name(Card(Color.RED, 7))

    def parse_card(self, answer: str) -> Card:
        """The card ``answer`` names, in English ("red 7") or in the table's language ("rot 7");
        ValueError for anything else."""
        try:
            return Card.parse(answer)
        except ValueError:
            typed = _TYPED_CARD.fullmatch(answer)
            colours = {self.colour_name(color).lower(): color for color in Color}
            if typed is None or typed.group(1).lower() not in colours:
                raise
            return Card.parse(f"{colours[typed.group(1).lower()]} {typed.group(2)}")
