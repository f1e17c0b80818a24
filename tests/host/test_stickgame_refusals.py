"""Stick Game's refusals as a player at a table reads them: whose turn it is by name, and that
a player whose turn it is must draw before discarding."""

from __future__ import annotations

import pytest

from host.tables import GameRefusal, Table
from tabletop import Refused
from tests.host.acting import act

CHANNEL = 557


def started() -> Table:
    """A Stick Game table of ann, bob and cyd (users 1-3; ann hosts), started."""
    table = Table(CHANNEL, 1, game="stickgame", seed_source=lambda: 5, id_source=lambda: "sticks")
    for user, name in enumerate(("ann", "bob", "cyd"), 1):
        table.lobby.join(user, name)
    table.lobby.start(1)
    return table


def test_a_draw_out_of_turn_names_whose_turn_it_is() -> None:
    table = started()
    match = table.running_match()
    turn = match.awaiting[0]
    other = (turn + 1) % 3
    before = list(match.log)
    with pytest.raises(GameRefusal) as refused:
        act(table, other + 1, "S", game_id="sticks", stage=match.stage)
    assert str(refused.value) == f"It is not your turn: waiting for {table.names[turn]}."
    assert "seat" not in str(refused.value)
    assert list(match.log) == before


def test_a_discard_out_of_turn_names_whose_turn_and_before_drawing_says_draw_first() -> None:
    """The prompt's discard select, clicked by the seat to play before it drew, and by a seat
    whose turn it is not: each refused (as the host shows it) with the reason that holds."""
    table = started()
    match = table.running_match()
    turn = match.awaiting[0]
    other = (turn + 1) % 3
    for seat, expected in (
        (turn, "Draw a card first (from the stock or the discard pile); then play and discard."),
        (other, f"It is not your turn: waiting for {table.names[turn]}."),
    ):
        view = match.view(seat)
        assert view.hand is not None
        with pytest.raises(Refused) as refused:
            table.presentation.click(view, "X0", (view.hand[0].code,))
        assert str(GameRefusal.of(refused.value, table.names)) == expected
