"""Stick'em's replay steps (:mod:`tabletop.replay`): each round's deal, the misery reveal, and
every trick, with every hand face up.

Steps and labels (keys and fields, for the presentation):

- ``deal`` (``round``, ``dealer``): a round was dealt; extras ``undealt`` (7 players);
- ``misery`` (``round``): every seat has picked; extras ``misery`` (the picks, by seat);
- ``trick`` (``round``, ``trick``, ``winner``: the seat that took it, -1 if it was set aside,
  ``last``: 1 for the round's last trick): the trick lies on the table in play order. After the
  last trick the round is scored: the step's scores are the totals after it, its counters the
  round's ``round_scores`` and ``captured`` counts. The next round's deal is the next step (the
  same action dealt it).
"""

from __future__ import annotations

from stickem.events import CardPlayed, MiseryRevealed, RoundScored, RoundStarted, TrickSetAside, TrickWon
from stickem.game import Game
from tabletop.protocol import Match
from tabletop.replay import ReplayStep, StepLabel, TableSnapshot, card_names, engine_of

__all__ = ["StickemReplay"]


def engine(match: Match) -> Game:
    """The Stick'em engine behind a hosted match."""
    return engine_of(match, Game)


def _misery(game: Game) -> tuple[str, ...]:
    return tuple(
        "" if (card := game.misery_card(seat)) is None else str(card) for seat in range(game.players)
    )


class StickemReplay:
    """Stick'em's :class:`tabletop.replay.ReplayRules`."""

    def opening(self, match: Match) -> tuple[ReplayStep, ...]:
        """The first deal."""
        return (self._deal(engine(match), 0),)

    def after(
        self, before: Match, after: Match, end: int, seat: int, events: tuple[object, ...]
    ) -> tuple[ReplayStep, ...]:
        """The misery reveal, a finished trick (and the next deal after a round's last trick)."""
        old, new = engine(before), engine(after)
        steps: list[ReplayStep] = []
        for event in events:
            if isinstance(event, MiseryRevealed):
                snapshot = self._snapshot(new, extras={"misery": card_names(event.cards)})
                steps.append(ReplayStep(end, old.round, StepLabel("misery", {"round": old.round}), snapshot))
            elif isinstance(event, TrickWon | TrickSetAside):
                steps.append(self._trick(old, new, event, events, end))
            elif isinstance(event, RoundStarted):
                steps.append(self._deal(new, end))
        return tuple(steps)

    def export(self, match: Match) -> str:
        """The engine's JSON document (``stickem.persist``; ``Game.from_json`` reads it)."""
        return engine(match).to_json()

    def _deal(self, game: Game, end: int) -> ReplayStep:
        label = StepLabel("deal", {"round": game.round, "dealer": game.dealer})
        extras = {"undealt": card_names(game.undealt)} if game.undealt else {}
        return ReplayStep(end, game.round, label, self._snapshot(game, extras=extras))

    def _trick(
        self, old: Game, new: Game, done: TrickWon | TrickSetAside, events: tuple[object, ...], end: int
    ) -> ReplayStep:
        """The trick as it lay complete: the hands without its last card, which the round's
        last trick must take from the game before (the same action dealt the next round)."""
        played = next(e for e in events if isinstance(e, CardPlayed))
        hands = [old.hand(seat) for seat in range(old.players)]
        hands[played.seat].remove(played.card)
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        winner = done.winner if isinstance(done, TrickWon) else -1
        label = StepLabel(
            "trick",
            {"round": old.round, "trick": done.trick, "winner": winner, "last": int(scored is not None)},
        )
        if scored is None:
            counters = {"captured": tuple(len(new.captured(seat)) for seat in range(new.players))}
            scores, misery = tuple(new.totals), _misery(new)
        else:
            counters = {"captured": scored.captured_counts, "round_scores": scored.scores}
            scores, misery = scored.totals, card_names(scored.misery_cards)
        snapshot = TableSnapshot(
            hands=tuple(card_names(hand) for hand in hands),
            table=tuple((seat, str(card)) for seat, card in done.plays),
            scores=scores,
            counters=counters,
            extras={"misery": misery},
        )
        return ReplayStep(end, old.round, label, snapshot)

    def _snapshot(self, game: Game, extras: dict[str, tuple[str, ...]]) -> TableSnapshot:
        return TableSnapshot(
            hands=tuple(card_names(game.hand(seat)) for seat in range(game.players)),
            table=tuple((seat, str(card)) for seat, card in game.current_trick),
            scores=tuple(game.totals),
            counters={"captured": tuple(len(game.captured(seat)) for seat in range(game.players))},
            extras=extras,
        )


REPLAY = StickemReplay()
"""The one instance the spec offers."""
