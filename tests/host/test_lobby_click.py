"""A click on the lobby message is answered by that message in place, as the host's outcome says
(:class:`~host.tables.LobbyInPlace`): the lobby it shows is the answer, not an effect too, so the
Discord layer carries the outcome out as it is (it filters none of its effects)."""

from __future__ import annotations

from host.catalog import lazy
from host.tables import (
    LobbyClick,
    LobbyClosed,
    LobbyInPlace,
    Prompt,
    ShowLobby,
    ShowTable,
    Table,
)


def lobby(players: int) -> Table:
    """A lobby of users 1..players (user 1 is the host)."""
    table = Table(31, 1, seed_source=lambda: 7, id_source=lambda: "lobbyclick")
    for user in range(1, players + 1):
        table.lobby.join(user, f"p{user}")
    return table


def test_a_join_click_is_answered_by_the_lobby_in_place_and_shows_it_once() -> None:
    table = lobby(1)
    outcome = table.lobby.click(LobbyClick(2, "join", "p2"))
    assert table.names == ("p1", "p2")
    assert outcome.answer == LobbyInPlace()
    assert outcome.effects == ()
    assert outcome.seat == 1


def test_an_addbot_click_seats_a_computer_and_answers_in_place() -> None:
    table = lobby(1)
    outcome = table.lobby.click(LobbyClick(1, "addbot", "p1"))
    assert len(table.seats) == 2 and table.seats[1].is_bot
    assert outcome.answer == LobbyInPlace() and outcome.effects == ()


def test_the_last_leave_click_closes_the_lobby_in_place_with_its_reason() -> None:
    table = lobby(1)
    outcome = table.lobby.click(LobbyClick(1, "leave", "p1"))
    assert outcome.answer == LobbyInPlace(lazy("lobby.everybody_left"))
    assert outcome.effects == ()
    # the slash command's own outcome is untouched: /leave edits the lobby message itself
    assert lobby(1).lobby.leave(1).effects == (LobbyClosed(lazy("lobby.everybody_left")),)


def test_a_start_click_closes_the_lobby_in_place_and_keeps_the_games_effects() -> None:
    table = lobby(3)
    outcome = table.lobby.click(LobbyClick(1, "start", "p1"))
    assert outcome.answer == LobbyInPlace(lazy("lobby.started"))
    assert not any(isinstance(effect, ShowLobby | LobbyClosed) for effect in outcome.effects)
    assert outcome.effects[0] == ShowTable(new_message=True)
    assert [e for e in outcome.effects if isinstance(e, Prompt)] == [Prompt(0), Prompt(1), Prompt(2)]
