"""The host gives the computer no prompt and no hand to show: no ``Prompt`` or ``ShowHand`` of a
seat the computer plays (a computer seat, or a person marked away) in any outcome, so the Discord
layer plays every effect as given, filtering none."""

from __future__ import annotations

import pytest

from host.reshow import resume_effects
from host.tables import Effect, Outcome, Prompt, ShowHand, Table, TableState
from tests.host.acting import act

CHANNEL = 557
PERSON_AWAY = 1
"""The seat whose person lets every turn time out (away after three), then comes back."""


def asks_no_computer(table: Table, effects: tuple[Effect, ...]) -> None:
    """No effect prompts or shows a hand to a seat the computer plays, as the table is shown."""
    for effect in effects:
        if isinstance(effect, Prompt | ShowHand):
            assert not table.is_auto(effect.seat), (effect, table.seats[effect.seat])


def checked(table: Table, outcome: Outcome) -> Outcome:
    asks_no_computer(table, outcome.effects)
    if table.state is TableState.PLAYING:
        for owed in (False, True):  # what a restart would show, its deal unshown or not
            effects, _ = resume_effects(table, owed=owed)
            asks_no_computer(table, effects)
    return outcome


SHORT = {"stickem": {"rounds": 2}, "stupid": {"max_hand": 3}, "stickgame": {"sticks_to_win": 2}}
"""Short games of each (every kind of step still comes: deals, turns, the end)."""


@pytest.mark.parametrize("game", sorted(SHORT))
def test_no_outcome_prompts_a_seat_the_computer_plays(game: str) -> None:
    table = Table(CHANNEL, 1, game=game, seed_source=lambda: 5, id_source=lambda: "auto1")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    checked(table, table.lobby.start(1, fill_to=5, options=SHORT[game]))
    steps, came_back, timed_out_turn = 0, False, False
    while table.state is TableState.PLAYING and steps < 20000:
        steps += 1
        match = table.running_match()
        seat = match.awaiting[0]
        action = table.spec.computer_player("random", seat).decide(match.view(seat))
        if seat == PERSON_AWAY and not table.is_auto(seat):
            # the person's turn times out: the computer plays it (a whole turn where the game asks)
            outcome = table.play.auto_move(seat, action, timed_out=True, turn_goes_on=timed_out_turn)
            timed_out_turn = table.match is not None and seat in table.match.awaiting
        elif table.is_auto(seat):
            outcome = table.play.auto_move(seat, action)
        else:
            user = table.seats[seat].user_id
            outcome = act(table, user, action, game_id=str(table.game_id), stage=match.stage)
        checked(table, outcome)
        if table.clock.is_away(PERSON_AWAY) and steps > 60 and not came_back:
            came_back = True
            checked(table, table.play.back(table.seats[PERSON_AWAY].user_id))
    assert table.state is TableState.CLOSED, "the game ended"
    assert came_back, "the person was away and came back"
