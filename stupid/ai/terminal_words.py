"""The words of Stupid's terminal table: catalog texts in the table's language, and cards
written (coloured by suit on a colour terminal) and read in it.

Every text is the game's catalog's (``terminal.*`` in ``stupid/catalog``); a card is written as
the table's language writes it (``Q♣``, ``D♣`` in German) and may be typed so, by a suit's name
and a rank in that language (``Kreuz D``), or in English (``QC``, ``queen of clubs``); the command
words are understood in English and in the table's language (``help`` / ``hilfe``).
:class:`stupid.ai.terminal.TerminalTable` plays the game with them.
"""

from __future__ import annotations

from collections.abc import Sequence

from stupid.cards import Card, Suit, full_deck
from stupid.events import RoundScored
from stupid.messages.reports import decks_text
from stupid.messages.words import card_text, rank_text, suit_name
from stupid.rules import Rules
from stupid.texts import CATALOG, t
from tabletop.catalog import DEFAULT_LANGUAGE, render
from tabletop.console import ConsoleWords

_ANSI = {
    Suit.CLUBS: "\x1b[32m",
    Suit.DIAMONDS: "\x1b[33m",
    Suit.HEARTS: "\x1b[31m",
    Suit.SPADES: "\x1b[34m",
}
_RESET = "\x1b[0m"


def lower_after_colon(reason: str, language: str) -> str:
    """A sentence set after a colon: English starts it in lower case ("Not allowed: a bid is
    ..."), other languages keep their capital (German nouns keep theirs anyway). A first word
    that is not a plain word (a card such as ``Q♣``) is left alone."""
    first = reason.split(" ", 1)[0]
    if language == DEFAULT_LANGUAGE and first.isalpha() and (len(first) == 1 or first[1:].islower()):
        return reason[:1].lower() + reason[1:]
    return reason


class TerminalWords(ConsoleWords):
    """What the terminal table writes and reads, in ``language``, with the game's catalog (see
    :class:`~tabletop.console.ConsoleWords`: the seats' names, the line of a trick won)."""

    def __init__(self, players: int, language: str = DEFAULT_LANGUAGE, color: bool = True) -> None:
        super().__init__(CATALOG, players, language, color)
        self._typed = self._typed_cards()

    def card_name(self, card: Card) -> str:
        """A card as the table's language writes it: ``Q♣`` (``D♣``), ``10♥``."""
        return render(card_text(card), self.language)

    def card_text(self, card: Card) -> str:
        """A card as text (``Q♣``), coloured by suit on a colour terminal."""
        name = self.card_name(card)
        return f"{_ANSI[card.suit]}{name}{_RESET}" if self.color else name

    def suit_name(self, suit: Suit) -> str:
        """A suit's name in the table's language: ``clubs``, ``Kreuz``."""
        return render(suit_name(suit), self.language)

    def plays_text(self, plays: Sequence[tuple[int, Card]]) -> str:
        """A trick's plays as ``name: card`` pairs."""
        return " | ".join(f"{self.names[seat]}: {self.card_text(card)}" for seat, card in plays)

    def hand_text(self, hand: Sequence[Card]) -> str:
        """The hand, numbered from 1."""
        return "   ".join(f"{n}) {self.card_text(card)}" for n, card in enumerate(hand, 1)) or "-"

    def describe(self, rules: Rules, players: int) -> str:
        """The options in words: ``1 deck (one per 7 players); 13 rounds of 1..7..1 cards``."""
        decks = decks_text(rules, players)
        if rules.max_hand == 1:
            return self.say(t("options.one_round", decks=decks))
        return self.say(t("terminal.rounds", decks=decks, rounds=rules.rounds, largest=rules.max_hand))

    def scores_text(self, scored: RoundScored) -> str:
        """The score table after a round: bid, taken, round score, total (each column as wide
        as its heading in the table's language)."""
        player = self.say(t("terminal.scores.player"))
        heads = [
            self.say(t("terminal.scores.bid")),
            self.say(t("terminal.scores.took")),
            self.say(t("terminal.scores.round")),
            self.say(t("terminal.scores.total")),
        ]
        bid, took, round_, total = (
            max(least, len(head)) for least, head in zip((3, 4, 5, 6), heads, strict=True)
        )
        lines = [
            self.say(t("terminal.scores.head", round=scored.round)),
            f"  {player:<10} {heads[0]:>{bid}} {heads[1]:>{took}} {heads[2]:>{round_}} {heads[3]:>{total}}",
        ]
        for seat in range(len(scored.scores)):
            lines.append(
                f"  {self.names[seat]:<10} {scored.bids[seat]:>{bid}} {scored.taken[seat]:>{took}} "
                f"{scored.scores[seat]:>+{round_}} {scored.totals[seat]:>{total}}"
            )
        return "\n".join(lines)

    def _typed_cards(self) -> dict[str, Card]:
        """Every card as it may be typed in the table's language: as written (``d♣``), and a
        suit's name with a rank either way round (``kreuz d``, ``d kreuz``, ``kreuz 10``)."""
        typed: dict[str, Card] = {}
        for card in full_deck():
            rank = render(rank_text(card), self.language).lower()
            suit = self.suit_name(card.suit).lower()
            for form in (self.card_name(card), f"{suit} {rank}", f"{rank} {suit}", f"{suit}-{rank}"):
                typed[form.lower()] = card
        return typed

    def parse_card(self, answer: str) -> Card:
        """The card ``answer`` names, in the table's language or in English; ValueError else."""
        card = self._typed.get(" ".join(answer.lower().split()))
        return card if card is not None else Card.parse(answer)
