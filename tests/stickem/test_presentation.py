"""Stick'em's presentation on its own: the texts that matter, the components' intents, and the
reading back of clicks (stale prompts, refusals, a whole game played by clicking only)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickem import Card, Phase, View
from stickem.card_text import card_text, hand_lines, hand_rows
from stickem.events import GameOver, RoundScored, TrickSetAside
from stickem.hosting import GAME, StickemMatch, card_token, parse_card_token
from stickem.presentation import PRESENTATION
from stickem.views import CompletedTrick
from tabletop import Refused
from tabletop.presentation import Act, Button, Message, Presentation, Redraw, Select
from tests.stickem.rendered import english

NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]


def cards(*texts: str) -> list[Card]:
    return [Card.parse(text) for text in texts]


def new_match(players: int = 3, seed: int = 1, **options: object) -> StickemMatch:
    return GAME.new_match(players, GAME.resolve_options(options), seed)


def in_tricks(players: int = 3, seed: int = 1, plays: int = 0) -> StickemMatch:
    """A match whose misery cards are picked (each seat its highest card), ``plays`` cards in."""
    match = new_match(players, seed)
    for seat in range(players):
        match.apply(seat, match.legal_actions(seat)[-1])
    for _ in range(plays):
        seat = match.awaiting[0]
        match.apply(seat, match.legal_actions(seat)[0])
    return match


def seat_view(match: StickemMatch, seat: int) -> View:
    view = match.view(seat)
    assert isinstance(view, View)
    return view


def test_the_game_spec_offers_the_presentation() -> None:
    assert isinstance(GAME.presentation, Presentation)
    assert GAME.presentation is PRESENTATION


# --- cards and hands ---------------------------------------------------------------------------


def test_a_card_is_always_written_with_its_colour_name_the_square_only_as_an_aid() -> None:
    assert english(card_text(Card.parse("red 7"))) == "\N{LARGE RED SQUARE} red 7"
    assert english(card_text(Card.parse("violet 0"))) == "\N{LARGE PURPLE SQUARE} violet 0"
    assert english(hand_lines(cards("red 7", "green 3", "red 2"))) == [
        "\N{LARGE GREEN SQUARE} green 3",
        "\N{LARGE RED SQUARE} red 2, red 7",
    ]


def test_hand_rows_give_each_colour_its_own_row_when_five_rows_allow() -> None:
    hand = cards("blue 1", "red 2", "red 9", "green 4", "green 1", "red 5")
    assert hand_rows(hand) == [cards("green 1", "green 4"), cards("red 2", "red 5", "red 9"), cards("blue 1")]


def test_hand_rows_split_a_long_colour_and_merge_the_smallest_neighbours_when_rows_run_out() -> None:
    long_red = cards(*(f"red {v}" for v in range(1, 8)))
    assert hand_rows(long_red) == [long_red[:5], long_red[5:]]
    six_colours = cards("green 1", "brown 1", "brown 2", "red 1", "red 2", "blue 1", "yellow 1", "violet 1")
    # six colours for five rows: the first of the smallest neighbouring pairs (blue and yellow,
    # two cards; yellow and violet are as small but come later) share a row
    assert hand_rows(six_colours) == [
        cards("green 1"),
        cards("brown 1", "brown 2"),
        cards("red 1", "red 2"),
        cards("blue 1", "yellow 1"),
        cards("violet 1"),
    ]


def test_hand_rows_fill_rows_in_order_when_no_colours_can_merge() -> None:
    hand = cards(
        *(f"{c} {v}" for c in ("green", "brown", "red", "blue", "yellow", "violet") for v in (1, 2, 3))
    )
    rows = hand_rows(hand)
    assert [len(row) for row in rows] == [5, 5, 5, 3]
    assert [card for row in rows for card in row] == sorted(hand)


# --- the misery choice -------------------------------------------------------------------------


def test_the_misery_prompt_lists_the_hand_by_colour_and_offers_a_select_and_a_disabled_confirm() -> None:
    match = new_match(seed=1)
    view = seat_view(match, 0)
    prompt = english(PRESENTATION.prompt(view, NAMES[:3]))
    lines = prompt.content.splitlines()
    assert lines[0] == (
        "**Round 1 of 5** - choose your misery card (its color counts against you; the choice is final "
        "once confirmed)."
    )
    assert lines[1] == "Your 15 cards:"
    assert lines[2:] == english(hand_lines(view.hand or ()))
    (select,), (confirm,) = prompt.rows
    assert isinstance(select, Select) and select.intent == "msel"
    assert [choice.value for choice in select.choices] == [str(card) for card in view.hand or ()]
    assert [choice.label for choice in select.choices] == [str(card) for card in view.hand or ()]
    assert not any(choice.default for choice in select.choices)
    assert confirm == Button("Confirm", "m:none", style="danger", disabled=True)


def test_choosing_a_card_redraws_the_prompt_with_a_confirm_button_carrying_the_action() -> None:
    match = new_match(seed=1)
    view = seat_view(match, 0)
    card = (view.hand or ())[3]
    meaning = PRESENTATION.click(view, "msel", [card_token(card)])
    assert meaning == Redraw(card_token(card))
    prompt = english(PRESENTATION.prompt(view, NAMES[:3], draft=meaning.draft))
    assert prompt.content.endswith(f"Selected: **{card}**. Confirm to lock it in.")
    (select,), (confirm,) = prompt.rows
    assert isinstance(select, Select)
    assert [choice.value for choice in select.choices if choice.default] == [str(card)]
    assert isinstance(confirm, Button) and not confirm.disabled
    assert (confirm.label, confirm.intent) == (f"Confirm {card}", f"m:{card_token(card)}")
    assert PRESENTATION.click(view, confirm.intent, []) == Act(f"m:{card_token(card)}")


def test_a_draft_naming_no_card_of_the_hand_shows_the_prompt_as_if_nothing_was_chosen() -> None:
    view = seat_view(new_match(seed=1), 0)
    plain = english(PRESENTATION.prompt(view, NAMES[:3]))
    for draft in ("violet17", "nonsense", "red"):
        assert english(PRESENTATION.prompt(view, NAMES[:3], draft=draft)) == plain


def test_after_the_pick_the_prompt_and_the_clicked_message_tell_the_pick_without_components() -> None:
    match = new_match(seed=1)
    action = match.legal_actions(0)[0]
    match.apply(0, action)
    view = seat_view(match, 0)
    card = view.misery_pick
    expected = f"Your misery card for round 1: **{card}**. It stays secret until everyone has picked."
    assert english(PRESENTATION.prompt(view, NAMES[:3])) == Message(expected)
    assert english(PRESENTATION.acted(view, action, NAMES[:3])) == Message(expected)
    assert english(PRESENTATION.reply(action, view)) == f"Your misery card for round 1: {card}."
    with pytest.raises(Refused, match="already picked"):
        PRESENTATION.click(view, "msel", [card_token((view.hand or ())[0])])


# --- the tricks --------------------------------------------------------------------------------


def test_the_hand_prompt_shows_the_turn_and_one_button_per_card_carrying_its_play() -> None:
    match = in_tricks(seed=2, plays=1)
    seat = match.awaiting[0]
    view = seat_view(match, seat)
    prompt = english(PRESENTATION.prompt(view, NAMES[:3]))
    lines = prompt.content.splitlines()
    assert lines[0] == "**Round 1 of 5, trick 1 of 14**"
    assert lines[1] == f"**Your turn.** Lead color: {view.lead_color}."
    ((leader, led),) = view.trick
    assert lines[2] == f"Played: {NAMES[leader]}: {english(card_text(led))}"
    assert lines[3] == f"Your misery card: {english(card_text(view.misery_pick or led))}"
    buttons = [b for b in prompt.components() if isinstance(b, Button)]
    assert len(buttons) == len(prompt.components()) == 14
    assert not any(b.disabled for b in buttons)
    assert [b.label for b in buttons] == [str(card) for card in sorted(view.hand or ())]
    assert [b.intent for b in buttons] == [f"p:{card_token(card)}" for card in sorted(view.hand or ())]
    for row in prompt.rows:  # this hand's colours fit in five rows: one colour per row
        assert len({b.label.split()[0] for b in row if isinstance(b, Button)}) == 1


def test_a_waiting_seat_sees_whom_it_waits_for() -> None:
    match = in_tricks(seed=2, plays=1)
    waiting = next(seat for seat in range(3) if seat not in match.awaiting)
    content = english(PRESENTATION.prompt(seat_view(match, waiting), NAMES[:3])).content
    assert f"Waiting for {NAMES[match.awaiting[0]]}." in content


def test_a_card_played_mid_trick_leaves_the_rest_of_the_hand_disabled() -> None:
    match = in_tricks(seed=2)
    seat = match.awaiting[0]
    view = seat_view(match, seat)
    card = (view.hand or ())[0]
    action = PRESENTATION.click(view, f"p:{card_token(card)}", [])
    assert action == Act(f"p:{card_token(card)}")
    match.apply(seat, action.action)
    after = english(PRESENTATION.acted(seat_view(match, seat), action.action, NAMES[:3]))
    assert after is not None
    assert after.content == f"You played **{card}** in trick 1 of round 1."
    assert after.components() and all(b.disabled for b in after.components())
    assert len(after.components()) == 13
    assert english(PRESENTATION.reply(action.action, seat_view(match, seat))) == f"You played {card}."


def test_the_card_that_completes_a_trick_is_told_as_played_in_that_trick() -> None:
    match = in_tricks(seed=2, plays=2)
    seat = match.awaiting[0]
    action = match.legal_actions(seat)[0]
    match.apply(seat, action)
    view = seat_view(match, seat)
    assert view.trick_number == 2
    after = english(PRESENTATION.acted(view, action, NAMES[:3]))
    assert after is not None and after.content.endswith("in trick 1 of round 1.")


def test_the_card_that_ends_a_round_is_told_alone() -> None:
    match = in_tricks(seed=2, plays=3 * 14 - 1)
    seat = match.awaiting[0]
    action = match.legal_actions(seat)[0]
    events = match.apply(seat, action)
    assert any(isinstance(e, RoundScored) for e in events)
    view = seat_view(match, seat)
    assert view.round == 2 and view.phase is Phase.MISERY
    card = parse_card_token(action.partition(":")[2])
    assert english(PRESENTATION.acted(view, action, NAMES[:3])) == Message(
        f"You played **{card}** in the last trick of round 1."
    )


# --- clicks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "values", "reason"),
    [
        ("msel", [], "exactly one"),
        ("msel", ["red1", "red2"], "exactly one"),
        ("msel", ["red one"], "not one of your cards"),
        ("msel", ["violet99"], "not one of your cards"),
        ("m:none", [], "Pick a card in the menu first"),
        ("m:", [], "not one of your cards"),
        ("p:violet17", [], "not in your hand"),
        ("m:red1", ["red1"], "takes no choice"),
        ("x:red1", [], "not part of"),
        ("", [], "not part of"),
        ("play red 1", [], "not part of"),
    ],
)
def test_clicks_never_offered_are_refused_with_a_sentence(
    intent: str, values: list[str], reason: str
) -> None:
    view = seat_view(new_match(seed=1), 0)
    with pytest.raises(Refused, match=reason):
        PRESENTATION.click(view, intent, values)


def test_the_select_of_a_misery_choice_that_is_over_is_refused() -> None:
    match = in_tricks(seed=1)
    view = seat_view(match, 0)
    with pytest.raises(Refused, match=r"^The misery cards are already revealed; now the tricks are played"):
        PRESENTATION.click(view, "msel", [str((view.hand or ())[0])])


def test_a_second_misery_choice_in_the_round_is_refused_as_final() -> None:
    match = new_match(seed=1)
    view = seat_view(match, 0)
    match.apply(0, f"m:{card_token((view.hand or ())[0])}")
    view = seat_view(match, 0)
    with pytest.raises(Refused, match=r"^You have already picked your misery card; a pick is final\.$"):
        PRESENTATION.click(view, "msel", [str((view.hand or ())[1])])


@settings(max_examples=300, deadline=None)
@given(intent=st.text(max_size=70), values=st.lists(st.text(max_size=30), max_size=3))
def test_any_click_is_an_action_a_draft_or_refused(intent: str, values: list[str]) -> None:
    for view in (seat_view(new_match(seed=1), 0), seat_view(in_tricks(seed=1), 0)):
        try:
            meaning = PRESENTATION.click(view, intent, values)
        except Refused as refused:
            assert 0 < len(str(refused)) < 200
            continue
        if isinstance(meaning, Redraw):
            assert meaning.draft in {card_token(card) for card in view.hand or ()}
        else:
            kind, _, token = meaning.action.partition(":")
            assert kind in ("m", "p") and token in {card_token(card) for card in view.hand or ()}


# --- stale prompts -----------------------------------------------------------------------------


def test_a_prompt_of_an_earlier_round_is_stale() -> None:
    match = in_tricks(seed=2, plays=3 * 14)
    view = seat_view(match, 0)
    assert view.round == 2
    assert english(PRESENTATION.stale("1.14.2", view)) == "These cards are from round 1, which is over."
    assert english(PRESENTATION.stale("1m", view)) == "These cards are from round 1, which is over."


def test_a_hand_of_an_earlier_trick_is_stale_but_one_of_the_same_trick_still_counts() -> None:
    match = in_tricks(seed=2, plays=4)
    view = seat_view(match, 0)
    assert match.stage == "1.2.1"
    assert english(PRESENTATION.stale("1.1.0", view)) == (
        "This hand is from trick 1, which is over; use your latest hand."
    )
    assert english(PRESENTATION.stale("1.2.0", view)) is None


def test_the_misery_choice_is_stale_once_the_tricks_are_on_and_not_before() -> None:
    match = new_match(seed=1)
    assert english(PRESENTATION.stale("1m", seat_view(match, 0))) is None
    match = in_tricks(seed=1)
    assert english(PRESENTATION.stale("1m", seat_view(match, 0))) == (
        "The misery cards are already revealed; now the tricks are played."
    )


def test_a_stage_that_is_no_stage_of_stickem_is_stale() -> None:
    view = seat_view(in_tricks(seed=1), 0)
    for stage in ("over", "", "1.x.2", "1.1"):
        reason = english(PRESENTATION.stale(stage, view))
        assert reason == "This prompt is out of date."


# --- the channel -------------------------------------------------------------------------------


def test_the_table_puts_the_notes_under_the_round_and_nothing_without_them() -> None:
    match = in_tricks(seed=2, plays=1)
    public = match.view(None)
    with_notes = english(
        PRESENTATION.table(public, NAMES[:3], notes=["Turn timer: 2 min"], stopped=False)
    ).content
    without = english(PRESENTATION.table(public, NAMES[:3], notes=[], stopped=False)).content
    lines = with_notes.splitlines()
    turn = lines.index(f"Turn: **{NAMES[match.awaiting[0]]}**")
    assert lines[turn + 1 : turn + 4] == ["Turn timer: 2 min", "", "Players:"]
    assert without.splitlines() == lines[: turn + 1] + lines[turn + 2 :]
    stopped = english(PRESENTATION.table(public, NAMES[:3], notes=[], stopped=True)).content
    assert stopped.startswith("**Stick'em** - round 1 of 5 - rules: classic - **stopped**")
    assert "Turn:" not in stopped


def test_the_table_tells_a_set_aside_trick() -> None:
    match = in_tricks(seed=2, plays=3)
    public = match.view(None)
    assert isinstance(public, View) and public.last_trick is not None
    set_aside = CompletedTrick(1, public.last_trick.plays, None)
    view = dataclasses.replace(public, tricks=(set_aside,), last_trick=set_aside)
    content = english(PRESENTATION.table(view, NAMES[:3], notes=[], stopped=False)).content
    assert " - taken by nobody (set aside)" in content.splitlines()[-1]


def test_a_round_closes_with_its_misery_cards_its_last_trick_and_its_scores() -> None:
    match = in_tricks(seed=2, plays=3 * 14 - 1)
    seat = match.awaiting[0]
    events = match.apply(seat, match.legal_actions(seat)[0])
    public = match.view(None)
    scored = next(e for e in events if isinstance(e, RoundScored))
    closed = english(PRESENTATION.round_closed(events, public, NAMES[:3]))
    assert closed is not None
    lines = closed.content.splitlines()
    assert lines[0] == "**Stick'em** - round 1 is over."
    assert (
        lines[1]
        == f"1. ann - misery {english(card_text(scored.misery_cards[0]))}"
        f" - captured {scored.captured_counts[0]}"
    )
    assert lines[4].startswith("Last trick (14): ")
    (report,) = english(PRESENTATION.reports(events, public, NAMES[:3]))
    assert report.content == "" and not report.rows
    (embed,) = report.embeds
    assert (embed.title, embed.colour) == ("Round 1 of 5 scored", 0x5865F2)
    assert embed.description.startswith(
        f"**ann** - misery {english(card_text(scored.misery_cards[0]))} - round "
    )


def test_an_action_that_ends_no_round_closes_nothing_and_reports_nothing() -> None:
    match = in_tricks(seed=2)
    seat = match.awaiting[0]
    events = match.apply(seat, match.legal_actions(seat)[0])
    assert english(PRESENTATION.round_closed(events, match.view(None), NAMES[:3])) is None
    assert english(PRESENTATION.reports(events, match.view(None), NAMES[:3])) == ()


def test_a_set_aside_last_trick_is_taken_by_nobody_when_the_round_closes() -> None:
    plays = tuple(zip(range(3), cards("red 0", "blue 0", "green 0"), strict=True))
    scored = RoundScored(
        1, (1, 2, 3), (1, 2, 3), tuple(cards("red 5", "blue 5", "green 5")), ((), (), ()), (4, 5, 5)
    )
    events = (TrickSetAside(plays, 14, 0), scored)
    closed = english(PRESENTATION.round_closed(events, new_match().view(None), NAMES[:3]))
    assert closed is not None
    assert closed.content.splitlines()[-1] == (
        "Last trick (14): ann: \N{LARGE RED SQUARE} red 0, bob: \N{LARGE BLUE SQUARE} blue 0, "
        "cy: \N{LARGE GREEN SQUARE} green 0 - taken by nobody (set aside)"
    )


def test_the_end_of_the_game_reports_the_scores_then_the_winners_in_gold() -> None:
    events = (
        RoundScored(
            5, (1, 2, 3), (10, 12, 12), tuple(cards("red 5", "blue 5", "green 5")), ((), (), ()), (4, 5, 5)
        ),
        GameOver((10, 12, 12), (1, 2)),
    )
    scores, over = english(PRESENTATION.reports(events, new_match().view(None), NAMES[:3]))
    assert scores.embeds[0].title == "Round 5 of 5 scored"
    assert over.content == "**Game over!** bob and cy share the win."
    assert over.embeds[0].colour == 0xF1C40F
    assert over.embeds[0].description == "1. bob: 12\n1. cy: 12\n3. ann: 10"


def test_nudges_say_what_to_do_after_a_mention() -> None:
    assert (
        english(PRESENTATION.nudge(seat_view(new_match(), 0)))
        == "round 1: pick your misery card."
    )
    match = in_tricks(seed=2, plays=3)
    assert english(PRESENTATION.nudge(seat_view(match, match.awaiting[0]))) == (
        "it is your turn (round 1, trick 2)."
    )


def test_the_options_line_and_the_rules() -> None:
    options = GAME.resolve_options({"preset": "amigo"})
    assert english(PRESENTATION.options_line(options, 4)) == (
        "**amigo** (3-6 players, 4 rounds (one per player), all-zero trick: nobody wins, lead rotates)"
    )
    (embed,) = english(PRESENTATION.rules()).embeds
    assert embed.title == "Stick'em: the rules in a minute"
    assert [field.name for field in embed.fields][-2:] == [
        "Examples (the winning card in bold)",
        "Rule sets",
    ]
    assert "red 7, red 2, **red 11**, red 0 → red 11 takes it" in embed.fields[-2].value


def test_long_names_keep_the_table_within_discords_limit() -> None:
    names = ["x" * 300] * 7
    match = in_tricks(players=7, seed=3, plays=5)
    assert len(english(PRESENTATION.table(match.view(None), names, notes=[], stopped=False)).content) <= 2000


# --- a whole game ------------------------------------------------------------------------------


def test_a_whole_game_is_played_by_clicking_prompts_and_shown_to_its_end() -> None:
    match = new_match(players=4, seed=7, rounds=2)
    names = NAMES[:4]
    draw = random.Random(7)
    reports: list[Message] = []
    while not match.is_over:
        seat = draw.choice(match.awaiting)
        stage = match.stage
        view = seat_view(match, seat)
        prompt = english(PRESENTATION.prompt(view, names))
        if view.phase is Phase.MISERY:
            (select,), _ = prompt.rows
            assert isinstance(select, Select)
            meaning = PRESENTATION.click(view, select.intent, [draw.choice(select.choices).value])
            assert isinstance(meaning, Redraw)
            prompt = english(PRESENTATION.prompt(view, names, draft=meaning.draft))
            (confirm,) = prompt.rows[1]
            meaning = PRESENTATION.click(view, confirm.intent, [])
        else:
            button = draw.choice(prompt.components())
            meaning = PRESENTATION.click(view, button.intent, [])
        assert isinstance(meaning, Act)
        events = match.apply(seat, meaning.action)
        assert english(PRESENTATION.acted(seat_view(match, seat), meaning.action, names)) is not None
        reports += english(PRESENTATION.reports(events, match.view(None), names))
        if match.stage != stage and not match.is_over:
            later = seat_view(match, seat)
            if (
                later.phase is Phase.TRICKS
                and later.round == view.round
                and later.trick_number == view.trick_number
            ):
                assert english(PRESENTATION.stale(stage, later)) is None
            else:
                assert english(PRESENTATION.stale(stage, later)) is not None
    assert [r.embeds[0].title for r in reports] == [
        "Round 1 of 2 scored",
        "Round 2 of 2 scored",
        "Final standings",
    ]
    assert reports[-1].content.startswith("**Game over!** ")
