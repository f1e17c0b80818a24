"""Computer seats, turn timers, away and takeovers in the table model (no Discord)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from bot.boot.config import ConfigError, Settings, autoplay_settings
from bot.tables import host_messages as render
from bot.tables.payload import localized
from host.autoplay.pace import MOVES_IN_FLIGHT
from host.tables import (
    BOT_NAMES,
    Notice,
    Prompt,
    Seat,
    ShowTable,
    Table,
    TableError,
    TableState,
    TakeoverRequest,
    bot_seat,
)
from stickem import Phase
from tests.bot.stickem_moves import auto_move, choose_misery, engine, play

CHANNEL = 777
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def lobby(humans: int) -> Table:
    table = Table(CHANNEL, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
    for user in range(1, humans + 1):
        table.lobby.join(user, f"p{user}")
    return table


def test_bots_get_distinct_names_with_their_level_and_are_never_host() -> None:
    table = lobby(1)
    table.lobby.add_bot(1, "hard")
    table.lobby.add_bot(1)
    assert table.names == ("p1", "Bot Ada (hard)", "Bot Bea (normal)")
    assert [s.is_bot for s in table.seats] == [False, True, True]
    with pytest.raises(TableError, match="no computer level"):
        table.lobby.add_bot(1, "genius")
    table.lobby.remove_bot(1)
    assert table.names == ("p1", "Bot Ada (hard)")
    # the only human leaves: a lobby of bots alone closes
    table.lobby.leave(1)
    assert table.state is TableState.CLOSED


def test_only_the_host_or_a_server_manager_seats_and_removes_computer_players() -> None:
    table = lobby(2)
    for user in (2, 99):  # a seated guest, and someone not seated at all
        with pytest.raises(TableError, match=r"Only the host \(p1\) or a server manager can add"):
            table.lobby.add_bot(user)
    assert len(table.seats) == 2
    table.lobby.add_bot(99, "hard", is_admin=True)  # a server manager, seated or not
    table.lobby.add_bot(1)
    with pytest.raises(TableError, match=r"Only the host \(p1\) or a server manager can remove"):
        table.lobby.remove_bot(2)
    assert "Bot Bea (normal) left" in str(table.lobby.remove_bot(2, is_admin=True).reply)
    assert "Bot Ada (hard) left" in str(table.lobby.remove_bot(1).reply)
    # the host is the first human: when p1 leaves, p2 is
    table.lobby.leave(1)
    assert "Bot Ada (normal) joined" in str(table.lobby.add_bot(2).reply)


def test_start_fills_seats_and_prompts_only_humans() -> None:
    table = lobby(1)
    outcome = table.lobby.start(1, fill_to=3, bot_level="random", timer="off")
    assert [s.level for s in table.seats] == [None, "random", "random"]
    prompts = [e for e in outcome.effects if isinstance(e, Prompt)]
    assert prompts == [Prompt(0)]
    assert table.clock.timer_seconds is None
    assert table.auto_seats() == [1, 2]
    with pytest.raises(TableError, match="at most"):
        lobby(1).lobby.start(1, fill_to=99)
    with pytest.raises(TableError, match="turn timer"):
        lobby(3).lobby.start(1, timer="10s")


def test_bot_seeds_differ_by_seat_and_repeat_per_game() -> None:
    table = lobby(1)
    table.lobby.start(1, fill_to=3)
    assert table.bot_seed(1) != table.bot_seed(2)
    again = lobby(1)
    again.lobby.start(1, fill_to=3)
    assert again.bot_seed(1) == table.bot_seed(1)


def test_deadline_starts_for_a_human_wait_and_not_for_computer_seats() -> None:
    table = lobby(2)
    table.clock.scale = 0.5
    table.lobby.start(1, fill_to=3, timer="60s")
    assert table.clock.timer_seconds == 30
    assert table.refresh_deadline(NOW)
    assert table.clock.deadline == NOW + timedelta(seconds=30)
    # the same wait (the misery choice of round 1) keeps its deadline
    assert table.turn_key() == table.clock.deadline_key == "1m"
    assert not table.refresh_deadline(NOW + timedelta(seconds=10))
    game = engine(table)
    auto_move(table, 2, game.hand(2)[0])  # the computer seat picks
    assert not table.refresh_deadline(NOW + timedelta(seconds=10))
    assert table.clock.deadline == NOW + timedelta(seconds=30)
    assert table.timed_out_seats() == [0, 1]


def test_two_timeouts_in_a_row_mark_away_and_a_click_brings_back() -> None:
    table = lobby(3)
    table.lobby.start(1, timer="30s")
    game = engine(table)
    first = auto_move(table, 1, game.hand(1)[0], timed_out=True)
    assert any(isinstance(e, Notice) and "Time is up for p2" in str(e.text) for e in first.effects)
    assert table.clock.timeouts == {1: 1} and table.clock.away == set()
    # p1 and p3 pick themselves: p1's own action resets nothing of p2
    choose_misery(table, 1, game.hand(0)[0], game_id="abc123", round=1)
    choose_misery(table, 3, game.hand(2)[0], game_id="abc123", round=1)
    assert game.phase is Phase.TRICKS
    while game.awaiting[0] != 1:
        seat = game.awaiting[0]
        play(table, seat + 1, game.legal_cards(seat)[0], game_id="abc123", round=1, trick=game.trick_number)
    second = auto_move(table, 1, game.legal_cards(1)[0], timed_out=True)
    assert table.clock.away == {1}
    assert any(isinstance(e, Notice) and "marked away" in str(e.text) and e.ping == 2 for e in second.effects)
    assert 1 in [s for s in range(3) if table.is_auto(s)]
    # away, p2 gets no prompt when it is their turn
    outcome = second
    while game.awaiting[0] != 1:
        seat = game.awaiting[0]
        outcome = play(
            table, seat + 1, game.legal_cards(seat)[0], game_id="abc123", round=1, trick=game.trick_number
        )
    assert Prompt(1) not in outcome.effects
    assert table.auto_seats() == [1]
    auto_move(table, 1, game.legal_cards(1)[0])
    # a click in p2's hand when it is not their turn: back, nothing played
    count = game.action_count
    back = play(table, 2, game.hand(1)[0], game_id="abc123", round=1, trick=game.trick_number)
    assert "Welcome back" in str(back.reply) and game.action_count == count
    assert table.clock.away == set() and table.clock.timeouts == {}


def test_back_command_and_its_refusal() -> None:
    table = lobby(3)
    table.lobby.start(1, timer="30s")
    with pytest.raises(TableError, match="not marked away"):
        table.play.back(2)
    table.clock.away.add(1)
    outcome = table.play.back(2)
    assert table.clock.away == set()
    assert engine(table).phase is Phase.MISERY
    assert Prompt(1) in outcome.effects  # still to pick: the prompt comes again
    assert ShowTable() in outcome.effects  # with the deadline of their now timed turn


def test_takeover_needs_the_host_and_happens_at_the_next_round() -> None:
    table = lobby(3)
    table.lobby.start(1, options={"rounds": 2}, timer="off")
    table.lobby.leave(3)
    assert table.seats[2].shown_in("en") == "Bot Ada (normal)"
    with pytest.raises(TableError, match="already seated"):
        table.lobby.join(1, "p1")
    request = table.lobby.join(9, "newcomer")
    assert TakeoverRequest(9, "newcomer", (2,)) in request.effects
    with pytest.raises(TableError, match="Only the host"):
        table.takeover_desk.approve(2, 2, 9)
    with pytest.raises(TableError, match="no longer open"):
        table.takeover_desk.approve(1, 2, 8)
    table.takeover_desk.approve(1, 2, 9)
    assert table.seats[2].is_bot  # not before the round ends
    game = engine(table)
    for seat in range(3):
        if table.is_auto(seat):
            auto_move(table, seat, game.hand(seat)[0])
        else:
            choose_misery(table, seat + 1, game.hand(seat)[0], game_id="abc123", round=1)
    while game.round == 1:
        seat = game.awaiting[0]
        card = game.legal_cards(seat)[0]
        if table.is_auto(seat):
            outcome = auto_move(table, seat, card)
        else:
            outcome = play(table, seat + 1, card, game_id="abc123", round=1, trick=game.trick_number)
    assert table.seats[2].user_id == 9 and not table.seats[2].is_bot
    assert game.phase is Phase.MISERY
    assert Prompt(2) in outcome.effects


def test_the_last_human_leaving_a_game_stops_it() -> None:
    table = lobby(1)
    table.lobby.start(1, fill_to=3, timer="off")
    outcome = table.lobby.leave(1)
    assert table.state is TableState.CLOSED
    assert "stopped" in str(outcome.reply)


def test_settings_read_bot_options_from_the_environment() -> None:
    token = "A" * 24 + "." + "B" * 6 + "." + "C" * 27
    settings = Settings.from_env(
        {"DISCORD_TOKEN": token, "BOT_MOVE_DELAY": "0.5", "BOT_WORKERS": "0", "TURN_TIMER_SCALE": "0.01"}
    )
    assert (settings.bot_move_delay, settings.bot_workers, settings.turn_timer_scale) == (0.5, 0, 0.01)
    defaults = Settings.from_env({"DISCORD_TOKEN": token})
    assert (defaults.bot_move_delay, defaults.bot_workers, defaults.turn_timer_scale) == (1.0, 2, 1.0)
    with pytest.raises(ConfigError, match="BOT_WORKERS"):
        Settings.from_env({"DISCORD_TOKEN": token, "BOT_WORKERS": "two"})
    with pytest.raises(ConfigError, match="BOT_MOVE_DELAY"):
        Settings.from_env({"DISCORD_TOKEN": token, "BOT_MOVE_DELAY": "-1"})


def test_settings_read_the_bound_on_computer_moves_under_way() -> None:
    token = "A" * 24 + "." + "B" * 6 + "." + "C" * 27
    settings = Settings.from_env({"DISCORD_TOKEN": token, "BOT_MOVES_IN_FLIGHT": "3"})
    assert settings.bot_moves_in_flight == 3
    assert autoplay_settings(settings).moves_in_flight == 3
    assert Settings.from_env({"DISCORD_TOKEN": token}).bot_moves_in_flight == MOVES_IN_FLIGHT
    with pytest.raises(ConfigError, match="BOT_MOVES_IN_FLIGHT"):
        Settings.from_env({"DISCORD_TOKEN": token, "BOT_MOVES_IN_FLIGHT": "0"})


def test_the_host_is_the_first_human_even_behind_a_computer_seat() -> None:
    table = lobby(2)
    table.lobby.add_bot(1)
    table.lobby.leave(1)  # seats: p2, Bot Ada -> p2 is host
    table.lobby.join(3, "p3")
    table.seats.insert(0, table.seats.pop(1))  # a computer player first
    assert table.host_id == 2 and table.host_seat == 1
    options_line = table.presentation.options_line(table.options(), len(table.names))
    message = render.lobby_message(
        CHANNEL, table.names, table.title, options_line, table.capacity(), host=table.host_seat
    )
    spec = localized(message)
    assert "1. Bot Ada (normal)\n2. p2 (host)" in spec.content


def five_seats() -> Table:
    """p1, p2 (left: now Bot Cal), p3, and two computer seats the host asked for."""
    table = lobby(3)
    table.lobby.start(1, fill_to=5, timer="off", options={"rounds": 2})
    table.lobby.leave(2)
    assert table.names == ("p1", "Bot Cal (normal)", "p3", "Bot Ada (normal)", "Bot Bea (normal)")
    return table


def test_a_seat_is_found_by_number_or_name() -> None:
    table = five_seats()
    choices = ("2", "#4", "seat 5", " Seat  3 ", "Ada", "bot bea", "Bot Cal (normal)", "P3")
    assert [table.takeover_desk.find_seat(choice) for choice in choices] == [1, 3, 4, 2, 3, 4, 1, 2]
    with pytest.raises(TableError, match="There is no seat 6: seats go from 1 to 5"):
        table.takeover_desk.find_seat("6")
    hint = (
        "There is no seat called 'Zed'. Computer seats you can take over: seat 2: Bot Cal (normal), "
        "p2's seat until they left; seat 4: Bot Ada (normal); seat 5: Bot Bea (normal)."
    )
    with pytest.raises(TableError, match=re.escape(hint)):
        table.takeover_desk.find_seat("Zed")


def test_without_a_choice_the_host_chooses_among_the_free_computer_seats() -> None:
    table = five_seats()
    outcome = table.lobby.join(9, "newcomer")
    # the seat a person left comes first, then the host's computer players in seat order
    assert TakeoverRequest(9, "newcomer", (1, 3, 4)) in outcome.effects
    assert "the host chooses which one" in str(outcome.reply)
    with pytest.raises(TableError, match="no longer open"):
        table.takeover_desk.approve(1, 2, 9)  # not a seat offered to them
    assert "seat 4" in str(table.takeover_desk.approve(1, 3, 9).reply)
    assert table.takeovers[3].user_id == 9 and 9 not in table.takeover_requests
    with pytest.raises(TableError, match="already gave you Bot Ada \\(normal\\)'s seat"):
        table.lobby.join(9, "newcomer")
    # a second newcomer is offered what is still free; a promised seat is refused by name
    assert TakeoverRequest(8, "other", (1, 4)) in table.lobby.join(8, "other").effects
    with pytest.raises(TableError, match=r"Bot Ada \(normal\)'s seat \(seat 4\) is already promised to newc"):
        table.lobby.join(8, "other", "4")
    with pytest.raises(TableError, match="no longer open"):
        table.takeover_desk.approve(1, 3, 8)


def test_a_named_seat_must_be_a_free_computer_seat() -> None:
    table = five_seats()
    refusal = "Seat 1 is p1's, not a computer player's. Computer seats you can take over: seat 2"
    with pytest.raises(TableError, match=re.escape(refusal)):
        table.lobby.join(9, "newcomer", "1")
    table.clock.away.add(2)
    with pytest.raises(TableError, match="Seat 3 is p3's: they are away for now and get it back with /back"):
        table.lobby.join(9, "newcomer", "p3")
    assert 9 not in table.takeover_requests
    outcome = table.lobby.join(9, "newcomer", "bea")
    assert TakeoverRequest(9, "newcomer", (4,)) in outcome.effects
    assert "Bot Bea (normal)'s seat (seat 5)" in str(outcome.reply)
    # two requests for the same seat: the first approved wins, the other is told
    table.lobby.join(8, "other", "5")
    table.takeover_desk.approve(1, 4, 8)
    with pytest.raises(TableError, match="other already takes over seat 5; choose another one"):
        table.takeover_desk.approve(1, 4, 9)


def test_a_player_who_left_asks_for_their_own_seat_back() -> None:
    table = five_seats()
    assert TakeoverRequest(2, "p2", (1,)) in table.lobby.join(2, "p2").effects
    table.takeover_desk.approve(1, 1, 2)
    game = engine(table)
    while game.round == 1:
        seat = game.awaiting[0]
        card = game.hand(seat)[0] if game.phase is Phase.MISERY else game.legal_cards(seat)[0]
        if table.is_auto(seat):
            auto_move(table, seat, card)
        elif game.phase is Phase.MISERY:
            choose_misery(table, table.seats[seat].user_id, card, game_id="abc123", round=1)
        else:
            play(table, table.seats[seat].user_id, card, game_id="abc123", round=1, trick=game.trick_number)
    assert table.seats[1] == Seat(2, "p2") and table.vacated == {}


def test_the_seat_option_in_a_lobby_is_harmless() -> None:
    table = lobby(1)
    outcome = table.lobby.join(2, "p2", "3")
    assert table.seat_of(2) == 1 and "only matters when you take over" in str(outcome.reply)


def test_names_past_the_ninth_computer_player_are_numbers_never_taken_twice() -> None:
    """The review's case: a big table of computer players where one named past "Ivo" left a
    gap; the next one must not repeat a name still seated (``seat:<name>`` would be ambiguous)."""
    taken = {*BOT_NAMES, "11"}
    assert bot_seat("normal", taken, ("random", "normal")).shown_in("en") == "Bot 10 (normal)"
    taken.add("10")
    assert bot_seat("normal", taken, ("random", "normal")).shown_in("en") == "Bot 12 (normal)"
