"""Review of the table model's timers and takeovers (no Discord): edge cases players can reach."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from host.tables import Prompt, Table, TableError
from stickem import Phase
from tests.bot.stickem_moves import auto_move, choose_misery, engine, play

NOW = datetime(2026, 1, 1, tzinfo=UTC)
GAME_ID = "abc123"


def game_of(humans: int, *, timer: str, rounds: int | None = None) -> Table:
    """A started table of ``humans`` players p1, p2, ... (user ids 1, 2, ...)."""
    table = Table(777, 1, seed_source=lambda: 11, id_source=lambda: GAME_ID)
    for user in range(1, humans + 1):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1, timer=timer, options={} if rounds is None else {"rounds": rounds})
    return table


def test_coming_back_does_not_restart_the_others_turn_timer() -> None:
    """p3 is away; p1 and p2 are awaited (misery choice) with 30 s. p3 coming back after 20 s
    must leave p1's and p2's deadline where it was (not give them 30 s more)."""
    table = game_of(3, timer="30s")
    table.clock.away.add(2)
    table.refresh_deadline(NOW)
    assert table.clock.deadline == NOW + timedelta(seconds=30)
    table.play.back(3)
    table.refresh_deadline(NOW + timedelta(seconds=20))
    assert table.clock.deadline == NOW + timedelta(seconds=30)


def test_someone_leaving_does_not_restart_the_others_turn_timer() -> None:
    """p3 leaves the game 20 s into p1's and p2's misery choice: their deadline stays."""
    table = game_of(3, timer="30s")
    table.refresh_deadline(NOW)
    table.lobby.leave(3)
    table.refresh_deadline(NOW + timedelta(seconds=20))
    assert table.clock.deadline == NOW + timedelta(seconds=30)


def test_an_away_player_awaited_alone_coming_back_gets_a_timer() -> None:
    """No human was awaited (the computer played for p2, away); p2 comes back while still
    awaited: their wait is timed from now."""
    table = game_of(3, timer="30s")
    game = engine(table)
    choose_misery(table, 1, game.hand(0)[0], game_id=GAME_ID, round=1)
    choose_misery(table, 3, game.hand(2)[0], game_id=GAME_ID, round=1)
    table.clock.away.add(1)
    table.refresh_deadline(NOW)
    assert table.clock.deadline is None
    table.play.back(2)
    table.refresh_deadline(NOW + timedelta(seconds=5))
    assert table.clock.deadline == NOW + timedelta(seconds=35)


def test_a_takeover_cannot_be_asked_for_in_the_last_round() -> None:
    """A takeover happens when the next round starts: in the last round there is none, so the
    request must be refused (the newcomer would wait for nothing)."""
    table = game_of(3, rounds=1, timer="off")
    table.lobby.leave(3)
    with pytest.raises(TableError, match="last round"):
        table.lobby.join(9, "newcomer")


def test_a_takeover_asked_for_earlier_cannot_be_approved_in_the_last_round() -> None:
    table = game_of(3, rounds=2, timer="off")
    table.lobby.leave(3)
    table.lobby.join(9, "newcomer")
    game = engine(table)
    while game.round == 1:  # round 1 is played out (the computer seat too)
        seat = game.awaiting[0]
        card = game.hand(seat)[0] if game.misery_card(seat) is None else game.legal_cards(seat)[0]
        auto_move(table, seat, card)
    with pytest.raises(TableError, match="last round"):
        table.takeover_desk.approve(1, 2, 9)


def test_approving_twice_is_refused_politely() -> None:
    table = game_of(3, rounds=2, timer="off")
    table.lobby.leave(3)
    table.lobby.join(9, "newcomer")
    table.takeover_desk.approve(1, 2, 9)
    with pytest.raises(TableError, match="no longer open"):
        table.takeover_desk.approve(1, 2, 9)


def test_a_second_request_for_the_same_seat_does_not_silently_replace_the_first() -> None:
    """Two newcomers ask while one computer seat is free: both requests stay open (the host
    chooses), the first approved takes the seat and the other is told to choose another."""
    table = game_of(3, rounds=2, timer="off")
    table.lobby.leave(3)
    table.lobby.join(8, "first")
    table.lobby.join(9, "second")
    assert set(table.takeover_requests) == {8, 9}
    table.takeover_desk.approve(1, 2, 8)
    with pytest.raises(TableError, match="choose another"):
        table.takeover_desk.approve(1, 2, 9)
    assert table.takeovers[2].user_id == 8


def test_an_away_player_clicking_an_old_hand_on_their_turn_is_back() -> None:
    """Away, p2 clicks a card of a hand from an earlier trick while the computer is about to play
    for them: they are back (as with any click in their hand), not refused and left away."""
    table = game_of(3, timer="30s")
    game = engine(table)
    for user in (1, 2, 3):
        choose_misery(table, user, game.hand(user - 1)[0], game_id=GAME_ID, round=1)
    while game.awaiting[0] != 1 or game.trick_number == 1:
        seat = game.awaiting[0]
        play(table, seat + 1, game.legal_cards(seat)[0], game_id=GAME_ID, round=1, trick=game.trick_number)
    table.clock.away.add(1)
    count = game.action_count
    outcome = play(table, 2, game.hand(1)[0], game_id=GAME_ID, round=1, trick=game.trick_number - 1)
    assert "Welcome back" in str(outcome.reply)
    assert table.clock.away == set() and game.action_count == count
    assert game.phase is Phase.TRICKS and Prompt(1) in outcome.effects  # their turn, a fresh hand


def test_back_in_a_lobby_says_what_back_is_for() -> None:
    """/back before the game started: not "Use /join to open one" (the player is in the lobby)."""
    table = Table(777, 1)
    table.lobby.join(1, "p1")
    with pytest.raises(TableError) as refused:
        table.play.back(1)
    assert "/join" not in str(refused.value) and "/back" in str(refused.value)
