"""Stale prompts and reminders, read from the match's stage text.

:attr:`stupid.hosting.StupidMatch.stage` is ``<round>b<bids made>`` while bidding,
``<round>.<trick>.<cards in the trick>`` during the tricks and ``over``. A prompt made at an
earlier stage no longer counts once its bidding, trick or round is over, or once its seat has
bid or played there; a prompt shown before the seat's turn in the same bidding or trick (only
more bids or cards made since) still counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from stupid.game import Phase
from stupid.texts import t
from stupid.views import View
from tabletop.catalog import Text

__all__ = ["Stage", "nudge_text", "parse_stage", "stale_reason"]

_BIDDING: Final = re.compile(r"(\d{1,3})b(\d{1,3})")
_TRICK: Final = re.compile(r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})")


@dataclass(frozen=True)
class Stage:
    """A stage read back: its ``round`` and ``trick`` (None: the bidding)."""

    round: int
    trick: int | None


def parse_stage(text: str) -> Stage | None:
    """The stage ``text`` names; None for ``over`` or anything the match never writes."""
    if bidding := _BIDDING.fullmatch(text):
        return Stage(int(bidding.group(1)), None)
    if trick := _TRICK.fullmatch(text):
        return Stage(int(trick.group(1)), int(trick.group(2)))
    return None


def stale_reason(stage: str, view: View) -> Text | None:
    """Why a click on a prompt made at ``stage`` no longer counts for the seat whose ``view``
    this is; None if it still does."""
    if view.phase is Phase.GAME_OVER:
        return t("stale.game_over")
    old = parse_stage(stage)
    if old is None:
        return t("stale.unknown")
    if old.round != view.round:
        if old.trick is None:
            return t("stale.old_bids", round=old.round)
        return t("stale.old_hand", round=old.round)
    seat = view.seat
    if old.trick is None:
        if view.phase is not Phase.BIDDING:
            return t("stale.bidding_over", round=old.round)
        bid = None if seat is None else view.bids[seat]
        return None if bid is None else t("stale.already_bid", bid=bid, round=old.round)
    if view.phase is Phase.BIDDING or old.trick != len(view.tricks) + 1:
        return t("stale.old_trick", trick=old.trick)
    if any(player == seat for player, _ in view.trick):
        return t("stale.already_played", trick=old.trick)
    return None


def nudge_text(view: View) -> Text:
    """What the seat whose ``view`` this is must do now, for a reminder in the channel."""
    if view.phase is Phase.GAME_OVER:
        return t("nudge.game_over")
    if view.seat not in view.awaiting:
        return t("nudge.not_yet", round=view.round)
    if view.phase is Phase.BIDDING:
        return t("nudge.bid", round=view.round)
    return t("nudge.play", round=view.round, trick=len(view.tricks) + 1)
