"""Play: the gate of a click (who acts, is the prompt current), the action applied by the game,
and the effects it leaves (prompts, the table message, round ends, new hands)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from host.catalog import lazy
from host.table.effects import (
    Effect,
    GameStopped,
    Notice,
    Outcome,
    Prompt,
    PromptTimedOut,
    Reports,
    RoundClosed,
    ShowHand,
    ShowTable,
)
from host.table.queries import TableQueries
from host.table.seats import (
    GameRefusal,
    OutdatedPrompt,
    TableError,
    TableState,
    bot_base_names,
    bot_seat,
)
from host.table.takeover import TakeoverDesk
from host.text import joined
from tabletop import Match, Refused


@dataclass(frozen=True)
class Admitted:
    """A click let through a table's gate (:meth:`TablePlay.admit`): who clicked, which prompt
    (game and stage), the seat and its view then, whether the click only brings an away player
    back, and the moment of the table it was judged at (:meth:`TablePlay.is_current`)."""

    user_id: int
    game_id: str
    stage: str
    seat: int
    view: object
    returns: bool
    moment: tuple[object, ...]


class TablePlay:
    """A table's game actions: clicks, computer moves, a player's return, the effects after.

    A part the table holds (``table.play``), given the table's fields and queries
    (:class:`~host.table.queries.TableQueries`) and its takeover desk
    (:class:`~host.table.takeover.TakeoverDesk`), whose takeovers it applies when a round
    begins."""

    def __init__(self, table: TableQueries, takeover_desk: TakeoverDesk) -> None:
        self.table = table
        self.takeover_desk = takeover_desk

    # --- game actions -------------------------------------------------------------------------

    def admit(self, user_id: int, game_id: str, stage: str) -> Admitted:
        """The gate of a click, run once per click: ``user_id``'s click on a prompt made at
        ``stage`` of game ``game_id``, let through with the clicking seat and its view, or
        :class:`TableError` if it no longer counts (the game's presentation says why a stale
        one does not).

        An away player's click on a prompt that is no longer theirs to act on (it is not their
        turn, or the prompt is stale) is let through too, marked :attr:`Admitted.returns`: it
        only brings them back, without a move (:meth:`back`)."""
        table = self.table
        match = self._clicked_game(game_id)
        seat = table._require_seat(user_id)
        view = match.view(seat)
        reason = table.presentation.stale(stage, view) if stage != match.stage else None
        returns = seat in table.away and (seat not in match.awaiting or reason is not None)
        if reason is not None and not returns:
            raise OutdatedPrompt(reason)
        return Admitted(user_id, game_id, stage, seat, view, returns, self._moment())

    def is_current(self, admitted: Admitted) -> bool:
        """Whether the table is still as it was when ``admitted`` passed the gate (no move, no
        seat change, no one away or back since): its judgement still holds."""
        return admitted.moment == self._moment()

    def _moment(self) -> tuple[object, ...]:
        """What a click's admission depends on, to tell whether the table has moved on since."""
        table = self.table
        match = table.match
        moves = -1 if match is None else len(match.log)
        users = tuple(seat.user_id for seat in table.seats)
        return (table.game_id, table.state, moves, users, frozenset(table.away))

    def _clicked_game(self, game_id: str) -> Match:
        """The running game, if a click for game ``game_id`` belongs to it."""
        table = self.table
        match = table.match
        if table.state is not TableState.PLAYING or match is None or game_id != table.game_id:
            raise TableError(lazy("table.button_of_ended_game"))
        return match

    def take_admitted(self, admitted: Admitted, action: str) -> Outcome:
        """The admitted seat takes ``action``, its admission current (:meth:`is_current`):
        applied by the game, and the effects after it."""
        table = self.table
        seat = admitted.seat
        match = table.running_match()
        before = self._before()
        try:
            events = match.apply(seat, action)
        except Refused as exc:
            raise GameRefusal.of(exc, table.shown_names) from exc
        back = self._acted(seat)
        reply = table.presentation.reply(action, match.view(seat))
        return Outcome(reply, back + self._effects_after(events, before, seat), seat)

    def _before(self) -> tuple[int, tuple[int, ...]]:
        match = self.table.running_match()
        return match.round, match.awaiting

    def _acted(self, seat: int) -> tuple[Effect, ...]:
        """A player acted: their timeouts are forgotten and, if away, they are back (the turn
        clock's :meth:`~host.table.clock.TurnClock.acted`)."""
        if not self.table.clock.acted(seat):
            return ()
        return (Notice(lazy("game.back_notice", name=self.table.seats[seat].shown)),)

    def back(self, user_id: int) -> Outcome:
        """/back: an away player takes their seat back from the computer."""
        table = self.table
        if table.state is TableState.LOBBY:
            raise TableError(lazy("game.back_before_start"))
        match = table.running_match()
        seat = table._require_seat(user_id)
        if seat not in table.away:
            raise TableError(lazy("game.not_away"))
        notice = self._acted(seat)
        effects: list[Effect] = list(notice)
        if seat in match.awaiting:  # their turn, now timed: the table shows its deadline
            effects.append(ShowTable())
            effects.append(Prompt(seat))
        return Outcome(lazy("game.welcome_back"), tuple(effects), seat)

    def auto_move(
        self, seat: int, action: str, *, timed_out: bool = False, turn_goes_on: bool = False
    ) -> Outcome:
        """The computer's move for ``seat`` (a computer seat, an away player, or a timeout).

        In a game of :attr:`~tabletop.GameSpec.whole_turns` the stand-in plays a timed-out turn
        to its end: the seat gets no prompt for the steps in between (only for a new round it
        begins), and ``turn_goes_on`` (a step after the first) counts no second timeout."""
        table = self.table
        match = table.running_match()
        before_name = table.seats[seat].shown
        before = self._before()
        try:
            events = match.apply(seat, action)
        except Refused as exc:
            raise GameRefusal.of(exc, table.shown_names) from exc
        notices: list[Effect] = []
        if timed_out and not turn_goes_on:
            count = table.clock.time_out(seat)
            user = table.seats[seat].user_id
            if table.clock.is_away(seat):
                notices.append(Notice(lazy("game.marked_away", user=user, count=count), ping=user))
            else:
                notices.append(Notice(lazy("game.time_up", name=before_name)))
        effects = self._effects_after(events, before, seat)
        if timed_out and table.spec.whole_turns and match.round == before[0]:
            # The stand-in plays on: no prompt in between. A new round that this seat begins is
            # the person's own again: they are prompted for it.
            effects = tuple(effect for effect in effects if effect != Prompt(seat))
        return Outcome("", tuple(notices) + effects, seat)

    def timed_out_prompt(self, seat: int, actions: tuple[str, ...]) -> PromptTimedOut:
        """The effect that retires ``seat``'s prompt after its turn timer ran out and the
        computer took ``actions`` for it: with the game's reply to each, as the seat sees the
        game now (a move that ended the game included: the table is closed by then)."""
        match = self.table.match
        assert match is not None, "a timed-out move was made in a game"
        view = match.view(seat)
        reply = joined([self.table.presentation.reply(action, view) for action in actions])
        return PromptTimedOut(seat, actions, reply)

    def replace_by_bot(self, seat: int) -> Outcome:
        """A player leaves the running game: a computer player takes the seat."""
        table = self.table
        old = table.seats[seat]
        bot = bot_seat(table.stand_in_level, bot_base_names(table.seats), table.spec.levels)
        table.seats[seat] = bot
        table.vacated[seat] = (old.user_id, old.name)
        table.clock.forget(seat)
        if table.host_id is None:  # the last human left: the game goes on only with people
            totals = table.running_match().results().totals
            table.state = TableState.CLOSED
            return Outcome(lazy("game.left_last"), (GameStopped(old.name, totals),))
        effects: list[Effect] = [
            Notice(lazy("game.left_notice", name=old.name, computer=bot.shown)),
            ShowTable(),
        ]
        return Outcome(lazy("game.left", computer=bot.shown), tuple(effects))

    def _effects_after(
        self, events: Sequence[object], before: tuple[int, tuple[int, ...]], actor: int
    ) -> tuple[Effect, ...]:
        """What to show after ``actor``'s action made ``events``; ``before``: the round and the
        awaited seats before it.

        A seat is prompted when it becomes awaited, when it acted and is still awaited (a turn
        of several decisions), and when a new round begins; then the other people see their new
        hands, if the game shows them (:meth:`new_hands`)."""
        table = self.table
        match = table.running_match()
        round_before, awaited_before = before
        effects: list[Effect] = []
        round_over = match.is_over or match.round != round_before
        if round_over:
            effects.append(RoundClosed(tuple(events)))
        effects.append(Reports(tuple(events), final=match.is_over))
        if match.is_over:
            table.state = TableState.CLOSED
            return tuple(effects)
        if round_over:
            effects += self.takeover_desk.apply()
            effects.append(ShowTable(new_message=True))
        else:
            effects.insert(0, ShowTable())
        effects += [
            Prompt(seat)
            for seat in match.awaiting
            if not table.is_auto(seat) and (round_over or seat == actor or seat not in awaited_before)
        ]
        if round_over:
            effects += self.new_hands()
        return tuple(effects)

    def new_hands(self) -> list[Effect]:
        """At a deal, in a game that shows new hands: a :class:`ShowHand` for each person who is
        not awaited (those who are get their prompt) and not played by the computer (away)."""
        table = self.table
        if not table.spec.shows_new_hands:
            return []
        awaiting = table.running_match().awaiting
        return [
            ShowHand(seat)
            for seat in range(len(table.seats))
            if seat not in awaiting and not table.is_auto(seat)
        ]
