"""A hand's picture is drawn at most once per change of the hand (issue 23), in each game: the
prompt's sketch holds what the hand picture shows, not the seat's whole view, so another seat's
move (which changes the view) leaves it equal and the painter's cache answers; a changed hand is
drawn anew, and the hand played from is forgotten (its slot's newer picture supersedes it). Real
tables, real presentations, the games' real drawings."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.tables.pictures import ImageSettings, Painter
from bot.tables.table_messages import prompt_spec
from host.tables import Table
from tabletop import Match
from tabletop.pictures import Picture, Sketch, art_of

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


def started(game: str) -> Table:
    """A table of ``game`` with three people, started (no turn timer)."""
    table = Table(777, GUILD, game=game, seed_source=lambda: 11, id_source=lambda: "abc123")
    for user in (1, 2, 3):
        table.join(user, f"p{user}")
    table.start(1, options=GAMES[game], timer="off")
    return table


def hand_sketch(table: Table, seat: int) -> Sketch:
    """The hand picture's sketch of ``seat``'s prompt, as the bot sends it (and /hand shows it)."""
    sketch = prompt_spec(table, seat).picture
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
    table.auto_move(seat, match.legal_actions(seat)[0])


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


@pytest.mark.parametrize("game", list(GAMES))
def test_the_hand_drawn_of_its_sketch_is_the_hand_drawn_of_the_whole_view(game: str) -> None:
    table = started(game)
    match = table.running_match()
    art = art_of(table.spec)
    assert art is not None
    for _ in range(12):  # a few moments: the seats' turns, and another's
        for seat in range(match.players):
            view = match.view(seat)
            assert art.draw("hand", art.subject("hand", view), ()) == art.draw("hand", view, ())
        move(table, match.awaiting[0])


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
