"""Stick Game's presentation (:class:`tabletop.presentation.Presentation`): every message that
shows the game on Discord, as plain data.

The parts live in their own modules: :mod:`stickgame.present_text` (how cards, hands, melds and
sticks are written), :mod:`stickgame.present_table` (the public table message, a round's end,
the results and final standings), :mod:`stickgame.present_prompt` (a seat's private prompt and
its clicks) and :mod:`stickgame.present_draft` (plays of several clicks: a lay-down, a new meld,
a lay-off, a wild taken).

A turn is several decisions (draw, then lay down, lay off, take wilds, discard): after each
action but the last of a turn, :meth:`StickGamePresentation.acted` answers None so that the
seat's next prompt replaces the clicked one; after the discard (or going out) a short message
with the hand takes its place.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.catalog import Text
from tabletop.options import OptionValue
from tabletop.presentation import Act, Embed, EmbedField, Message, Redraw

from . import present_prompt, present_table
from .actions import AddMeld, Discard, DrawDiscard, DrawStock, LayDown, LayOff, MeldPlay, TakeWild, decode
from .present_text import Words, card_name, cards_text, hand_lines, joined, lines
from .texts import t
from .views import View

__all__ = ["StickGamePresentation"]


def _view(view: object) -> View:
    if not isinstance(view, View):
        raise TypeError(f"Stick Game shows Stick Game views, not {type(view).__name__}")
    return view


def _melds(plays: Sequence[MeldPlay]) -> Words:
    return joined([cards_text(play.cards) for play in plays], "join.pipe")


class StickGamePresentation:
    """Every message of Stick Game (see the module docstring)."""

    def options_line(self, options: dict[str, OptionValue], players: int | None) -> Text:
        """``"first to **7 sticks** · most sticks wins · 15 cards a hand (2-8 players)"``."""
        sticks = int(options.get("sticks_to_win", 7))
        scoring = t("options.most_points") if options.get("scoring") == "points" else t("options.most_sticks")
        count = t("options.players", count=players) if players is not None else t("options.players_range")
        hand = int(options.get("hand_size", 15))
        return t(
            "options.line",
            sticks=t("options.sticks", count=sticks),
            scoring=scoring,
            hand=hand,
            players=count,
        )

    def rules(self) -> Message:
        """The rules in short (``/rules``), with worked examples."""
        fields = (
            EmbedField(t("rules.cards.name"), t("rules.cards.value")),
            EmbedField(t("rules.melds.name"), t("rules.melds.value")),
            EmbedField(t("rules.stick.name"), t("rules.stick.value")),
            EmbedField(t("rules.turn.name"), t("rules.turn.value")),
            EmbedField(t("rules.end.name"), t("rules.end.value")),
        )
        embed = Embed(t("rules.title"), t("rules.description"), 0x2ECC71, fields)
        return Message(t("rules.content"), (embed,))

    def table(
        self, view: object, names: Sequence[str], *, notes: Sequence[str | Text], stopped: bool
    ) -> Message:
        """The public table message."""
        return present_table.table(_view(view), names, notes, stopped)

    def round_closed(self, events: Sequence[object], view: object, names: Sequence[str]) -> Message | None:
        """The round's last table message: who went out (or that the cards ran out) and the sticks."""
        return present_table.round_closed(events, _view(view), names)

    def reports(self, events: Sequence[object], view: object, names: Sequence[str]) -> tuple[Message, ...]:
        """A round's results and, at the end, the final standings."""
        public = _view(view)
        found = (
            present_table.round_results(events, public, names),
            present_table.final_standings(events, public, names),
        )
        return tuple(message for message in found if message is not None)

    def prompt(self, view: object, names: Sequence[str], *, draft: str = "") -> Message:
        """The seat's stick, hand and the components of its step (see :mod:`present_prompt`)."""
        return present_prompt.prompt(_view(view), names, draft)

    def click(self, view: object, intent: str, values: Sequence[str]) -> Act | Redraw:
        """What a click on the seat's prompt means; :class:`tabletop.Refused` saying why not."""
        return present_prompt.click(_view(view), intent, values)

    def acted(self, view: object, action: str, names: Sequence[str]) -> Message | None:
        """None while the turn goes on; once it is over, what was done (its first line) and the
        hand. An action that ended the round says so in that line (who went out, or that the
        cards ran out) and shows no hand: the next round's prompt comes as a prompt of its own,
        even when the seat begins it."""
        seen = _view(view)
        end = seen.last_round_end
        if end is not None and end[0] == seen.actions:  # this action ended the round
            closed = seen.round if seen.phase == "over" else seen.round - 1
            done = self.reply(action, view)
            if seen.phase == "over":
                if end[1] == seen.seat:
                    return Message(t("acted.went_out_game_over", done=done, round=closed))
                return Message(t("acted.ran_out_game_over", done=done, round=closed))
            if end[1] == seen.seat:
                return Message(t("acted.went_out", done=done, round=closed))
            return Message(t("acted.ran_out", done=done, round=closed))
        if seen.seat in seen.awaiting:
            return None
        found: list[Words] = [self.reply(action, view)]
        if seen.phase == "over":
            found.append(t("acted.game_over"))
        else:
            found.append(t("acted.turn_over"))
        if seen.hand is not None and seen.phase != "over":
            found += [t("hand.title", count=len(seen.hand)), *hand_lines(seen.hand)]
        return Message(lines(found))

    def reply(self, action: str, view: object) -> Text:
        """``"You discarded 7♥."``, ``"You laid off 8♥ on #4."`` (the view is not needed: an
        action names its cards itself)."""
        played = _decoded(action)
        if isinstance(played, DrawStock):
            return t("reply.draw_stock")
        if isinstance(played, DrawDiscard):
            return t("reply.draw_discard")
        if isinstance(played, Discard):
            return t("reply.discard", card=card_name(played.card))
        if isinstance(played, LayDown):
            return t("reply.lay_down", melds=_melds(played.melds))
        if isinstance(played, AddMeld):
            return t("reply.new_meld", melds=_melds((played.meld,)))
        if isinstance(played, LayOff):
            return t("reply.lay_off", cards=cards_text(played.cards), number=played.meld + 1)
        if isinstance(played, TakeWild):
            then = played.then
            count = len(played.swaps)
            if isinstance(then, LayDown):
                return t("reply.took_wilds_lay_down", count=count, melds=_melds(then.melds))
            return t("reply.took_wilds_new_meld", count=count, melds=_melds((then.meld,)))
        return t("reply.done")

    def stale(self, stage: str, view: object) -> Text:
        """Always a reason: a prompt names cards by their place in the hand of its moment."""
        seen = _view(view)
        round_text = stage.partition(".")[0]
        if stage != "over" and round_text.isdigit() and int(round_text) != seen.round:
            return t("stale.round_over", round=int(round_text))
        return t("stale.moved_on")

    def todo(self, view: object) -> Text:
        """What a reminder asks of the seat: "draw" or "play and discard"."""
        return t("todo.draw") if _view(view).phase == "draw" else t("todo.play")

    def nudge(self, view: object) -> Text:
        """``"it is your turn to draw (round 2)."`` (the host adds how to see the prompt)."""
        seen = _view(view)
        if seen.phase == "over":
            return t("nudge.over")
        if seen.seat not in seen.awaiting:
            return t("nudge.not_yet", round=seen.round)
        if seen.phase == "draw":
            return t("nudge.draw", round=seen.round)
        return t("nudge.play", round=seen.round)


def _decoded(action: str) -> object:
    try:
        return decode(action)
    except ValueError:
        return None
