"""Stupid's replay steps (:mod:`tabletop.replay`): each round's deal, its bids, and every trick,
with every hand face up.

Steps and labels (keys and fields, for the presentation):

- ``deal`` (``round``, ``dealer``): a round was dealt; extras ``trump`` (the turned card);
- ``bids`` (``round``): every seat has bid; counters ``bids``;
- ``trick`` (``round``, ``trick``, ``winner``, ``last``: 1 for the round's last trick): the
  trick lies on the table in play order; counters ``bids`` and ``taken`` (tricks taken this
  round), and after the last trick the round's ``round_scores``; the scores are the totals
  after it. The next round's deal is the next step (the same action dealt it).
"""

from __future__ import annotations

from stupid.events import BiddingDone, CardPlayed, RoundScored, RoundStarted, TrickWon
from stupid.game import Game
from tabletop.protocol import Match
from tabletop.replay import ReplayStep, StepLabel, TableSnapshot, card_names, engine_of

__all__ = ["StupidReplay"]


def engine(match: Match) -> Game:
    """The Stupid engine behind a hosted match."""
    return engine_of(match, Game)


def _bids(game: Game) -> tuple[int, ...]:
    """This round's bids by seat (-1 for a seat yet to bid)."""
    return tuple(-1 if bid is None else bid for bid in game.bids)


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
                steps.append(ReplayStep(end, old.round, label, self._snapshot(new)))
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
        return ReplayStep(end, game.round, label, self._snapshot(game))

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
        )
        if scored is None:
            counters = {"bids": _bids(new), "taken": tuple(new.tricks_taken)}
            scores = tuple(new.totals)
        else:
            counters = {"bids": scored.bids, "taken": scored.taken, "round_scores": scored.scores}
            scores = scored.totals
        snapshot = TableSnapshot(
            hands=tuple(card_names(hand) for hand in hands),
            table=tuple((seat, str(card)) for seat, card in done.plays),
            scores=scores,
            counters=counters,
            extras={"trump": (str(old.trump),)},
        )
        return ReplayStep(end, old.round, label, snapshot)

    def _snapshot(self, game: Game) -> TableSnapshot:
        return TableSnapshot(
            hands=tuple(card_names(game.hand(seat)) for seat in range(game.players)),
            table=tuple((seat, str(card)) for seat, card in game.current_trick),
            scores=tuple(game.totals),
            counters={"bids": _bids(game), "taken": tuple(game.tricks_taken)},
            extras={"trump": (str(game.trump),)},
        )


REPLAY = StupidReplay()
"""The one instance the spec offers."""
