"""A rematch without Discord: the lobby made from a finished game's seats, options and timer,
and every click the offer refuses (see host/rematch.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from host.catalog import render, text
from host.journal import GameJournal, game_options
from host.rematch import REMATCH_WINDOW, RematchExpired, RematchInvalid, RematchOffer, timer_choice
from host.resume import table_of_lobby
from host.storage import SAVE_FAILED, Storage, StorageUnavailable
from host.storage.records import GameRecord, GameStatus, SeatRecord
from host.tables import ShowLobby, Table, TableError, TableRegistry, TableState

CHANNEL = 777
ENDED = datetime(2026, 11, 27, 1, 0, tzinfo=UTC)
GAMES = ("stickem", "stupid", "stickgame")
OPTIONS = {
    "stickem": {"preset": "amigo", "rounds": 1},
    "stupid": {"max_hand": 5},
    "stickgame": {"sticks_to_win": 2},
}


def finished(game: str, *, timer: str = "off", scale: float = 1.0) -> Table:
    """A table of ``game`` whose game was played to its end (seats: ann 11, a hard computer
    player, bob 12, a random one), stored as game 42."""
    table = Table(CHANNEL, 1, game=game, seed_source=lambda: 3, id_source=lambda: "abc")
    table.clock.scale = scale
    table.lobby.join(11, "ann")
    table.lobby.add_bot(11, "hard")
    table.lobby.join(12, "bob")
    table.lobby.add_bot(11, "random")
    table.lobby.start(11, options=OPTIONS[game], timer=timer)
    match = table.running_match()
    while not match.is_over:
        seat = match.awaiting[0]
        match.apply(seat, match.legal_actions(seat)[0])
    table.storage_id = 42
    return table


def offer_of(game: str, **kwargs: object) -> RematchOffer:
    offer = RematchOffer.of_table(finished(game, **kwargs), ENDED)  # type: ignore[arg-type]
    assert offer is not None
    return offer


def fresh(game: str = "stickem") -> Table:
    return TableRegistry().get_or_open(CHANNEL, 1, game)


@pytest.mark.parametrize("game", GAMES)
def test_the_rematch_lobby_has_the_seats_options_and_timer_of_the_game(game: str) -> None:
    table = finished(game, timer="60s")
    offer = RematchOffer.of_table(table, ENDED)
    assert offer is not None and offer.game == game and offer.game_id == 42
    lobby = fresh(game)
    outcome = offer.click(lobby, 12, "bob")  # bob asks first: he is the host, the first seat
    assert ShowLobby() in outcome.effects and "host" in render(outcome.reply)
    # round the table as the game sat (ann, Ada, bob, Bea), from bob's seat
    assert [(s.user_id, s.shown_in("en"), s.level) for s in lobby.seats] == [
        (12, "bob", None),
        (0, "Bot Bea (random)", "random"),
        (0, "Bot Ada (hard)", "hard"),
    ]
    assert lobby.host_id == 12 and lobby.state is TableState.LOBBY
    assert lobby.rematch_of == 42 and lobby.lobby_timer == "60s"
    assert lobby.lobby.resolve() == dict(table.running_match().options)
    # ann joins by her own click: at her place, between Bea and Ada, as in the game
    joined = offer.click(lobby, 11, "ann")
    assert "joined the rematch" in render(joined.reply) and lobby.seat_of(11) == 2
    # the host starts as usual: same options, the computer seats at their levels, same timer
    lobby.lobby.start(12)
    again = lobby.running_match()
    assert dict(again.options) == dict(table.running_match().options)
    assert [seat.level for seat in lobby.seats] == [None, "random", None, "hard"]
    assert lobby.clock.timer_seconds == 60


def test_the_rematch_keeps_the_games_seat_order_whoever_comes_back_how() -> None:
    """The game's first seat opens the rematch: its computer seats are not seated before the
    people; bob, who joins with Join as in any lobby, takes his old seat between the computer
    players, so the order is the finished game's; a newcomer sits at the end."""
    offer = offer_of("stupid")
    lobby = fresh("stupid")
    offer.click(lobby, 11, "ann")
    assert [s.user_id or s.level for s in lobby.seats] == [11, "hard", "random"]
    outcome = lobby.lobby.join(12, "bob")  # the lobby's Join button
    assert outcome.seat == 2 and "seat 3" in render(outcome.reply)
    assert [s.user_id or s.level for s in lobby.seats] == [11, "hard", 12, "random"]
    assert [s.user_id or s.level for s in offer.seats] == [11, "hard", 12, "random"]
    lobby.lobby.leave(12)  # who leaves and comes back finds the same place
    lobby.lobby.join(12, "bob")
    lobby.lobby.join(99, "cyd")  # did not play: at the end, as in any lobby
    assert [s.user_id or s.level for s in lobby.seats] == [11, "hard", 12, "random", 99]
    plain = fresh("stupid")  # any other lobby: everyone at the end
    plain.lobby.add_bot(0, "hard", is_admin=True)
    plain.lobby.join(12, "bob")
    assert [s.user_id or s.level for s in plain.seats] == ["hard", 12]


def test_a_returning_player_never_takes_the_host_from_the_one_who_took_over() -> None:
    """bob opens the rematch, the newcomer cyd joins, bob leaves: cyd is the host. ann comes
    back, whose old place is before cyd's seat: she sits after cyd, at the first place that
    fits the old order there, and cyd stays the host (nobody would have been told otherwise)."""
    offer = offer_of("stupid")
    lobby = fresh("stupid")
    offer.click(lobby, 12, "bob")
    lobby.lobby.join(99, "cyd")
    lobby.lobby.leave(12)
    assert [s.user_id or s.level for s in lobby.seats] == ["random", "hard", 99] and lobby.host_id == 99
    joined = offer.click(lobby, 11, "ann")
    assert joined.seat == 3 and lobby.host_id == 99
    assert [s.user_id or s.level for s in lobby.seats] == ["random", "hard", 99, 11]
    lobby.lobby.join(12, "bob")  # bob, by Join: after the host too, before ann as he sat
    assert [s.user_id or s.level for s in lobby.seats] == ["random", "hard", 99, 12, 11]
    assert lobby.host_id == 99


def test_a_second_click_says_the_lobby_is_open_and_changes_nothing() -> None:
    offer = offer_of("stickem")
    lobby = fresh()
    offer.click(lobby, 11, "ann")
    seats = list(lobby.seats)
    with pytest.raises(TableError, match="already open"):
        offer.click(lobby, 11, "ann")
    assert lobby.seats == seats


def test_a_click_once_the_rematch_started_says_so() -> None:
    offer = offer_of("stickem")
    lobby = fresh()
    offer.click(lobby, 11, "ann")
    lobby.lobby.start(11, fill_to=3)
    with pytest.raises(TableError, match="already started"):
        offer.click(lobby, 12, "bob")


def test_another_table_in_the_channel_refuses_the_rematch() -> None:
    offer = offer_of("stickem")
    other = fresh()
    other.lobby.join(99, "zed")  # someone opened a lobby of their own
    with pytest.raises(TableError, match="already has an open lobby"):
        offer.click(other, 11, "ann")
    assert [seat.user_id for seat in other.seats] == [99] and other.rematch_of is None
    running = finished("stickem")  # a game of a different rematch, or none, running here
    running.state = TableState.PLAYING
    with pytest.raises(TableError, match="already has an open lobby"):
        offer.click(running, 11, "ann")


def test_only_the_seated_people_in_time_may_click() -> None:
    offer = offer_of("stupid")
    in_time = ENDED + REMATCH_WINDOW - timedelta(seconds=1)
    offer.check(11, in_time)
    offer.check(12, in_time)
    with pytest.raises(TableError, match="Only the people who played"):
        offer.check(99, in_time)
    with pytest.raises(TableError, match="Only the people who played"):
        offer.check(0, in_time)  # the computer seats' user id is no person's
    with pytest.raises(RematchExpired, match="expired"):
        offer.check(11, ENDED + REMATCH_WINDOW)
    with pytest.raises(RematchExpired):
        offer.check(11, ENDED + timedelta(seconds=5), timedelta(seconds=5))


def test_no_offer_for_a_game_not_stored_or_not_over() -> None:
    table = finished("stickem")
    table.storage_id = None
    assert RematchOffer.of_table(table, ENDED) is None
    lobby = Table(CHANNEL, 1)
    lobby.lobby.join(1, "ann")
    lobby.lobby.start(1, fill_to=3)
    lobby.storage_id = 5
    assert RematchOffer.of_table(lobby, ENDED) is None


def record_of(table: Table, status: GameStatus = GameStatus.FINISHED) -> GameRecord:
    """The stored form of ``table``'s game, as storage loads it."""
    match = table.running_match()
    return GameRecord(
        id=42,
        guild_id=1,
        channel_id=CHANNEL,
        game=table.spec.name,
        seed=3,
        rules=json.dumps(dict(match.options)),
        options=game_options(table),
        status=status,
        seats=tuple(SeatRecord(None if s.is_bot else s.user_id, s.name) for s in table.seats),
        created_at=ENDED,
        updated_at=ENDED,
        ended_at=ENDED if status is GameStatus.FINISHED else None,
        end_reason=None,
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_offer_rebuilt_from_the_stored_game_is_the_same(game: str) -> None:
    """After a restart the offer comes from storage: the same seats, levels, options and timer
    (the stored timer is scaled as the table ran it)."""
    table = finished(game, timer="30s", scale=0.01)
    assert RematchOffer.of_record(record_of(table), 0.01) == RematchOffer.of_table(table, ENDED)


def test_a_stopped_game_has_no_rematch() -> None:
    with pytest.raises(RematchInvalid):
        RematchOffer.of_record(record_of(finished("stickem"), GameStatus.STOPPED))


def test_timer_choices() -> None:
    assert timer_choice(None) == "off"
    assert timer_choice(120) == "2min" and timer_choice(1.2, 0.01) == "2min"
    assert timer_choice(45) is None


def test_the_rematch_lobby_survives_a_restart() -> None:
    """The stored lobby keeps what makes it the rematch: the game it replays and its timer."""
    offer = offer_of("stickgame", timer="5min")
    lobby = fresh("stickgame")
    offer.click(lobby, 11, "ann")
    record = GameJournal(None).lobby_record(lobby)
    again = table_of_lobby(record, TableRegistry())
    assert again.rematch_of == 42 and again.lobby_timer == "5min"
    assert again.seats == lobby.seats and again.chosen == lobby.chosen
    with pytest.raises(TableError, match="already open"):
        offer.click(again, 11, "ann")
    assert "joined" in render(offer.click(again, 12, "bob").reply)
    # the seat order came through the restart: bob at his place, not after the computers
    assert [s.user_id or s.level for s in again.seats] == [11, "hard", 12, "random"]


async def test_a_rematch_lobby_that_could_not_be_saved_is_undone(tmp_path: Path) -> None:
    """The storage refuses the new lobby: the player is told, and the channel's table is left
    as empty as before (no rematch mark that a later /join would inherit)."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:

        async def refuse(*_: object) -> None:
            raise StorageUnavailable(SAVE_FAILED)

        storage.lobbies.save_lobby = refuse  # type: ignore[method-assign]
        offer = offer_of("stickem", timer="5min")
        lobby = fresh()
        with pytest.raises(TableError, match="could not be saved"):
            async with GameJournal(storage).recording(lobby):
                offer.click(lobby, 11, "ann")
        assert lobby.seats == [] and lobby.chosen == {}
        assert lobby.rematch_of is None and lobby.lobby_timer is None
    finally:
        await storage.close()


def test_the_answers_are_left_to_each_readers_language() -> None:
    """The host hands up catalog texts, not English: a German clicker reads them in German."""
    offer = offer_of("stickem")
    lobby = fresh()
    opened = offer.click(lobby, 11, "ann").reply
    assert render(opened, "de") == text("rematch.opened", language="de", title=lobby.title)
    assert render(opened, "de") != render(opened)
    with pytest.raises(TableError) as refused:
        offer.click(lobby, 11, "ann")
    assert render(refused.value.words, "de") == text("rematch.already_open", language="de")
    with pytest.raises(RematchExpired) as late:
        offer.check(11, ENDED + REMATCH_WINDOW)
    assert render(late.value.words, "de") == text("rematch.expired", language="de")
