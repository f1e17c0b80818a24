"""What /replay and /history show, without Discord: the stepper's paging, the buttons' ids, a
step's message and a history page."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.replays import history
from bot.replays import step_message as steps_shown
from bot.replays.ids import HistoryId, ReplayId
from bot.replays.step_message import ShownReplay, label_text
from bot.replays.stepper import Stepper, Targets
from bot.tables.payload import localized
from host.catalog import text
from host.storage import HistoryEntry, Standing
from stickem.hosting import GAME
from tabletop import registry
from tabletop.catalog import Catalog, Text
from tabletop.pictures import Sketch, art_of
from tabletop.presentation import Button, Message
from tabletop.replay import ReplayStep, StepLabel, TableSnapshot, replay_steps
from tests.replay.played import play_out

WHEN = datetime(2026, 11, 21, 18, 0, tzinfo=UTC)
NAMES = ("ann", "bob", "cyd")


def step_message(replay: ShownReplay, index: int, language: str = "en") -> Message:
    """Step ``index`` (its picture in ``language``) as a reader of ``language`` reads it."""
    return localized(steps_shown.step_message(replay, index, language), language)


def history_message(
    entries: list[HistoryEntry], offset: int = 0, limit: int = 5, language: str = "en"
) -> Message:
    """A /history page as a reader of ``language`` reads it."""
    return localized(history.history_message(entries, offset, limit), language)


# --- the stepper -----------------------------------------------------------------------------


def test_the_stepper_leads_each_button_to_its_step() -> None:
    stepper = Stepper.of([1, 1, 1, 2, 2, 3])
    assert stepper.count == 6
    assert stepper.targets(0) == Targets(first=None, back=None, next=1, last=5, next_round=3)
    assert stepper.targets(1) == Targets(first=0, back=0, next=2, last=5, next_round=3)
    assert stepper.targets(3) == Targets(first=0, back=2, next=4, last=5, next_round=5)
    assert stepper.targets(4) == Targets(first=0, back=3, next=5, last=5, next_round=5)
    assert stepper.targets(5) == Targets(first=0, back=4, next=None, last=None, next_round=None)


def test_the_stepper_of_one_step_leads_nowhere_and_refuses_steps_it_lacks() -> None:
    stepper = Stepper.of([1])
    assert stepper.targets(0) == Targets(None, None, None, None, None)
    assert not stepper.holds(1) and not stepper.holds(-1)
    with pytest.raises(ValueError, match="no step 1"):
        stepper.targets(1)
    with pytest.raises(ValueError, match="at least one step"):
        Stepper.of([])


def test_next_round_skips_to_the_first_step_of_a_later_round_only() -> None:
    stepper = Stepper.of([1, 1, 2, 2])
    assert [stepper.next_round(step) for step in range(4)] == [2, 2, None, None]


# --- custom ids ------------------------------------------------------------------------------


def test_replay_and_history_ids_read_back_and_refuse_what_they_did_not_write() -> None:
    ident = ReplayId("round", 12, 40)
    assert ident.encode() == "stk:rp:round:12:40" and ReplayId.parse(ident.encode()) == ident
    assert HistoryId.parse(HistoryId(10).encode()) == HistoryId(10)
    too_long = "stk:rp:next:1" + "0" * 30 + ":1"
    too_large = f"stk:rp:next:{2**31}:0"  # no database holds such an id
    for forged in ("stk:rp:jump:12:40", "stk:rp:next:12", too_long, too_large, "stk:rp:next:-1:0"):
        with pytest.raises(ValueError):
            ReplayId.parse(forged)
    for forged in ("stk:hist:x", "stk:hist:" + "9" * 21):
        with pytest.raises(ValueError):
            HistoryId.parse(forged)


# --- a step ----------------------------------------------------------------------------------


def _replay() -> ShownReplay:
    match, _ = play_out(GAME, 3, GAME.resolve_options({"rounds": 2}), 7, "random")
    steps = replay_steps(GAME, 3, match.options, match.seed, match.log)
    return ShownReplay("Stick'em", 42, NAMES, steps, catalog=registry.catalog("stickem"))


def _buttons(replay: ShownReplay, index: int) -> dict[str, Button]:
    spec = step_message(replay, index)
    buttons = [item for item in spec.components() if isinstance(item, Button)]
    ids = [button.intent for button in buttons]
    assert len(set(ids)) == len(ids) and all(len(i) <= 100 for i in ids)  # Discord's rules
    return {button.label: button for button in buttons}


def test_the_first_step_pages_forward_only() -> None:
    replay = _replay()
    buttons = _buttons(replay, 0)
    assert buttons["First"].disabled and buttons["Back"].disabled
    assert ReplayId.parse(buttons["Next"].intent) == ReplayId("next", 42, 1)
    last = len(replay.steps) - 1
    assert ReplayId.parse(buttons["Last"].intent) == ReplayId("last", 42, last)
    second_deal = next(i for i, s in enumerate(replay.steps) if s.round == 2)
    assert ReplayId.parse(buttons["Next round"].intent).step == second_deal
    assert ReplayId.parse(buttons["Download (JSON)"].intent) == ReplayId("json", 42, 0)


def test_the_last_step_pages_back_only_and_shows_the_final_totals() -> None:
    replay = _replay()
    last = len(replay.steps) - 1
    buttons = _buttons(replay, last)
    assert buttons["Next"].disabled and buttons["Last"].disabled and buttons["Next round"].disabled
    assert ReplayId.parse(buttons["Back"].intent).step == last - 1
    (embed,) = step_message(replay, last).embeds
    assert "The game is over" in (embed.description or "")
    totals = replay.steps[last].snapshot.scores
    assert [field.name for field in embed.fields] == [f"{n}: {t}" for n, t in zip(NAMES, totals, strict=True)]
    assert embed.footer == f"Step {last + 1} of {last + 1}"


def test_a_trick_step_shows_the_trick_and_every_hand_face_up() -> None:
    replay = _replay()
    index, step = next((i, s) for i, s in enumerate(replay.steps) if s.label.key == "trick")
    (embed,) = step_message(replay, index).embeds
    description = embed.description or ""
    winner = NAMES[int(step.label.fields["winner"])]
    assert description.startswith(f"**Round 1, trick 1: {winner} takes it.**")
    for seat, card in step.snapshot.table:
        assert f"{NAMES[seat]}: {card}" in description
    for field, hand in zip(embed.fields, step.snapshot.hands, strict=True):
        assert field.value.splitlines()[0] == ", ".join(hand)


def test_labels_name_seats_and_an_unknown_label_shows_its_round() -> None:
    """Each game words its steps in its own catalog (the label's words, else its key)."""
    stickem, stickgame = registry.catalog("stickem"), registry.catalog("stickgame")
    deal = StepLabel("deal", {"round": 2, "dealer": 1})
    assert label_text(deal, NAMES, game=stickem) == "Round 2: bob deals"
    set_aside = StepLabel("trick", {"round": 1, "trick": 3, "winner": -1, "last": 1}, "trick_set_aside_last")
    assert label_text(set_aside, NAMES, game=stickem) == "Round 1, trick 3: set aside. The round is scored."
    out = StepLabel("turn", {"round": 4, "seat": 2, "out": 1}, "turn_out")
    assert label_text(out, NAMES, 7, game=stickgame) == "Round 4, turn 7: cyd ends the round"
    assert label_text(StepLabel("auction", {"round": 5}), NAMES, game=stickem) == "Round 5"
    assert label_text(deal, NAMES) == "Round 2"  # a game that words nothing: its round alone


GAME_WORDS_EN = """
[replay.step]
take = "Round {round}: {seat} takes from the heap"
[replay.counter]
tokens = { one = "{count} token", other = "{count} tokens" }
[replay.extra]
heap = "Heap: {cards}"
"""
GAME_WORDS_DE = """
[replay.step]
take = "Runde {round}: {seat} nimmt vom Haufen"
[replay.counter]
tokens = { one = "{count} Marke", other = "{count} Marken" }
[replay.extra]
heap = "Haufen: {cards}"
"""


def test_a_fourth_game_words_its_steps_counters_and_extras_from_its_own_catalog(tmp_path: Path) -> None:
    (tmp_path / "en.toml").write_text(GAME_WORDS_EN, encoding="utf-8")
    (tmp_path / "de.toml").write_text(GAME_WORDS_DE, encoding="utf-8")
    snapshot = TableSnapshot(
        hands=((), ()), table=(), scores=(3, 1), counters={"tokens": (1, 4)}, extras={"heap": ("7",)}
    )
    steps = (ReplayStep(1, 2, StepLabel("take", {"round": 2, "seat": 1}), snapshot),)
    shown = ShownReplay("Take-away", 5, ("ann", "bob"), steps, catalog=Catalog(tmp_path))
    for language, said, heap, counted in (
        ("en", "Round 2: bob takes from the heap", "Heap: 7", ("1 token", "4 tokens")),
        ("de", "Runde 2: bob nimmt vom Haufen", "Haufen: 7", ("1 Marke", "4 Marken")),
    ):
        embed = step_message(shown, 0, language).embeds[0]
        assert embed.description is not None
        assert embed.description.splitlines()[:2] == [f"**{said}**", heap]
        assert [(field.value or "").splitlines()[-1] for field in embed.fields] == list(counted)
    # the host words no game's steps: a step the game's catalog does not word shows its round
    deal = StepLabel("deal", {"round": 2, "dealer": 1})
    assert label_text(deal, NAMES, game=Catalog(tmp_path)) == "Round 2"


def test_the_registry_finds_a_games_catalog_beside_its_package() -> None:
    found = registry.catalog("stickem")
    assert found is not None and "spec.title" in found.entries()
    assert registry.catalog("no_such_game") is None


def test_a_step_that_does_not_exist_is_refused() -> None:
    replay = _replay()
    with pytest.raises(ValueError):
        step_message(replay, len(replay.steps))


def test_a_hand_too_long_for_a_field_is_clipped_to_discords_limit() -> None:
    huge = TableSnapshot(hands=(tuple(f"card{i}" for i in range(400)),), table=(), scores=(0,))
    steps = (ReplayStep(0, 1, StepLabel("deal", {"round": 1, "dealer": 0}), huge),)
    (field,) = step_message(ShownReplay("Stick'em", 1, ("ann",), steps), 0).embeds[0].fields
    assert field.value is not None and len(field.value) <= 1024 and field.value.startswith("card0, card1")


# --- /history --------------------------------------------------------------------------------


def _entry(game_id: int) -> HistoryEntry:
    standings = (
        Standing(1, 0, 1, "ann", 20, True),
        Standing(1, 2, 3, "cyd", 20, True),
        Standing(3, 1, 2, "bob", -4, False),
    )
    return HistoryEntry(game_id, WHEN, 1, standings, "stickem")


def test_history_lists_id_game_date_and_standings_with_a_replay_button_each() -> None:
    assert history_message([]).content == "No game has been finished at this table yet."
    spec = history_message([_entry(7), _entry(5)], offset=0, limit=5)
    (embed,) = spec.embeds
    first = embed.fields[0]
    assert first.name == "#7 Stick'em - 2026-11-21 18:00 UTC - 1 round"
    assert first.value == "1. ann: 20 (winner)\n1. cyd: 20 (winner)\n3. bob: -4"
    replays, (previous, following) = spec.rows
    assert [ReplayId.parse(b.intent) for b in replays if isinstance(b, Button)] == [
        ReplayId("open", 7, 0),
        ReplayId("open", 5, 0),
    ]
    assert [b.label for b in replays if isinstance(b, Button)] == ["Replay #7", "Replay #5"]
    assert isinstance(previous, Button) and isinstance(following, Button)
    assert previous.disabled and following.disabled


def test_history_pages_turn_while_there_are_more_games() -> None:
    entries = [_entry(game_id) for game_id in range(20, 14, -1)]  # six read: a next page follows
    spec = history_message(entries, offset=5, limit=5)
    assert len(spec.embeds[0].fields) == 5
    _, (previous, following) = spec.rows
    assert isinstance(previous, Button) and isinstance(following, Button)
    assert HistoryId.parse(previous.intent) == HistoryId(0) and not previous.disabled
    assert HistoryId.parse(following.intent) == HistoryId(10) and not following.disabled
    assert history_message([], offset=10).content.startswith("This page is empty")


def test_stick_game_turns_are_numbered_within_their_round() -> None:
    spec = registry.game("stickgame")
    match, _ = play_out(spec, 3, spec.resolve_options({}), 3, "random")
    steps = replay_steps(spec, 3, match.options, match.seed, match.log)
    replay = ShownReplay(spec.title, 9, NAMES, steps, catalog=registry.catalog("stickgame"))
    second_round = next(i for i, s in enumerate(steps) if s.round == 2)
    shown = [step_message(replay, i).embeds[0].description or "" for i in (1, 2, second_round + 1)]
    openers = [description.splitlines()[0] for description in shown]
    assert openers[0].startswith("**Round 1, turn 1: ") and openers[1].startswith("**Round 1, turn 2: ")
    assert openers[2].startswith("**Round 2, turn 1: ")


def test_a_german_reader_reads_steps_labels_and_history_in_german() -> None:
    """Every word of a step and of a history page comes from the catalog of the reader's language."""
    trick = StepLabel("trick", {"round": 1, "trick": 3, "winner": 1, "last": 1}, "trick_last")
    stickem = registry.catalog("stickem")
    assert stickem is not None
    said = stickem.text("replay.step.trick_last", language="de", round=1, trick=3, winner="bob")
    assert said == "Runde 1, Stich 3: bob nimmt ihn. Die Runde wird gewertet."
    english = label_text(trick, NAMES, game=stickem)
    assert label_text(trick, NAMES, language="de", game=stickem) == said != english
    replay = _replay()
    last = len(replay.steps) - 1
    spec = step_message(replay, last, "de")
    (embed,) = spec.embeds
    assert text("replay.game_over", language="de") in (embed.description or "")
    assert embed.footer == text("replay.footer", language="de", step=last + 1, steps=last + 1)
    labels = [item.label for item in spec.components() if isinstance(item, Button)]
    keys = ("first", "back", "next", "last", "next_round", "download")
    assert labels == [text(f"replay.button.{key}", language="de") for key in keys]
    german = registry.game("stickem").title
    page = history_message([_entry(7)], 0, 5, "de")
    (history,) = page.embeds
    when = text("history.game_when", language="de", count=1, finished=WHEN, rounds=1)
    assert history.title == text("history.title", language="de")
    assert history.fields[0].name == text("history.game", language="de", id=7, game=german, when=when)
    assert history.fields[0].name != text("history.game", id=7, game=german, when=when)
    assert history.fields[0].value.splitlines()[-1] == text(
        "history.standing", language="de", place=3, name="bob", total=-4
    )
    replays, (previous, following) = page.rows
    assert [b.label for b in (*replays, previous, following) if isinstance(b, Button)] == [
        text("history.replay", language="de", id=7),
        text("history.previous", language="de"),
        text("history.next", language="de"),
    ]
    assert history_message([], language="de").content == text("history.none_yet", language="de")


def test_a_step_of_a_game_that_draws_carries_its_replay_sketch() -> None:
    """The step's picture: the kit's replay picture of the step's views, names as drawn (the
    escapes a message needs taken out); none for a game that draws nothing."""
    match, _ = play_out(GAME, 3, GAME.resolve_options({"rounds": 1}), 3, "random")
    steps = replay_steps(GAME, 3, match.options, match.seed, match.log)
    art = art_of(GAME)
    assert art is not None
    names = ("ann", "b\\_b", "cyd")
    shown = ShownReplay("Stick'em", 7, names, steps, art)
    for index in (0, 5):
        sketch = step_message(shown, index).picture
        assert sketch == Sketch(art, "replay", steps[index].views, ("ann", "b_b", "cyd"))
    assert step_message(ShownReplay("Stick'em", 7, names, steps), 0).picture is None
    viewless = [ReplayStep(s.end, s.round, s.label, s.snapshot) for s in steps]
    assert step_message(ShownReplay("Stick'em", 7, names, viewless, art), 0).picture is None


def test_a_german_readers_replay_picture_speaks_german() -> None:
    """A step's picture is drawn in the language of its message: the German reader's."""
    match, _ = play_out(GAME, 3, GAME.resolve_options({"rounds": 1}), 3, "random")
    steps = replay_steps(GAME, 3, match.options, match.seed, match.log)
    art = art_of(GAME)
    assert art is not None
    sketch = step_message(ShownReplay("Stick'em", 7, NAMES, steps, art), 5, "de").picture
    assert sketch is not None and sketch == Sketch(art, "replay", steps[5].views, NAMES, "de")
    german, english = sketch.draw(), Sketch(art, "replay", steps[5].views, NAMES).draw()
    assert german.description != english.description


def test_history_names_computer_seats_in_the_readers_language() -> None:
    standings = (
        Standing(1, 1, None, "Ada", 9, True, level="hard"),
        Standing(2, 2, None, "Bot Bea (random)", 1, False, level="random"),  # stored by an earlier release
        Standing(3, 0, 7, "ann", 0, False),
    )
    (embed,) = history_message([HistoryEntry(3, WHEN, 1, standings, "stickem")], language="de").embeds
    lines = (embed.fields[0].value or "").splitlines()
    names = [line.split(":")[0] for line in lines]
    assert names == ["1. Bot Ada (schwer)", "2. Bot Bea (zufällig)", "3. ann"]
    (embed,) = history_message([HistoryEntry(3, WHEN, 1, standings, "stickem")]).embeds
    assert (embed.fields[0].value or "").startswith("1. Bot Ada (hard): 9")


def test_a_history_page_and_a_step_are_made_once_and_read_in_each_readers_language() -> None:
    """A /history page and a replay step are values of catalog texts (keys and fields): the same
    value reads in English and in German."""
    page = history.history_message([_entry(7)])
    (embed,) = page.embeds
    assert isinstance(embed.title, Text) and isinstance(embed.fields[0].value, Text)
    german = registry.game("stickem").title
    when = text("history.game_when", language="de", count=1, finished=WHEN, rounds=1)
    assert localized(page).embeds[0].fields[0].name == "#7 Stick'em - 2026-11-21 18:00 UTC - 1 round"
    assert localized(page, "de").embeds[0].fields[0].name == text(
        "history.game", language="de", id=7, game=german, when=when
    )
    replay = _replay()
    last = len(replay.steps) - 1
    step = steps_shown.step_message(replay, last)
    (shown,) = step.embeds
    assert isinstance(shown.description, Text) and isinstance(shown.footer, Text)
    assert localized(step).embeds[0].footer == f"Step {last + 1} of {last + 1}"
    footer = text("replay.footer", language="de", step=last + 1, steps=last + 1)
    assert localized(step, "de").embeds[0].footer == footer
