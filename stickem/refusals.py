"""The engine's refusals in the players' words: a :class:`stickem.errors.RuleError` (whose English
``str()`` is for the library's users) as a catalog text, by its ``code`` and fields, shown in the
reader's language. The hosting adapter (:mod:`stickem.hosting`) raises it as
:class:`tabletop.Refused`."""

from __future__ import annotations

from stickem.card_text import card_name
from stickem.errors import RuleError
from stickem.texts import t
from tabletop.catalog import Text

__all__ = ["not_a_move", "refusal_text"]


def not_a_move() -> Text:
    """The refusal of a text that names no action of the game at all (a forged or stale one)."""
    return t("refusal.not_a_move")


def refusal_text(error: RuleError) -> Text:
    """What the player who acted reads for ``error``: a text by its ``code`` (one of
    :data:`stickem.errors.CODES`); a refusal without a known code is told as an action that is
    not allowed now."""
    code = error.code
    if code == "game_over":
        return t("refusal.game_over")
    if code == "round_over":
        return t("refusal.round_over")
    if code == "round_not_started" and error.round is not None:
        return t("refusal.round_not_started", round=error.round)
    if code == "misery_pending":
        return t("refusal.misery_pending")
    if code == "misery_revealed":
        return t("refusal.misery_revealed")
    if code == "not_your_turn":
        return t("refusal.not_your_turn")
    if code == "already_picked":
        return t("refusal.already_picked")
    if code == "misery_card" and error.card is not None:
        return t("refusal.misery_card", card=card_name(error.card))
    if code == "not_in_hand" and error.card is not None:
        return t("refusal.not_in_hand", card=card_name(error.card))
    if code == "not_a_card":
        return t("refusal.not_your_card")
    if code == "no_seat":
        return t("refusal.no_seat")
    return t("refusal.not_allowed")
