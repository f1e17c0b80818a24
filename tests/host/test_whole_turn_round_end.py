"""A timed-out turn played to its end by the stand-in (``GameSpec.whole_turns``) that ends the
round: the person is prompted for the new round, and the old prompt is retired before that.

Take-away (``tests/tabletop/tiny_game.py``) is made a game of whole turns for these tests: the
take that empties the pile ends the round, and every seat must say ``ready`` for the next one,
the timed-out seat too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest

from host.autoplay import Autoplay, AutoplaySettings, TableDisplay
from host.journal import GameJournal
from host.tables import Effect, Outcome, Prompt, PromptTimedOut, Table
from tabletop import registry
from tests.host.acting import act
from tests.tabletop import tiny_game


@pytest.fixture
def tiny_whole_turns(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Take-away offered, as a game of whole turns."""
    registry.register("tiny", "tests.tabletop.tiny_game:GAME")
    monkeypatch.setattr(tiny_game.GAME, "whole_turns", True)
    try:
        yield
    finally:
        registry.unregister("tiny")


def near_round_end() -> tuple[Table, int]:
    """Two people at Take-away, the pile down to 1 token and a person to take it."""
    table = Table(901, 1, game="tiny", seed_source=lambda: 5, id_source=lambda: "whole1")
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    table.lobby.start(1, options={"tokens": 3}, timer="off")
    match = table.running_match()
    for seat in (0, 1):
        act(table, seat + 1, "ready", game_id=str(table.game_id), stage=match.stage)
    seat = match.awaiting[0]
    act(table, seat + 1, "t2", game_id=str(table.game_id), stage=match.stage)
    assert match.round == 1 and len(match.awaiting) == 1
    return table, match.awaiting[0]


def test_the_timed_out_step_that_ends_the_round_keeps_the_seats_new_prompt(tiny_whole_turns: None) -> None:
    table, seat = near_round_end()
    outcome = table.play.auto_move(seat, "t1", timed_out=True)
    assert table.running_match().round == 2
    assert Prompt(seat) in outcome.effects  # "ready" for round 2 is the person's own again


class Display:
    """What autoplay shows, in order, effect by effect; each seat's live prompt (a number
    standing for its message) remembered, and retired by a ``PromptTimedOut``, as the Discord
    layer does."""

    def __init__(self) -> None:
        self.journal = GameJournal(None)
        self.calls: list[tuple[str, object]] = []
        self.prompts: dict[int, int] = {}

    async def execute(self, table: Table, outcome: Outcome, *, skip: tuple[type[Effect], ...] = ()) -> None:
        for effect in outcome.effects:
            if isinstance(effect, PromptTimedOut):
                self.calls.append(("retire", (self.prompts.pop(effect.seat, None), effect.actions)))
            elif isinstance(effect, Prompt):
                self.calls.append(("prompt", effect.seat))
                self.prompts[effect.seat] = 100 + len(self.calls)
            else:
                self.calls.append(("show", effect))


async def test_the_old_prompt_is_retired_before_the_new_rounds_prompt_is_sent(tiny_whole_turns: None) -> None:
    table, seat = near_round_end()
    old = 50
    display = Display()
    display.prompts[seat] = old
    autoplay = Autoplay(cast(TableDisplay, display), AutoplaySettings(move_delay=0, workers=0))
    stamp = len(table.running_match().log)
    await autoplay.timers.play_timed_out_turn(table, seat, stamp, "t1")
    retires = [what for kind, what in display.calls if kind == "retire"]
    assert retires == [(old, ("t1",))], display.calls  # the old prompt says what the stand-in did
    assert display.calls[0][0] == "retire"  # before anything of the move is shown
    assert ("prompt", seat) in display.calls  # the new round's prompt
    new = display.prompts.get(seat)
    assert new is not None and new != old  # the new round's prompt stays live
