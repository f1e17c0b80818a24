"""A click on a game's prompt, as one value: judged once (:meth:`TableClicks.judge`, which
changes nothing), then applied under the table's lock (:meth:`TableClicks.apply_click`), which
answers with one :class:`~host.table.effects.Outcome` that already says what the clicker is
shown and what everyone else is.

The order is that of a game server's master: who clicks and may they, is the prompt current (the
gate, :meth:`~host.table.play.TablePlay.admit`, once per click: again only if the table moved on
while the click waited for the lock), what the click means to the game's presentation, then the
game decides. The Discord layer carries the outcome out without asking anything again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from host.catalog import DEFAULT_LANGUAGE
from host.table.effects import (
    Effect,
    Outcome,
    Prompt,
    PromptAnswered,
    PromptGoesOn,
    PromptInPlace,
    Step,
)
from host.table.play import Admitted, TablePlay
from host.table.queries import TableQueries
from host.table.seats import GameRefusal, TableState
from tabletop import Refused
from tabletop.presentation import Message, Redraw


@dataclass(frozen=True)
class Click:
    """``user_id``'s click on a component (``intent``, and a select's ``values``) of a prompt
    made at ``stage`` of game ``game_id``; ``language``: the clicker's, in which the host writes
    what they are shown (the players' names; texts stay catalog texts)."""

    user_id: int
    game_id: str
    stage: str
    intent: str
    values: tuple[str, ...] = ()
    language: str = DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Judged:
    """A click let through the gate with what it means: the game's ``action`` to take, or None
    for an away player's click that only brings them back (:attr:`Admitted.returns`)."""

    click: Click
    admitted: Admitted
    action: str | None

    @property
    def seat(self) -> int:
        """The clicking seat."""
        return self.admitted.seat


class TableClicks:
    """A table's clicks on its game's prompts: judged, then applied. A part the table holds
    (``table.clicks``), given the table's fields and queries
    (:class:`~host.table.queries.TableQueries`) and its play
    (:class:`~host.table.play.TablePlay`: the gate, the action taken, a player's return)."""

    def __init__(self, table: TableQueries, play: TablePlay) -> None:
        self.table = table
        self.play = play

    def judge(self, click: Click) -> Step | Judged:
        """What ``click`` means now, changing nothing: a step of the seat's decision to show
        at once (no lock needed), or the action it takes; :class:`TableError` (or the game's
        :class:`GameRefusal`) if it no longer counts or means nothing."""
        table = self.table
        admitted = self.play.admit(click.user_id, click.game_id, click.stage)
        if admitted.returns:
            return Judged(click, admitted, None)
        try:
            meaning = table.presentation.click(admitted.view, click.intent, click.values)
        except Refused as exc:
            raise GameRefusal.of(exc, table.shown_names) from exc
        if isinstance(meaning, Redraw):
            return Step(admitted.seat, meaning.draft)
        return Judged(click, admitted, meaning.action)

    def apply_click(self, judged: Judged) -> Outcome:
        """Apply a judged click (under the table's lock): the action taken by the game, or the
        player's return. A judgement made before the table moved on (another move, a seat
        change, someone away or back) is made again first, which may now find a step of the
        decision (answered so, nothing changed) or refuse the click.

        The outcome's :attr:`~Outcome.answer` is what the clicked prompt becomes: what the game
        says was done (:meth:`~tabletop.presentation.Presentation.acted`, else its reply), with
        :class:`PromptAnswered` first among the effects; or, while the seat's decision goes on,
        the prompt in place, its :class:`Prompt` then a :class:`PromptGoesOn`."""
        table = self.table
        if not self.play.is_current(judged.admitted):
            again = self.judge(judged.click)
            if isinstance(again, Step):
                return Outcome("", (), again.seat, answer=again)
            judged = again
        if judged.action is None:
            return self.play.back(judged.click.user_id)  # answered with its reply
        seat = judged.seat
        outcome = self.play.take_admitted(judged.admitted, judged.action)
        match = table.match
        assert match is not None
        names = table.names_in(judged.click.language)
        after = table.presentation.acted(match.view(seat), judged.action, names)
        if after is None and table.state is TableState.PLAYING and seat in match.awaiting:
            return replace(outcome, effects=_goes_on(outcome.effects, seat), answer=PromptInPlace(seat))
        effects = (PromptAnswered(seat), *outcome.effects)
        return replace(outcome, effects=effects, answer=after or Message(outcome.reply))


def _goes_on(effects: tuple[Effect, ...], seat: int) -> tuple[Effect, ...]:
    """``effects`` with ``seat``'s new prompt turned into its prompt going on in place."""
    if Prompt(seat) not in effects:
        return (*effects, PromptGoesOn(seat))
    return tuple(PromptGoesOn(seat) if effect == Prompt(seat) else effect for effect in effects)
