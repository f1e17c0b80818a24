"""What the table service shows after the journal reloaded a table from storage."""

from __future__ import annotations

from bot.tables.service import TableService
from host.tables import (
    Effect,
    Outcome,
    Prompt,
    PromptRef,
    Reports,
    RoundClosed,
    ShowTable,
    Table,
    TableState,
)
from stickem import Phase
from stickem.events import GameOver, RoundScored
from tests.bot.stickem_moves import engine


def _playing_table() -> Table:
    table = Table(7, 1, seed_source=lambda: 5, id_source=lambda: "g1")
    for user in (1, 2, 3):
        table.join(user, f"p{user}")
    table.start(1, options={"rounds": 1})
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


def _service(shown: list[Effect]) -> TableService:
    service = TableService(client=None)  # type: ignore[arg-type]

    async def execute(table: Table, outcome: Outcome, **_: object) -> None:
        shown.extend(outcome.effects)

    service.effects.execute = execute  # type: ignore[method-assign]
    return service


async def test_a_reloaded_running_table_is_shown_and_the_next_player_prompted() -> None:
    table = _playing_table()
    while engine(table).phase is Phase.MISERY:
        _advance(table)
    mover = engine(table).awaiting[0]
    table.messages.prompts[mover] = PromptRef(100, 200)  # the DM whose move was stored
    _advance(table)  # the stored move, which the table learns from the reload
    shown: list[Effect] = []
    service = _service(shown)
    assert service.journal.on_reload is not None
    await service.journal.on_reload(table)
    assert shown[0] == ShowTable()
    assert engine(table).phase is Phase.TRICKS
    assert Prompt(engine(table).awaiting[0]) in shown
    assert mover not in table.messages.prompts


async def test_a_reloaded_finished_game_shows_the_final_standings() -> None:
    table = _playing_table()
    while table.state is TableState.PLAYING:
        _advance(table)
    shown: list[Effect] = []
    await _service(shown).show_reloaded(table)
    kinds = [type(effect) for effect in shown]
    assert kinds == [RoundClosed, Reports]
    reports = shown[-1]
    assert isinstance(reports, Reports) and reports.final
    assert any(isinstance(event, RoundScored) for event in reports.events)
    (over,) = [event for event in reports.events if isinstance(event, GameOver)]
    assert over.totals == tuple(engine(table).totals)


async def test_a_reloaded_misery_phase_prompts_every_seat_without_a_live_prompt() -> None:
    table = _playing_table()
    assert engine(table).phase is Phase.MISERY
    table.messages.prompts[0] = PromptRef(100, 200)
    shown: list[Effect] = []
    await _service(shown).show_reloaded(table)
    prompted = {getattr(effect, "seat", None) for effect in shown} - {None}
    assert prompted == {1, 2}
