"""Stupid's replay steps (:mod:`tabletop.replay`): each round's deal, its bids, and every trick,
with every hand face up.

Steps and labels (keys and fields, for the presentation):

- ``deal`` (``round``, ``dealer``): a round was dealt; extras ``trump`` (the turned card);
- ``bids`` (``round``): every seat has bid; counters ``bids``;
- ``trick`` (``round``, ``trick``, ``winner``, ``last``: 1 for the round's last trick): the
  trick lies on the table in play order; counters ``bids`` and ``taken`` (tricks taken this
  round), and after the last trick the round's ``round_scores``; the scores are the totals
  after it. The next round's deal is the next step (the same action dealt it).

Each step carries the views its picture is drawn from: the game's own views of that moment. The
round's last trick has none of its own (the same action dealt the next round), so its views are
those of the game before the trick's last card, with that card played: the complete trick shown
as taken, as a live table shows a trick between two tricks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from stupid.cards import Card, full_deck
from stupid.events import BiddingDone, CardPlayed, RoundScored, RoundStarted, TrickWon
from stupid.game import Game
from stupid.messages.words import card_text
from stupid.views import CompletedTrick, View
from tabletop.catalog import Text
from tabletop.protocol import Match
from tabletop.replay import (
    ReplayStep,
    StepLabel,
    StepViews,
    TableSnapshot,
    card_names,
    card_words,
    engine_of,
    views_of,
)

__all__ = ["StupidReplay"]


def engine(match: Match) -> Game:
    """The Stupid engine behind a hosted match."""
    return engine_of(match, Game)


@cache
def _words() -> Mapping[str, str | Text]:
    """Every card's words for a reader (``Q♥``, German ``D♥``), by its own text."""
    return card_words(full_deck(), card_text)


def _bids(game: Game) -> tuple[int, ...]:
    """This round's bids by seat (-1 for a seat yet to bid)."""
    return tuple(-1 if bid is None else bid for bid in game.bids)


def _taken_views(old: Game, done: TrickWon, hands: list[list[Card]], taken: tuple[int, ...]) -> StepViews:
    """The views of a complete trick that ended the round: the game before its last card, the
    trick laid as taken (its winner marked), the hands without it, nobody awaited."""
    trick = CompletedTrick(done.trick, done.plays, done.winner)

    def shown(view: View) -> View:
        hand = None if view.seat is None else tuple(hands[view.seat])
        return replace(
            view,
            trick=(),
            last_trick=trick,
            awaiting=(),
            legal=(),
            hand=hand,
            tricks_taken=taken,
            lead_suit=None,
        )

    return StepViews(shown(old.view(None)), tuple(shown(old.view(seat)) for seat in range(old.players)))


class StupidReplay:
    """Stupid's :class:`tabletop.replay.ReplayRules`."""

    def opening(self, match: Match) -> tuple[ReplayStep, ...]:
        """The first deal."""
        return (self._deal(engine(match), 0),)

    def after(
        self, before: Match, after: Match, end: int, seat: int, events: tuple[object, ...]
    ) -> tuple[ReplayStep, ...]:
        """The end of the bidding, a finished trick (and the next deal after a round's last)."""
        old, new = engine(before), engine(after)
        steps: list[ReplayStep] = []
        for event in events:
            if isinstance(event, BiddingDone):
                label = StepLabel("bids", {"round": old.round})
                steps.append(ReplayStep(end, old.round, label, self._snapshot(new), views_of(new)))
            elif isinstance(event, TrickWon):
                steps.append(self._trick(old, new, event, events, end))
            elif isinstance(event, RoundStarted):
                steps.append(self._deal(new, end))
        return tuple(steps)

    def export(self, match: Match) -> str:
        """The engine's JSON document (``stupid.persist``; ``Game.from_json`` reads it)."""
        return engine(match).to_json()

    def _deal(self, game: Game, end: int) -> ReplayStep:
        label = StepLabel("deal", {"round": game.round, "dealer": game.dealer})
        return ReplayStep(end, game.round, label, self._snapshot(game), views_of(game))

    def _trick(
        self, old: Game, new: Game, done: TrickWon, events: tuple[object, ...], end: int
    ) -> ReplayStep:
        """The trick as it lay complete: the hands without its last card, which the round's
        last trick must take from the game before (the same action dealt the next round)."""
        played = next(e for e in events if isinstance(e, CardPlayed))
        hands = [old.hand(seat) for seat in range(old.players)]
        hands[played.seat].remove(played.card)
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        label = StepLabel(
            "trick",
            {"round": old.round, "trick": done.trick, "winner": done.winner, "last": int(scored is not None)},
            "trick_last" if scored is not None else "",
        )
        if scored is None:
            counters = {"bids": _bids(new), "taken": tuple(new.tricks_taken)}
            scores = tuple(new.totals)
            views = views_of(new)
        else:
            counters = {"bids": scored.bids, "taken": scored.taken, "round_scores": scored.scores}
            scores = scored.totals
            views = _taken_views(old, done, hands, scored.taken)
        snapshot = TableSnapshot(
            hands=tuple(card_names(hand) for hand in hands),
            table=tuple((seat, str(card)) for seat, card in done.plays),
            scores=scores,
            counters=counters,
            extras={"trump": (str(old.trump),)},
            words=_words(),
        )
        return ReplayStep(end, old.round, label, snapshot, views)

    def _snapshot(self, game: Game) -> TableSnapshot:
        return TableSnapshot(
            hands=tuple(card_names(game.hand(seat)) for seat in range(game.players)),
            table=tuple((seat, str(card)) for seat, card in game.current_trick),
            scores=tuple(game.totals),
            counters={"bids": _bids(game), "taken": tuple(game.tricks_taken)},
            extras={"trump": (str(game.trump),)},
            words=_words(),
        )


REPLAY = StupidReplay()
"""The one instance the spec offers."""
