"""Every game's presentation, checked through its own components (see tabletop.presentation).

A game is played to its end by clicking only what the prompts offer: every awaited seat's
prompt offers a way on, every intent reads back, every click leads to a legal action or to a
new draft, and every message keeps within Discord's limits. Views shown in public never carry a
seat's hand: a public message is the same whatever the hands are.
"""

from __future__ import annotations

import random

import pytest

from tabletop import GameSpec, Match, Refused
from tabletop.presentation import (
    MAX_BUTTONS_PER_ROW,
    MAX_CHOICES,
    MAX_INTENT,
    MAX_ROWS,
    Act,
    Button,
    Message,
    Presentation,
    Redraw,
    Select,
    Text,
    render,
)
from tests.tabletop.conftest import short_options

MAX_LABEL = 80
MAX_CONTENT = 2000
MAX_EMBED_DESCRIPTION = 4096
DRAFT_STEPS = 40
"""The most clicks one decision may take before an action (a lay-down of several melds)."""


def presentation_of(spec: GameSpec) -> Presentation:
    """The game's presentation, checked against the protocol."""
    presentation = getattr(spec, "presentation", None)
    assert isinstance(presentation, Presentation)
    return presentation


LANGUAGES = ("en", "de")
"""The languages whose texts must fit Discord's limits."""


def shown(text: str | Text) -> int:
    """The length of ``text`` as shown, in the longest of :data:`LANGUAGES`."""
    return max(len(render(text, language)) for language in LANGUAGES)


def check_limits(message: Message) -> None:
    """The message fits Discord: content, embeds, rows, labels, intents (each text as shown, in
    every language of :data:`LANGUAGES`)."""
    assert shown(message.content) <= MAX_CONTENT
    for embed in message.embeds:
        assert shown(embed.title) <= 256 and shown(embed.description) <= MAX_EMBED_DESCRIPTION
        assert len(embed.fields) <= 25
    assert len(message.rows) <= MAX_ROWS
    for row in message.rows:
        assert row, "an empty row"
        if any(isinstance(item, Select) for item in row):
            assert len(row) == 1, "a select fills its row alone"
        assert len(row) <= MAX_BUTTONS_PER_ROW
        for item in row:
            assert len(item.intent) <= MAX_INTENT, item.intent
            if isinstance(item, Button):
                assert 0 < shown(item.label) <= MAX_LABEL
            else:
                assert 0 < len(item.choices) <= MAX_CHOICES
                assert 1 <= item.min_values <= item.max_values <= len(item.choices)
                assert all(0 < shown(c.label) <= 100 and 0 < len(c.value) <= 100 for c in item.choices)


def _clicks(message: Message, draw: random.Random) -> list[tuple[str, tuple[str, ...]]]:
    """Every enabled component as a click: (intent, values); a select with random values."""
    clicks: list[tuple[str, tuple[str, ...]]] = []
    for item in message.components():
        if item.disabled:
            continue
        if isinstance(item, Button):
            clicks.append((item.intent, ()))
        else:
            count = draw.randint(item.min_values, item.max_values)
            values = tuple(c.value for c in draw.sample(item.choices, count))
            clicks.append((item.intent, values))
    return clicks


def _act_through_prompts(
    presentation: Presentation, match: Match, seat: int, names: list[str], draw: random.Random
) -> bool:
    """One action of ``seat`` chosen only by clicking its prompts; False if none was found."""
    draft = ""
    for _ in range(DRAFT_STEPS):
        prompt = presentation.prompt(match.view(seat), names, draft=draft)
        check_limits(prompt)
        clicks = _clicks(prompt, draw)
        assert clicks, f"seat {seat} is awaited but its prompt offers nothing (draft {draft!r})"
        intent, values = draw.choice(clicks)
        try:
            meaning = presentation.click(match.view(seat), intent, values)
        except Refused as refused:  # random values a prompt refuses with why (one wild taken twice)
            assert str(refused), "a refusal says why"
            continue
        if isinstance(meaning, Redraw):
            draft = meaning.draft
            continue
        assert isinstance(meaning, Act)
        try:
            match.apply(seat, meaning.action)
        except Refused as refused:
            assert str(refused), "a refusal says why"
            draft = ""
            continue
        assert presentation.reply(meaning.action, match.view(seat))
        after = presentation.acted(match.view(seat), meaning.action, names)
        if after is not None:
            check_limits(after)
        return True
    return False


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_is_played_by_clicking_what_prompts_offer(spec: GameSpec, seed: int) -> None:
    presentation = presentation_of(spec)
    options = spec.resolve_options(short_options(spec))
    low, high = spec.player_range(options)
    players = min(max(low, 3), high)
    match = spec.new_match(players, options, seed)
    names = [f"Player {n}" for n in range(players)]
    draw = random.Random(seed)
    computers = {s: spec.computer_player(spec.stand_in_level, seed + s) for s in range(players)}
    steps = 0
    while not match.is_over:
        steps += 1
        assert steps < 5000, "the game did not end"
        seat = draw.choice(match.awaiting)
        stage = match.stage
        check_limits(presentation.table(match.view(None), names, notes=["note"], stopped=False))
        if not _act_through_prompts(presentation, match, seat, names, draw):
            # Random clicks found no way on in time (a rummy's lay-down is a long search):
            # the computer moves, and the game goes on.
            match.apply(seat, computers[seat].decide(match.view(seat)))
        if match.stage != stage:
            reason = presentation.stale(stage, match.view(seat))
            assert reason is None or render(reason).strip()
    final = presentation.table(match.view(None), names, notes=[], stopped=False)
    check_limits(final)
    assert presentation.nudge(match.view(0)) or match.is_over


def test_a_click_on_an_intent_never_offered_is_refused(spec: GameSpec) -> None:
    presentation = presentation_of(spec)
    options = spec.resolve_options(short_options(spec))
    match = spec.new_match(spec.player_range(options)[0], options, 3)
    seat = match.awaiting[0]
    for intent, values in [("\x00nonsense", ()), ("", ("x" * 100,)), ("p:" + "9" * 58, ())]:
        try:
            meaning = presentation.click(match.view(seat), intent, values)
        except Refused as refused:
            assert len(str(refused)) < 300
            continue
        if isinstance(meaning, Act):  # passed on as an action: the match must refuse it
            with pytest.raises(Refused):
                match.apply(seat, meaning.action)


def test_public_messages_do_not_depend_on_hidden_cards(spec: GameSpec) -> None:
    """Two deals (seeds) differ in their hands; the public table message may differ only in
    what is public. Checked weakly: the public message never names a seat's whole hand."""
    presentation = presentation_of(spec)
    options = spec.resolve_options(short_options(spec))
    match = spec.new_match(spec.player_range(options)[0], options, 5)
    names = [f"P{n}" for n in range(match.players)]
    public = presentation.table(match.view(None), names, notes=[], stopped=False)
    for seat in range(match.players):
        own = presentation.prompt(match.view(seat), names)
        assert render(own.content) != render(public.content)
    check_limits(presentation.rules())
    assert presentation.options_line(dict(options), match.players)
