"""Stick Game's replay steps (:mod:`tabletop.replay`): each round's deal and every turn, with
every hand face up.

Steps and labels (keys and fields, for the presentation):

- ``deal`` (``round``, ``dealer``): a round was dealt (and each seat without a stick drew one);
- ``turn`` (``round``, ``seat``, ``out``): a seat's turn ended: with a discard, or by going out
  (``out`` 1: the round ended with this turn, by going out or because the cards ran out). The
  table is the melds with their owners, in the order laid; extras ``discard`` (the pile's top);
  counters ``completed`` (completed sticks by seat); scores the totals. A turn that ends the
  round shows the table as the round ended (:attr:`stickgame.Game.round_end`), before the next
  deal, which is the next step (the same action dealt it).

Each step carries the views its picture is drawn from: the game's own views of that moment; a
turn that ends the round, those of the game before it with the table as the round ended.

A turn is numbered by the presentation (its place among the round's turn steps): the engine
does not count turns, and the replay rules keep no state between steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from stickgame.cards import DECK, Card
from stickgame.events import Discarded, RoundEnded, RoundStarted
from stickgame.game import Game
from stickgame.melds import Meld, position_card
from stickgame.present_text import card_name, joined, rank_name
from stickgame.texts import t
from stickgame.views import RoundEnd, TableMeld, View
from tabletop.catalog import Text
from tabletop.protocol import Match
from tabletop.replay import ReplayStep, StepLabel, StepViews, TableSnapshot, card_words, engine_of, views_of

__all__ = ["StickGameReplay"]


def engine(match: Match) -> Game:
    """The Stick Game engine behind a hosted match."""
    return engine_of(match, Game)


@cache
def _card_words() -> Mapping[str, str | Text]:
    """Every card's words for a reader ("J♦", German "B♦"; "joker", "Joker"), by its own text."""
    return card_words(set(DECK), card_name)


def _meld_words(meld: Meld) -> str | Text:
    """A meld's words for a reader, as its own text writes it: each card, a wild with what it
    stands for ("7♥ joker=8♥ 9♥"; German "7♥ Joker=8♥ 9♥")."""
    parts: list[str | Text] = []
    for index, card in enumerate(meld.cards):
        if meld.stands_for(index) is None:
            parts.append(card_name(card))
            continue
        if meld.kind == "run":
            assert meld.suit is not None
            role = card_name(position_card(meld.suit, meld.positions[index]))
        else:
            role = rank_name(meld.positions[index])
        parts.append(t("meld.replay_wild", card=card_name(card), role=role))
    return joined(parts)


def _snapshot(
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[TableMeld, ...],
    discard_top: Card | None,
    totals: tuple[int, ...],
    completed: tuple[int, ...],
) -> TableSnapshot:
    return TableSnapshot(
        hands=tuple(tuple(str(card) for card in hand) for hand in hands),
        table=tuple((meld.owner, str(meld.meld)) for meld in melds),
        scores=totals,
        counters={"completed": completed},
        extras={"discard": () if discard_top is None else (str(discard_top),)},
        words={**_card_words(), **{str(meld.meld): _meld_words(meld.meld) for meld in melds}},
    )


def _now(game: Game) -> TableSnapshot:
    """The table as it is now."""
    return _snapshot(
        tuple(game.hand(seat) for seat in range(game.players)),
        game.melds,
        game.discard_top,
        game.totals,
        tuple(len(game.completed(seat)) for seat in range(game.players)),
    )


def _ended_views(old: Game, last: RoundEnd) -> StepViews:
    """The views of the turn that ended a round: the game before it, with the hands, melds,
    discard pile and totals as the round ended, nobody awaited (the same action dealt the next
    round, whose views are the next step's)."""

    def shown(view: View) -> View:
        hand = None if view.seat is None else last.hands[view.seat]
        return replace(
            view,
            awaiting=(),
            hand=hand,
            melds=last.melds,
            discard_top=last.discard[-1] if last.discard else None,
            discard_size=len(last.discard),
            hand_sizes=tuple(len(cards) for cards in last.hands),
            totals=last.totals,
        )

    return StepViews(shown(old.view(None)), tuple(shown(old.view(seat)) for seat in range(old.players)))


class StickGameReplay:
    """Stick Game's :class:`tabletop.replay.ReplayRules`."""

    def opening(self, match: Match) -> tuple[ReplayStep, ...]:
        """The first deal."""
        return (self._deal(engine(match), 0),)

    def after(
        self, before: Match, after: Match, end: int, seat: int, events: tuple[object, ...]
    ) -> tuple[ReplayStep, ...]:
        """The end of a turn (and the next deal after a round's last turn)."""
        old, new = engine(before), engine(after)
        ended = any(isinstance(e, RoundEnded) for e in events)
        if not ended and not any(isinstance(e, Discarded) for e in events):
            return ()  # a draw or a meld in the middle of a turn
        fields = {"round": old.round, "seat": seat, "out": int(ended)}
        label = StepLabel("turn", fields, "turn_out" if ended else "")
        if ended:
            last = new.round_end
            assert last is not None and last.round == old.round
            snapshot = _snapshot(
                last.hands,
                last.melds,
                last.discard[-1] if last.discard else None,
                last.totals,
                last.completed,
            )
            views = _ended_views(old, last)
        else:
            snapshot, views = _now(new), views_of(new)
        steps = [ReplayStep(end, old.round, label, snapshot, views)]
        if any(isinstance(e, RoundStarted) for e in events):
            steps.append(self._deal(new, end))
        return tuple(steps)

    def export(self, match: Match) -> str:
        """The engine's JSON document (``stickgame.persist``; ``Game.from_json`` reads it)."""
        return engine(match).to_json()

    def _deal(self, game: Game, end: int) -> ReplayStep:
        label = StepLabel("deal", {"round": game.round, "dealer": game.dealer})
        return ReplayStep(end, game.round, label, _now(game), views_of(game))


REPLAY = StickGameReplay()
"""The one instance the spec offers."""
