"""Stick'em's messages as its presentation writes them (pure message specs): the checks of the
bot's former Stick'em renderings (tests/bot/test_render.py), moved with the functions into the
game package. Custom ids are the host's now: a component carries an intent (tests/bot/test_render.py
checks the ids the host makes of them)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickem import Card, Game, Phase, deck
from stickem.card_text import card_text, hand_rows
from stickem.channel_messages import game_over_message, round_scored_embed, table_message
from stickem.events import GameOver, RoundScored
from stickem.hosting import card_token, parse_card_token
from stickem.presentation import PRESENTATION, UNSELECTED, hand_prompt, misery_prompt, played_message
from tabletop import Refused
from tabletop.presentation import Act, Button, Select
from tests.stickem.rendered import english

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus")


def mentions(text: str, card: Card) -> bool:
    """Whether ``text`` names ``card`` (``red 1`` is not found inside ``red 11``)."""
    return re.search(rf"\b{re.escape(str(card))}\b", text) is not None


def game_in_tricks(players: int, seed: int = 3, plays: int = 2) -> Game:
    game = Game.new(players, seed=seed)
    for seat in range(players):
        game.choose_misery(seat, game.hand(seat)[-1])
    for _ in range(plays):
        seat = game.awaiting[0]
        game.play(seat, game.legal_cards(seat)[0])
    return game


# --- hand layout ------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([3, 4, 5, 6, 7]), st.randoms(use_true_random=False))
def test_hand_rows_fit_discord_and_keep_every_card(players: int, rnd: object) -> None:
    cards = list(deck(players))
    rnd.shuffle(cards)  # type: ignore[attr-defined]
    hand = sorted(cards[:15])
    rows = hand_rows(hand)
    assert len(rows) <= 5
    assert all(1 <= len(row) <= 5 for row in rows)
    assert sorted(card for row in rows for card in row) == hand
    colors = {card.color for card in hand}
    fits_one_row_per_color = len(rows) == sum(
        -(-sum(1 for c in hand if c.color == color) // 5) for color in colors
    )
    if fits_one_row_per_color:  # then no row mixes colors
        assert all(len({card.color for card in row}) == 1 for row in rows)


def test_hand_rows_one_row_per_color_when_possible() -> None:
    hand = [Card.parse(text) for text in ("green 1", "green 2", "red 3", "blue 4", "blue 5")]
    assert hand_rows(hand) == [hand[:2], [hand[2]], hand[3:]]


def test_hand_rows_merge_small_neighbours_when_six_colors() -> None:
    hand = [Card.parse(text) for text in ("green 1", "brown 1", "red 1", "blue 1", "yellow 1", "violet 1")]
    rows = hand_rows(hand)
    assert len(rows) == 5
    assert sum(len(row) for row in rows) == 6


# --- public renderings hide private cards ----------------------------------------------------


def test_table_message_shows_public_state_only() -> None:
    game = Game.new(4, seed=5)
    game.choose_misery(0, game.hand(0)[0])
    picked = game.misery_card(0)
    assert picked is not None
    spec = english(table_message(game.view(None), NAMES[:4]))
    assert "Waiting for: bob, cy, dee" in spec.content
    assert not mentions(spec.content, picked)
    for seat in range(4):
        assert not any(mentions(spec.content, card) for card in game.hand(seat))
    assert not spec.rows


def test_table_message_during_tricks() -> None:
    game = game_in_tricks(5)
    view = game.view(None)
    content = english(table_message(view, NAMES[:5])).content
    for seat, card in view.trick:
        assert f"{NAMES[seat]}: {english(card_text(card))}" in content
    assert f"Turn: **{NAMES[view.awaiting[0]]}**" in content
    for seat in range(5):
        misery = view.misery_cards[seat]
        assert misery is not None and f"misery {english(card_text(misery))}" in content
        assert not any(mentions(content, card) for card in game.hand(seat))
    assert f"lead color: {view.lead_color.value}" in content  # type: ignore[union-attr]


def test_table_message_shows_who_took_the_last_trick_and_undealt_with_seven() -> None:
    game = game_in_tricks(7, plays=7)
    view = game.view(None)
    content = english(table_message(view, NAMES)).content
    assert view.last_trick is not None and view.last_trick.winner is not None
    assert f"taken by {NAMES[view.last_trick.winner]}" in content
    assert "Undealt" in content
    assert all(mentions(content, card) for card in view.undealt)


def test_table_message_shows_the_hosts_timer_line_under_the_turn() -> None:
    """The host writes the turn timer's line (tests/bot/test_render.py); the table message of
    the presentation shows it under whose turn it is, also once the game is stopped."""
    view = game_in_tricks(4).view(None)
    stamp = int(datetime(2026, 5, 1, 12, 0, 30, tzinfo=UTC).timestamp())
    timer = f"Turn timer: 2 min - time is up <t:{stamp}:R>"
    running = english(PRESENTATION.table(view, NAMES[:4], notes=[timer], stopped=False)).content
    turn_at = running.index(f"Turn: **{NAMES[view.awaiting[0]]}**")
    assert running.index(timer) > turn_at
    assert (
        "Turn timer: 30 s\n"
        in english(PRESENTATION.table(view, NAMES[:4], notes=["Turn timer: 30 s"], stopped=False)).content
    )
    stopped = english(PRESENTATION.table(view, NAMES[:4], notes=["Turn timer: 1 min"], stopped=True)).content
    assert "Turn timer: 1 min\n" in stopped and "**stopped**" in stopped and "Turn: " not in stopped
    # without the host's line nothing is said about a timer
    assert "Turn timer" not in english(table_message(view, NAMES[:4])).content


def test_every_card_is_written_with_its_color_name() -> None:
    for card in deck(7):
        text = english(card_text(card))
        assert text.endswith(f"{card.color.value} {card.value}")


# --- private renderings -----------------------------------------------------------------------


def test_misery_prompt_select_and_confirm() -> None:
    game = Game.new(3, seed=2)
    view = game.view(1)
    spec = english(misery_prompt(view))
    select, confirm = spec.components()
    assert isinstance(select, Select) and isinstance(confirm, Button)
    assert [Card.parse(choice.value) for choice in select.choices] == game.hand(1)
    assert len(select.choices) == 15
    assert confirm.disabled
    assert confirm.intent == UNSELECTED
    with pytest.raises(Refused):  # the confirm button of nothing chosen is no action
        PRESENTATION.click(view, confirm.intent, ())
    chosen = game.hand(1)[4]
    spec = english(misery_prompt(view, chosen))
    select, confirm = spec.components()
    assert isinstance(confirm, Button) and not confirm.disabled
    assert PRESENTATION.click(view, confirm.intent, ()) == Act(f"m:{card_token(chosen)}")
    assert isinstance(select, Select)
    assert [choice.default for choice in select.choices].count(True) == 1
    assert f"Selected: **{chosen}**" in spec.content


def test_hand_prompt_buttons_name_the_trick_and_the_cards() -> None:
    game = game_in_tricks(6, plays=1)
    seat = game.awaiting[0]
    view = game.view(seat)
    spec = english(hand_prompt(view, NAMES[:6]))
    buttons = spec.components()
    assert len(spec.rows) <= 5
    assert [b.label for b in buttons if isinstance(b, Button)] == [str(c) for c in game.hand(seat)]
    # the round and trick are the prompt's (its stage, in the host's custom id): a click on it
    # counts during this trick
    assert f"**Round 1 of {game.rounds}, trick {game.trick_number} of 14**" in spec.content
    assert english(PRESENTATION.stale(f"1.{game.trick_number}.0", view)) is None
    for button in buttons:
        assert isinstance(button, Button)
        kind, token = button.intent.split(":")
        assert kind == "p"
        assert str(parse_card_token(token)) == button.label
        assert PRESENTATION.click(view, button.intent, ()) == Act(button.intent)
    assert "**Your turn.**" in spec.content
    other = (seat + 1) % 6
    waiting = english(hand_prompt(game.view(other), NAMES[:6]))
    assert f"Waiting for {NAMES[seat]}" in waiting.content
    played = english(played_message(game.view(other), NAMES[:6], game.hand(other)[0], 1, 1))
    assert played.components()
    assert all(isinstance(b, Button) and b.disabled for b in played.components())
    assert played.content.startswith(f"You played **{game.hand(other)[0]}** in trick 1 of round 1")


def test_played_message_after_the_last_card_of_a_round_names_that_round_only() -> None:
    game = game_in_tricks(3, plays=3 * 14 - 1)
    seat = game.awaiting[0]
    card = game.legal_cards(seat)[0]
    game.play(seat, card)
    assert game.round == 2  # the new deal is in the seat's view now
    played = english(played_message(game.view(seat), NAMES[:3], card, 1, 14))
    assert played.content == f"You played **{card}** in the last trick of round 1."
    assert not played.components()
    assert not any(mentions(played.content, c) for c in game.hand(seat))


# --- scores -----------------------------------------------------------------------------------


def test_round_scored_embed_lists_each_player() -> None:
    scored = RoundScored(
        round=2,
        scores=(3, -5, 2),
        totals=(10, -1, 4),
        misery_cards=tuple(Card.parse(t) for t in ("red 4", "yellow 2", "red 0")),
        captured_misery=((Card.parse("red 2"), Card.parse("red 5")), (), ()),
        captured_counts=(16, 8, 12),
    )
    embed = english(round_scored_embed(NAMES[:3], scored, 5))
    assert embed.title == "Round 2 of 5 scored"
    lines = embed.description.splitlines()
    assert len(lines) == 2 * 3 and not embed.fields  # two short lines per player
    for seat, name in enumerate(NAMES[:3]):
        assert lines[2 * seat].startswith(f"**{name}** - misery")
    assert "round +3 - total 10" in lines[0] and "red 2, " in lines[1] and "captured 16 cards" in lines[1]
    assert "total -1" in lines[2] and lines[3].endswith("misery cards: none")


def test_plays_are_one_per_line_with_many_players() -> None:
    three = english(table_message(game_in_tricks(3, plays=2).view(None), NAMES[:3])).content
    assert re.search(r"^Played: .+, .+$", three, re.M)
    game = game_in_tricks(7, plays=9)
    seven = english(table_message(game.view(None), NAMES[:7])).content
    assert re.search(r"^Played:\n- .+\n- .+$", seven, re.M)
    assert re.search(r"^Last trick \(1\) - taken by .+:(\n- .+){7}", seven, re.M)
    hand = english(hand_prompt(game.view(game.awaiting[0]), NAMES[:7]))
    assert "Your hand" not in hand.content and hand.components()


def test_game_over_message_ranks_and_names_winners() -> None:
    spec = english(game_over_message(NAMES[:4], GameOver(totals=(5, 9, 9, -2), winners=(1, 2))))
    assert "bob and cy share the win" in spec.content
    assert spec.embeds[0].description == "1. bob: 9\n1. cy: 9\n3. ann: 5\n4. dee: -2"


def test_the_public_table_for_score_names_no_hidden_card() -> None:
    """/score shows the table message of the public view (and the host's standings:
    tests/bot/test_render.py): no card of any hand."""
    game = game_in_tricks(3)
    assert game.phase is Phase.TRICKS
    content = english(PRESENTATION.table(game.view(None), NAMES[:3], notes=(), stopped=False)).content
    for seat in range(3):
        assert not any(mentions(content, card) for card in game.hand(seat))
