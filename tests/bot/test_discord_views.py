"""Messages become components discord.py sends as they are, never kept in its view store."""

from __future__ import annotations

import gc
from typing import Any

import discord

from bot.ids import ActionId
from bot.tables.payload import StaticComponents, build_components, edit_kwargs, localized, send_kwargs
from stickem import Game
from stickem.presentation import hand_prompt, misery_prompt
from tabletop.presentation import Button, Message, render

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def reference_view(spec: Message) -> discord.ui.View:
    """The same rows built with discord.py's own ui classes: what Discord must receive."""
    view = discord.ui.View(timeout=None)
    for row_index, row in enumerate(spec.rows):
        for item in row:
            if isinstance(item, Button):
                view.add_item(
                    discord.ui.Button(
                        style=_STYLES[item.style], label=render(item.label), custom_id=item.intent,
                        emoji=item.emoji, disabled=item.disabled, row=row_index,
                    )
                )
            else:
                options = [
                    discord.SelectOption(
                        label=render(o.label), value=o.value, emoji=o.emoji, default=o.default
                    )
                    for o in item.choices
                ]
                view.add_item(
                    discord.ui.Select(
                        custom_id=item.intent, placeholder=render(item.placeholder), options=options,
                        disabled=item.disabled, row=row_index,
                    )
                )
    return view


def without_required(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """discord.py adds ``required`` to selects (a modal-only field); messages ignore it."""
    return [
        {**row, "components": [{k: v for k, v in c.items() if k != "required"} for c in row["components"]]}
        for row in rows
    ]


def game_spec(message: Message, stage: str) -> Message:
    """A prompt of the game as the host sends it: each intent in an action id."""
    return localized(message, custom_id=lambda intent: ActionId(1, "abc123", stage, intent).encode())


def specs() -> list[Message]:
    """A misery prompt (select + confirm) and a hand prompt (rows of card buttons)."""
    misery = game_spec(misery_prompt(Game.new(7, seed=9).view(0)), "1m")
    game = Game.new(3, seed=9)
    for seat in range(3):
        game.choose_misery(seat, game.hand(seat)[0])
    seat = game.awaiting[0]
    hand = game_spec(hand_prompt(game.view(seat), ("a", "b", "c")), "1.1.0")
    return [misery, hand]


async def test_components_are_what_discord_py_views_would_send() -> None:
    for spec in specs():
        built = build_components(spec)
        assert built is not None
        assert built.to_components() == without_required(reference_view(spec).to_components())


async def test_hand_buttons_keep_the_spec_rows_and_labels() -> None:
    hand = specs()[1]
    built = build_components(hand)
    assert built is not None
    rows = built.to_components()
    assert [[c["label"] for c in row["components"]] for row in rows] == [
        [item.label for item in row] for row in hand.rows
    ]


async def test_components_are_never_stored_and_leave_no_reference_cycle() -> None:
    built = build_components(specs()[0])
    assert built is not None
    assert built.is_finished() and not built.is_dispatchable() and not built.has_components_v2()
    assert hasattr(built, "__discord_ui_view__")  # what discord.py checks before sending it
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for spec in specs():
            send_kwargs(spec)
            edit_kwargs(spec)
        gc.collect()
        leftovers = [type(obj).__name__ for obj in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert leftovers == []  # freed by reference counting, not by the collector


async def test_message_kwargs() -> None:
    plain = Message("hello")
    assert send_kwargs(plain) == {"content": "hello"}
    assert edit_kwargs(plain) == {"content": "hello", "embeds": [], "view": None}
    misery = specs()[0]
    kwargs = send_kwargs(misery)
    assert isinstance(kwargs["view"], StaticComponents)
