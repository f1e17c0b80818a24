"""Stick Game through the emulated Discord (issue 14): the real bot in this process, humans who
act only by clicking what their DM prompts offer (see :mod:`tests.e2e.stickgame_play`).

Short games: every game here is dealt 11 cards a hand (`hand_size=11`) and the whole-game test
ends at the first completed stick (`sticks_to_win=1`), both documented options
(docs/stickgame.md, "Rule options").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table_service import service_for
from tests.discord_emulator import Emulator
from tests.e2e.seat_helpers import make_club, running, seat_bot, slash, table_of
from tests.e2e.stickgame_play import P, StickTable, in_process_log, new_match

SHORT = {"sticks_to_win": 1, "hand_size": 11}
"""A game that ends with the round in which the first stick is completed."""

FULL_GAME_SEED = 3
"""Found offline (``new_match`` + ``offline_move`` over seeds 0-39, see the helper module): with
these options, ann, bob and a `normal` computer player end the game in 28 actions; ann takes
the discard, lays down her stick ("a run of 5 and 3 jacks": A♦ joker 3♦ 4♦ 2♦ 6♦, two wilds
in the run), adds a set of aces and goes out by laying off, while bob plays on a Free stick."""

NAMES = ("ann", "bob", "Bot Ada (normal)")


async def test_two_humans_and_a_computer_play_a_short_game_to_the_final_standings(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game from /join to the final standings, the humans clicking only what their
    prompts offer (draw buttons, the lay-down draft, "New meld" and "Suggest", "Lay off", the
    discard select); each prompt shows the engine's hand and table, and the table message
    shows each player's sticks, card count and melds (what each wild stands for), the discard
    pile's top and the stock at every human decision."""
    club = make_club(emulator, 2)
    ann, bob = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        # the table deals from a known seed (the registry's seed source, a test seam)
        monkeypatch.setattr(service_for(bot).registry, "_seed_source", lambda: FULL_GAME_SEED)
        assert "You joined the Stick Game table" in await slash(
            emulator, ann, club.channel, "join", game="stickgame"
        )
        assert "You joined the Stick Game table" in await slash(emulator, bob, club.channel, "join")
        started = await slash(
            emulator,
            ann,
            club.channel,
            "start",
            options="sticks_to_win=1 hand_size=11",
            players=3,
            timer="off",
        )
        assert "started" in started, started
        table = table_of(bot, club.channel)
        assert table.names == NAMES
        game = StickTable(
            emulator,
            club.channel.id,
            NAMES,
            {0: ann, 1: bob},
            new_match(3, SHORT, FULL_GAME_SEED),
            in_process_log(table),
        )
        shown: list[str] = []
        while True:
            await game.wait(
                lambda: game.shadow.is_over or game.human_to_act() is not None, timeout=10, what="a turn"
            )
            if game.shadow.is_over:
                break
            shown.append((await game.table_shows_the_game()).content)
            seat, prompt = await game.next_turn()
            await game.act(seat, prompt)

        kinds = {action.split()[0] for _, action in game.moves}
        assert {"S", "D", "X", "L", "M", "O"} <= kinds, game.moves  # every step by clicks
        assert any(
            "**ann** · 1 stick (a run of 5 and 3 jacks) · 4 cards · stick laid down ✓" in t for t in shown
        )
        assert any("#1 A♦ joker(=2♦) 3♦ 4♦ 2♦(=5♦)" in text for text in shown)  # what the wilds stand for

        # the end: the round's summary, its results and the final standings
        results = P.reports(game.events, game.shadow.view(None), NAMES)
        assert [m.content for m in results] == [
            "Round 1 is over: **ann** went out (laid off 6♦).",
            "**Game over!** ann wins.",
        ]
        final = await emulator.driver.wait_for_message(
            club.channel, lambda m: m.content == results[1].content, timeout=10
        )
        (embed,) = final.embeds
        assert embed.title == "Final standings"
        assert embed.description == results[1].embeds[0].description
        assert "1. **ann**: 1 stick · 8 points · **winner**" in (embed.description or "")
        closed = P.round_closed(game.events, game.shadow.view(None), NAMES)
        assert closed is not None
        await emulator.driver.wait_until(
            lambda: game.table_message().content == closed.content or None, timeout=10
        )
        assert game.shadow.results().winners == (0,)
