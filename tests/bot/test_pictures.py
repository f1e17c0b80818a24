"""The painter: pictures drawn away from the event loop, each sketch once while it is cached,
none for a server that turned pictures off, and a drawing that fails costs the picture only;
the payload makes a new file for every request and replaces a message's attachments on edit."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.tables.payload import pictured_edit_kwargs, send_kwargs
from bot.tables.pictures import KEPT_PER_SLOT, MAX_DESCRIPTION, ImageSettings, Painter
from tabletop import registry
from tabletop.pictures import ArtModule, Picture, PictureKind, Sketch, art_of
from tabletop.presentation import Message
from tests.bot import counting_art

ART = ArtModule("tests.bot.counting_art")


@pytest.fixture(autouse=True)
def _fresh_count() -> None:
    counting_art.THREADS.clear()


async def test_a_sketch_is_drawn_once_in_a_drawing_thread_while_cached() -> None:
    painter = Painter(ImageSettings(), cache_size=2, workers=0)
    first, second, third = (Sketch(ART, "hand", view) for view in ("a", "b", "c"))
    together = await asyncio.gather(*(painter.picture(first, 1) for _ in range(5)))
    assert {picture.png for picture in together if picture is not None} == {b"hand:a"}
    assert await painter.picture(Sketch(ART, "hand", "a"), 1) == together[0]  # equal sketch: cached
    assert len(counting_art.THREADS) == 1
    assert counting_art.THREADS[0] != threading.current_thread().name
    assert counting_art.THREADS[0].startswith("pictures")
    await painter.picture(second, 1)
    await painter.picture(first, 1)  # used last: kept
    await painter.picture(third, 1)  # the cache holds two: "b" goes
    await painter.picture(first, 1)
    assert len(counting_art.THREADS) == 3
    await painter.picture(second, 1)
    assert len(counting_art.THREADS) == 4 == painter.drawings
    painter.close()


async def test_no_picture_for_a_server_that_turned_them_off_nor_without_a_sketch() -> None:
    settings = ImageSettings()
    settings.restore({7: False, 8: True})
    painter = Painter(settings, workers=0)
    sketch = Sketch(ART, "table", "t", ("ann",))
    assert await painter.picture(sketch, 7) is None
    assert await painter.picture(None, 8) is None
    assert counting_art.THREADS == []
    picture = await painter.picture(sketch, 8)
    assert picture is not None and picture.png == b"table:t"
    settings.set(8, False)
    settings.set(7, True)
    assert await painter.picture(sketch, 8) is None
    assert await painter.picture(sketch, 7) == picture
    assert await painter.picture(sketch, None) == picture  # no server: the default, on
    painter.close()


async def test_a_drawing_that_fails_is_logged_and_the_message_goes_as_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    painter = Painter(ImageSettings(), workers=0)
    broken = Sketch(ART, "chart", "broken", ("ann",))
    assert await painter.picture(broken, 1) is None
    assert "Could not draw the chart picture" in caplog.text
    assert await painter.picture(broken, 1) is None  # not kept: tried again
    assert len(counting_art.THREADS) == 2
    painter.close()


def test_every_request_gets_a_file_of_its_own_and_an_edit_replaces_the_attachments() -> None:
    picture = Picture(b"png", "x" * (MAX_DESCRIPTION + 50), 8, 4)
    spec = Message("the table", picture=Sketch(ART, "table", "t"))
    sent, again = send_kwargs(spec, picture)["file"], send_kwargs(spec, picture)["file"]
    assert sent is not again
    assert sent.filename == "table.png" and sent.fp.read() == b"png"
    assert sent.description is not None and len(sent.description) == MAX_DESCRIPTION
    assert "file" not in send_kwargs(spec)
    (attached,) = pictured_edit_kwargs(spec, picture)["attachments"]
    assert attached.filename == "table.png"
    assert pictured_edit_kwargs(Message("one line"), None)["attachments"] == []


async def test_a_picture_is_drawn_in_its_sketchs_language_and_kept_per_language() -> None:
    """The same view in two languages is two pictures, each drawn once with its own words."""
    painter = Painter(ImageSettings(), workers=0)
    english, german = Sketch(ART, "hand", "a"), Sketch(ART, "hand", "a", language="de")
    shown_en = await painter.picture(english, 1)
    shown_de = await painter.picture(german, 1)
    assert shown_en is not None and shown_de is not None
    assert (shown_en.png, shown_de.png) == (b"hand:a", b"hand:a:de")
    assert await painter.picture(Sketch(ART, "hand", "a", language="de"), 1) == shown_de  # cached
    assert painter.drawings == 2
    painter.close()


@pytest.mark.parametrize("game", ["stickem", "stupid", "stickgame"])
def test_a_games_picture_says_its_words_in_the_sketchs_language(game: str) -> None:
    """A real game's hand, table and chart in German: its own art's German words, not English."""
    spec = registry.game(game)
    art = art_of(spec)
    assert art is not None
    match = spec.new_match(3, spec.resolve_options({}), 5)
    names = ("ann", "bob", "cyd")
    kinds: tuple[tuple[PictureKind, object], ...] = (
        ("hand", match.view(0)),
        ("table", match.view(None)),
        ("chart", match.view(None)),
    )
    for kind, view in kinds:
        shown = () if kind == "hand" else names
        german = Sketch(art, kind, view, shown, "de").draw()
        assert german == art.draw(kind, view, shown, "de"), kind
        assert german.description != Sketch(art, kind, view, shown).draw().description, kind


async def test_a_slots_newer_picture_makes_the_painter_forget_the_older_one() -> None:
    """A table's older state (or a hand since played from) is not kept once a newer picture of
    its slot was asked for; a picture of no slot and other slots' pictures are kept."""
    painter = Painter(ImageSettings(), workers=0)
    older, newer = Sketch(ART, "table", "t1", slot="table 1"), Sketch(ART, "table", "t2", slot="table 1")
    other, free = Sketch(ART, "table", "u1", slot="table 2"), Sketch(ART, "chart", "c")
    for sketch in (older, other, free, newer):
        await painter.picture(sketch, 1)
    assert painter.drawings == 4
    for sketch in (newer, other, free):
        await painter.picture(sketch, 1)
    assert painter.drawings == 4  # all three kept
    assert painter.drawn(older, 1) is None
    await painter.picture(Sketch(ART, "table", "t1", slot="table 1"), 1)
    assert painter.drawings == 5  # forgotten: drawn again (and now it is the slot's newest)
    assert painter.drawn(newer, 1) is None
    assert painter.stored_bytes == len(b"table:t1table:u1chart:c") + len(
        "the table of t1 (en)the table of u1 (en)the chart of c (en)"
    )
    painter.close()


async def test_the_painter_keeps_pictures_up_to_a_number_of_bytes_the_least_recently_used_go_first() -> None:
    painter = Painter(ImageSettings(), cache_bytes=70, workers=0)  # each picture: 6 bytes + 18 of alt text
    first, second, third, fourth = (Sketch(ART, "hand", view) for view in "abcd")
    for sketch in (first, second, third):
        await painter.picture(sketch, 1)
    assert painter.stored_bytes == 2 * 24  # the first went
    assert painter.drawn(first, 1) is None and painter.drawn(second, 1) is not None  # second: used now
    await painter.picture(fourth, 1)
    assert painter.drawn(third, 1) is None  # the least recently used
    assert painter.drawn(second, 1) is not None and painter.drawn(fourth, 1) is not None
    assert painter.drawings == 4
    painter.close()


async def test_equal_pictures_of_two_slots_stay_while_either_slot_shows_them() -> None:
    """Two slots showing equal pictures (empty hands at the end of two tables) share one kept
    picture: one slot moving on leaves it kept for the other, and once both moved on, neither
    slot remembers it."""
    painter = Painter(ImageSettings(), workers=0)
    mine, theirs = Sketch(ART, "hand", "empty", slot="seat 1"), Sketch(ART, "hand", "empty", slot="seat 2")
    await painter.picture(mine, 1)
    await painter.picture(theirs, 1)
    assert painter.drawings == 1  # equal: drawn once
    await painter.picture(Sketch(ART, "hand", "dealt", slot="seat 1"), 1)  # seat 1 moves on
    assert await painter.picture(theirs, 1) is not None
    assert painter.drawings == 2  # seat 2's picture was kept
    await painter.picture(Sketch(ART, "hand", "dealt", slot="seat 2"), 1)  # both moved on
    assert painter.drawn(mine, 1) is None
    assert painter.drawings == 2  # "dealt" is shared too
    assert painter.stored_bytes == len(b"hand:dealt") + len("the hand of dealt (en)")
    painter.close()


async def test_a_slot_forgets_its_picture_when_the_cache_lets_it_go() -> None:
    """A picture the cache bound drops leaves no slot pointing at it (no bookkeeping kept for a
    picture no longer kept: a closed table's slots go with their pictures)."""
    painter = Painter(ImageSettings(), cache_size=2, workers=0)
    for table in range(5):
        await painter.picture(Sketch(ART, "table", f"t{table}", slot=f"table {table}"), 1)
    assert painter.slots() == 2
    painter.close()


async def test_a_hands_pictures_of_one_generation_are_kept_together_a_new_one_drops_them() -> None:
    """Within a slot, pictures of one generation (a hand's cards: its captions) are kept, the
    last few; a newer generation (the cards changed) drops them."""
    painter = Painter(ImageSettings(), workers=0)

    def hand(view: str, cards: str) -> Sketch:
        return Sketch(ART, "hand", view, slot="seat", generation=cards)

    for view in ("waiting", "bidding", "waiting", "bidding"):
        await painter.picture(hand(view, "7 cards"), 1)
    assert painter.drawings == 2
    for view in ("a", "b", "c", "d", "e"):
        await painter.picture(hand(view, "7 cards"), 1)
    assert painter.slots() == 1
    assert len([view for view in "abcde" if painter.drawn(hand(view, "7 cards"), 1)]) == KEPT_PER_SLOT
    await painter.picture(hand("played", "6 cards"), 1)
    assert not any(painter.drawn(hand(view, "7 cards"), 1) for view in "abcde")
    assert painter.stored_bytes == len(b"hand:played") + len("the hand of played (en)")
    painter.close()
