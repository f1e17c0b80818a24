"""The table model without Discord: lobby, start, misery choice, play, stop."""

from __future__ import annotations

import pytest

from host.tables import (
    Click,
    Effect,
    GameRefusal,
    GameStopped,
    LobbyClosed,
    Outcome,
    Prompt,
    PromptAnswered,
    Reports,
    RoundClosed,
    ShowLobby,
    ShowTable,
    Step,
    Table,
    TableError,
    TableRegistry,
    TableState,
)
from stickem import Action, Card, Game, Phase, Rules
from stickem.events import GameOver
from stickem.hosting import card_token
from stickem.presentation import MISERY_SELECT
from tests.bot.stickem_moves import choose_misery, engine, play

CHANNEL = 555


def lobby(players: int, *, seed: int = 7) -> Table:
    """A lobby of ``players`` users 1..players (user 1 is the host)."""
    table = Table(CHANNEL, 1, seed_source=lambda: seed, id_source=lambda: "abc123")
    for user in range(1, players + 1):
        table.lobby.join(user, f"p{user}")
    return table


def started(players: int, *, seed: int = 7, **options: object) -> Table:
    """A started game of ``players`` users, with the game ``options`` asked for at /start."""
    table = lobby(players, seed=seed)
    table.lobby.start(1, options=options)
    return table


def shown(table: Table, outcome: Outcome) -> tuple[Effect, ...]:
    """The effects of ``outcome`` that show something: every action reports its events, and a
    :class:`Reports` of which the game's presentation makes no message posts nothing."""
    return tuple(
        effect
        for effect in outcome.effects
        if not isinstance(effect, Reports)
        or table.presentation.reports(effect.events, table.last_view(), table.names)
    )


def after_answer(outcome: Outcome) -> tuple[Effect, ...]:
    """The effects of a click's outcome after its first, the clicked prompt answered (as the
    bot's clicks are: :meth:`~host.table.clicks.TableClicks.apply_click`)."""
    assert outcome.seat is not None and outcome.effects[0] == PromptAnswered(outcome.seat)
    return outcome.effects[1:]


def user_of(table: Table, seat: int) -> int:
    return table.seats[seat].user_id


def pick_all(table: Table) -> Outcome:
    """Every seat picks its lowest card; the outcome of the last pick."""
    game = engine(table)
    outcome = None
    for seat in range(game.players):
        outcome = choose_misery(
            table, user_of(table, seat), game.hand(seat)[0], game_id="abc123", round=game.round
        )
    assert outcome is not None
    return outcome


def play_turn(table: Table) -> Outcome:
    """The seat to act plays its first legal card."""
    game = engine(table)
    seat = game.awaiting[0]
    return play(
        table,
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
    outcome = table.lobby.join(9, "nine")
    assert outcome.effects == (ShowLobby(),)
    assert "host" in str(outcome.reply) and "seat 1" in str(outcome.reply)


def test_join_twice_is_refused() -> None:
    table = lobby(2)
    with pytest.raises(TableError, match="already seated"):
        table.lobby.join(2, "p2")
    assert len(table.seats) == 2


def test_table_is_full_at_the_largest_preset_size() -> None:
    largest = max(Rules.preset(name).max_players for name in Rules.PRESETS)
    assert Table(CHANNEL).capacity() == largest  # the default options (classic) seat the most
    table = lobby(largest)
    with pytest.raises(TableError, match="full"):
        table.lobby.join(100, "late")


def test_the_lobby_seats_as_many_as_its_chosen_options_allow() -> None:
    table = Table(CHANNEL)
    table.chosen = {"preset": "amigo"}
    assert table.capacity() == Rules.preset("amigo").max_players


def test_leave_passes_host_on_and_last_leave_closes() -> None:
    table = lobby(2)
    assert table.lobby.leave(1).effects == (ShowLobby(),)
    assert table.host_id == 2
    outcome = table.lobby.leave(2)
    assert isinstance(outcome.effects[0], LobbyClosed)
    assert table.state is TableState.CLOSED


def test_leave_when_not_seated_is_refused() -> None:
    table = lobby(2)
    with pytest.raises(TableError, match="not seated"):
        table.lobby.leave(42)


# --- start ------------------------------------------------------------------------------------


def test_only_host_or_admin_starts() -> None:
    table = lobby(3)
    with pytest.raises(TableError, match="host"):
        table.lobby.start(2)
    assert table.state is TableState.LOBBY
    table.lobby.start(3, is_admin=True)
    assert table.state is TableState.PLAYING


def test_start_effects_prompt_every_seat() -> None:
    table = lobby(4)
    outcome = table.lobby.start(1)
    assert isinstance(outcome.effects[0], LobbyClosed)
    assert outcome.effects[1] == ShowTable(new_message=True)
    assert outcome.effects[2:] == tuple(Prompt(seat) for seat in range(4))
    assert engine(table).phase is Phase.MISERY  # the prompts are the misery choice
    assert table.match is not None and table.match.players == 4
    assert table.match.seed == engine(table).seed == 7


def test_start_with_too_few_players_is_the_engines_refusal() -> None:
    table = lobby(2)
    with pytest.raises(TableError, match="rules are for 3-7 players, not 2"):
        table.lobby.start(1)
    assert table.state is TableState.LOBBY and table.match is None


def test_start_with_rules_and_rounds() -> None:
    table = started(3, preset="amigo", rounds=2)
    assert engine(table).rules.preset == "amigo"
    assert engine(table).rounds == 2
    assert table.chosen == {"preset": "amigo", "rounds": 2}
    assert table.options()["preset"] == "amigo" and table.options()["rounds"] == 2


def test_bad_rounds_are_refused_by_the_engine() -> None:
    table = lobby(3)
    with pytest.raises(TableError, match=r"(?i)rounds=0"):
        table.lobby.start(1, options={"rounds": 0})
    assert table.state is TableState.LOBBY


def test_preset_not_allowing_seat_count_is_refused() -> None:
    table = lobby(7)
    with pytest.raises(TableError, match="amigo rules are for 3-6 players, not 7"):
        table.lobby.start(1, options={"preset": "amigo"})


def test_join_refused_once_playing_without_computer_seats() -> None:
    table = started(3)
    with pytest.raises(TableError, match="already running"):
        table.lobby.join(50, "late")
    with pytest.raises(TableError, match="already started"):
        table.lobby.start(1)


def test_leaving_a_running_game_hands_the_seat_to_a_computer_player() -> None:
    table = started(3)
    outcome = table.lobby.leave(2)
    assert table.seats[1].is_bot and table.seats[1].level == "normal"
    assert table.seat_of(2) is None
    assert "plays your seat" in str(outcome.reply)
    assert table.state is TableState.PLAYING


# --- misery choice ----------------------------------------------------------------------------


def test_misery_pick_then_reveal_prompts_the_leader() -> None:
    table = started(3)
    game = engine(table)
    first = choose_misery(table, 1, game.hand(0)[0], game_id="abc123", round=1)
    assert shown(table, first) == (PromptAnswered(0), ShowTable())
    assert "misery card" in str(first.reply)
    last_picker = game.awaiting[-1]
    last = pick_all_remaining(table)
    assert game.phase is Phase.TRICKS
    assert shown(table, last) == (PromptAnswered(last_picker), ShowTable(), Prompt(game.awaiting[0]))


def pick_all_remaining(table: Table) -> Outcome:
    game = engine(table)
    outcome = None
    for seat in game.awaiting:
        outcome = choose_misery(
            table, user_of(table, seat), game.hand(seat)[0], game_id="abc123", round=game.round
        )
    assert outcome is not None
    return outcome


def test_second_pick_is_refused_by_engine_and_changes_nothing() -> None:
    table = started(3)
    game = engine(table)
    card = game.hand(0)[0]
    choose_misery(table, 1, card, game_id="abc123", round=1)
    before = game.copy()
    with pytest.raises(GameRefusal, match="already"):
        choose_misery(table, 1, game.hand(0)[0], game_id="abc123", round=1)
    assert game == before


def test_clicks_from_outsiders_old_games_or_old_rounds_are_refused() -> None:
    table = started(3)
    game = engine(table)
    card = game.hand(0)[0]
    with pytest.raises(TableError, match="not seated"):
        choose_misery(table, 99, card, game_id="abc123", round=1)
    with pytest.raises(TableError, match="game that is over"):
        choose_misery(table, 1, card, game_id="ffffff", round=1)
    with pytest.raises(TableError, match="round 2"):
        choose_misery(table, 1, card, game_id="abc123", round=2)
    assert game.actions == ()


def test_trying_a_pick_checks_it_without_taking_it() -> None:
    """A card chosen in the misery select is checked before its confirm button is shown: the
    click is judged as the bot judges it (a step of the seat's decision) and nothing changes."""
    table = started(3)
    game = engine(table)
    card = game.hand(0)[0]

    def choose(card: Card, stage: str) -> object:
        return table.clicks.judge(Click(1, "abc123", stage, MISERY_SELECT, (card_token(card),)))

    view = choose(card, "1m")
    assert isinstance(view, Step)
    assert getattr(view, "seat", None) == 0 and game.actions == ()
    with pytest.raises(GameRefusal, match="not in your hand"):
        choose(game.hand(1)[0], "1m")
    with pytest.raises(TableError, match="round 2"):
        choose(card, "2m")
    assert game.actions == ()


# --- play -------------------------------------------------------------------------------------


def test_out_of_turn_and_stale_plays_change_nothing() -> None:
    table = started(3)
    pick_all(table)
    game = engine(table)
    actor = game.awaiting[0]
    other = (actor + 1) % 3
    before = game.copy()
    with pytest.raises(GameRefusal, match=r"(?i)not your turn"):
        play(table, user_of(table, other), game.hand(other)[0], game_id="abc123", round=1, trick=1)
    with pytest.raises(GameRefusal, match="not in"):  # a card of somebody else's hand
        play(table, user_of(table, actor), game.hand(other)[0], game_id="abc123", round=1, trick=1)
    assert game == before
    play_turn(table)
    play_turn(table)
    play_turn(table)  # trick 1 complete
    before = game.copy()
    seat = game.awaiting[0]
    with pytest.raises(TableError, match="trick 1"):
        play(table, user_of(table, seat), game.hand(seat)[0], game_id="abc123", round=1, trick=1)
    assert game == before


def test_play_effects_edit_table_and_prompt_next() -> None:
    table = started(3)
    pick_all(table)
    game = engine(table)
    player = game.awaiting[0]
    outcome = play_turn(table)
    assert shown(table, outcome) == (PromptAnswered(player), ShowTable(), Prompt(game.awaiting[0]))
    assert str(outcome.reply).startswith("You played")


def test_full_game_through_the_table_matches_an_engine_replay() -> None:
    table = started(3, seed=11)
    game = engine(table)
    round_ends = 0
    finals: list[Reports] = []
    while table.state is TableState.PLAYING:
        outcome = pick_all(table) if game.phase is Phase.MISERY else play_turn(table)
        effects = after_answer(outcome)
        reports = [e for e in effects if isinstance(e, Reports)]
        assert len(reports) == 1  # every action reports its events (mostly nothing to post)
        for effect in effects:
            if isinstance(effect, RoundClosed):
                round_ends += 1
                # the table message of the ended round is edited, not a new one
                assert effects[0] == effect
                assert table.presentation.reports(effect.events, table.last_view(), table.names)
        finals += [report for report in reports if report.final]
        kinds = [type(e) for e in effects]
        if game.phase is Phase.GAME_OVER:  # the last round's table message, then the reports
            assert kinds == [RoundClosed, Reports]
        elif RoundClosed in kinds:  # the ended round, its scores, then the new round's table
            assert kinds == [RoundClosed, Reports, ShowTable, Prompt, Prompt, Prompt]
            assert effects[2] == ShowTable(new_message=True)
    assert round_ends == game.rounds == 5
    assert len(finals) == 1
    (over,) = [event for event in finals[0].events if isinstance(event, GameOver)]
    replay = Game.new(3, Rules.preset("classic"), seed=11)
    for action in game.actions:
        replay.apply(Action(action.kind, action.seat, action.card))
    assert list(over.totals) == replay.totals
    assert list(over.winners) == replay.winners
    assert table.match is not None
    assert list(table.match.results().totals) == replay.totals
    with pytest.raises(TableError, match="over"):
        play(table, 1, Card.parse("red 1"), game_id="abc123", round=game.round, trick=1)


# --- stop -------------------------------------------------------------------------------------


def test_stop_needs_host_or_admin_and_the_current_game() -> None:
    table = started(3)
    with pytest.raises(TableError, match="host"):
        table.stopping.check(2)
    game_id = table.stopping.check(1)
    with pytest.raises(TableError, match="over"):
        table.stopping.stop(1, game_id="ffffff")
    outcome = table.stopping.stop(3, is_admin=True, game_id=game_id)
    assert isinstance(outcome.effects[0], GameStopped)
    assert outcome.effects[0].totals == (0, 0, 0)
    assert table.state is TableState.CLOSED
    with pytest.raises(TableError, match="closed"):
        table.stopping.check(1)


def test_stop_in_lobby_closes_it() -> None:
    table = lobby(2)
    outcome = table.stopping.stop(1, game_id=table.stopping.check(1))
    assert isinstance(outcome.effects[0], LobbyClosed)
    assert table.state is TableState.CLOSED


def test_a_lobby_stop_confirmation_never_closes_a_later_lobby() -> None:
    registry = TableRegistry()
    first = registry.get_or_open(CHANNEL)
    first.lobby.join(1, "p1")
    old_confirmation = first.stopping.check(1)
    first.stopping.stop(1, game_id=old_confirmation)
    second = registry.get_or_open(CHANNEL)
    second.lobby.join(1, "p1")
    assert second.stopping.check(1) != old_confirmation
    with pytest.raises(TableError, match="That lobby is already closed"):
        second.stopping.stop(1, game_id=old_confirmation)
    assert second.state is TableState.LOBBY


def test_a_stale_stop_of_a_game_whose_id_begins_with_0_says_the_game_is_over() -> None:
    ids = iter(["0bc123", "def456"])
    registry = TableRegistry(seed_source=lambda: 7, id_source=lambda: next(ids))
    for game in range(2):
        table = registry.get_or_open(CHANNEL)
        for user in (1, 2, 3):
            table.lobby.join(user, f"p{user}")
        table.lobby.start(1)
        if game == 0:
            old_confirmation = table.stopping.check(1)
            table.stopping.stop(1, game_id=old_confirmation)
    with pytest.raises(TableError, match="That game is already over"):
        table.stopping.stop(1, game_id=old_confirmation)
    assert table.state is TableState.PLAYING


def test_a_lobby_stop_confirmation_after_the_start_says_the_game_started() -> None:
    table = lobby(3)
    confirmation = table.stopping.check(1)
    table.lobby.start(1)
    with pytest.raises(TableError, match="The game has started since you asked to stop the lobby"):
        table.stopping.stop(1, game_id=confirmation)
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
    first.lobby.join(5, "five")
    first.lobby.leave(5)
    assert registry.get(1) is None
    assert registry.get_or_open(1) is not first
    assert len(registry.tables()) == 2


@pytest.mark.parametrize(
    ("arguments", "refusal"),
    [
        ({"fill_to": 0}, "Choose between 3 and 7 players"),
        ({"fill_to": -3}, "Choose between 3 and 7 players"),
        ({"options": {"preset": ""}}, "There is no preset ''"),
        ({"options": {"preset": "  "}}, "There is no preset"),
        ({"timer": ""}, "Choose a turn timer among"),
    ],
)
def test_a_start_with_an_empty_or_zero_option_is_refused_not_ignored(
    arguments: dict[str, object], refusal: str
) -> None:
    table = lobby(3)
    with pytest.raises(TableError, match=refusal):
        table.lobby.start(1, **arguments)  # type: ignore[arg-type]
    assert table.state is TableState.LOBBY and table.match is None
