"""A computer seat's name is stored without words of any language (its first name; its level
is stored beside it) and shown in each reader's language: "Bot Ada (hard)" in English,
"Bot Ada (schwer)" in German. Old stored rows that hold the English full name read on."""

from __future__ import annotations

import pytest

from host.catalog import render
from host.journal import seat_record
from host.table.seats import computer_first_name, stored_seat_name
from host.tables import Seat, Table, TableError

CHANNEL = 777


def lobby() -> Table:
    table = Table(CHANNEL, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
    table.lobby.join(1, "ann")
    return table


def test_a_computer_seat_is_stored_as_its_first_name_and_shown_in_the_readers_language() -> None:
    table = lobby()
    reply = table.lobby.add_bot(1, "hard").reply
    seat = table.seats[1]
    assert (seat.name, seat.level) == ("Ada", "hard")
    assert seat_record(seat).display_name == "Ada"  # what storage keeps: no word of a language
    assert seat.shown_in("en") == "Bot Ada (hard)"
    assert seat.shown_in("de") == "Bot Ada (schwer)"
    assert render(reply, "de").startswith("Bot Ada (schwer)")
    assert "Bot Ada (hard)" in render(reply, "en")
    assert table.names_in("de") == ("ann", "Bot Ada (schwer)")
    assert table.names == ("ann", "Bot Ada (hard)")


def test_a_random_level_is_named_in_german_too() -> None:
    assert Seat(0, "Bea", "random").shown_in("de") == "Bot Bea (zufällig)"


def test_a_name_stored_by_an_earlier_release_reads_as_its_parts() -> None:
    old = Seat(0, "Bot Ada (hard)", "hard")
    assert old.name == "Ada"
    assert old.shown_in("de") == "Bot Ada (schwer)"
    assert computer_first_name("Bot 10 (normal)") == "10"
    assert computer_first_name("Ada") == "Ada"
    assert Seat(5, "Bot Ada (hard)").name == "Bot Ada (hard)"  # a person may be called so


def test_a_stored_seat_of_a_finished_game_is_named_in_the_readers_language() -> None:
    new = stored_seat_name("Ada", computer=True, level="hard")
    old = stored_seat_name("Bot Ada (hard)", computer=True, level=None)  # a level only in the name
    person = stored_seat_name("ann", computer=False, level=None)
    assert [render(name, "de") for name in (new, old, person)] == ["Bot Ada (schwer)"] * 2 + ["ann"]
    assert render(stored_seat_name("Ada", computer=True, level=None), "en") == "Bot Ada"


def test_a_takeover_finds_a_computer_seat_by_its_german_name() -> None:
    table = lobby()
    table.lobby.join(2, "bob")
    table.lobby.add_bot(1, "hard")
    table.lobby.start(1, options={"rounds": 3}, timer="off")
    assert table.takeover_desk.find_seat("Bot Ada (schwer)") == 2
    assert table.takeover_desk.find_seat("bot ada (hard)") == 2
    assert table.takeover_desk.find_seat("ada") == 2
    assert render(table.takeover_desk.seat_label(2), "de") == "Platz 3: Bot Ada (schwer)"


def test_a_computer_replacing_a_player_who_left_is_named_in_german() -> None:
    table = lobby()
    table.lobby.join(2, "bob")
    table.lobby.join(3, "cy")
    table.lobby.start(1, options={"rounds": 3}, timer="off")
    outcome = table.lobby.leave(3)
    assert "Bot Ada (schwer)" not in render(outcome.reply, "de")  # the stand-in plays at normal
    assert "Bot Ada (normal)" in render(outcome.reply, "de")
    assert table.seats[2].name == "Ada"


def test_an_unknown_level_is_refused_with_the_levels_in_the_readers_language() -> None:
    table = lobby()
    with pytest.raises(TableError) as caught:
        table.lobby.add_bot(1, "genius")
    refusal = caught.value.args[0]
    assert (
        render(refusal, "de")
        == "Die Computerstufe 'genius' gibt es nicht; wähle eine von zufällig, normal, schwer."
    )
    assert render(refusal, "en") == "There is no computer level 'genius'; choose one of random, normal, hard."
