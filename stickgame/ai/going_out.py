"""When ``hard`` lays its stick down: it holds a completed stick back until it can go out.

After a seat lays its stick down, every turn draws one card and discards one, so the hand
shrinks only by what it lays: the cards that fit nothing (no new set or run, no lay-off on a
meld on the table or on the seat's own melds) set how many turns it needs to go out.
:func:`leftover` lays a hand down as the computer players would (the stick's melds, then new
melds, most natural cards first, then single lay-offs, natural cards before wilds) and returns
what stays in the hand.

Holding the stick back costs nothing while no other seat has completed its own: nobody can go
out without laying a stick down first, and the turn one does, ``hard`` lays its own down (the
completed stick then scores as it would have). Meanwhile its melds are not on the table, so the
others may still discard the cards that fit them (the discard rule forbids a card that could
be laid off on a meld on the table), and ``hard`` picks them up; when it lays down it goes out
in the same turn, so an opponent that was one card short never gets the turn it needed.
:func:`lay_down_now` says when the wait ends (it never starts at a table of more than
:data:`HOLDING_PLAYERS` seats: with four players holding back measured worse):

- another seat has completed its stick this round (it may go out next turn);
- the round can end the game and the seat is level or ahead: its completion then ends the game
  in its favour (a tie goes to the seat that completed its last stick first), so it lays down
  at once. A seat that *trails* in such a round goes on holding: the other seat completing its
  stick ends the game against it whatever it does, so its only way on is to go out before that
  happens, and laying down without going out would hand the other seat the turns it lacks;
- the stock is low (a rebuilt stock that runs dry ends the round with nobody out);
- the lay-down leaves at most one card, which the turn's discard then takes: it goes out now.

While it waits, :func:`held_discard` throws the card whose loss leaves the fewest cards after
the lay-down (the stick still complete), and :func:`held_draw` takes the discard pile's top
card when that leaves fewer.
"""

from __future__ import annotations

from collections.abc import Sequence

from stickgame.actions import Action, Discard, DrawDiscard, DrawStock, MeldPlay
from stickgame.cards import Card
from stickgame.errors import MeldError
from stickgame.legal import discards
from stickgame.melds import Meld, make_meld
from stickgame.solver import find_completion, new_melds
from stickgame.sticks import Stick
from stickgame.views import TableMeld, View

from .stakes import stakes

__all__ = ["HOLDING_PLAYERS", "held_discard", "held_draw", "lay_down_now", "left_after", "leftover"]

NO_LAY_DOWN = 99
"""What :func:`left_after` answers for a hand that no longer completes its stick."""

HOLDING_PLAYERS = 2
"""The largest table at which ``hard`` holds its stick back: measured better with two players,
worse with four (benchmarks.md, issue 26), where it lays down at once as before."""

LOW_STOCK = 4
"""Stock cards per seat below which a completed stick is laid down at once."""


def _meld(play: MeldPlay) -> Meld | None:
    try:
        return make_meld(play.cards, play.kind, play.placement)
    except MeldError:
        return None


def _remove(hand: list[Card], cards: Sequence[Card]) -> None:
    for card in cards:
        hand.remove(card)


def _lay_off(seat: int, hand: list[Card], melds: list[TableMeld]) -> bool:
    """Lay one card of ``hand`` off on ``melds`` (natural cards first); False if none fits."""
    for card in sorted(set(hand), key=lambda c: (c.is_wild, c)):
        for index, table_meld in enumerate(melds):
            if card.is_wild and table_meld.owner != seat:
                continue
            try:
                grown = table_meld.meld.extended((card,))
            except MeldError:
                continue
            melds[index] = TableMeld(table_meld.owner, grown)
            hand.remove(card)
            return True
    return False


def leftover(
    seat: int, hand: Sequence[Card], table: Sequence[TableMeld], plays: Sequence[MeldPlay] = ()
) -> list[Card]:
    """The cards of ``hand`` left after laying ``plays`` (a lay-down of the stick, already
    checked) and then every new meld and lay-off the seat could make this turn, on ``table``
    and on its own new melds. The seat must have completed its stick (or ``plays`` completes
    it)."""
    rest = list(hand)
    melds = list(table)
    for play in plays:
        meld = _meld(play)
        if meld is None:
            return rest  # not a lay-down after all: nothing is laid
        _remove(rest, play.cards)
        melds.append(TableMeld(seat, meld))
    while rest:
        found = new_melds(rest)
        if found:
            play = max(found, key=lambda p: sum(not c.is_wild for c in p.cards))
            meld = _meld(play)
            if meld is not None:
                _remove(rest, play.cards)
                melds.append(TableMeld(seat, meld))
                continue
        if not _lay_off(seat, rest, melds):
            break
    return rest


def left_after(seat: int, hand: Sequence[Card], stick: Stick, table: Sequence[TableMeld]) -> int:
    """How many cards ``hand`` keeps after laying ``stick`` down and all it can lay with it
    (:data:`NO_LAY_DOWN` when the hand does not complete the stick)."""
    plays = find_completion(hand, stick)
    if plays is None:
        return NO_LAY_DOWN
    return len(leftover(seat, hand, table, plays))


def lay_down_now(view: View, hand: Sequence[Card], plays: Sequence[MeldPlay]) -> bool:
    """Whether the seat (whose ``hand`` completes its stick with ``plays``) lays it down this
    turn rather than holding it back (see the module)."""
    assert view.seat is not None
    me = view.seat
    if view.players > HOLDING_PLAYERS:
        return True
    if any(not view.has_stick[seat] for seat in range(view.players) if seat != me):
        return True
    standing = stakes(view)
    if (standing.deciding and standing.lead >= 0) or view.stock_size <= LOW_STOCK * view.players:
        return True
    return len(leftover(me, hand, view.melds, plays)) <= 1


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def held_discard(view: View, hand: Sequence[Card], stick: Stick) -> Discard:
    """The allowed discard of a seat holding its completed stick back that leaves the fewest
    cards after the lay-down (the lowest card among equals)."""
    assert view.seat is not None
    seat = view.seat
    scored = [
        (left_after(seat, _without(hand, d.card), stick, view.melds), d.card, d)
        for d in discards(hand, view.melds)
    ]
    return min(scored, key=lambda item: (item[0], item[1]))[2]


def held_draw(view: View, hand: Sequence[Card], stick: Stick, top: Card) -> Action:
    """Draw the discard pile's ``top`` if, after the best discard, it leaves fewer cards after
    the lay-down than the hand does now; else the stock."""
    assert view.seat is not None
    seat = view.seat
    now = left_after(seat, hand, stick, view.melds)
    after = [*hand, top]
    best = min(
        left_after(seat, _without(after, d.card), stick, view.melds) for d in discards(after, view.melds)
    )
    return DrawDiscard() if best < now else DrawStock()
