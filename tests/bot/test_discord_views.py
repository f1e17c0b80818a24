"""Render specs become discord.py views that are not kept in the view store."""

from __future__ import annotations

import discord

from bot import render
from bot.discord_views import build_view, edit_kwargs, send_kwargs
from stickem import Game


async def test_hand_spec_becomes_a_stopped_view_with_the_same_rows() -> None:
    game = Game.new(7, seed=9)
    view = game.view(0)
    spec = render.misery_prompt(view, 1, "abc123")
    built = build_view(spec)
    assert built is not None and built.is_finished()  # never stored: dynamic items route clicks
    select, confirm = built.children
    assert isinstance(select, discord.ui.Select) and len(select.options) == 15
    assert isinstance(confirm, discord.ui.Button) and confirm.disabled
    game_view = Game.new(3, seed=9)
    for seat in range(3):
        game_view.choose_misery(seat, game_view.hand(seat)[0])
    seat = game_view.awaiting[0]
    hand = render.hand_prompt(game_view.view(seat), ("a", "b", "c"), 1, "abc123")
    built = build_view(hand)
    assert built is not None
    rows = [item for item in built.children if isinstance(item, discord.ui.Button)]
    assert [b.label for b in rows] == [str(c) for c in game_view.hand(seat)]
    assert [b.row for b in rows] == [index for index, row in enumerate(hand.rows) for _ in row]


async def test_message_kwargs() -> None:
    plain = render.MessageSpec("hello")
    assert send_kwargs(plain) == {"content": "hello"}
    assert edit_kwargs(plain) == {"content": "hello", "embeds": [], "view": None}
