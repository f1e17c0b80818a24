"""The table model without Discord: lobby, start, misery choice, play, stop."""

from __future__ import annotations

import pytest

from bot.tables import (
    GameEnded,
    GameStopped,
    LobbyClosed,
    Outcome,
    PromptMisery,
    PromptTurn,
    RoundEnded,
    ShowLobby,
    ShowTable,
    Table,
    TableError,
    TableRegistry,
    TableRoundOver,
    TableState,
    max_seats,
)
from stickem import Action, Card, Game, Phase, RuleError, Rules

CHANNEL = 555


def lobby(players: int, *, seed: int = 7) -> Table:
    """A lobby of ``players`` users 1..players (user 1 is the host)."""
    table = Table(CHANNEL, 1, seed_source=lambda: seed, id_source=lambda: "abc123")
    for user in range(1, players + 1):
        table.join(user, f"p{user}")
    return table


def started(players: int, *, seed: int = 7, **kwargs: object) -> Table:
    table = lobby(players, seed=seed)
    table.start(1, **kwargs)  # type: ignore[arg-type]
    return table


def user_of(table: Table, seat: int) -> int:
    return table.seats[seat].user_id


def pick_all(table: Table) -> Outcome:
    """Every seat picks its lowest card; the outcome of the last pick."""
    game = table.game
    assert game is not None
    outcome = None
    for seat in range(game.players):
        outcome = table.choose_misery(
            user_of(table, seat), game.hand(seat)[0], game_id="abc123", round=game.round
        )
    assert outcome is not None
    return outcome


def play_turn(table: Table) -> Outcome:
    """The seat to act plays its first legal card."""
    game = table.game
    assert game is not None
    seat = game.awaiting[0]
    return table.play(
        user_of(table, seat),
        game.legal_cards(seat)[0],
        game_id="abc123",
        round=game.round,
        trick=game.trick_number,
    )


# --- lobby ------------------------------------------------------------------------------------


def test_join_seats_in_join_order_and_first_is_host() -> None:
    table = lobby(3)
    assert [seat.user_id for seat in table.seats] == [1, 2, 3]
    assert table.host_id == 1
    assert table.names == ("p1", "p2", "p3")


def test_join_reply_and_effect() -> None:
    table = Table(CHANNEL)
    outcome = table.join(9, "nine")
    assert outcome.effects == (ShowLobby(),)
    assert "host" in outcome.reply and "seat 1" in outcome.reply


def test_join_twice_is_refused() -> None:
    table = lobby(2)
    with pytest.raises(TableError, match="already seated"):
        table.join(2, "p2")
    assert len(table.seats) == 2


def test_table_is_full_at_the_largest_preset_size() -> None:
    assert max_seats() == max(Rules.preset(name).max_players for name in Rules.PRESETS)
    table = lobby(max_seats())
    with pytest.raises(TableError, match="full"):
        table.join(100, "late")


def test_leave_passes_host_on_and_last_leave_closes() -> None:
    table = lobby(2)
    assert table.leave(1).effects == (ShowLobby(),)
    assert table.host_id == 2
    outcome = table.leave(2)
    assert isinstance(outcome.effects[0], LobbyClosed)
    assert table.state is TableState.CLOSED


def test_leave_when_not_seated_is_refused() -> None:
    table = lobby(2)
    with pytest.raises(TableError, match="not seated"):
        table.leave(42)


# --- start ------------------------------------------------------------------------------------


def test_only_host_or_admin_starts() -> None:
    table = lobby(3)
    with pytest.raises(TableError, match="host"):
        table.start(2)
    assert table.state is TableState.LOBBY
    table.start(3, is_admin=True)
    assert table.state is TableState.PLAYING


def test_start_effects_prompt_every_seat() -> None:
    table = lobby(4)
    outcome = table.start(1)
    assert isinstance(outcome.effects[0], LobbyClosed)
    assert outcome.effects[1] == ShowTable(new_message=True)
    assert outcome.effects[2:] == tuple(PromptMisery(seat) for seat in range(4))
    assert table.game is not None and table.game.players == 4
    assert table.game.seed == 7


def test_start_with_too_few_players_is_the_engines_refusal() -> None:
    table = lobby(2)
    with pytest.raises(TableError, match="2 players"):
        table.start(1)
    assert table.state is TableState.LOBBY and table.game is None


def test_start_with_rules_and_rounds() -> None:
    table = started(3, preset="amigo", rounds=2)
    assert table.game is not None
    assert table.game.rules.preset == "amigo"
    assert table.game.rounds == 2


def test_bad_rounds_are_refused_by_the_engine() -> None:
    table = lobby(3)
    with pytest.raises(TableError, match=r"(?i)rounds=0"):
        table.start(1, rounds=0)
    assert table.state is TableState.LOBBY


def test_preset_not_allowing_seat_count_is_refused() -> None:
    table = lobby(7)
    with pytest.raises(TableError, match="7 players"):
        table.start(1, preset="amigo")


def test_join_refused_once_playing_without_computer_seats() -> None:
    table = started(3)
    with pytest.raises(TableError, match="already running"):
        table.join(50, "late")
    with pytest.raises(TableError, match="already started"):
        table.start(1)


def test_leaving_a_running_game_hands_the_seat_to_a_computer_player() -> None:
    table = started(3)
    outcome = table.leave(2)
    assert table.seats[1].is_bot and table.seats[1].level == "normal"
    assert table.seat_of(2) is None
    assert "plays your seat" in outcome.reply
    assert table.state is TableState.PLAYING


# --- misery choice ----------------------------------------------------------------------------


def test_misery_pick_then_reveal_prompts_the_leader() -> None:
    table = started(3)
    game = table.game
    assert game is not None
    first = table.choose_misery(1, game.hand(0)[0], game_id="abc123", round=1)
    assert first.effects == (ShowTable(),)
    assert "misery card" in first.reply
    last = pick_all_remaining(table)
    assert game.phase is Phase.TRICKS
    assert last.effects == (ShowTable(), PromptTurn(game.awaiting[0]))


def pick_all_remaining(table: Table) -> Outcome:
    game = table.game
    assert game is not None
    outcome = None
    for seat in game.awaiting:
        outcome = table.choose_misery(
            user_of(table, seat), game.hand(seat)[0], game_id="abc123", round=game.round
        )
    assert outcome is not None
    return outcome


def test_second_pick_is_refused_by_engine_and_changes_nothing() -> None:
    table = started(3)
    game = table.game
    assert game is not None
    card = game.hand(0)[0]
    table.choose_misery(1, card, game_id="abc123", round=1)
    before = game.copy()
    with pytest.raises(RuleError):
        table.choose_misery(1, game.hand(0)[0], game_id="abc123", round=1)
    assert game == before


def test_clicks_from_outsiders_old_games_or_old_rounds_are_refused() -> None:
    table = started(3)
    game = table.game
    assert game is not None
    card = game.hand(0)[0]
    with pytest.raises(TableError, match="not seated"):
        table.choose_misery(99, card, game_id="abc123", round=1)
    with pytest.raises(TableError, match="game that is over"):
        table.choose_misery(1, card, game_id="ffffff", round=1)
    with pytest.raises(TableError, match="round 2"):
        table.choose_misery(1, card, game_id="abc123", round=2)
    assert game.actions == ()


# --- play -------------------------------------------------------------------------------------


def test_out_of_turn_and_stale_plays_change_nothing() -> None:
    table = started(3)
    pick_all(table)
    game = table.game
    assert game is not None
    actor = game.awaiting[0]
    other = (actor + 1) % 3
    before = game.copy()
    with pytest.raises(RuleError):
        table.play(user_of(table, other), game.hand(other)[0], game_id="abc123", round=1, trick=1)
    with pytest.raises(RuleError):  # a card of somebody else's hand
        table.play(user_of(table, actor), game.hand(other)[0], game_id="abc123", round=1, trick=1)
    assert game == before
    play_turn(table)
    play_turn(table)
    play_turn(table)  # trick 1 complete
    before = game.copy()
    seat = game.awaiting[0]
    with pytest.raises(TableError, match="trick 1"):
        table.play(user_of(table, seat), game.hand(seat)[0], game_id="abc123", round=1, trick=1)
    assert game == before


def test_play_effects_edit_table_and_prompt_next() -> None:
    table = started(3)
    pick_all(table)
    game = table.game
    assert game is not None
    outcome = play_turn(table)
    assert outcome.effects == (ShowTable(), PromptTurn(game.awaiting[0]))
    assert outcome.reply.startswith("You played")


def test_full_game_through_the_table_matches_an_engine_replay() -> None:
    table = started(3, seed=11)
    game = table.game
    assert game is not None
    round_ends = 0
    game_ends: list[GameEnded] = []
    while table.state is TableState.PLAYING:
        outcome = pick_all(table) if game.phase is Phase.MISERY else play_turn(table)
        for effect in outcome.effects:
            if isinstance(effect, RoundEnded):
                round_ends += 1
                # the table message of the ended round is edited, not a new one
                assert isinstance(outcome.effects[0], TableRoundOver)
            if isinstance(effect, GameEnded):
                game_ends.append(effect)
        if game.phase is not Phase.GAME_OVER and any(isinstance(e, RoundEnded) for e in outcome.effects):
            assert ShowTable(new_message=True) in outcome.effects
            assert sum(isinstance(e, PromptMisery) for e in outcome.effects) == 3
    assert round_ends == game.rounds == 5
    assert len(game_ends) == 1
    replay = Game.new(3, Rules.preset("classic"), seed=11)
    for action in game.actions:
        replay.apply(Action(action.kind, action.seat, action.card))
    assert list(game_ends[0].over.totals) == replay.totals
    assert list(game_ends[0].over.winners) == replay.winners
    with pytest.raises(TableError, match="over"):
        table.play(1, Card.parse("red 1"), game_id="abc123", round=game.round, trick=1)


# --- stop -------------------------------------------------------------------------------------


def test_stop_needs_host_or_admin_and_the_current_game() -> None:
    table = started(3)
    with pytest.raises(TableError, match="host"):
        table.check_stop(2)
    game_id = table.check_stop(1)
    with pytest.raises(TableError, match="over"):
        table.stop(1, game_id="ffffff")
    outcome = table.stop(3, is_admin=True, game_id=game_id)
    assert isinstance(outcome.effects[0], GameStopped)
    assert outcome.effects[0].totals == (0, 0, 0)
    assert table.state is TableState.CLOSED
    with pytest.raises(TableError, match="closed"):
        table.check_stop(1)


def test_stop_in_lobby_closes_it() -> None:
    table = lobby(2)
    outcome = table.stop(1, game_id=table.check_stop(1))
    assert isinstance(outcome.effects[0], LobbyClosed)
    assert table.state is TableState.CLOSED


def test_a_lobby_stop_confirmation_never_closes_a_later_lobby() -> None:
    registry = TableRegistry()
    first = registry.get_or_open(CHANNEL)
    first.join(1, "p1")
    old_confirmation = first.check_stop(1)
    first.stop(1, game_id=old_confirmation)
    second = registry.get_or_open(CHANNEL)
    second.join(1, "p1")
    assert second.check_stop(1) != old_confirmation
    with pytest.raises(TableError, match="That lobby is already closed"):
        second.stop(1, game_id=old_confirmation)
    assert second.state is TableState.LOBBY


def test_a_stale_stop_of_a_game_whose_id_begins_with_0_says_the_game_is_over() -> None:
    ids = iter(["0bc123", "def456"])
    registry = TableRegistry(seed_source=lambda: 7, id_source=lambda: next(ids))
    for game in range(2):
        table = registry.get_or_open(CHANNEL)
        for user in (1, 2, 3):
            table.join(user, f"p{user}")
        table.start(1)
        if game == 0:
            old_confirmation = table.check_stop(1)
            table.stop(1, game_id=old_confirmation)
    with pytest.raises(TableError, match="That game is already over"):
        table.stop(1, game_id=old_confirmation)
    assert table.state is TableState.PLAYING


def test_a_lobby_stop_confirmation_after_the_start_says_the_game_started() -> None:
    table = lobby(3)
    confirmation = table.check_stop(1)
    table.start(1)
    with pytest.raises(TableError, match="The game has started since you asked to stop the lobby"):
        table.stop(1, game_id=confirmation)
    assert table.state is TableState.PLAYING


# --- registry ---------------------------------------------------------------------------------


def test_registry_one_table_per_channel_and_reopen_after_close() -> None:
    registry = TableRegistry()
    first = registry.get_or_open(1)
    assert registry.get_or_open(1) is first
    assert registry.get_or_open(2) is not first
    assert registry.get(3) is None
    with pytest.raises(TableError, match="no table"):
        registry.require(3)
    first.join(5, "five")
    first.leave(5)
    assert registry.get(1) is None
    assert registry.get_or_open(1) is not first
    assert len(registry.tables()) == 2


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"fill_to": 0}, "Choose between 1 and"),
        ({"fill_to": -3}, "Choose between 1 and"),
        ({"preset": ""}, "Unknown preset ''"),
        ({"preset": "  "}, "Unknown preset"),
        ({"timer": ""}, "Choose a turn timer among"),
    ],
)
def test_a_start_with_an_empty_or_zero_option_is_refused_not_ignored(
    options: dict[str, object], refusal: str
) -> None:
    table = lobby(3)
    with pytest.raises(TableError, match=refusal):
        table.start(1, **options)  # type: ignore[arg-type]
    assert table.state is TableState.LOBBY and table.game is None
