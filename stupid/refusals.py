"""The engine's refusals as the host shows them: each :class:`stupid.errors.RuleError` and
:class:`stupid.rules.RulesProblem` worded from its ``code`` and ``details`` by a text of Stupid's
catalog, in the reader's language (the engine's English ``str()`` stays for library users).

A refusal because another seat is to act names no seat: it carries ``turn_of`` (the awaited
seats), and the host, which knows the players' names, says whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from stupid.cards import Card, Suit
from stupid.errors import RuleError
from stupid.messages.words import card_text, suit_name
from stupid.rules import RulesProblem
from stupid.texts import t
from tabletop import Refused
from tabletop.catalog import Text

__all__ = ["options_text", "refused", "rule_text"]


def _number(details: Mapping[str, object], name: str) -> int:
    value = details.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def rule_text(error: RuleError) -> Text:
    """What the player who was refused reads: ``error`` in words of the catalog."""
    details = error.details
    code = error.code
    if code == "not_your_turn_bid":
        return t("refusal.not_your_turn_bid")
    if code == "not_your_turn_play":
        return t("refusal.not_your_turn_play")
    if code == "game_over":
        return t("refusal.game_over")
    if code == "bidding_not_over":
        return t("refusal.bidding_not_over")
    if code == "bidding_over":
        return t("refusal.bidding_over")
    if code == "invalid_seat":
        return t("refusal.invalid_seat")
    if code == "bid_out_of_range":
        bid = details.get("bid")
        shown = str(bid) if isinstance(bid, int) else repr(bid)
        return t("refusal.bid_out_of_range", bid=shown, hand=_number(details, "hand"))
    if code == "forbidden_bid":
        return t(
            "refusal.forbidden_bid",
            bid=_number(details, "bid"),
            bid_sum=_number(details, "bid_sum"),
            hand=_number(details, "hand"),
        )
    suit = details.get("suit")
    if code == "must_follow_suit" and isinstance(suit, Suit):
        return t("refusal.must_follow_suit", symbol=suit.symbol, suits=suit_name(suit))
    card = details.get("card")
    if code == "card_not_in_hand" and isinstance(card, Card):
        return t("refusal.card_not_in_hand", card=card_text(card))
    if code == "not_a_card":
        return t("refusal.not_a_card")
    return t("refusal.not_allowed")


def refused(error: RuleError) -> Refused:
    """The game protocol's refusal for ``error``: its text, and the awaited seats when the
    reason is that it is their turn."""
    turn_of = error.awaited if error.code in ("not_your_turn_bid", "not_your_turn_play") else ()
    return Refused(rule_text(error), turn_of=tuple(turn_of))


def options_text(problem: RulesProblem | None) -> Text:
    """Why the options do not suit a table, in words of the catalog (None: options that are
    not allowed at all, whatever the player count)."""
    if problem is None:
        return t("options.refusal.not_allowed")
    d = problem.details
    if problem.code == "players":
        return t("options.refusal.players", players=d["players"], low=d["min"], high=d["max"])
    if problem.code == "too_few_decks" and d["fewest"] == d["most"]:
        return t(
            "options.refusal.too_few_decks_exactly",
            decks=d["decks"],
            players=d["players"],
            fewest=d["fewest"],
        )
    if problem.code == "too_few_decks":
        return t(
            "options.refusal.too_few_decks",
            decks=d["decks"],
            players=d["players"],
            fewest=d["fewest"],
            most=d["most"],
        )
    if d["more"]:
        return t(
            "options.refusal.too_few_cards_or_decks",
            decks=d["decks"],
            cards=d["cards"],
            players=d["players"],
            max_hand=d["max_hand"],
            needed=d["needed"],
            largest=d["largest"],
            more=d["more"],
        )
    return t(
        "options.refusal.too_few_cards",
        decks=d["decks"],
        cards=d["cards"],
        players=d["players"],
        max_hand=d["max_hand"],
        needed=d["needed"],
        largest=d["largest"],
    )
