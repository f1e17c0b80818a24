"""TEMPORARY safety net: stickem.presentation writes, text for text, what bot/render.py writes.

While both exist, seeded games are played through the match and every message the host shows
today (the table message, the prompts, the answer to a click, the end of a round, the reports,
the rules, the options line, the channel reminders) is compared with the presentation's. Delete
this file with bot/render.py's Stick'em functions, once the host shows the presentation's
messages (the other tests in this folder stay).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

import discord
import pytest

from bot import render
from bot.custom_ids import MiseryConfirmId, MiserySelectId, PlayId
from bot.rules_embed import rules_embed
from bot.table_service import round_end_effects
from bot.tables import GameEnded, RoundEnded, TableRoundOver
from stickem import Card, Phase, Rules, View
from stickem.events import Event
from stickem.hosting import GAME, StickemMatch, card_token, options_for, parse_card_token
from stickem.presentation import PRESENTATION
from tabletop.presentation import Act, Button, Embed, Message, Redraw, Select

CHANNEL = 1234567890
GAME_ID = "a1b2c3"
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus")
TIMER = render.TurnTimer(120.0, datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC))


def _embed_data(embed: Embed | discord.Embed) -> tuple[object, ...]:
    """An embed as comparable data, whichever kind it is."""
    if isinstance(embed, Embed):
        ours = tuple((f.name, f.value, f.inline) for f in embed.fields)
        return embed.title, embed.description, embed.colour, ours, embed.footer
    colour = embed.colour.value if embed.colour is not None else None
    theirs = tuple((f.name, f.value, f.inline) for f in embed.fields)
    return embed.title, embed.description, colour, theirs, embed.footer.text or ""


def _intent_of(custom_id: str) -> str:
    """The intent that stands for one of today's custom ids."""
    kind = custom_id.split(":")[1]
    if kind == "play":
        return f"p:{card_token(PlayId.parse(custom_id).card)}"
    if kind == "msel":
        MiserySelectId.parse(custom_id)
        return "msel"
    if custom_id.endswith(":none"):
        return "m:none"
    return f"m:{card_token(MiseryConfirmId.parse(custom_id).card)}"


def assert_same(ours: Message | None, theirs: render.MessageSpec | None) -> None:
    """The presentation's message is today's: content, embeds, components (intents for ids)."""
    if ours is None or theirs is None:
        assert ours is None and theirs is None, (ours, theirs)
        return
    assert ours.content == theirs.content
    assert [_embed_data(e) for e in ours.embeds] == [_embed_data(e) for e in theirs.embeds]
    assert len(ours.rows) == len(theirs.rows)
    for row, old_row in zip(ours.rows, theirs.rows, strict=True):
        assert len(row) == len(old_row)
        for item, old in zip(row, old_row, strict=True):
            assert item.intent == _intent_of(old.custom_id)
            if isinstance(item, Button):
                assert isinstance(old, render.ButtonSpec)
                assert (item.label, item.emoji, item.style, item.disabled) == (
                    old.label,
                    old.emoji,
                    old.style,
                    old.disabled,
                )
            else:
                assert isinstance(old, render.SelectSpec) and isinstance(item, Select)
                assert (item.placeholder, item.disabled) == (old.placeholder, old.disabled)
                assert [(c.label, c.emoji, c.default, parse_card_token(c.value)) for c in item.choices] == [
                    (o.label, o.emoji, o.default, Card.parse(o.value)) for o in old.options
                ]


def _today_prompt(view: View, names: tuple[str, ...], selected: Card | None = None) -> render.MessageSpec:
    """The prompt the host sends today for a seat's view (its DM header left out)."""
    if view.phase is Phase.MISERY:
        if view.misery_pick is not None:
            return render.misery_done(view.misery_pick, view.round)
        return render.misery_prompt(view, CHANNEL, GAME_ID, selected)
    return render.hand_prompt(view, names, CHANNEL, GAME_ID)


def _today_reports(
    events: tuple[Event, ...], names: tuple[str, ...], rounds: int
) -> list[render.MessageSpec]:
    """What table_service._show posts today for a round's end and the game's."""
    posted = []
    for effect in round_end_effects(events):
        if isinstance(effect, RoundEnded):
            posted.append(render.MessageSpec("", (render.round_scored_embed(names, effect.scored, rounds),)))
        elif isinstance(effect, GameEnded):
            posted.append(render.game_over_message(names, effect.over))
    return posted


def _today_round_over(events: tuple[Event, ...], names: tuple[str, ...]) -> render.MessageSpec | None:
    for effect in round_end_effects(events):
        if isinstance(effect, TableRoundOver):
            return render.table_round_over(names, effect.scored.round, effect.last_trick, effect.scored)
    return None


def _compare_tables(match: StickemMatch, names: tuple[str, ...]) -> None:
    public = match.view(None)
    for stopped in (False, True):
        timer_note = [render.timer_line(TIMER, running=not stopped)]
        assert_same(
            PRESENTATION.table(public, names, notes=timer_note, stopped=stopped),
            render.table_message(public, names, stopped=stopped, timer=TIMER),
        )
        assert_same(
            PRESENTATION.table(public, names, notes=[], stopped=stopped),
            render.table_message(public, names, stopped=stopped),
        )


def _compare_prompts(match: StickemMatch, names: tuple[str, ...]) -> None:
    for seat in range(match.players):
        view = match.view(seat)
        assert_same(PRESENTATION.prompt(view, names), _today_prompt(view, names))
        if seat in match.awaiting:
            mention = f"<@1> {PRESENTATION.nudge(view)}"
            if view.phase is Phase.MISERY:
                assert mention == render.misery_mention(1, view.round)
            else:
                assert mention == render.turn_mention(1, view.round, view.trick_number)


def _misery_clicks(match: StickemMatch, seat: int, card: Card, names: tuple[str, ...]) -> str:
    """Pick ``card`` the way a person does: select it, then click the confirm button."""
    view = match.view(seat)
    meaning = PRESENTATION.click(view, "msel", [card_token(card)])
    assert meaning == Redraw(card_token(card))
    drafted = PRESENTATION.prompt(view, names, draft=meaning.draft)
    assert_same(drafted, _today_prompt(view, names, card))
    confirm = drafted.rows[1][0]
    assert isinstance(confirm, Button) and not confirm.disabled
    act = PRESENTATION.click(view, confirm.intent, [])
    assert isinstance(act, Act)
    return act.action


def _play_click(match: StickemMatch, seat: int, card: Card, names: tuple[str, ...]) -> str:
    """Play ``card`` by clicking its button of the seat's prompt."""
    view = match.view(seat)
    buttons = [b for b in PRESENTATION.prompt(view, names).components() if isinstance(b, Button)]
    (button,) = [b for b in buttons if b.label == str(card)]
    act = PRESENTATION.click(view, button.intent, [])
    assert isinstance(act, Act)
    return act.action


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("classic", 3, 1), ("amigo", 5, 2), ("classic", 7, 3), ("online", 6, 4), ("amigo", 4, 5)],
)
def test_every_message_of_a_seeded_game_is_the_same_as_bot_render(
    preset: str, players: int, seed: int
) -> None:
    options = GAME.resolve_options({"preset": preset, "rounds": 2})
    match = GAME.new_match(players, options, seed)
    names = NAMES[:players]
    draw = random.Random(seed)
    computers = [GAME.computer_player("normal", seed + seat) for seat in range(players)]
    rounds_seen: set[int] = set()
    while not match.is_over:
        _compare_tables(match, names)
        _compare_prompts(match, names)
        seat = draw.choice(match.awaiting)
        before = match.view(seat)
        card = parse_card_token(computers[seat].decide(before).partition(":")[2])
        if before.phase is Phase.MISERY:
            action = _misery_clicks(match, seat, card, names)
        else:
            action = _play_click(match, seat, card, names)
        events = match.apply(seat, action)
        after = match.view(seat)
        if before.phase is Phase.MISERY:
            today_acted = render.misery_done(card, before.round)
            today_reply = f"Your misery card for round {before.round}: {card}."
        else:
            today_acted = render.played_message(
                after, names, card, CHANNEL, GAME_ID, before.round, before.trick_number
            )
            today_reply = f"You played {card}."
        assert_same(PRESENTATION.acted(after, action, names), today_acted)
        assert PRESENTATION.reply(action, after) == today_reply
        typed = tuple(e for e in events if isinstance(e, Event))
        assert len(typed) == len(events)
        public = match.view(None)
        assert_same(PRESENTATION.round_closed(events, public, names), _today_round_over(typed, names))
        ours = PRESENTATION.reports(events, public, names)
        theirs = _today_reports(typed, names, public.rounds)
        assert len(ours) == len(theirs)
        for mine, old in zip(ours, theirs, strict=True):
            assert_same(mine, old)
        if ours:
            rounds_seen.add(before.round)
    _compare_tables(match, names)
    _compare_prompts(match, names)
    assert rounds_seen == {1, 2}


def test_the_rules_are_the_same_embed_as_bot_rules_embed() -> None:
    rules = PRESENTATION.rules()
    assert rules.content == "" and not rules.rows
    assert [_embed_data(e) for e in rules.embeds] == [_embed_data(rules_embed())]


@pytest.mark.parametrize("preset", Rules.PRESETS)
@pytest.mark.parametrize("players", [None, 3, 6])
def test_the_options_line_is_bot_render_rules_text(preset: str, players: int | None) -> None:
    rules = Rules.preset(preset)
    options = GAME.resolve_options(options_for(rules))
    assert PRESENTATION.options_line(options, players) == render.rules_text(rules, players)
