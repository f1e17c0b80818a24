"""A click on a game's prompt as one value: judged once without changing anything, applied in
one call that answers in the clicker's terms (what their prompt becomes, and the effects about
it), so that the Discord layer carries the outcome out without asking the game again."""

from __future__ import annotations

import pytest

from host.tables import (
    Click,
    GameRefusal,
    Judged,
    Prompt,
    PromptAnswered,
    PromptGoesOn,
    PromptInPlace,
    PromptRetired,
    Step,
    Table,
    TableError,
)
from stickem import Game
from stickem.hosting import card_token
from stickem.presentation import MISERY_SELECT
from tabletop.presentation import Message
from tests.bot.stickem_moves import engine

CHANNEL = 558


def started(game: str, seed: int = 5) -> Table:
    """A table of ``game`` with users 1-3 (user 1 hosts), started."""
    table = Table(CHANNEL, 1, game=game, seed_source=lambda: seed, id_source=lambda: "click1")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1)
    return table


def first_card(game: Game, seat: int) -> str:
    return card_token(game.hand(seat)[0])


def test_a_step_of_a_decision_is_judged_without_changing_anything() -> None:
    table = started("stickem")
    log = list(table.running_match().log)
    card = first_card(engine(table), 0)
    judged = table.clicks.judge(Click(1, "click1", "1m", MISERY_SELECT, (card,)))
    assert judged == Step(0, card)
    assert list(table.running_match().log) == log


def test_a_decision_made_answers_with_what_was_done_and_retires_the_prompt_first() -> None:
    table = started("stickem")
    card = first_card(engine(table), 1)
    judged = table.clicks.judge(Click(2, "click1", "1m", f"m:{card}", (), "de"))
    assert isinstance(judged, Judged) and judged.action == f"m:{card}"
    outcome = table.clicks.apply_click(judged)
    assert isinstance(outcome.answer, Message)  # the game's acted message: the misery pick
    assert outcome.effects[0] == PromptAnswered(1)
    assert Prompt(1) not in outcome.effects
    assert len(table.running_match().log) == 1


def test_a_decision_that_goes_on_answers_with_the_prompt_in_place() -> None:
    table = started("stickgame")
    match = table.running_match()
    seat = match.awaiting[0]
    judged = table.clicks.judge(Click(seat + 1, "click1", match.stage, "S"))  # draw from the stock
    assert isinstance(judged, Judged)
    outcome = table.clicks.apply_click(judged)
    assert outcome.answer == PromptInPlace(seat)
    assert PromptGoesOn(seat) in outcome.effects
    assert Prompt(seat) not in outcome.effects  # nothing for the Discord layer to filter
    assert not any(isinstance(effect, PromptAnswered) for effect in outcome.effects)


def test_a_click_judged_before_the_table_moved_on_is_judged_again() -> None:
    table = started("stickem")
    game = engine(table)
    judged = table.clicks.judge(Click(1, "click1", "1m", f"m:{first_card(game, 0)}"))
    assert isinstance(judged, Judged)
    other = table.clicks.judge(Click(2, "click1", "1m", f"m:{first_card(game, 1)}"))
    assert isinstance(other, Judged)
    table.clicks.apply_click(other)  # the table moved on: seat 0's judgement is made again, and holds
    table.clicks.apply_click(judged)
    assert len(table.running_match().log) == 2
    with pytest.raises(GameRefusal):  # its card is picked now: judged again, refused
        table.clicks.apply_click(judged)
    assert len(table.running_match().log) == 2


def test_a_stale_judgement_is_refused_when_judged_again() -> None:
    table = started("stickem")
    judged = table.clicks.judge(Click(1, "click1", "1m", f"m:{first_card(engine(table), 0)}"))
    assert isinstance(judged, Judged)
    table.lobby.leave(1)  # the seat is the computer's now
    with pytest.raises(TableError):
        table.clicks.apply_click(judged)


def test_leaving_a_running_game_retires_the_seat_prompt_first() -> None:
    table = started("stickem")
    outcome = table.lobby.leave(2)
    retired = outcome.effects[0]
    assert isinstance(retired, PromptRetired)
    assert (retired.seat, retired.user_id) == (1, 2)
    assert retired.reason.key == "prompt.you_left"
