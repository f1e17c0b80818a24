"""At a deal, people who do not decide first see their new hand (games that ask for it)."""

from __future__ import annotations

from host.reshow import resume_effects
from host.tables import Effect, Outcome, Prompt, ShowHand, Table
from tests.host.acting import act

CHANNEL = 556


def started(game: str, humans: int, *, fill_to: int | None = None) -> tuple[Table, Outcome]:
    """A started table of ``game`` with users 1..``humans`` (user 1 hosts), and its start."""
    table = Table(CHANNEL, 1, game=game, seed_source=lambda: 11, id_source=lambda: "hands1")
    for user in range(1, humans + 1):
        table.lobby.join(user, f"p{user}")
    return table, table.lobby.start(1, fill_to=fill_to)


def hands_shown(outcome: Outcome) -> set[int]:
    return {effect.seat for effect in outcome.effects if isinstance(effect, ShowHand)}


def prompted(outcome: Outcome) -> set[int]:
    return {effect.seat for effect in outcome.effects if isinstance(effect, Prompt)}


def prompts_first(effects: tuple[Effect, ...]) -> bool:
    """Every Prompt comes before every ShowHand: the seat that decides first hears first."""
    kinds = [type(effect) for effect in effects]
    shows = [at for at, kind in enumerate(kinds) if kind is ShowHand]
    return not shows or all(at < shows[0] for at, kind in enumerate(kinds) if kind is Prompt)


def step(table: Table) -> Outcome:
    """The awaited seat takes a move its computer player would (a person's click or not)."""
    match = table.running_match()
    seat = match.awaiting[0]
    action = table.spec.computer_player("random", seat).decide(match.view(seat))
    if table.is_auto(seat):
        return table.play.auto_move(seat, action)
    return act(table, table.seats[seat].user_id, action, game_id=str(table.game_id), stage=match.stage)


def test_a_stupid_deal_shows_every_other_person_their_hand() -> None:
    table, outcome = started("stupid", 4)
    first = table.running_match().awaiting[0]
    assert prompted(outcome) == {first}
    assert hands_shown(outcome) == set(range(4)) - {first}
    assert prompts_first(outcome.effects)


def test_each_new_round_shows_the_new_hands_and_no_other_step_does() -> None:
    table, _ = started("stupid", 3)
    rounds_seen = 0
    while table.running_match().round < 4:
        before = table.running_match().round
        outcome = step(table)
        match = table.match
        assert match is not None
        if match.round != before:
            rounds_seen += 1
            assert hands_shown(outcome) == set(range(3)) - set(match.awaiting)
            assert hands_shown(outcome).isdisjoint(prompted(outcome))
            assert prompts_first(outcome.effects)
        else:
            assert hands_shown(outcome) == set()
    assert rounds_seen == 3


def to_next_round(table: Table) -> Outcome:
    """Step until a new round is dealt; the outcome of the step that dealt it."""
    start = table.running_match().round
    while True:
        outcome = step(table)
        if table.running_match().round != start:
            return outcome


def test_computer_seats_and_away_people_are_not_shown_a_hand() -> None:
    table, outcome = started("stupid", 3, fill_to=5)
    people = {seat for seat in range(5) if not table.seats[seat].is_bot}
    assert people == {0, 1, 2}
    first = table.running_match().awaiting[0]
    assert hands_shown(outcome) == people - {first}
    # away: a person who will not bid first in round 2 either (the deal moves one seat on)
    away = min(people - {first, (first + 1) % 5})
    table.clock.away.add(away)  # as after three timeouts in a row
    outcome = to_next_round(table)
    assert away not in table.running_match().awaiting
    assert away not in hands_shown(outcome)
    assert hands_shown(outcome) == people - {away} - set(table.running_match().awaiting)


def test_a_person_who_takes_over_a_computer_seat_is_shown_the_hand_of_it() -> None:
    table, _ = started("stupid", 2, fill_to=5)
    next_first = (table.running_match().awaiting[0] + 1) % 5
    seat = min(seat for seat in range(2, 5) if seat != next_first)  # a computer seat, not bidding first
    table.takeover_desk.request(77, "newcomer", str(seat + 1))
    table.takeover_desk.approve(1, seat, 77)
    outcome = to_next_round(table)
    assert table.seats[seat].user_id == 77
    assert seat in hands_shown(outcome)
    assert hands_shown(outcome) == {0, 1, seat} - set(table.running_match().awaiting)


def test_resuming_after_an_unshown_deal_shows_the_new_hands_too() -> None:
    table, _ = started("stupid", 3)
    to_next_round(table)
    first = table.running_match().awaiting[0]
    owed, _ = resume_effects(table, owed=True)  # the bot went down before showing the deal
    assert {effect.seat for effect in owed if isinstance(effect, ShowHand)} == {0, 1, 2} - {first}
    assert prompts_first(owed)
    again, _ = resume_effects(table)  # a deal already shown: its hand DMs are not sent again
    assert not any(isinstance(effect, ShowHand) for effect in again)


def test_games_that_do_not_ask_show_no_hands() -> None:
    for game in ("stickem", "stickgame"):
        _, outcome = started(game, 3)
        assert hands_shown(outcome) == set(), game
