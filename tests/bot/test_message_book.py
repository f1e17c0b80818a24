"""The message book (``bot/tables/message_book.py``): the Discord layer keeps which messages are
whose and stores their ids itself, on both databases; the host's own writes never touch them."""

from __future__ import annotations

from bot.tables.message_book import MessageBook, PromptRef
from bot.tables.resume import restore_tables
from host.journal import GameJournal
from host.storage import OWED, Storage
from host.storage.shown import owes_round_end
from host.tables import TableRegistry
from tests.bot.stickem_moves import engine
from tests.storage.conftest import clock, storage, target
from tests.storage.test_journal import change, new_table, next_move, seated

__all__ = ["clock", "storage", "target"]  # the storage tests' fixtures: SQLite and PostgreSQL


def book_of(journal: GameJournal) -> MessageBook:
    """The message book of a bot with this journal (sharing its one writer, as the service does)."""
    return MessageBook(journal.storage, journal.writing)


async def test_the_lobby_message_is_kept_through_the_lobbys_changes(storage: Storage) -> None:
    """The book stores the lobby's message once; the journal's later saves of the lobby (a
    join, a leave) keep it, and a restart edits that message."""
    journal = GameJournal(storage)
    book = book_of(journal)
    table = await seated(journal, players=1)
    await book.lobby_shown(table, 4242)
    await change(journal, table, lambda: table.lobby.join(2, "p2"))
    await change(journal, table, lambda: table.lobby.leave(2))
    (lobby,) = await storage.lobbies.load_lobbies()
    assert lobby.message_id == 4242
    restarted = MessageBook()
    loaded = await storage.games.load_unfinished_games()
    (again,) = restore_tables(loaded, [lobby], TableRegistry(), restarted).lobbies
    assert restarted.of(again).lobby_id == 4242


async def test_the_table_message_and_a_live_prompt_come_back_after_a_restart(storage: Storage) -> None:
    journal = GameJournal(storage)
    book = book_of(journal)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    await book.table_shown(table, 777)
    await book.prompt_sent(table, 1, PromptRef(901, 902))
    await book.drain()
    restarted = MessageBook()
    report = restore_tables(await storage.games.load_unfinished_games(), [], TableRegistry(), restarted)
    (again,) = report.games
    assert report.sources == []  # the stored games (their whole logs) are not kept with the report
    page = restarted.of(again)
    assert page.table_id == 777
    assert page.prompts == {1: PromptRef(901, 902)}
    assert not page.done and not page.dm_closed


async def test_the_end_of_a_round_is_owed_until_the_book_says_it_was_shown(storage: Storage) -> None:
    """The host marks it with the move that ends the round (store before show); the Discord
    layer clears the mark through its book once it showed it."""
    journal = GameJournal(storage)
    book = book_of(journal)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 2}))
    while engine(table).round == 1:
        await next_move(journal, table)
    assert table.storage_id is not None
    stored = await storage.games.load_game(table.storage_id)
    assert owes_round_end(stored)
    await book.round_end_shown(table)
    stored = await storage.games.load_game(table.storage_id)
    assert not owes_round_end(stored)
    assert all(message.purpose != OWED for message in stored.messages)


def test_a_new_table_in_the_same_channel_starts_a_new_page() -> None:
    """The ids belong to the table, not to its channel: the next lobby there posts anew."""
    book = MessageBook()
    old = new_table()
    book.of(old).table_id = 5
    book.of(old).dm_closed.add(7)
    fresh = new_table()
    assert fresh.channel_id == old.channel_id
    assert book.of(fresh).table_id is None and not book.of(fresh).dm_closed
    assert book.of(old).table_id == 5
