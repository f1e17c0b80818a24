"""What the channel is told besides the table message: a round's scores, the final standings,
the rules (``/rules``) and a table's options in words (the lobby)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from stupid.cards import Card
from stupid.events import GameOver, RoundScored
from stupid.rules import Rules, min_decks
from stupid.texts import t
from stupid.tricks import trick_winner
from tabletop.catalog import Text
from tabletop.presentation import Embed, EmbedField, Message, standings_lines

from .table import winners_text
from .words import Words, bold, card_text, lines, listed, suit_one

__all__ = ["decks_text", "final_report", "options_text", "round_report", "rules_message", "standings_lines"]

ROUND_COLOUR: Final = 0x5865F2
FINAL_COLOUR: Final = 0xF1C40F
RULES_COLOUR: Final = 0x2E8B57


def round_report(scored: RoundScored, rounds: int, names: Sequence[str]) -> Message:
    """A round's scores as an embed: per player the bid, the tricks taken, the round's score
    and the total."""
    found: list[Words] = []
    for seat, name in enumerate(names):
        bid, taken = scored.bids[seat], scored.taken[seat]
        verdict = t("report.made") if bid == taken else t("report.missed")
        score = f"{scored.scores[seat]:+d}"
        found.append(
            t(
                "report.line",
                name=name,
                bid=bid,
                taken=taken,
                verdict=verdict,
                score=score,
                total=scored.totals[seat],
            )
        )
    embed = Embed(t("report.title", round=scored.round, rounds=rounds), lines(found), ROUND_COLOUR)
    return Message("", (embed,))


def final_report(over: GameOver, names: Sequence[str]) -> Message:
    """The end of the game: who won (tied totals share the win) and the final standings."""
    embed = Embed(t("final.title"), "\n".join(standings_lines(names, over.totals)), FINAL_COLOUR)
    return Message(t("final.game_over", winners=winners_text(names, over.winners)), (embed,))


def decks_text(rules: Rules, players: int | None = None) -> Text:
    """The decks in words: ``2 decks``, ``one deck per 7 players``, or with ``players``
    given, ``2 decks (one per 7 players)``."""
    if rules.decks is not None:
        return t("options.decks", count=rules.decks)
    if players is None:
        return t("options.decks_auto")
    return t("options.decks_auto_for", count=min_decks(players))


def options_text(rules: Rules, players: int | None) -> Text:
    """The decks and the largest hand in words: ``one deck per 7 players; largest hand 7 cards:
    13 rounds of 1 to 7 cards and back``."""
    decks = decks_text(rules, players)
    if rules.max_hand == 1:
        return t("options.one_round", decks=decks)
    return t("options.rounds", decks=decks, largest=rules.max_hand, rounds=rules.rounds)


def _sections() -> tuple[tuple[Text, Text], ...]:
    return (
        (t("rules.rounds.title"), t("rules.rounds.text")),
        (t("rules.bidding.title"), t("rules.bidding.text")),
        (t("rules.tricks.title"), t("rules.tricks.text")),
        (t("rules.scoring.title"), t("rules.scoring.text")),
    )


_EXAMPLES: Final = (
    ("9♣", "K♣", "2♣", "A♦"),
    ("9♣", "K♣", "2♥", "A♦"),
    ("9♣", "4♥", "Q♥", "A♣"),
    ("Q♣", "Q♣", "3♠", "10♣"),
)
"""The worked tricks of the rules (hearts trump, clubs led); the engine judges each."""


def _example_line(texts: Sequence[str]) -> Text:
    cards = [Card.parse(text) for text in texts]
    trump = Card.parse("5♥").suit
    winner = trick_winner(cards, trump)
    best = cards[winner]
    shown = listed(
        [bold(card_text(card)) if i == winner else card_text(card) for i, card in enumerate(cards)]
    )
    why: Text
    if best.suit is trump:
        only = sum(card.suit is trump for card in cards) == 1
        why = t("rules.why.only_trump") if only else t("rules.why.highest_trump")
    elif cards.count(best) > 1:
        why = t("rules.why.first_of_equal")
    else:
        why = t("rules.why.highest_of", suit=suit_one(best.suit))
    return t("rules.example", cards=shown, card=card_text(best), why=why)


def rules_message() -> Message:
    """The rules in a minute, with the worked tricks of the rules judged by the engine."""
    fields = [EmbedField(title, text) for title, text in _sections()]
    fields.append(EmbedField(t("rules.examples"), lines([_example_line(example) for example in _EXAMPLES])))
    fields.append(EmbedField(t("rules.options.title"), t("rules.options.text")))
    embed = Embed(t("rules.title"), t("rules.description"), RULES_COLOUR, tuple(fields), t("rules.footer"))
    return Message("", (embed,))
