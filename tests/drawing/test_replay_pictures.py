"""Replay pictures: each game's replay steps carry the views of their moment, and a step's
picture (the table with every hand below it) is a PNG of the size its parts make, different from
one step to the next."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tabletop import registry
from tabletop.drawing.stack import BAND, replay_picture
from tabletop.pictures import ArtModule, Sketch, art_of
from tabletop.protocol import GameSpec
from tabletop.replay import Replayable, ReplayStep, StepViews, replay_steps
from tests.replay.played import play_out

GAMES = [("stickem", 4, 2024), ("stupid", 3, 8), ("stickgame", 3, 31)]
NAMES = ("Ann", "Bob", "Chidi", "Dana")
PNG = b"\x89PNG\r\n\x1a\n"


def _steps(game: str, players: int, seed: int) -> tuple[GameSpec, tuple[ReplayStep, ...]]:
    spec = registry.game(game)
    assert isinstance(spec, Replayable)
    options = spec.resolve_options({})
    match, _ = play_out(spec, players, options, seed, "random")
    return spec, replay_steps(spec, players, options, seed, match.log)  # type: ignore[arg-type]


def _art(spec: GameSpec) -> ArtModule:
    art = art_of(spec)
    assert art is not None
    return art


def _hand(view: object) -> tuple[str, ...]:
    hand = getattr(view, "hand", None)
    assert hand is not None
    return tuple(sorted(str(card) for card in hand))


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_every_step_has_the_views_of_its_hands(game: str, players: int, seed: int) -> None:
    """The views a step's picture is drawn from hold the hands its (engine-checked) snapshot
    shows, the round's last trick or turn included (whose action dealt the next round)."""
    _, steps = _steps(game, players, seed)
    for step in steps:
        views = step.views
        assert isinstance(views, StepViews)
        assert getattr(views.table, "hand", None) is None  # the public view
        assert len(views.hands) == players
        for seat, view in enumerate(views.hands):
            assert _hand(view) == tuple(sorted(step.snapshot.hands[seat])), (step.label, seat)


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_step_picture_is_the_table_and_every_hand(game: str, players: int, seed: int) -> None:
    """A step's picture decodes as a PNG as wide as the table picture and as high as it and
    every hand (each under its name's band); two steps give two pictures."""
    spec, steps = _steps(game, players, seed)
    art, names = _art(spec), NAMES[:players]
    first, later = steps[1], steps[len(steps) // 2]
    drawn = [Sketch(art, "replay", step.views, names).draw() for step in (first, later)]
    for step, picture in zip((first, later), drawn, strict=True):
        assert step.views is not None
        assert picture.png.startswith(PNG)
        with Image.open(io.BytesIO(picture.png)) as image:
            assert image.format == "PNG"
            assert image.size == (picture.width, picture.height)
        table = art.draw("table", step.views.table, names)
        hands = [art.draw("hand", view, ()) for view in step.views.hands]
        assert picture.width == table.width
        assert picture.height == table.height + sum(BAND + hand.height for hand in hands)
        assert picture.description.startswith(table.description)
        assert f"{names[-1]}: {hands[-1].description}" in picture.description
    assert drawn[0].png != drawn[1].png


def test_a_replay_picture_needs_a_step_and_a_name_a_seat() -> None:
    """Anything but a step's views, or names that do not fit the seats, is a bug: refused."""
    spec, steps = _steps("stupid", 3, 8)
    art = _art(spec)
    with pytest.raises(TypeError):
        replay_picture(art, steps[0].snapshot, NAMES[:3])
    with pytest.raises(ValueError, match="3 names"):
        replay_picture(art, steps[0].views, NAMES[:2])
