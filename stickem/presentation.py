"""Stick'em's presentation (:class:`tabletop.presentation.Presentation`): every message of a game.

The texts are those the bot has always shown (``bot/render.py``), written as plain message specs
whose components carry intents:

- the misery choice: a select (intent ``msel``) whose values are the cards' names (``red 7``,
  as the released bot's selects had them, so a select from before an upgrade still works); a
  chosen card comes back as the draft (its token, ``red7``), and the confirm button under it
  carries the action ``m:<card>`` itself (with nothing chosen yet, a disabled ``m:none``);
- the tricks: one button per card of the hand, each carrying the action ``p:<card>``.

Every word is a catalog text (:mod:`stickem.texts`, ``stickem/catalog/<language>.toml``), shown in
the reader's language; a select's values stay the cards' English names, which the game reads back.

The public messages are in :mod:`stickem.channel_messages`, the rules in
:mod:`stickem.rules_message`, cards as text in :mod:`stickem.card_text`. Host lines (a DM's
"Stick'em at #channel" header, the turn timer) are the host's: it adds them itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from stickem.action_text import card_token, parse_card_token, split_action
from stickem.card_text import (
    card_emoji,
    card_name,
    card_text,
    cards_text,
    colour_name,
    hand_lines,
    hand_rows,
    plays_lines,
)
from stickem.cards import Card
from stickem.channel_messages import (
    MAX_CONTENT,
    game_over_message,
    round_over_message,
    round_scored_embed,
    rules_line,
    table_message,
)
from stickem.events import GameOver, RoundScored, TrickSetAside, TrickWon
from stickem.game import TRICKS_PER_ROUND, Phase
from stickem.rules_message import rules_message
from stickem.table_options import rules_for
from stickem.texts import clipped, lines, t
from stickem.views import View
from tabletop.catalog import Text
from tabletop.options import OptionValue
from tabletop.presentation import Act, Button, Choice, Component, Message, Redraw, Select
from tabletop.protocol import Refused

__all__ = [
    "MISERY_SELECT",
    "PRESENTATION",
    "UNSELECTED",
    "StickemPresentation",
    "hand_prompt",
    "misery_done",
    "misery_prompt",
    "played_message",
]

MISERY_SELECT: Final = "msel"
"""The intent of the misery choice's select; its values are the cards' names."""
UNSELECTED: Final = "m:none"
"""The intent of the confirm button before a card is chosen (disabled, never an action)."""

_STAGE = re.compile(r"(?P<round>\d+)(?:m|\.(?P<trick>\d+)\.\d+)")
"""A stage of :class:`stickem.hosting.StickemMatch`: ``3m`` or ``3.5.2`` (``over`` never matches)."""


def _as_view(view: object) -> View:
    """``view`` checked to be a Stick'em view."""
    if not isinstance(view, View):
        raise TypeError(f"Stick'em's presentation needs a Stick'em view, not {type(view).__name__}")
    return view


# --- a seat's prompts --------------------------------------------------------------------------


def misery_prompt(view: View, selected: Card | None = None) -> Message:
    """The misery choice for a seat: its hand, a select of its cards and a confirm button (for
    the ``selected`` card, or disabled while none is)."""
    hand = tuple(view.hand or ())
    parts: list[Text] = [
        t("misery.title", round=view.round, rounds=view.rounds),
        t("misery.your_cards", count=len(hand)),
        *hand_lines(hand),
    ]
    if view.undealt:
        parts.append(t("misery.undealt", cards=cards_text(view.undealt)))
    if selected is not None:
        parts.append(t("misery.selected", card=card_name(selected)))
    select = Select(
        t("misery.placeholder"),
        MISERY_SELECT,
        tuple(
            Choice(card_name(card), str(card), card_emoji(card) or None, card == selected) for card in hand
        ),
    )
    if selected is not None:
        confirm = Button(
            t("misery.confirm_card", card=card_name(selected)),
            f"m:{card_token(selected)}",
            card_emoji(selected) or None,
            style="danger",
        )
    else:
        confirm = Button(t("misery.confirm"), UNSELECTED, style="danger", disabled=True)
    return Message(clipped(lines(parts), MAX_CONTENT), rows=((select,), (confirm,)))


def misery_done(card: Card, round_number: int) -> Message:
    """The misery prompt once the seat has picked ``card``: no more components."""
    return Message(t("misery.done", round=round_number, card=card_name(card)))


def _hand_buttons(hand: Sequence[Card], *, disabled: bool) -> tuple[tuple[Component, ...], ...]:
    """The card buttons of a hand, one row per colour where the limits allow."""
    return tuple(
        tuple(
            Button(card_name(card), f"p:{card_token(card)}", card_emoji(card) or None, disabled=disabled)
            for card in row
        )
        for row in hand_rows(hand)
    )


def hand_prompt(view: View, names: Sequence[str]) -> Message:
    """A seat's hand as buttons, grouped by colour, with the state of the trick."""
    seat = view.seat
    hand = tuple(view.hand or ())
    parts = [
        t(
            "hand.title",
            round=view.round,
            rounds=view.rounds,
            trick=view.trick_number,
            tricks=TRICKS_PER_ROUND,
        )
    ]
    if view.phase is Phase.TRICKS:
        lead = colour_name(view.lead_color) if view.lead_color is not None else t("hand.you_lead")
        if view.awaiting and view.awaiting[0] == seat:
            parts.append(t("hand.your_turn", lead=lead))
        elif view.awaiting:
            parts.append(t("hand.waiting_for", name=names[view.awaiting[0]], lead=lead))
        parts += plays_lines(t("trick.played"), view.trick, names)
    own = view.misery_cards[seat] if seat is not None else None
    if own is not None:
        parts.append(t("hand.your_misery_card", card=card_text(own)))
    if not hand:
        parts.append(t("hand.empty"))
    return Message(clipped(lines(parts), MAX_CONTENT), rows=_hand_buttons(hand, disabled=False))


def played_message(view: View, names: Sequence[str], card: Card, round_number: int, trick: int) -> Message:
    """A hand after its owner played ``card`` in ``trick`` of ``round_number``: the rest of the
    hand, its buttons disabled (the next turn comes as a new prompt). When that card ended the
    round (``view`` has moved on to the next round or the game is over), just the card."""
    if view.round != round_number or view.phase is Phase.GAME_OVER:
        return Message(t("played.last_trick", card=card_name(card), round=round_number))
    played = t("played.trick", card=card_name(card), trick=trick, round=round_number)
    return Message(played, rows=_hand_buttons(tuple(view.hand or ()), disabled=True))


def _where_played(view: View, card: Card) -> tuple[int, int]:
    """The round and trick in which ``card`` was just played, from the seat's view afterwards:
    the trick being played or a completed trick of this round, else (the card ended its round)
    the round before the current one, or the last round once the game is over."""
    if view.phase is Phase.TRICKS:
        tricks = (
            (view.trick_number, view.trick),
            *((done.number, done.plays) for done in reversed(view.tricks)),
        )
        for number, plays in tricks:
            if any(played == card for _, played in plays):
                return view.round, number
        return view.round, view.trick_number
    ended = view.round if view.phase is Phase.GAME_OVER else view.round - 1
    return ended, TRICKS_PER_ROUND


def _own_card(view: View, token: str) -> Card:
    """The card of the seat's hand that ``token`` names (a token, "red7", or a card's name,
    "red 7", as the misery select's values are); :class:`Refused` if it names none."""
    try:
        card = parse_card_token(token.replace(" ", ""))
    except ValueError:
        raise Refused(t("refusal.not_your_card")) from None
    if card not in (view.hand or ()):
        raise Refused(t("refusal.not_in_hand", card=card_name(card)))
    return card


def _selected(view: View, draft: str) -> Card | None:
    """The card a misery draft has chosen, if it still names a card of the hand."""
    if not draft:
        return None
    try:
        return _own_card(view, draft)
    except Refused:
        return None


# --- the presentation --------------------------------------------------------------------------


class StickemPresentation:
    """Every message of a Stick'em game (:class:`tabletop.presentation.Presentation`)."""

    def options_line(self, options: dict[str, OptionValue], players: int | None) -> Text:
        """The rules in one line: ``**classic** (3-7 players, 5 rounds, all-zero trick: ...)``."""
        return rules_line(rules_for(options), players)

    def rules(self) -> Message:
        """The rules in a minute, with worked tricks, as one embed."""
        return rules_message()

    def table(
        self, view: object, names: Sequence[str], *, notes: Sequence[str | Text], stopped: bool
    ) -> Message:
        """The table message of the public ``view``; ``notes`` under the state of the round."""
        return table_message(_as_view(view), names, notes=notes, stopped=stopped)

    def round_closed(self, events: Sequence[object], view: object, names: Sequence[str]) -> Message | None:
        """The table message of a round that ``events`` ended: the misery cards and the last
        trick; None when no round ended."""
        last_trick: TrickWon | TrickSetAside | None = None
        for event in events:
            if isinstance(event, TrickWon | TrickSetAside):
                last_trick = event
            elif isinstance(event, RoundScored):
                return round_over_message(names, event.round, last_trick, event)
        return None

    def reports(self, events: Sequence[object], view: object, names: Sequence[str]) -> tuple[Message, ...]:
        """A round's scores (an embed, no text) and, at the end, the final standings."""
        rounds = _as_view(view).rounds
        reports: list[Message] = []
        for event in events:
            if isinstance(event, RoundScored):
                reports.append(Message("", (round_scored_embed(names, event, rounds),)))
            elif isinstance(event, GameOver):
                reports.append(game_over_message(names, event))
        return tuple(reports)

    def prompt(self, view: object, names: Sequence[str], *, draft: str = "") -> Message:
        """The misery choice (``draft``: the token of the card chosen in the select, to be
        confirmed), the pick once made, or the hand as card buttons."""
        own = _as_view(view)
        if own.phase is Phase.MISERY:
            if own.misery_pick is not None:
                return misery_done(own.misery_pick, own.round)
            return misery_prompt(own, _selected(own, draft))
        return hand_prompt(own, names)

    def click(self, view: object, intent: str, values: Sequence[str]) -> Act | Redraw:
        """A card chosen in the misery select is a draft; a card button or the confirm button is
        its action. :class:`Refused` for anything else, or for a card not in the seat's hand."""
        own = _as_view(view)
        if intent == MISERY_SELECT:
            if len(values) != 1:
                raise Refused(t("refusal.pick_one"))
            card = _own_card(own, values[0])
            if own.phase is Phase.TRICKS:
                raise Refused(t("refusal.misery_revealed"))
            if own.phase is not Phase.MISERY:
                raise Refused(t("refusal.misery_over", round=own.round))
            if own.misery_pick is not None:
                raise Refused(t("refusal.already_picked"))
            return Redraw(card_token(card))
        kind, colon, token = intent.partition(":")
        if kind not in ("m", "p") or not colon:
            raise Refused(t("refusal.foreign_button"))
        if values:
            raise Refused(t("refusal.no_choice"))
        if intent == UNSELECTED:
            raise Refused(t("refusal.pick_first"))
        return Act(f"{kind}:{card_token(_own_card(own, token))}")

    def acted(self, view: object, action: str, names: Sequence[str]) -> Message | None:
        """The prompt after the seat took ``action``: its misery pick, or the card it played with
        the rest of its hand (buttons disabled). ValueError if ``action`` is no Stick'em action."""
        own = _as_view(view)
        kind, card = split_action(action)
        if kind == "m":
            return misery_done(card, own.round)
        round_number, trick = _where_played(own, card)
        return played_message(own, names, card, round_number, trick)

    def reply(self, action: str, view: object) -> Text:
        """The private answer to the seat that took ``action``: "You played red 7." or "Your
        misery card for round 2: red 7." (the round from the seat's ``view`` afterwards).
        ValueError if ``action`` is no Stick'em action."""
        kind, card = split_action(action)
        if kind == "p":
            return t("reply.played", card=card_name(card))
        return t("reply.misery", round=_as_view(view).round, card=card_name(card))

    def stale(self, stage: str, view: object) -> Text | None:
        """Why a click on a prompt of ``stage`` no longer counts: its round or trick is over, or
        the misery choice it was made for is. None for the same trick with more cards down (a
        hand shown before the seat's turn), or the misery choice still going on."""
        own = _as_view(view)
        found = _STAGE.fullmatch(stage)
        if found is None:
            return t("stale.out_of_date")
        round_number = int(found["round"])
        if round_number != own.round or own.phase is Phase.GAME_OVER:
            return t("stale.round_over", round=round_number)
        if found["trick"] is None:  # the misery choice of the current round
            if own.phase is Phase.MISERY:
                return None
            return t("refusal.misery_revealed")  # the same round, past its misery choice: its tricks
        trick = int(found["trick"])
        if own.phase is not Phase.TRICKS:  # a stage of tricks still to come: never made
            return t("stale.out_of_date")
        if trick != own.trick_number:
            return t("stale.trick_over", trick=trick)
        return None

    def todo(self, view: object) -> Text:
        """What a reminder asks of the seat: "pick your misery card" or "play a card"."""
        return t("todo.misery") if _as_view(view).phase is Phase.MISERY else t("todo.play")

    def nudge(self, view: object) -> Text:
        """What the seat must do now, after a mention: "it is your turn (round 1, trick 3)." or
        "round 1: pick your misery card." (the host adds how to see the prompt)."""
        own = _as_view(view)
        if own.phase is Phase.MISERY:
            return t("nudge.misery", round=own.round)
        if own.phase is Phase.TRICKS:
            return t("nudge.play", round=own.round, trick=own.trick_number)
        return t("nudge.over")


PRESENTATION: Final = StickemPresentation()
"""The one presentation every Stick'em game shares (it holds no state)."""
