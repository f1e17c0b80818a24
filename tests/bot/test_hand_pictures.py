"""A hand's picture is drawn at most once per change of the hand (issue 23), in each game: the
prompt's sketch holds what the hand picture shows, not the seat's whole view, so another seat's
move (which changes the view) leaves it equal and the painter's cache answers; a changed hand is
drawn anew, and the hand played from is forgotten (its slot's newer picture supersedes it). Real
tables, real presentations, the games' real drawings."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator

import pytest

from bot.tables.pictures import ImageSettings, Painter
from bot.tables.table_messages import prompt_spec
from host.tables import Table
from tabletop import Match, registry
from tabletop.pictures import Picture, Sketch, art_of
from tests.drawing import stickem_scenes, stickgame_scenes, stupid_scenes
from tests.drawing.helpers import assert_matches_golden

GUILD = 1
MOVES = 200
"""Moves a search for the wanted moment of a game may take at most."""

GAMES = {"stickem": {"rounds": 1}, "stupid": {}, "stickgame": {}}


@pytest.fixture
async def painter() -> AsyncIterator[Painter]:
    """A painter of the games' real pictures."""
    painter = Painter(ImageSettings())
    yield painter
    painter.close()
    await painter.wait_closed()  # its drawing worker ends with the test, not later


def started(game: str) -> Table:
    """A table of ``game`` with three people, started (no turn timer)."""
    table = Table(777, GUILD, game=game, seed_source=lambda: 11, id_source=lambda: "abc123")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1, options=GAMES[game], timer="off")
    return table


def hand_sketch(table: Table, seat: int) -> Sketch:
    """The hand picture's sketch of ``seat``'s prompt, as the bot sends it (and /hand shows it)."""
    sketch = prompt_spec(table, seat, pictured=True).picture
    assert sketch is not None and sketch.kind == "hand"
    return sketch


async def shown(painter: Painter, table: Table, seat: int) -> Picture:
    """The picture of ``seat``'s hand, as the painter gives it for a prompt."""
    picture = await painter.picture(hand_sketch(table, seat), GUILD)
    assert picture is not None
    return picture


def move(table: Table, seat: int) -> None:
    """``seat`` makes its first legal move."""
    match = table.running_match()
    table.play.auto_move(seat, match.legal_actions(seat)[0])


def standing(match: Match, seat: int) -> tuple[object, ...]:
    """What a seat's hand picture depends on, seen from outside: its cards, whether it is the
    seat's turn, the game's phase and round."""
    view = match.view(seat)
    hand = getattr(view, "hand")  # noqa: B009 -- every game's view has one
    phase = getattr(view, "phase")  # noqa: B009
    return sorted(hand), seat in match.awaiting, phase, match.round


def quiet_moment(table: Table) -> tuple[int, int]:
    """Play the table on (every seat's first legal move) to a moment when the next move, of
    ``mover``, leaves ``watcher``'s hand, turn, phase and round as they are: (mover, watcher)."""
    match = table.running_match()
    for _ in range(MOVES):
        mover = match.awaiting[0]
        watcher = next(seat for seat in (1, 2, 0) if seat != mover)
        trial = match.copy()
        trial.apply(mover, trial.legal_actions(mover)[0])
        if standing(trial, watcher) == standing(match, watcher):
            return mover, watcher
        move(table, mover)
    raise AssertionError("no move left another seat's hand as it was")


@pytest.mark.parametrize("game", list(GAMES))
async def test_another_seats_move_does_not_draw_the_hand_again_a_changed_hand_does(
    game: str, painter: Painter
) -> None:
    table = started(game)
    match = table.running_match()
    mover, watcher = quiet_moment(table)
    view = match.view(watcher)
    first_sketch = hand_sketch(table, watcher)
    first = await shown(painter, table, watcher)
    assert painter.drawings == 1
    await shown(painter, table, mover)  # another seat's hand is kept beside it
    assert painter.drawings == 2
    move(table, mover)
    assert match.view(watcher) != view  # the seat's view changed: another seat moved
    assert await shown(painter, table, watcher) == first
    assert painter.drawings == 2  # the same hand: not drawn again

    # the watcher's own move changes its hand: drawn anew
    for _ in range(MOVES):
        if watcher in match.awaiting:
            break
        move(table, match.awaiting[0])
    else:
        pytest.fail("the watcher's turn never came")
    move(table, watcher)
    again = await shown(painter, table, watcher)
    assert painter.drawings == 3
    assert again.png != first.png
    assert painter.drawn(first_sketch, GUILD) is None  # the hand played from is not kept


def _golden_hands() -> dict[str, tuple[str, object]]:
    """The hand pictures with a golden image: golden name: (game, the seat's whole view). The
    goldens were drawn of the whole view, before a hand's sketch held only what it shows."""
    stupid_game = stupid_scenes.tricks(4, seed=1, cards=1, round_to=7)
    stick_down = stickgame_scenes.hand_view(stickgame_scenes.cards("3C 3D 9H QS"))
    return {
        "stickem_hand_15_misery": ("stickem", stickem_scenes.misery_game().view(3)),
        "stickem_hand_turn": ("stickem", stickem_scenes.awaited_view(stickem_scenes.mid_trick())),
        "stickgame_hand_25": ("stickgame", stickgame_scenes.hand_view()),
        "stickgame_hand_stick_down": ("stickgame", dataclasses.replace(stick_down, stick=None)),
        "stupid_hand_7": ("stupid", stupid_game.view(stupid_game.awaiting[0])),
    }


@pytest.mark.parametrize("golden", list(_golden_hands()))
def test_the_hand_drawn_of_its_sketch_matches_the_golden_drawn_of_the_whole_view(golden: str) -> None:
    game, view = _golden_hands()[golden]
    art = art_of(registry.game(game))
    assert art is not None
    subject = art.subject("hand", view)
    assert subject != view  # the sketch holds what the hand shows, not the view
    assert_matches_golden(Sketch(art, "hand", subject).draw().png, golden)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hands_sketch_changes_whenever_its_cards_or_its_turn_do(game: str) -> None:
    """Over a game's first moves, for every seat: when its cards, or whether it is awaited,
    changed since the moment before, its hand's sketch changed too (the picture shows both)."""
    table = started(game)
    match = table.running_match()
    before = {seat: (standing(match, seat)[:2], hand_sketch(table, seat)) for seat in range(match.players)}
    changes = 0
    for _ in range(40):
        move(table, match.awaiting[0])
        if match.is_over:
            break
        for seat in range(match.players):
            now = (standing(match, seat)[:2], hand_sketch(table, seat))
            if now[0] != before[seat][0]:
                changes += 1
                assert now[1] != before[seat][1], (seat, now[0])
            before[seat] = now
    assert changes > 10


async def test_a_hand_shown_again_with_an_earlier_caption_is_not_drawn_again(painter: Painter) -> None:
    """Stupid: at the deal a waiting seat's hand says "not your turn"; its bid prompt shows the
    same cards saying "your bid"; after the bid, /hand shows the first picture again: kept, as
    the cards did not change (issue 23)."""
    table = started("stupid")
    match = table.running_match()
    watcher = next(seat for seat in range(match.players) if seat not in match.awaiting)
    waiting = await shown(painter, table, watcher)
    for _ in range(MOVES):
        if watcher in match.awaiting:
            break
        move(table, match.awaiting[0])
    bidding = await shown(painter, table, watcher)
    assert bidding.png != waiting.png  # "your bid"
    move(table, watcher)  # the bid: the cards stay
    assert watcher not in match.awaiting
    assert await shown(painter, table, watcher) == waiting
    assert painter.drawings == 2
