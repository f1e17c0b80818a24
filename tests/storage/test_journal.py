"""The table journal (bot/persistence.py) on both databases: what each table change writes, that a
failed write leaves the table exactly as it was, and that a restart rebuilds the same tables."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from host.journal import GameJournal, TableReloaded, seat_results
from host.resume import rebuild_tables
from host.storage import SAVE_FAILED, GameStatus, Storage, StorageUnavailable, Transaction
from host.storage.game_writes import GameWrites
from host.table.record import options_json
from host.table_change import TableChanges
from host.tables import (
    GameRefusal,
    Outcome,
    Prompt,
    Reports,
    RoundClosed,
    ShowReloaded,
    ShowTable,
    Table,
    TableError,
    TableRegistry,
    TableState,
)
from stickem import Phase
from stickem.hosting import card_token
from tests.bot.stickem_moves import choose_misery, engine, play

CHANNEL = 555
GUILD = 1


def new_table() -> Table:
    """An empty lobby with a fixed seed and game id."""
    return Table(CHANNEL, GUILD, seed_source=lambda: 11, id_source=lambda: "abc123")


async def change(journal: GameJournal, table: Table, action: Callable[[], Outcome]) -> Outcome:
    """Run one table method the way the table service does: recorded, undone on failure."""
    async with journal.recording(table):
        return action()


async def seated(journal: GameJournal, players: int = 3) -> Table:
    table = new_table()
    for user in range(1, players + 1):
        await change(journal, table, lambda u=user: table.lobby.join(u, f"p{u}"))  # type: ignore[misc]
    return table


async def next_move(journal: GameJournal, table: Table) -> Outcome:
    """The first seat to act picks / plays its lowest legal card."""
    game = engine(table)
    assert table.game_id is not None
    seat = game.awaiting[0]
    user = table.seats[seat].user_id
    if game.phase is Phase.MISERY:
        card = game.hand(seat)[0]
        return await change(
            journal, table, lambda: choose_misery(table, user, card, game_id="abc123", round=game.round)
        )
    card = game.legal_cards(seat)[0]
    return await change(
        journal,
        table,
        lambda: play(table, user, card, game_id="abc123", round=game.round, trick=game.trick_number),
    )


async def test_lobby_start_moves_and_finish_are_stored(storage: Storage) -> None:
    journal = GameJournal(storage)
    table = await seated(journal)
    (lobby,) = await storage.lobbies.load_lobbies()
    assert [s.user_id for s in lobby.seats] == [1, 2, 3] and lobby.host_id == 1

    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    assert await storage.lobbies.load_lobbies() == []
    assert table.storage_id is not None
    for _ in range(10):
        await next_move(journal, table)
    (stored,) = (await storage.games.load_unfinished_games()).games
    assert stored.record.seed == 11 and len(stored.actions) == 10
    assert journal.actions_recorded == 10  # what the metrics count as actions played

    # a restart rebuilds the very same table
    registry = TableRegistry()
    report = rebuild_tables(
        await storage.games.load_unfinished_games(), await storage.lobbies.load_lobbies(), registry
    )
    (rebuilt,) = report.games
    assert engine(rebuilt) == engine(table) and rebuilt.game_id == "abc123" and rebuilt.names == table.names
    assert rebuilt.storage_id == table.storage_id and rebuilt.state is TableState.PLAYING
    assert rebuilt.options() == table.options() and rebuilt.options()["rounds"] == 1

    while engine(table).phase is not Phase.GAME_OVER:
        await next_move(journal, table)
    finished = await storage.games.load_game(table.storage_id)
    assert finished.record.status is GameStatus.FINISHED
    assert len(finished.actions) == engine(table).action_count
    assert journal.actions_recorded == engine(table).action_count
    (entry,) = await storage.stats.history(CHANNEL, 1)
    assert sorted(s.total for s in entry.standings) == sorted(engine(table).totals)
    assert table.match is not None
    results = seat_results(table.match.results(), table.seats)
    assert [r.stats["misery_swallowed"] for r in results] == list(engine(table).misery_swallowed)
    for seat in range(3):
        stats = await storage.stats.player_stats(GUILD, seat + 1)
        swallowed = stats.stat("stickem", "misery_swallowed")
        assert stats.games_played == 1 and swallowed == results[seat].stats["misery_swallowed"]


async def test_a_stopped_game_and_a_closed_lobby(storage: Storage) -> None:
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1))
    await next_move(journal, table)
    await change(journal, table, lambda: table.stopping.stop(1, game_id="abc123"))
    assert table.storage_id is not None
    assert (await storage.games.load_game(table.storage_id)).record.status is GameStatus.STOPPED
    assert (await storage.games.load_unfinished_games()).games == ()

    lobby = await seated(journal, 1)
    await change(journal, lobby, lambda: lobby.lobby.leave(1))
    assert lobby.state is TableState.CLOSED and await storage.lobbies.load_lobbies() == []


async def test_a_failed_write_leaves_the_table_as_it_was(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    for _ in range(4):
        await next_move(journal, table)
    before = (engine(table).copy(), table.state)

    async def refuse(*args: object, **kwargs: object) -> None:
        raise StorageUnavailable(detail="injected")

    monkeypatch.setattr("host.storage.game_writes.GameWrites.append_action", refuse)
    with pytest.raises(TableError, match=SAVE_FAILED):
        await next_move(journal, table)
    game = engine(table)
    assert game == before[0] and table.state is before[1]
    assert journal.actions_recorded == 4  # the move that was not stored is not counted
    monkeypatch.undo()

    # an engine refusal stores nothing either
    seat = (game.awaiting[0] + 1) % 3
    with pytest.raises(GameRefusal):
        await change(
            journal,
            table,
            lambda: play(
                table,
                table.seats[seat].user_id,
                game.hand(seat)[0],
                game_id="abc123",
                round=1,
                trick=game.trick_number,
            ),
        )
    assert engine(table).action_count == 4
    await next_move(journal, table)
    (stored,) = (await storage.games.load_unfinished_games()).games
    assert len(stored.actions) == 5 == engine(table).action_count == journal.actions_recorded


async def test_a_failed_start_keeps_the_lobby(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    journal = GameJournal(storage)
    table = await seated(journal)

    async def refuse(*args: object, **kwargs: object) -> int:
        raise StorageUnavailable(detail="injected")

    monkeypatch.setattr("host.storage.game_writes.GameWrites.create_game", refuse)
    with pytest.raises(TableError, match=SAVE_FAILED):
        await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 2}))
    assert table.state is TableState.LOBBY and table.match is None and table.game_id is None
    assert table.chosen == {}  # the options of the failed /start are not the lobby's
    assert len(await storage.lobbies.load_lobbies()) == 1  # the lobby was not deleted either


async def test_a_lobbys_chosen_options_come_back_after_a_restart(storage: Storage) -> None:
    journal = GameJournal(storage)
    table = await seated(journal)

    def choose() -> Outcome:
        table.chosen = {"preset": "amigo", "rounds": 4}  # options asked for in the lobby
        return Outcome("")

    await change(journal, table, choose)
    (record,) = await storage.lobbies.load_lobbies()
    (lobby,) = rebuild_tables(await storage.games.load_unfinished_games(), [record], TableRegistry()).lobbies
    assert lobby.chosen == {"preset": "amigo", "rounds": 4} and lobby.names == table.names
    assert lobby.options()["preset"] == "amigo" and lobby.capacity() == 6


async def test_a_move_forgets_the_movers_hand_message(storage: Storage) -> None:
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    assert table.storage_id is not None
    for seat in range(3):
        await storage.games.set_message(table.storage_id, "hand", 900 + seat, 1000 + seat, seat=seat)
    await storage.games.set_message(table.storage_id, "table", CHANNEL, 77)
    mover = engine(table).awaiting[0]
    await next_move(journal, table)
    (stored,) = (await storage.games.load_unfinished_games()).games
    kept = sorted((m.purpose, m.seat) for m in stored.messages)
    assert kept == sorted([("table", None)] + [("hand", s) for s in range(3) if s != mover])


async def test_a_table_behind_its_stored_game_is_brought_up_to_date(storage: Storage) -> None:
    """A commit that reached the database but was reported as failed leaves the table one move
    behind: the next move conflicts, the table reloads the stored game, and play goes on."""
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    for _ in range(4):
        await next_move(journal, table)
    game = engine(table)
    assert table.storage_id is not None
    ahead = game.copy()
    seat = ahead.awaiting[0]
    card = ahead.legal_cards(seat)[0]
    ahead.play(seat, card)
    await storage.games.append_action(table.storage_id, 4, seat, f"p:{card_token(card)}")  # the "lost" commit

    with pytest.raises(TableReloaded, match="out of step") as reloaded:
        await next_move(journal, table)
    assert engine(table) == ahead and table.state is TableState.PLAYING
    assert engine(table).action_count == 5
    shown = reloaded.value.shown.effects  # the reloaded table, as concrete effects
    assert shown[:2] == (ShowReloaded(), ShowTable()), "the reloaded table must be shown"
    assert shown[2:] == (Prompt(engine(table).awaiting[0], keep_live=True),)
    await next_move(journal, table)
    (stored,) = (await storage.games.load_unfinished_games()).games
    assert len(stored.actions) == 6 == engine(table).action_count


async def test_a_lost_commit_of_the_last_move_closes_the_table(storage: Storage) -> None:
    """The game's last move reaches the database but its commit is reported as failed: the
    table is put back one move before the end while the stored game is finished. The retry
    conflicts (the game takes no more actions), the table reloads the finished game, closes and
    shows it, instead of answering "could not be saved" forever."""
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    while True:
        probe = engine(table).copy()
        seat = probe.awaiting[0]
        if probe.phase is Phase.MISERY:
            probe.choose_misery(seat, probe.hand(seat)[0])
        else:
            probe.play(seat, probe.legal_cards(seat)[0])
        if probe.phase is Phase.GAME_OVER:
            break
        await next_move(journal, table)
    real = storage.transaction

    @asynccontextmanager
    async def commit_reported_lost(*, urgent: bool = False) -> AsyncIterator[Transaction]:
        async with real(urgent=urgent) as tx:
            yield tx
        raise StorageUnavailable()

    storage.transaction = commit_reported_lost  # type: ignore[method-assign]
    with pytest.raises(TableError, match="could not be saved"):
        await next_move(journal, table)
    storage.transaction = real  # type: ignore[method-assign]
    assert table.state is TableState.PLAYING
    assert table.storage_id is not None
    assert (await storage.games.load_game(table.storage_id)).record.status is GameStatus.FINISHED

    with pytest.raises(TableReloaded, match="already over") as reloaded:
        await next_move(journal, table)
    assert table.state is TableState.CLOSED
    assert engine(table).phase is Phase.GAME_OVER
    ratings = tuple(sorted((await storage.ratings.game_rating_changes(table.storage_id)).items()))
    assert len(ratings) == 3  # the finished game's, as stored: its standings show them
    shown = reloaded.value.shown.effects  # the end of the finished game, as concrete effects
    assert [type(effect) for effect in shown] == [RoundClosed, Reports, ShowReloaded]
    final = shown[1]
    assert isinstance(final, Reports) and final.final, "the finished game must be shown"
    assert final.ratings == ratings


async def test_a_sent_reminder_is_remembered_for_its_deadline_only(storage: Storage) -> None:
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}, timer="30s"))
    assert table.clock.deadline is not None

    def rebuilt() -> Table:
        registry = TableRegistry()
        return rebuild_tables(loaded, [], registry).games[0]

    loaded = await storage.games.load_unfinished_games()
    assert rebuilt().clock.reminded is False  # not reminded yet
    async with journal.recording(table):  # what autoplay does before it sends the reminder
        table.clock.reminded = True
    loaded = await storage.games.load_unfinished_games()
    again = rebuilt()
    assert again.clock.deadline == table.clock.deadline and again.clock.deadline_key is not None
    assert again.clock.reminded is True
    # the next wait has a deadline of its own: the reminder sent before does not count for it
    for _ in range(3):
        await next_move(journal, table)
    assert engine(table).phase is Phase.TRICKS
    loaded = await storage.games.load_unfinished_games()
    moved = rebuilt()
    assert moved.clock.deadline is not None and moved.clock.deadline != again.clock.deadline
    assert moved.clock.reminded is False


def next_move_of(table: Table) -> Callable[[Table], Outcome]:
    """The change :func:`next_move` makes, for the host's one way."""
    game = engine(table)
    seat = game.awaiting[0]
    user, round_number, trick = table.seats[seat].user_id, game.round, game.trick_number
    if game.phase is Phase.MISERY:
        card = game.hand(seat)[0]
        return lambda t: choose_misery(t, user, card, game_id="abc123", round=round_number)
    card = game.legal_cards(seat)[0]
    return lambda t: play(t, user, card, game_id="abc123", round=round_number, trick=trick)


async def played_to_the_end(journal: GameJournal) -> tuple[Table, list[Outcome]]:
    """A one-round game of three people played to its end the host's one way (stored, then
    shown), and every outcome it showed."""
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    shown: list[Outcome] = []

    async def show(table: Table, outcome: Outcome) -> None:
        shown.append(outcome)

    changes = TableChanges(journal, show)
    while table.state is TableState.PLAYING:
        await changes.change(table, next_move_of(table))
    return table, shown


def final_reports(outcome: Outcome) -> list[Reports]:
    return [effect for effect in outcome.effects if isinstance(effect, Reports) and effect.final]


async def test_the_last_move_hands_up_the_rating_changes_it_stored(storage: Storage) -> None:
    """The store step of the game's last move produces what it stored (each seat's rating
    change) and the outcome's final standings carry it: nothing is read back to show them."""
    table, shown = await played_to_the_end(GameJournal(storage))
    assert table.storage_id is not None
    stored = await storage.ratings.game_rating_changes(table.storage_id)
    assert len(stored) == 3
    (final,) = final_reports(shown[-1])
    assert final.ratings == tuple(sorted(stored.items()))
    assert all(not final_reports(outcome) for outcome in shown[:-1])


async def test_a_game_without_storage_hands_up_no_rating_changes() -> None:
    _, shown = await played_to_the_end(GameJournal(None))
    (final,) = final_reports(shown[-1])
    assert final.ratings == ()


async def test_a_write_stores_the_tables_options_when_and_only_when_they_changed(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The options (timer, away seats, timeouts ...) are compared at every write and stored only
    when they changed: a move leaves them alone, a seat timed out and marked away is stored with
    its move, and a restart reads it back."""
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    assert table.storage_id is not None
    stored: list[str] = []
    real = GameWrites.set_options

    async def counted(games: GameWrites, game_id: int, options: str) -> None:
        stored.append(options)
        await real(games, game_id, options)

    monkeypatch.setattr(GameWrites, "set_options", counted)
    for _ in range(3):
        await next_move(journal, table)
    assert stored == []  # moves alone: nothing to rewrite

    async with journal.recording(table):
        table.clock.time_out(2)
        table.clock.away.add(2)
    assert stored == [options_json(table)] and '"away": [2]' in stored[0]
    async with journal.recording(table):
        pass  # a write that changes nothing rewrites nothing
    assert len(stored) == 1

    report = rebuild_tables(
        await storage.games.load_unfinished_games(), await storage.lobbies.load_lobbies(), TableRegistry()
    )
    (rebuilt,) = report.games
    assert rebuilt.clock.away == {2} and rebuilt.clock.timeouts == table.clock.timeouts


async def test_options_refused_by_a_failed_write_are_stored_by_the_next_and_after_a_restart(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write compares the options with the table's before its change, not with what it last
    stored: a write that failed (the table put back) leaves nothing out of step, so the same
    change made again is stored; and on a table rebuilt after a restart a write that changes
    nothing stores nothing, one that does stores it."""
    journal = GameJournal(storage)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    real = GameWrites.set_options
    stored: list[str] = []
    failures = [StorageUnavailable(SAVE_FAILED)]

    async def flaky(games: GameWrites, game_id: int, options: str) -> None:
        if failures:
            raise failures.pop()
        stored.append(options)
        await real(games, game_id, options)

    monkeypatch.setattr(GameWrites, "set_options", flaky)
    with pytest.raises(TableError):
        async with journal.recording(table):
            table.clock.time_out(1)
            table.clock.away.add(1)
    assert table.clock.away == set() and stored == []  # put back, nothing stored
    async with journal.recording(table):
        table.clock.time_out(1)
        table.clock.away.add(1)
    assert stored == [options_json(table)]

    report = rebuild_tables(
        await storage.games.load_unfinished_games(), await storage.lobbies.load_lobbies(), TableRegistry()
    )
    (rebuilt,) = report.games
    assert rebuilt.clock.away == {1}
    async with journal.recording(rebuilt):
        pass  # the first write after the restart changes nothing: nothing stored
    assert len(stored) == 1
    async with journal.recording(rebuilt):
        rebuilt.clock.away.add(2)
    assert len(stored) == 2 and '"away": [1, 2]' in stored[1]
    report = rebuild_tables(
        await storage.games.load_unfinished_games(), await storage.lobbies.load_lobbies(), TableRegistry()
    )
    assert report.games[0].clock.away == {1, 2}
