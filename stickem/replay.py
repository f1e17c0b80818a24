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

Each step carries the views its picture is drawn from: the game's own views of that moment. The
round's last trick has none of its own (the same action dealt the next round), so its views are
those of the game before the trick's last card, with that card played: the complete trick shown
as taken, as a live table shows a trick between two tricks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from stickem.card_text import card_name
from stickem.cards import COLORS, MAX_VALUE, Card
from stickem.events import CardPlayed, MiseryRevealed, RoundScored, RoundStarted, TrickSetAside, TrickWon
from stickem.game import Game
from stickem.views import CompletedTrick, View
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

__all__ = ["StickemReplay"]


def engine(match: Match) -> Game:
    """The Stick'em engine behind a hosted match."""
    return engine_of(match, Game)


@cache
def _words() -> Mapping[str, str | Text]:
    """Every card's words for a reader ("brown 7", German "braun 7"), by its own text."""
    return card_words((Card(color, value) for color in COLORS for value in range(MAX_VALUE + 1)), card_name)


def _taken_views(
    old: Game, done: TrickWon | TrickSetAside, hands: list[list[Card]], captured: tuple[int, ...]
) -> StepViews:
    """The views of a complete trick that ended the round: the game before its last card, the
    trick laid as taken (its winner marked), the hands without it, nobody awaited."""
    winner = done.winner if isinstance(done, TrickWon) else None
    taken = CompletedTrick(done.trick, done.plays, winner)

    def shown(view: View) -> View:
        hand = None if view.seat is None else tuple(hands[view.seat])
        return replace(
            view,
            trick=(),
            last_trick=taken,
            awaiting=(),
            hand=hand,
            captured_counts=captured,
            lead_color=None,
        )

    return StepViews(shown(old.view(None)), tuple(shown(old.view(seat)) for seat in range(old.players)))


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
                label = StepLabel("misery", {"round": old.round})
                steps.append(ReplayStep(end, old.round, label, snapshot, views_of(new)))
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
        return ReplayStep(end, game.round, label, self._snapshot(game, extras=extras), views_of(game))

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
        words = "trick" + ("_set_aside" if winner == -1 else "") + ("_last" if scored is not None else "")
        label = StepLabel(
            "trick",
            {"round": old.round, "trick": done.trick, "winner": winner, "last": int(scored is not None)},
            words,
        )
        if scored is None:
            counters = {"captured": tuple(len(new.captured(seat)) for seat in range(new.players))}
            scores, misery = tuple(new.totals), _misery(new)
            views = views_of(new)
        else:
            counters = {"captured": scored.captured_counts, "round_scores": scored.scores}
            scores, misery = scored.totals, card_names(scored.misery_cards)
            views = _taken_views(old, done, hands, scored.captured_counts)
        snapshot = TableSnapshot(
            hands=tuple(card_names(hand) for hand in hands),
            table=tuple((seat, str(card)) for seat, card in done.plays),
            scores=scores,
            counters=counters,
            extras={"misery": misery},
            words=_words(),
        )
        return ReplayStep(end, old.round, label, snapshot, views)

    def _snapshot(self, game: Game, extras: dict[str, tuple[str, ...]]) -> TableSnapshot:
        return TableSnapshot(
            hands=tuple(card_names(game.hand(seat)) for seat in range(game.players)),
            table=tuple((seat, str(card)) for seat, card in game.current_trick),
            scores=tuple(game.totals),
            counters={"captured": tuple(len(game.captured(seat)) for seat in range(game.players))},
            extras=extras,
            words=_words(),
        )


REPLAY = StickemReplay()
"""The one instance the spec offers."""
