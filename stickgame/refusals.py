"""Stick Game's refusals in the reader's language: the engine's :class:`~stickgame.errors.RuleError`
and :class:`~stickgame.errors.MeldError` name each refusal by a code with its fields (cards,
counts, a suit, a stick's need) beside their English sentence; this module says the same as a
catalog text (:mod:`stickgame.texts`), for the host (:mod:`stickgame.hosting`) and the prompts
(:mod:`stickgame.present_prompt`, :mod:`stickgame.present_draft`).

The English entries say what the engine's ``str()`` says (a few in plainer words: ranks
mixed in a set are named "eights and nines", not "8s and 9s"); a code this module does not know
shows the engine's English sentence rather than nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.catalog import Text

from .cards import Card, Suit
from .errors import MeldError, Reason, RuleError
from .melds import Meld
from .present_text import (
    Words,
    card_name,
    cards_text,
    joined,
    meld_text,
    need_name,
    rank_name,
    stick_name,
    suit_name,
)
from .sticks import Need, Stick
from .texts import t

__all__ = ["meld_problem", "need_problem", "rule_refusal"]


def _cards(fields: Mapping[str, object], name: str = "cards") -> Words:
    value = fields.get(name, ())
    if isinstance(value, Card):
        return card_name(value)
    cards = [card for card in value if isinstance(card, Card)] if isinstance(value, tuple) else []
    return cards_text(cards)


def _items(fields: Mapping[str, object], name: str) -> tuple[object, ...]:
    value = fields.get(name, ())
    return value if isinstance(value, tuple) else ()


def _int(fields: Mapping[str, object], name: str) -> int:
    value = fields.get(name, 0)
    return value if isinstance(value, int) else 0


def _card(fields: Mapping[str, object], name: str = "card") -> Words:
    value = fields.get(name)
    return card_name(value) if isinstance(value, Card) else ""


def _need(need: Need) -> Text:
    """What a stick's meld asks (:meth:`Need.requirement`)."""
    name = need_name(need)
    if need.kind == "wild5":
        return t("requires.wild5", need=name)
    if need.kind == "set":
        if need.rank is not None:
            return t("requires.set_rank", need=name, size=need.size, rank=rank_name(need.rank))
        return t("requires.set", need=name, size=need.size)
    if need.named:
        suit = need.suit or Suit.CLUBS
        named = [card_name(Card(suit, 1 if position == 14 else position)) for position in sorted(need.named)]
        return t("requires.named", need=name, suit=suit_name(suit), cards=joined(named))
    if need.suit is not None:
        return t("requires.run_suit", need=name, size=need.size, suit=suit_name(need.suit))
    return t("requires.run", need=name, size=need.size)


def _asked(reason: Reason) -> Words:
    """What was asked, as a text (the engine's English where the code is unknown)."""
    code, fields = reason.code, reason.fields
    need = fields.get("need")
    if code == "need" and isinstance(need, Need):
        return _need(need)
    stick = fields.get("stick")
    if code == "stick_melds" and isinstance(stick, Stick):
        return t("asked.stick_melds", stick=stick_name(stick), count=_int(fields, "count"))
    if code == "no_placement":
        kind = fields.get("kind")
        return t("asked.set_placement") if kind == "set" else t("asked.other_placement")
    simple = {
        "run": t("asked.run"),
        "set": t("asked.set"),
        "wild5": t("asked.wild5"),
        "lay_off": t("asked.lay_off"),
        "onto_wild5": t("asked.onto_wild5"),
        "meld": t("asked.meld"),
        "new_meld": t("asked.new_meld"),
        "free": t("asked.free"),
    }
    return simple.get(code, reason.text)


def _wrong(reason: Reason) -> Words:
    """What is wrong, as a text (the engine's English where the code is unknown)."""
    code, fields = reason.code, reason.fields
    cards = _cards(fields)
    if code == "count":
        return t("wrong.count", cards=cards, count=_int(fields, "count"))
    if code == "mixes_ranks":
        ranks = [t(f"rank.plural.{rank}") for rank in _items(fields, "ranks") if isinstance(rank, int)]
        return t("wrong.mixes", cards=cards, what=joined(ranks, "join.and"))
    if code == "mixes_suits":
        suits = [suit_name(suit) for suit in _items(fields, "suits") if isinstance(suit, Suit)]
        return t("wrong.mixes", cards=cards, what=joined(suits, "join.and"))
    if code == "twice":
        return t("wrong.twice", cards=cards, card=_card(fields))
    if code == "gap":
        wilds = _int(fields, "wilds")
        missing = _cards(fields, "missing")
        gap = (
            t("wrong.gap", cards=cards, missing=missing, count=wilds)
            if wilds
            else t("wrong.gap_none", cards=cards, missing=missing)
        )
        return t("wrong.ace", problem=gap) if fields.get("ace") else gap
    if code == "no_fit":
        found = t("wrong.no_fit", cards=cards)
        return t("wrong.ace", problem=found) if fields.get("ace") else found
    if code == "start":
        starts = joined([str(start) for start in _items(fields, "starts")], "join.comma")
        return t("wrong.start", cards=cards, placement=_int(fields, "placement"), starts=starts)
    if code == "set_of":
        return t("wrong.set_of", cards=cards, ranks=t(f"rank.plural.{_int(fields, 'rank') or 1}"))
    if code == "run_of":
        suit = fields.get("suit")
        return t("wrong.run_of", cards=cards, suit=suit_name(suit)) if isinstance(suit, Suit) else reason.text
    if code == "lacks":
        meld = fields.get("meld")
        shown = meld_text(meld) if isinstance(meld, Meld) else ""
        return t("wrong.lacks", meld=shown, missing=_cards(fields, "missing"))
    if code == "gave":
        return t("wrong.gave", count=_int(fields, "count"))
    simple = {
        "none": t("wrong.none"),
        "cannot": t("wrong.cannot", cards=cards),
        "no_card": t("wrong.no_card"),
        "no_natural": t("wrong.no_natural", cards=cards),
        "too_long": t("wrong.too_long", cards=cards, count=len(_items(fields, "cards"))),
        "placement": t("wrong.placement"),
        "not_five": t("wrong.not_five", cards=cards),
        "is_set": t("wrong.is_set", cards=cards),
        "is_run": t("wrong.is_run", cards=cards),
        "is_wild5": t("wrong.is_wild5", cards=cards),
        "does_not_fit": t("wrong.does_not_fit"),
        "no_melds": t("wrong.no_melds"),
        "wild5_only": t("wrong.wild5_only"),
    }
    return simple.get(code, reason.text)


def meld_problem(error: MeldError) -> Text:
    """``"a run of 4 needs at least 4 cards of one suit in sequence; 5♣ 6♣ 7♣ has 3 cards"``."""
    return t("refusal.meld", asked=_asked(error.asked), wrong=_wrong(error.wrong))


def need_problem(need: Need, meld: Meld) -> Words:
    """Why ``meld`` does not meet ``need`` (what the need asks; what is wrong), or "" if it does."""
    reason = need.reason(meld)
    if reason is None:
        return ""
    return t("refusal.meld", asked=_need(need), wrong=_wrong(reason))


def rule_refusal(error: RuleError) -> Text:
    """The engine's refusal as a text in the reader's language."""
    if isinstance(error, MeldError):
        return meld_problem(error)
    fields = error.fields
    code = error.code
    if code == "not_held":
        held = _int(fields, "held")
        card = _card(fields)
        count = _int(fields, "count")
        if held:
            return t("rule.not_held_some", card=card, count=count, held=held)
        return t("rule.not_held", card=card, count=count)
    if code in ("swap_no_wild", "swap_holds_no"):
        meld = fields.get("meld")
        shown = meld_text(meld) if isinstance(meld, Meld) else ""
        number = _int(fields, "number")
        if code == "swap_no_wild":
            return t("rule.swap_no_wild", number=number, meld=shown, card=_card(fields))
        return t("rule.swap_holds_no", number=number, meld=shown, wild=_card(fields, "wild"))
    simple = {
        "game_over": t("rule.game_over"),
        "not_a_seat": t("rule.not_a_seat"),
        "not_your_turn": t("rule.not_your_turn"),
        "draw_first": t("rule.draw_first"),
        "drawn_already": t("rule.drawn_already"),
        "discard_empty": t("rule.discard_empty"),
        "discard_not_held": t("rule.discard_not_held", card=_card(fields)),
        "discard_wild": t("rule.discard_wild"),
        "discard_fits": t("rule.discard_fits", card=_card(fields)),
        "no_swap": t("rule.no_swap"),
        "unused_wild": t("rule.unused_wild"),
        "swap_wild": t("rule.swap_wild", card=_card(fields)),
        "no_meld": t("rule.no_meld", number=_int(fields, "number")),
        "stick_done": t("rule.stick_done"),
        "stick_first": t("rule.stick_first"),
        "lone_wild": t("rule.lone_wild"),
    }
    return simple.get(code, t("refusal.not_a_move"))
