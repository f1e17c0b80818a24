"""Stupid's messages for a chat table: :class:`StupidPresentation` implements
:class:`tabletop.presentation.Presentation` (``stupid.hosting.GAME.presentation``).

Components carry the game's own action texts as intents: a bid button ``b3``, a card button
``pQC`` (in games of several decks one button stands for every copy, as ``pQC`` plays any copy
the seat holds). No draft is ever needed: every decision is one click. The messages themselves
are written by :mod:`stupid.messages`, every text of them a :class:`tabletop.catalog.Text` of
Stupid's catalog (:mod:`stupid.texts`), filled in in the reader's language when shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from stupid.actions import Action
from stupid.events import GameOver, RoundScored
from stupid.game import Phase
from stupid.messages.prompt import acted_message, prompt_message
from stupid.messages.reports import final_report, options_text, round_report, rules_message
from stupid.messages.stages import nudge_text, stale_reason
from stupid.messages.table import round_closed_message, table_message
from stupid.messages.words import card_text
from stupid.table_options import rules_for
from stupid.texts import t
from stupid.views import View
from tabletop import OptionValue, Refused
from tabletop.catalog import Text
from tabletop.presentation import Act, Message, Redraw

__all__ = ["StupidPresentation"]


def _view(view: object) -> View:
    """``view`` as a Stupid view (TypeError for anything else)."""
    if not isinstance(view, View):
        raise TypeError(f"Stupid's messages need a Stupid view, not {type(view).__name__}")
    return view


def _action(text: str) -> Action:
    """The action a text names, as a player sends it (ValueError for anything else)."""
    action = Action.decode(text)
    if action.copy is not None:
        raise ValueError(f"{text!r} names a copy of a card; players play a card, not a copy")
    return action


class StupidPresentation:
    """Every message of a game of Stupid (see the module docstring)."""

    def options_line(self, options: dict[str, OptionValue], players: int | None) -> Text:
        """The decks and the largest hand in words (the deck count for ``players`` if given)."""
        return options_text(rules_for(options), players)

    def rules(self) -> Message:
        """The rules in a minute, in an embed."""
        return rules_message()

    def table(
        self, view: object, names: Sequence[str], *, notes: Sequence[str | Text], stopped: bool
    ) -> Message:
        """The public table message (see :func:`stupid.messages.table.table_message`)."""
        return table_message(_view(view), names, notes=notes, stopped=stopped)

    def round_closed(self, events: Sequence[object], view: object, names: Sequence[str]) -> Message | None:
        """The closed round's table message: bids against tricks taken, the last trick."""
        return round_closed_message(events, _view(view), names)

    def reports(self, events: Sequence[object], view: object, names: Sequence[str]) -> tuple[Message, ...]:
        """A scored round's embed, and the final standings once the game is over."""
        rounds = _view(view).rounds
        messages: list[Message] = []
        for event in events:
            if isinstance(event, RoundScored):
                messages.append(round_report(event, rounds, names))
            elif isinstance(event, GameOver):
                messages.append(final_report(event, names))
        return tuple(messages)

    def prompt(self, view: object, names: Sequence[str], *, draft: str = "") -> Message:
        """The seat's hand and its bid or card buttons (``draft`` is never used)."""
        return prompt_message(_view(view), names)

    def click(self, view: object, intent: str, values: Sequence[str]) -> Act | Redraw:
        """A bid button (0..hand size) or a card button (a card in the seat's hand) is its action;
        :class:`tabletop.Refused` for anything a prompt never offers."""
        seen = _view(view)
        if values:
            raise Refused(t("click.not_ours"), outdated=True)
        try:
            action = _action(intent)
        except ValueError:
            raise Refused(t("click.not_ours"), outdated=True) from None
        if action.kind == "bid":
            assert action.number is not None
            if action.number > seen.hand_size:
                raise Refused(t("click.no_such_bid", bid=action.number, count=seen.hand_size))
        elif action.card not in (seen.hand or ()):
            assert action.card is not None
            raise Refused(t("click.not_in_hand", card=card_text(action.card)), outdated=True)
        return Act(intent)

    def acted(self, view: object, action: str, names: Sequence[str]) -> Message | None:
        """The bid or the card played, with the rest of the hand and no live button."""
        return acted_message(_view(view), _action(action))

    def reply(self, action: str, view: object) -> Text:
        """``You bid 2.`` or ``You played Q♣.``"""
        taken = _action(action)
        if taken.kind == "bid":
            assert taken.number is not None
            return t("reply.bid", bid=taken.number)
        assert taken.card is not None
        return t("reply.card", card=card_text(taken.card))

    def stale(self, stage: str, view: object) -> Text | None:
        """Why a prompt of an earlier bidding, trick or round no longer counts (None: it does)."""
        return stale_reason(stage, _view(view))

    def todo(self, view: object) -> Text:
        """What a reminder asks of the seat: "bid" or "play a card"."""
        return t("todo.bid") if _view(view).phase is Phase.BIDDING else t("todo.play")

    def nudge(self, view: object) -> Text:
        """``it is your turn to bid (round 3).`` and the like (the host adds how to see the prompt)."""
        return nudge_text(_view(view))
