"""Computer players decide from their seat's view alone.

Two games that differ only in cards the seat cannot see (two other seats swap cards, or another
seat's misery pick is still secret and differs) give equal views, and every level then makes
the same decision for the same seed.
"""

from __future__ import annotations

import pytest

from stickem import Game, Phase, Rules
from stickem.ai import LEVELS, make_player
from stickem.ai.observe import situation_from_view, to_code

from .helpers import advance


def _swap_hidden_cards(game: Game, first: int, second: int) -> Game:
    """Return a copy where seats ``first`` and ``second`` exchange a card (hidden from others)."""
    twin = game.copy()
    hands = twin._hands  # the test reaches into the deal on purpose: it is what must not leak
    a, b = hands[first][0], hands[second][0]
    hands[first][0], hands[second][0] = b, a
    hands[first].sort()
    hands[second].sort()
    return twin


def _change_misery_pick(game: Game, seat: int) -> Game:
    """Return a copy where ``seat``'s secret misery pick is another card of its hand."""
    twin = game.copy()
    old = twin._misery[seat]  # reaching into the deal on purpose: it is what must not leak
    assert old is not None
    hand = twin._hands[seat]
    new = next(card for card in hand if card.color != old.color)
    hand.remove(new)
    hand.append(old)
    hand.sort()
    twin._masks[seat] ^= (1 << old.index) | (1 << new.index)
    twin._misery[seat] = new
    return twin


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("preset", "players", "actions"),
    [("amigo", 3, 1), ("amigo", 3, 2), ("classic", 7, 1), ("classic", 7, 2), ("classic", 7, 3)],
)
def test_secret_misery_pick_does_not_leak(
    level: str, preset: str, players: int, actions: int
) -> None:
    game = Game.new(players, Rules.preset(preset), seed=19)
    seats = [make_player("normal", seed) for seed in range(players)]
    advance(game, seats, actions)
    assert game.phase is Phase.MISERY
    seat = game.awaiting[0]
    picked = actions - 1  # advance lets the lowest awaited seat pick first
    assert seat != picked and game.misery_card(picked) is not None
    twin = _change_misery_pick(game, picked)
    assert twin.misery_card(picked) != game.misery_card(picked)
    assert twin.hand(picked) != game.hand(picked)
    assert twin.view(seat) == game.view(seat)

    player = make_player(level, seed=5, iterations=60)
    assert player.choose_misery(game.view(seat)) == player.choose_misery(twin.view(seat))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("actions", [0, 5, 23, 40])
def test_same_view_same_decision(level: str, actions: int) -> None:
    game = Game.new(4, Rules.preset("classic"), seed=11)
    seats = [make_player("normal", seed) for seed in range(4)]
    advance(game, seats, actions)
    seat = game.awaiting[0]
    others = [s for s in range(4) if s != seat]
    twin = _swap_hidden_cards(game, others[0], others[1])
    assert twin.hand(others[0]) != game.hand(others[0])
    assert twin.view(seat) == game.view(seat)

    player = make_player(level, seed=5, iterations=60)
    if game.phase is Phase.MISERY:
        first, second = player.choose_misery(game.view(seat)), player.choose_misery(twin.view(seat))
    else:
        first, second = player.play(game.view(seat)), player.play(twin.view(seat))
    assert first == second


def test_situation_knows_no_other_hand() -> None:
    game = Game.new(5, Rules.preset("classic"), seed=3)
    seats = [make_player("normal", seed) for seed in range(5)]
    advance(game, seats, 5 + 17)
    seat = game.awaiting[0]
    sit = situation_from_view(game.view(seat))
    hidden = {c for s in range(5) if s != seat for c in game.hand(s)}
    # The unseen pool is exactly the union of the other hands: nothing more, nothing less,
    # and nothing in the situation says which seat holds which of them.
    assert set(sit.unseen) == {to_code(c) for c in hidden}
    assert sit.hand_sizes == tuple(len(game.hand(s)) for s in range(5))


def test_spectator_view_is_refused() -> None:
    game = Game.new(3, seed=1)
    with pytest.raises(ValueError, match="seat"):
        make_player("normal", 1).choose_misery(game.view(None))
