"""Rendering: pure functions from engine views/events to message specs, and custom ids."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import render
from bot.custom_ids import (
    LobbyId,
    MiseryConfirmId,
    MiserySelectId,
    PlayId,
    StopId,
    parse_card_token,
)
from bot.render import ButtonSpec, SelectSpec
from stickem import Card, Game, Phase, Rules, deck
from stickem.events import GameOver, RoundScored

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus")
CHANNEL = 12345678901234567890  # 20 digits: the longest a snowflake gets


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


# --- custom ids -------------------------------------------------------------------------------


def test_every_card_round_trips_through_a_play_id_within_discord_limits() -> None:
    for card in deck(7):
        ident = PlayId(CHANNEL, "a1b2c3", 20, 14, card)
        encoded = ident.encode()
        assert len(encoded) <= 100
        assert PlayId.parse(encoded) == ident
        assert parse_card_token(encoded.rsplit(":", 1)[1]) == card


def test_other_ids_round_trip() -> None:
    card = Card.parse("violet 17")
    for ident, kind in (
        (LobbyId("start", CHANNEL), LobbyId),
        (MiserySelectId(CHANNEL, "a1b2c3", 3), MiserySelectId),
        (MiseryConfirmId(CHANNEL, "a1b2c3", 3, card), MiseryConfirmId),
        (StopId(CHANNEL, "a1b2c3"), StopId),
    ):
        assert kind.parse(ident.encode()) == ident
        assert len(ident.encode()) <= 100


def test_ids_of_one_kind_are_not_parsed_as_another() -> None:
    play = PlayId(1, "abc", 1, 1, Card.parse("red 3")).encode()
    for kind in (LobbyId, MiserySelectId, MiseryConfirmId, StopId):
        try:
            kind.parse(play)
        except ValueError:
            continue
        raise AssertionError(f"{kind.__name__} parsed a play id")


# --- hand layout ------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([3, 4, 5, 6, 7]), st.randoms(use_true_random=False))
def test_hand_rows_fit_discord_and_keep_every_card(players: int, rnd: object) -> None:
    cards = list(deck(players))
    rnd.shuffle(cards)  # type: ignore[attr-defined]
    hand = sorted(cards[:15])
    rows = render.hand_rows(hand)
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
    assert render.hand_rows(hand) == [hand[:2], [hand[2]], hand[3:]]


def test_hand_rows_merge_small_neighbours_when_six_colors() -> None:
    hand = [Card.parse(text) for text in ("green 1", "brown 1", "red 1", "blue 1", "yellow 1", "violet 1")]
    rows = render.hand_rows(hand)
    assert len(rows) == 5
    assert sum(len(row) for row in rows) == 6


# --- public renderings hide private cards ----------------------------------------------------


def test_table_message_shows_public_state_only() -> None:
    game = Game.new(4, seed=5)
    game.choose_misery(0, game.hand(0)[0])
    picked = game.misery_card(0)
    assert picked is not None
    spec = render.table_message(game.view(None), NAMES[:4])
    assert "Waiting for: bob, cy, dee" in spec.content
    assert not mentions(spec.content, picked)
    for seat in range(4):
        assert not any(mentions(spec.content, card) for card in game.hand(seat))
    assert not spec.rows


def test_table_message_during_tricks() -> None:
    game = game_in_tricks(5)
    view = game.view(None)
    content = render.table_message(view, NAMES[:5]).content
    for seat, card in view.trick:
        assert f"{NAMES[seat]}: {render.card_text(card)}" in content
    assert f"Turn: **{NAMES[view.awaiting[0]]}**" in content
    for seat in range(5):
        misery = view.misery_cards[seat]
        assert misery is not None and f"misery {render.card_text(misery)}" in content
        assert not any(mentions(content, card) for card in game.hand(seat))
    assert f"lead color: {view.lead_color.value}" in content  # type: ignore[union-attr]


def test_table_message_shows_who_took_the_last_trick_and_undealt_with_seven() -> None:
    game = game_in_tricks(7, plays=7)
    view = game.view(None)
    content = render.table_message(view, NAMES).content
    assert view.last_trick is not None and view.last_trick.winner is not None
    assert f"taken by {NAMES[view.last_trick.winner]}" in content
    assert "Undealt" in content
    assert all(mentions(content, card) for card in view.undealt)


def test_table_message_shows_the_turn_timer_and_the_deadline_as_a_discord_timestamp() -> None:
    view = game_in_tricks(4).view(None)
    deadline = datetime(2026, 5, 1, 12, 0, 30, tzinfo=UTC)
    stamp = int(deadline.timestamp())
    running = render.table_message(view, NAMES[:4], timer=render.TurnTimer(120, deadline)).content
    turn_at = running.index(f"Turn: **{NAMES[view.awaiting[0]]}**")
    assert running.index(f"Turn timer: 2 min - time is up <t:{stamp}:R>") > turn_at
    # a computer player's turn (no deadline), a game without a timer, a stopped game
    assert "Turn timer: 30 s\n" in render.table_message(view, NAMES[:4], timer=render.TurnTimer(30)).content
    assert "Turn timer: off" in render.table_message(view, NAMES[:4], timer=render.TurnTimer(None)).content
    stopped = render.table_message(view, NAMES[:4], stopped=True, timer=render.TurnTimer(60, deadline))
    assert "Turn timer: 1 min\n" in stopped.content and "<t:" not in stopped.content
    # without timer data nothing is said about it (and /score passes it on)
    assert "Turn timer" not in render.table_message(view, NAMES[:4]).content
    score = render.score_message(view, NAMES[:4], timer=render.TurnTimer(300, deadline)).content
    assert f"Turn timer: 5 min - time is up <t:{stamp}:R>" in score


def test_timer_lengths_read_naturally() -> None:
    assert [render.timer_length(s) for s in (30, 60, 120, 300, 90, 0.6)] == [
        "30 s", "1 min", "2 min", "5 min", "90 s", "0.6 s"
    ]
    moment = datetime(2026, 5, 1, 12, 0, 0, 600000, tzinfo=UTC)
    assert render.discord_time(moment) == f"<t:{round(moment.timestamp())}:R>"
    assert render.discord_time(moment, "T").endswith(":T>")


def test_every_card_is_written_with_its_color_name() -> None:
    for card in deck(7):
        text = render.card_text(card)
        assert text.endswith(f"{card.color.value} {card.value}")


# --- private renderings -----------------------------------------------------------------------


def test_misery_prompt_select_and_confirm() -> None:
    game = Game.new(3, seed=2)
    view = game.view(1)
    spec = render.misery_prompt(view, CHANNEL, "abc123")
    select, confirm = spec.components()
    assert isinstance(select, SelectSpec) and isinstance(confirm, ButtonSpec)
    assert [Card.parse(o.value) for o in select.options] == game.hand(1)
    assert len(select.options) == 15
    assert confirm.disabled
    assert confirm.custom_id == MiseryConfirmId.unselected(CHANNEL, "abc123", 1)
    with pytest.raises(ValueError):
        MiseryConfirmId.parse(confirm.custom_id)
    chosen = game.hand(1)[4]
    spec = render.misery_prompt(view, CHANNEL, "abc123", chosen)
    select, confirm = spec.components()
    assert isinstance(confirm, ButtonSpec) and not confirm.disabled
    assert MiseryConfirmId.parse(confirm.custom_id) == MiseryConfirmId(CHANNEL, "abc123", 1, chosen)
    assert isinstance(select, SelectSpec)
    assert [o.default for o in select.options].count(True) == 1
    assert f"Selected: **{chosen}**" in spec.content


def test_hand_prompt_buttons_name_the_trick_and_the_cards() -> None:
    game = game_in_tricks(6, plays=1)
    seat = game.awaiting[0]
    spec = render.hand_prompt(game.view(seat), NAMES[:6], CHANNEL, "abc123")
    buttons = spec.components()
    assert len(spec.rows) <= 5
    assert [b.label for b in buttons if isinstance(b, ButtonSpec)] == [str(c) for c in game.hand(seat)]
    for button in buttons:
        assert isinstance(button, ButtonSpec)
        ident = PlayId.parse(button.custom_id)
        assert (ident.round, ident.trick) == (1, game.trick_number)
        assert str(ident.card) == button.label
    assert "**Your turn.**" in spec.content
    other = (seat + 1) % 6
    waiting = render.hand_prompt(game.view(other), NAMES[:6], CHANNEL, "abc123")
    assert f"Waiting for {NAMES[seat]}" in waiting.content
    played = render.played_message(game.view(other), NAMES[:6], game.hand(other)[0], CHANNEL, "abc", 1, 1)
    assert all(isinstance(b, ButtonSpec) and b.disabled for b in played.components())
    assert played.content.startswith(f"You played **{game.hand(other)[0]}** in trick 1 of round 1")


def test_played_message_after_the_last_card_of_a_round_names_that_round_only() -> None:
    game = game_in_tricks(3, plays=3 * 14 - 1)
    seat = game.awaiting[0]
    card = game.legal_cards(seat)[0]
    game.play(seat, card)
    assert game.round == 2  # the new deal is in the seat's view now
    played = render.played_message(game.view(seat), NAMES[:3], card, CHANNEL, "abc", 1, 14)
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
    embed = render.round_scored_embed(NAMES[:3], scored, 5)
    assert embed.title == "Round 2 of 5 scored"
    lines = (embed.description or "").splitlines()
    assert len(lines) == 2 * 3 and not embed.fields  # two short lines per player
    for seat, name in enumerate(NAMES[:3]):
        assert lines[2 * seat].startswith(f"**{name}** - misery")
    assert "round +3 - total 10" in lines[0] and "red 2, " in lines[1] and "captured 16 cards" in lines[1]
    assert "total -1" in lines[2] and lines[3].endswith("misery cards: none")


def test_plays_are_one_per_line_with_many_players() -> None:
    three = render.table_message(game_in_tricks(3, plays=2).view(None), NAMES[:3]).content
    assert re.search(r"^Played: .+, .+$", three, re.M)
    game = game_in_tricks(7, plays=9)
    seven = render.table_message(game.view(None), NAMES[:7]).content
    assert re.search(r"^Played:\n- .+\n- .+$", seven, re.M)
    assert re.search(r"^Last trick \(1\) - taken by .+:(\n- .+){7}", seven, re.M)
    hand = render.hand_prompt(game.view(game.awaiting[0]), NAMES[:7], CHANNEL, "abc")
    assert "Your hand" not in hand.content and hand.components()


def test_game_over_message_ranks_and_names_winners() -> None:
    spec = render.game_over_message(NAMES[:4], GameOver(totals=(5, 9, 9, -2), winners=(1, 2)))
    assert "bob and cy share the win" in spec.content
    assert spec.embeds[0].description == "1. bob: 9\n1. cy: 9\n3. ann: 5\n4. dee: -2"


def test_lobby_message_lists_players_in_order_with_buttons() -> None:
    spec = render.lobby_message(CHANNEL, ("ann", "bob"), Rules.preset("online"), 7)
    assert "1. ann (host)\n2. bob" in spec.content
    assert "online" in spec.content
    assert [LobbyId.parse(b.custom_id).action for b in spec.components()] == [
        "join",
        "leave",
        "start",
        "addbot",
    ]
    closed = render.lobby_message(CHANNEL, ("ann",), Rules.preset(), 7, closed_reason="Done.")
    assert not closed.rows and "Done." in closed.content


def test_score_message_for_spectators() -> None:
    game = game_in_tricks(3)
    assert game.phase is Phase.TRICKS
    content = render.score_message(game.view(None), NAMES[:3]).content
    assert "Standings:" in content
    for seat in range(3):
        assert not any(mentions(content, card) for card in game.hand(seat))


@pytest.mark.parametrize(
    "display_name",
    ["\u202eevil", "ann\u202b", "\u2067bob", "\u2069cyd", "\u05d0\u05d1\u05d2", "dee\u202e\u2066x"],
)
def test_a_name_with_right_to_left_text_or_controls_cannot_garble_its_line(display_name: str) -> None:
    name = render.player_name(display_name)
    inner = name.removeprefix("\u2068").removesuffix("\u2069")
    assert name == f"\u2068{inner}\u2069", "the name is not isolated"
    assert not set(inner) & set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def test_a_plain_name_is_shown_as_it_is() -> None:
    assert render.player_name("ann") == "ann"
