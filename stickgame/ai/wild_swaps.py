"""Wild cards on the table as ``hard`` sees them: a natural card in the hand that stands for a
wild in a laid-down set or run can free that wild (sticks.md 5.4), so it is worth a wild as soon
as the stick can be laid down with it.

- :func:`swap_paths`: every way to take up to ``depth`` wilds in one turn (several swaps in one
  action, one after the other, each on the table the earlier ones left);
- :func:`take_to_complete`: the fewest swaps after which the hand lays its stick down, as one
  ``TakeWild`` action (the engine refuses a take whose wilds are not all used, so a lay-down
  that completes the stick is the only use looked for here);
- :func:`reach`: the cards a hand lacks for its stick when the wilds it could free count,
  what ``hard`` keeps its discards and draws by.

Everything comes from the seat's own hand and the melds on the table (public).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from stickgame.actions import LayDown, Swap, TakeWild
from stickgame.cards import Card
from stickgame.solver import deficit, find_completion
from stickgame.sticks import Stick
from stickgame.views import TableMeld

__all__ = ["SwapPath", "reach", "swap_paths", "take_to_complete"]

DEPTH = 3
"""The most wilds taken in one turn that ``hard`` looks at."""


@dataclass(frozen=True, slots=True)
class SwapPath:
    """Swaps made one after the other, the hand after them (the naturals out, the wilds in)."""

    swaps: tuple[Swap, ...]
    hand: tuple[Card, ...]


def _single_swaps(hand: Sequence[Card], melds: Sequence[TableMeld]) -> list[tuple[int, Card, int]]:
    """(meld index, natural of the hand, index of the wild it frees) for every distinct swap."""
    found = []
    for card in sorted({c for c in hand if not c.is_wild}):
        for index, table_meld in enumerate(melds):
            spot = table_meld.meld.takeable(card)
            if spot is not None:
                found.append((index, card, spot))
    return found


def swap_paths(hand: Sequence[Card], melds: Sequence[TableMeld], depth: int = DEPTH) -> Iterator[SwapPath]:
    """Every sequence of 1 to ``depth`` swaps the hand can make now, shortest first; swaps are
    taken in order of (meld, card) so each set of swaps comes once."""
    Step = tuple[tuple[Swap, ...], tuple[Card, ...], tuple[TableMeld, ...], tuple[int, Card] | None]
    layer: list[Step] = [((), tuple(hand), tuple(melds), None)]
    for _ in range(depth):
        following: list[Step] = []
        for swaps, cards, table, last in layer:
            for index, card, spot in _single_swaps(cards, table):
                if last is not None and (index, card) < last:
                    continue
                target = table[index]
                rest = list(cards)
                rest.remove(card)
                rest.append(target.meld.cards[spot])
                after = list(table)
                after[index] = TableMeld(target.owner, target.meld.replaced(spot, card))
                path = (*swaps, Swap(index, card))
                yield SwapPath(path, tuple(rest))
                following.append((path, tuple(rest), tuple(after), (index, card)))
        layer = following
        if not layer:
            return


def take_to_complete(hand: Sequence[Card], stick: Stick, melds: Sequence[TableMeld]) -> TakeWild | None:
    """The take of the fewest wilds after which ``hand`` lays ``stick`` down, as one action; None
    when no take of up to :data:`DEPTH` wilds does."""
    for path in swap_paths(hand, melds):
        plays = find_completion(path.hand, stick)
        if plays is not None:
            return TakeWild(path.swaps, LayDown(plays))
    return None


def reach(hand: Sequence[Card], stick: Stick, melds: Sequence[TableMeld], depth: int = 2) -> int:
    """The cards ``hand`` lacks for ``stick`` (:func:`stickgame.solver.deficit`) when up to
    ``depth`` wilds it could free from the table count as held."""
    best = deficit(hand, stick)
    if best == 0:
        return 0
    for path in swap_paths(hand, melds, depth):
        best = min(best, deficit(path.hand, stick))
        if best == 0:
            break
    return best
