"""What the channel is told besides the table message: a round's scores, the final standings,
the rules (``/rules``) and a table's options in words (the lobby)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from stupid.cards import Card
from stupid.events import GameOver, RoundScored
from stupid.rules import Rules
from stupid.tricks import trick_winner
from tabletop.presentation import Embed, EmbedField, Message, standings_lines

from .table import winners_text
from .words import card_text

__all__ = ["final_report", "options_text", "round_report", "rules_message", "standings_lines"]

ROUND_COLOUR: Final = 0x5865F2
FINAL_COLOUR: Final = 0xF1C40F
RULES_COLOUR: Final = 0x2E8B57


def round_report(scored: RoundScored, rounds: int, names: Sequence[str]) -> Message:
    """A round's scores as an embed: per player the bid, the tricks taken, the round's score
    and the total."""
    lines = []
    for seat, name in enumerate(names):
        bid, taken = scored.bids[seat], scored.taken[seat]
        verdict = "made" if bid == taken else "missed"
        lines.append(
            f"**{name}** - bid {bid}, took {taken} ({verdict}): {scored.scores[seat]:+d} - "
            f"total {scored.totals[seat]}"
        )
    embed = Embed(f"Round {scored.round} of {rounds} scored", "\n".join(lines), ROUND_COLOUR)
    return Message("", (embed,))



def final_report(over: GameOver, names: Sequence[str]) -> Message:
    """The end of the game: who won (tied totals share the win) and the final standings."""
    embed = Embed("Final standings", "\n".join(standings_lines(names, over.totals)), FINAL_COLOUR)
    return Message(f"**Game over!** {winners_text(names, over.winners)}.", (embed,))


def options_text(rules: Rules, players: int | None) -> str:
    """The decks and the largest hand in words: ``one deck per 7 players; largest hand 7 cards:
    13 rounds of 1 to 7 cards and back``."""
    decks = rules.decks_text(players)
    if rules.max_hand == 1:
        return f"{decks}; 1 round of 1 card"
    largest = rules.max_hand
    return f"{decks}; largest hand {largest} cards: {rules.rounds} rounds of 1 to {largest} cards and back"


_SECTIONS: Final = (
    (
        "Rounds and trump",
        "Rounds deal 1 card each, then 2, up to the largest hand (7 by default) and back down to 1: "
        "13 rounds. After the deal the next card is turned: its suit is trump for the round. "
        "One 52-card deck per 7 players; copies of a card are identical.",
    ),
    (
        "Bidding",
        "Starting left of the dealer, everyone bids the exact number of tricks they will take "
        "(0 to the cards in hand); every bid is public. The dealer bids last and may not bid the "
        "number that makes the bids add up to the cards in hand, so that someone misses.",
    ),
    (
        "Tricks",
        "Left of the dealer leads the first trick; whoever takes a trick leads the next. Follow the "
        "suit led if you can, otherwise play any card. The highest trump takes the trick, else the "
        "highest card of the suit led; of equal cards the first played takes it.",
    ),
    (
        "Scoring",
        "Exactly your bid: 10 + 5 per trick (a bid of 0 made: 10). Anything else: -10. After the "
        "last round the highest total wins; tied totals share the win.",
    ),
)

_EXAMPLES: Final = (
    ("9♣", "K♣", "2♣", "A♦"),
    ("9♣", "K♣", "2♥", "A♦"),
    ("9♣", "4♥", "Q♥", "A♣"),
    ("Q♣", "Q♣", "3♠", "10♣"),
)
"""The worked tricks of the rules (hearts trump, clubs led); the engine judges each."""


def _example_line(texts: Sequence[str]) -> str:
    cards = [Card.parse(text) for text in texts]
    trump = Card.parse("5♥").suit
    winner = trick_winner(cards, trump)
    best = cards[winner]
    shown = ", ".join(
        f"**{card_text(card)}**" if i == winner else card_text(card) for i, card in enumerate(cards)
    )
    if best.suit is trump:
        why = "the only trump" if sum(card.suit is trump for card in cards) == 1 else "the highest trump"
    elif cards.count(best) > 1:
        why = "no trump; of the equal cards the first played"
    else:
        why = f"no trump: the highest {best.suit.value[:-1]}"
    return f"{shown}: {card_text(best)} takes it ({why})"


def rules_message() -> Message:
    """The rules in a minute, with the worked tricks of the rules judged by the engine."""
    fields = [EmbedField(title, text) for title, text in _SECTIONS]
    fields.append(
        EmbedField(
            "Examples (hearts trump, clubs led; the card that takes the trick in bold)",
            "\n".join(_example_line(example) for example in _EXAMPLES),
        )
    )
    fields.append(
        EmbedField(
            "Options",
            "**decks**: 52-card decks shuffled together (auto: one per 7 players, at most 3). "
            "**max_hand**: the largest hand, 1-10 (default 7); rounds go 1 up to it and back.",
        )
    )
    embed = Embed(
        "Stupid: the rules in a minute",
        "An Oh Hell game for 2-14 players: every round, bid exactly the tricks you will take.",
        RULES_COLOUR,
        tuple(fields),
        "Cards are written like Q♣ (queen of clubs) or 10♥ (ten of hearts).",
    )
    return Message("", (embed,))
