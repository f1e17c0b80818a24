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
from stupid.views import View

__all__ = ["Stage", "nudge_text", "parse_stage", "stale_reason"]

_BIDDING: Final = re.compile(r"(\d{1,3})b(\d{1,3})")
_TRICK: Final = re.compile(r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})")
_LATEST: Final = "use your latest hand or /hand."


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


def stale_reason(stage: str, view: View) -> str | None:
    """Why a click on a prompt made at ``stage`` no longer counts for the seat whose ``view``
    this is; None if it still does."""
    if view.phase is Phase.GAME_OVER:
        return "The game is over; that prompt no longer counts."
    old = parse_stage(stage)
    if old is None:
        return f"That prompt is out of date; {_LATEST}"
    if old.round != view.round:
        what = "These bids are" if old.trick is None else "This hand is"
        return f"{what} from round {old.round}, which is over; {_LATEST}"
    seat = view.seat
    if old.trick is None:
        if view.phase is not Phase.BIDDING:
            return f"The bidding of round {old.round} is over; {_LATEST}"
        bid = None if seat is None else view.bids[seat]
        return None if bid is None else f"You have already bid {bid} in round {old.round}."
    if view.phase is Phase.BIDDING or old.trick != len(view.tricks) + 1:
        return f"This hand is from trick {old.trick}, which is over; {_LATEST}"
    if any(player == seat for player, _ in view.trick):
        return f"You have already played in trick {old.trick}; {_LATEST}"
    return None


def nudge_text(view: View) -> str:
    """What the seat whose ``view`` this is must do now, for a reminder in the channel."""
    if view.phase is Phase.GAME_OVER:
        return "the game is over: the table message shows the final standings."
    if view.seat not in view.awaiting:
        return f"it is not your turn yet (round {view.round}): **/hand** shows your cards."
    if view.phase is Phase.BIDDING:
        return f"it is your turn to bid (round {view.round}): use **/hand**."
    return f"it is your turn (round {view.round}, trick {len(view.tricks) + 1}): use **/hand**."
