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

from tabletop.options import OptionValue
from tabletop.presentation import Act, Embed, EmbedField, Message, Redraw

from . import present_prompt, present_table
from .actions import AddMeld, Discard, DrawDiscard, DrawStock, LayDown, LayOff, MeldPlay, TakeWild, decode
from .cards import Card
from .present_text import cards_text, hand_lines, plural
from .views import View

__all__ = ["StickGamePresentation"]


def _view(view: object) -> View:
    if not isinstance(view, View):
        raise TypeError(f"Stick Game shows Stick Game views, not {type(view).__name__}")
    return view


def _melds(plays: Sequence[MeldPlay]) -> str:
    return " | ".join(cards_text(play.cards) for play in plays)


def _cards(cards: Sequence[Card]) -> str:
    return cards_text(cards)


class StickGamePresentation:
    """Every message of Stick Game (see the module docstring)."""

    def options_line(self, options: dict[str, OptionValue], players: int | None) -> str:
        """``"first to **7 sticks** · most sticks wins · 15 cards a hand (2-8 players)"``."""
        sticks = int(options.get("sticks_to_win", 7))
        scoring = "most points wins" if options.get("scoring") == "points" else "most sticks wins"
        count = f"{players} players" if players is not None else "2-8 players"
        return (
            f"first to **{plural(sticks, 'stick')}** · {scoring} · "
            f"{options.get('hand_size', 15)} cards a hand ({count})"
        )

    def rules(self) -> Message:
        """The rules in short (``/rules``)."""
        fields = (
            EmbedField(
                "Cards",
                "Four decks with their jokers (216 cards). Every deuce and every joker is wild.",
            ),
            EmbedField(
                "Melds",
                "A **set** is 3+ cards of one rank; a **run** is 3+ cards of one suit in sequence "
                "(ace high or low, never both, no wrapping). Every meld holds a natural card; a "
                "wild stands for one card, and the table shows which.",
            ),
            EmbedField(
                "Your stick",
                'Each round you hold a secret stick naming melds ("2 runs of 4", "3 kings and 3 '
                'queens"...). Lay them all down in one turn to complete it; a Free stick counts as '
                "completed at once.",
            ),
            EmbedField(
                "A turn",
                "1. Draw from the stock or take the discard.\n"
                "2. Lay down your stick (once a round).\n"
                "3. After that: new melds, and lay cards off on anyone's melds (a lone wild only "
                "on your own).\n"
                "4. Take a wild: put the natural card it stands for in its place, and use the wild "
                "this turn.\n"
                "5. Discard one card: never a wild, nor a card that could be laid off.",
            ),
            EmbedField(
                "The end",
                "Empty your hand to end the round. The game ends after a round in which someone "
                "has 7 completed sticks: most sticks wins (or, with `points` scoring, most "
                "points: a stick is worth the fewest cards that complete it).",
            ),
        )
        embed = Embed(
            "Stick Game: the rules in short",
            "A contract rummy: complete secret sticks of sets and runs before the others.",
            0x2ECC71,
            fields,
        )
        return Message("**Stick Game** rules", (embed,))

    def table(self, view: object, names: Sequence[str], *, notes: Sequence[str], stopped: bool) -> Message:
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
            how = "You went out" if end[1] == seen.seat else "The cards ran out"
            over = " The game is over." if seen.phase == "over" else ""
            return Message(f"{self.reply(action, view)} {how}: round {closed} is over.{over}")
        if seen.seat in seen.awaiting:
            return None
        lines = [self.reply(action, view)]
        if seen.phase == "over":
            lines.append("The game is over.")
        else:
            lines.append("Your turn is over; your next prompt comes on your next turn.")
        if seen.hand is not None and seen.phase != "over":
            lines += [f"Your hand ({plural(len(seen.hand), 'card')}):", *hand_lines(seen.hand)]
        return Message("\n".join(lines))

    def reply(self, action: str, view: object) -> str:
        """``"You discarded 7♥."``, ``"You laid off 8♥ on #4."`` (the view is not needed: an
        action names its cards itself)."""
        played = _decoded(action)
        if isinstance(played, DrawStock):
            return "You drew from the stock."
        if isinstance(played, DrawDiscard):
            return "You took the top card of the discard pile."
        if isinstance(played, Discard):
            return f"You discarded {played.card}."
        if isinstance(played, LayDown):
            return f"You laid down your stick: {_melds(played.melds)}."
        if isinstance(played, AddMeld):
            return f"You laid down a new meld: {_melds((played.meld,))}."
        if isinstance(played, LayOff):
            return f"You laid off {_cards(played.cards)} on #{played.meld + 1}."
        if isinstance(played, TakeWild):
            taken = plural(len(played.swaps), "wild")
            then = played.then
            use = (
                f"laid down your stick: {_melds(then.melds)}"
                if isinstance(then, LayDown)
                else f"laid down a new meld: {_melds((then.meld,))}"
            )
            return f"You took {taken} and {use}."
        return "Done."

    def stale(self, stage: str, view: object) -> str | None:
        """Always a reason: a prompt names cards by their place in the hand of its moment."""
        seen = _view(view)
        round_text = stage.partition(".")[0]
        if stage != "over" and round_text.isdigit() and int(round_text) != seen.round:
            return (
                f"This prompt is from round {round_text}, which is over: the table has moved on. "
                "Use your latest prompt or /hand."
            )
        return "The table has moved on since this prompt; use your latest prompt or /hand."

    def todo(self, view: object) -> str:
        """What a reminder asks of the seat: "draw" or "play and discard"."""
        return "draw" if _view(view).phase == "draw" else "play and discard"

    def nudge(self, view: object) -> str:
        """``"it is your turn to draw (round 2): use **/hand**."``."""
        seen = _view(view)
        if seen.phase == "over":
            return "the game is over."
        if seen.seat not in seen.awaiting:
            return f"it is not your turn yet (round {seen.round}); **/hand** shows your cards."
        step = "draw" if seen.phase == "draw" else "play and discard"
        return f"it is your turn to {step} (round {seen.round}): use **/hand**."


def _decoded(action: str) -> object:
    try:
        return decode(action)
    except ValueError:
        return None
