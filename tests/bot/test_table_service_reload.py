"""What the table service shows after the journal reloaded a table from storage: the effects the
host hands up (:func:`host.reshow.reloaded_effects`), played as given."""

from __future__ import annotations

from bot.tables.message_book import PromptRef
from bot.tables.service import TableService
from host.reshow import reloaded_effects
from host.tables import (
    Outcome,
    Reports,
    RoundClosed,
    ShowReloaded,
    Table,
    TableState,
)
from stickem import Phase
from stickem.events import GameOver, RoundScored
from tests.bot.stickem_moves import engine


def _playing_table() -> Table:
    table = Table(7, 1, seed_source=lambda: 5, id_source=lambda: "g1")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1, options={"rounds": 1})
    return table


def _advance(table: Table) -> None:
    """The next move, made in the engine behind the table's back (as a reload finds it)."""
    game = engine(table)
    seat = game.awaiting[0]
    if game.phase is Phase.MISERY:
        game.choose_misery(seat, game.hand(seat)[0])
    else:
        game.play(seat, game.legal_cards(seat)[0])
    if game.phase is Phase.GAME_OVER:
        table.state = TableState.CLOSED


def _prompting_service(tables: list[object], prompted: list[int]) -> TableService:
    """A service whose table messages and DM prompts are only noted (no Discord): the effect
    player's own choice of whom to prompt runs."""
    service = TableService(client=None)  # type: ignore[arg-type]

    async def show_table(table: Table, spec: object, *, new: bool) -> None:
        tables.append(spec)

    async def prompt(table: Table, seat: int) -> None:
        prompted.append(seat)

    service.courier.show_table = show_table  # type: ignore[method-assign,assignment]
    service.effects._prompt = prompt  # type: ignore[method-assign]
    service.kick = lambda table: None  # type: ignore[method-assign]
    service.effects.kick = service.kick
    return service


def _a_stored_move_learnt_by_reload(
    tables: list[object], prompted: list[int]
) -> tuple[Table, int, TableService]:
    """A table in its tricks whose mover's DM prompt the book knows, then that move made (as the
    table learns a stored move from a reload), and a service recording what it shows: the
    table, the mover and the service."""
    table = _playing_table()
    while engine(table).phase is Phase.MISERY:
        _advance(table)
    mover = engine(table).awaiting[0]
    service = _prompting_service(tables, prompted)
    service.book.of(table).prompts[mover] = PromptRef(100, 200)  # the DM whose move was stored
    _advance(table)  # the stored move, which the table learns from the reload
    return table, mover, service


async def test_a_reloaded_running_table_is_shown_and_the_next_player_prompted() -> None:
    tables: list[object] = []
    prompted: list[int] = []
    table, mover, service = _a_stored_move_learnt_by_reload(tables, prompted)
    await service.execute(table, Outcome("", reloaded_effects(table)))  # as the host hands it up
    assert len(tables) == 1  # the table message
    assert engine(table).phase is Phase.TRICKS
    assert prompted == [engine(table).awaiting[0]]
    assert not service.book.has_prompt(table, mover)


async def test_a_reloaded_finished_game_shows_the_final_standings() -> None:
    table = _playing_table()
    while table.state is TableState.PLAYING:
        _advance(table)
    shown = reloaded_effects(table)
    kinds = [type(effect) for effect in shown]
    assert kinds == [RoundClosed, Reports, ShowReloaded]
    reports = shown[1]
    assert isinstance(reports, Reports) and reports.final
    assert any(isinstance(event, RoundScored) for event in reports.events)
    (over,) = [event for event in reports.events if isinstance(event, GameOver)]
    assert over.totals == tuple(engine(table).totals)


async def test_a_reloaded_misery_phase_prompts_every_seat_without_a_live_prompt() -> None:
    table = _playing_table()
    assert engine(table).phase is Phase.MISERY
    prompted: list[int] = []
    service = _prompting_service([], prompted)
    service.book.of(table).prompts[0] = PromptRef(100, 200)
    await service.execute(table, Outcome("", reloaded_effects(table)))
    assert sorted(prompted) == [1, 2]


async def test_the_display_only_plays_the_reload_it_is_handed() -> None:
    """ShowReloaded alone shows nothing new: the bot asks the host nothing while it shows (the
    table message and prompts come as effects of their own); it only forgets the prompt whose
    move was stored."""
    tables: list[object] = []
    prompted: list[int] = []
    table, mover, service = _a_stored_move_learnt_by_reload(tables, prompted)
    await service.execute(table, Outcome("", (ShowReloaded(),)))
    assert (tables, prompted) == ([], [])
    assert not service.book.has_prompt(table, mover)
