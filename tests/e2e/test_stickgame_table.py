"""Stick Game through the emulated Discord (issue 14): the real bot in this process, humans who
act only by clicking what their DM prompts offer (see :mod:`tests.e2e.stickgame_play`).

Short games: every game here is dealt 11 cards a hand (`hand_size=11`) and the whole-game test
ends at the first completed stick (`sticks_to_win=1`), both documented options
(docs/stickgame.md, "Rule options").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from bot.ids import ActionId
from bot.tables.service import service_for
from stickgame import Card, LayOff
from stickgame.present_text import card_emoji, meld_text
from stickgame.views import View
from tabletop.words import plural
from tests.discord_emulator import Emulator
from tests.e2e.seat_helpers import (
    bot_running_on,
    make_club,
    old_hand_answers,
    running,
    seat_bot,
    slash,
    table_of,
    text_only,
)
from tests.e2e.stickgame_play import (
    P,
    Situation,
    StickTable,
    ambiguous_last_meld,
    discards_some,
    hand_command,
    in_process_log,
    labels,
    lay_off_choice,
    new_match,
    plan_for,
    plan_move,
    plan_placement,
    play_offline,
    reach,
    refusal,
    resumed_table,
    stages,
    takes_a_wild,
)

SHORT = {"sticks_to_win": 1, "hand_size": 11}
"""A game that ends with the round in which the first stick is completed."""

FULL_GAME_SEED = 3
"""Among seeds 0-39 played with ``play_offline``, a short game (28 actions, four turns for each
human) in which a human lays down a stick, adds a meld and lays off: ann takes the discard, lays
down her stick ("a run of 5 and 3 jacks", two wilds in its run), adds a set of aces and goes out
by laying off, while bob plays on a Free stick. (Seed 5 is shorter, 13 actions, but ann plays
only one turn in it.)"""

NAMES = ("ann", "bob", "Bot Ada (normal)")


async def test_two_humans_and_a_computer_play_a_short_game_to_the_final_standings(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game from /join to the final standings, the humans clicking only what their
    prompts offer (draw buttons, the lay-down draft, "New meld" and "Suggest", "Lay off", the
    discard select); each prompt shows the engine's hand and table, and the table message
    shows each player's sticks, card count and melds (what each wild stands for), the discard
    pile's top and the stock at every human decision."""
    offline = play_offline(3, SHORT, FULL_GAME_SEED, humans=(0, 1), names=NAMES)
    assert offline.is_over and len(offline.log) == 28
    club = make_club(emulator, 2)
    ann, bob = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # its prompts and table are read in words, no picture
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
            text = (await game.table_shows_the_game()).content
            check_table_facts(text, game.shadow.view(None))
            shown.append(text)
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
        embed, ratings = final.embeds  # the game's standings, then the rating changes (host)
        assert embed.title == "Final standings" and ratings.title == "Ratings"
        assert (ratings.description or "").startswith("1. ann: ")
        assert embed.description == results[1].embeds[0].description
        assert "1. **ann**: 1 stick · 8 points · **winner**" in (embed.description or "")
        closed = P.round_closed(game.events, game.shadow.view(None), NAMES)
        assert closed is not None
        await emulator.driver.wait_until(
            lambda: game.table_message().content == closed.content or None, timeout=10
        )
        assert game.shadow.results().winners == (0,)
        # the computer player decided as the host's computer players do, from its seat's view:
        # the game went exactly as played offline
        assert game.shadow.log == offline.log


def check_table_facts(text: str, view: View) -> None:
    """The table message names the discard pile's top and the stock's size, and for each player
    their completed sticks, their card count and each of their melds."""
    top = view.discard_top
    pile = "empty" if top is None else f"{card_emoji(top)} {top}"
    assert f"Discard pile: {pile} · stock: {plural(view.stock_size, 'card')}\n" in text
    for seat, name in enumerate(NAMES):
        sticks = plural(len(view.completed[seat]), "stick")
        assert f"**{name}** · {sticks}" in text and f" · {plural(view.hand_sizes[seat], 'card')}" in text
    for number, table_meld in enumerate(view.melds, 1):
        assert f"  #{number} {meld_text(table_meld.meld)}" in text


# --- situations, reached offline and resumed by the bot ---------------------------------------------
#
# Each test stores a game (seed and actions) that computer players played offline up to the start
# of a human's turn, lets the bot resume it, and the human draws as a player would; the wanted
# position then holds. The seeds were found with ``reach`` over seeds 0-149, among the quickest
# to reach (a few milliseconds); ``situation`` replays one and fails, saying so, should the
# engine no longer get there.


def situation(seed: int, wanted: Callable[[View], bool], level: str = "normal") -> Situation:
    """The game of ``seed`` played offline until a human is to draw into ``wanted``."""
    found = reach(seed, SHORT, wanted, names=NAMES, level=level, limit=60)
    assert found is not None, f"seed {seed} no longer reaches the position: search again with reach()"
    return found


PLACEMENT_SEED = 140
"""ann, after bob's and the computer's first turns, draws into "a run of 4 and a run of 3" with
A♥ 3♥ 4♥, J♦ Q♦, a joker and 2♦: the run of 3 J♦ Q♦ 2♦ can lie J♦-K♦ or 10♦-Q♦. (Of the seeds
that get there sooner, 139 and 65 offer three readings, and in 5 it is the game's first move.)"""


async def test_a_wild_whose_place_is_asked_lies_where_the_player_says(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Laying down a stick: ann opens the lay-down the prompt fills for her, clears the last meld
    and picks its cards again; the prompt asks where the wild goes (one button per reading) and
    offers no "Lay down" before she answers; she chooses the reading the prompt did not fill in
    (it fills in the rules' default, the wild upward: J♦-K♦), and the table shows the wild
    standing for the card she chose."""
    found = situation(PLACEMENT_SEED, lambda view: ambiguous_last_meld(view, NAMES))
    async with resumed_table(emulator, tmp_path, found, SHORT, names=NAMES) as game:
        seat, prompt = await game.next_turn()
        assert seat == found.seat == 0
        await game.act(seat, prompt)  # the draw
        seat, prompt = await game.next_turn()
        game.check_prompt(seat, prompt)
        assert "Lay down your stick" in labels(prompt)
        plan, offered, chosen = plan_placement(game.shadow.view(seat), NAMES)
        assert offered == ["Run J♦ to K♦", "Run 10♦ to Q♦"] and chosen == "Run 10♦ to Q♦"
        shown = await game.perform(seat, prompt, plan)
        opened, cleared, picked, answered_, _ = shown
        assert "Lay down" in opened.labels  # the solver's melds: one click would lay them down
        assert "Meld 2: J♦ Q♦ 2♦(=K♦) ✓" in opened.content  # its wild upward, as the rules read it
        assert "Meld 2: choose its cards below." in cleared.content
        assert "Meld 2: 2♦ J♦ Q♦: where do the wild cards go? Choose below." in picked.content
        assert [label for label in picked.labels if label.startswith("Run ")] == offered
        assert "Lay down" not in picked.labels and "Next meld" not in picked.labels  # asked first
        assert "Meld 2: 2♦(=10♦) J♦ Q♦ ✓" in answered_.content and "Lay down" in answered_.labels
        assert plan.action == "L run 1 * AH 3H 4H | run 10 2D JD QD"
        run = game.shadow.view(None).melds[1].meld
        assert run.stands_for(0) == "10♦"
        table = await game.table_shows_the_game()
        assert "  #1 A♥ joker(=2♥) 3♥ 4♥\n  #2 2♦(=10♦) J♦ Q♦" in table.content
        assert prompt.content.startswith(f"{game.header}\n**Stick Game** · round 1 · **your turn: play")


LAY_OFF_SEED = 87
"""bob, his stick completed, draws into a hand (2♠ 6♣ K♦ J♠ Q♠) whose cards fit three melds:
his own two (the lone wild) and ann's set of queens (Q♠)."""


async def test_lay_off_onto_a_chosen_meld(emulator: Emulator, tmp_path: Path) -> None:
    """bob lays Q♠ off on ann's set of queens, chosen in the prompt's select of the melds his
    cards fit. Before that, a forged discard of Q♠ (the select leaves it out) is refused
    privately with the reason, and nothing changes."""
    found = situation(LAY_OFF_SEED, lambda view: lay_off_choice(view) is not None and discards_some(view))
    async with resumed_table(emulator, tmp_path, found, SHORT, names=NAMES) as game:
        seat, prompt = await game.next_turn()
        assert seat == found.seat == 1
        await game.act(seat, prompt)
        seat, prompt = await game.next_turn()
        game.check_prompt(seat, prompt)
        view = game.shadow.view(seat)
        choice = lay_off_choice(view)
        assert choice == LayOff(4, (Card.parse("QS"),))
        assert "You may not discard: wild cards (2♠); Q♠ (it fits #5 on the table)." in prompt.content

        # a discard the prompt does not offer: refused privately, nothing changed
        select = next(s for s in prompt.selects if s.placeholder == "Discard a card to end your turn")
        assert "QS" not in [option.value for option in select.options]
        before = (prompt.content, prompt.raw_components, game.shadow.log)
        result = await emulator.driver.forge_click(game.humans[1], prompt, select.custom_id, values=["QS"])
        reason = await refusal(result)
        assert reason == "You may not discard Q♠: it could be laid off on #5, so it may not be discarded."
        await game.sync()
        assert (prompt.content, prompt.raw_components, game.shadow.log) == before

        plan = plan_move(view, NAMES, choice)
        assert [step.name for step in plan.steps] == [
            "Lay off",
            "Lay off on which meld?",
            "Cards to lay off",
            "Lay off",
        ]
        assert plan.steps[1].values == ("4",)
        shown = await game.perform(seat, prompt, plan)
        assert "**Lay off:** choose the meld to add cards to" in shown[0].content
        assert shown[0].options["Lay off on which meld?"] == [
            "#1 bob: A♦ joker(=A) 2♣(=A) 2♠(=A)",
            "#2 bob: 7♦ 8♦ 9♦",
            "#5 ann: Q♦ Q♦ Q♥",
        ]
        assert "**Lay off on** #5 ann: Q♦ Q♦ Q♥" in shown[1].content
        assert "Cards: Q♦ Q♦ Q♥ Q♠ ✓" in shown[2].content
        assert [str(c) for c in game.shadow.view(None).melds[4].meld.cards] == ["Q♦", "Q♦", "Q♥", "Q♠"]
        table = await game.table_shows_the_game()
        assert "  #5 Q♦ Q♦ Q♥ Q♠" in table.content
        # the turn goes on in the same prompt (bob lays his wild off on his own meld), and ends
        # with a discard
        await game.play_until(lambda: game.shadow.awaiting != (1,), timeout=10)
        assert game.moves == [(1, "S"), (1, "O 4 QS"), (1, "O 0 2S"), (1, "X 6C")]


TAKE_WILD_SEED = 60
"""The computer player opens with 4♦ 4♥ 4♥ 2♣ 2♦ 2♠ (a set of fours, three wilds); ann takes its
discard, A♠ (her third ace), and holds a joker, 5♥ (no other heart near it) and a 4♦: she can
complete "a run of hearts and a set" only with a wild from that set. Her moves here are a
`hard` player's (the level that takes wilds)."""


async def test_take_a_wild_and_use_it_the_same_turn(emulator: Emulator, tmp_path: Path) -> None:
    """ann takes the 2♣ from the computer's set by putting her 4♦ in its place ("Take a wild", the
    swap select) and uses it at once: the prompt opens the lay-down of her stick with the wild in
    her working hand, and one click lays it down. The table then shows the 4♦ in the set and the
    2♣ in ann's run."""
    found = situation(TAKE_WILD_SEED, takes_a_wild, level="hard")
    async with resumed_table(emulator, tmp_path, found, SHORT, names=NAMES, level="hard") as game:
        seat, prompt = await game.next_turn()
        assert seat == found.seat == 0
        assert "#1 Bot Ada (normal): 4♦ 4♥ 4♥ 2♣(=4) 2♦(=4) 2♠(=4)" in prompt.content
        await game.act(seat, prompt)
        assert game.moves == [(0, "D")]
        seat, prompt = await game.next_turn()
        game.check_prompt(seat, prompt)
        assert "Your hand cannot complete your stick yet." in prompt.content
        assert "Lay down your stick" not in labels(prompt) and "Take a wild" in labels(prompt)
        plan = plan_for(game.shadow.view(seat), NAMES, "hard")
        assert [step.name for step in plan.steps] == ["Take a wild", "Wilds to take", "Lay down"]
        shown = await game.perform(seat, prompt, plan)
        swaps = shown[0].options["Wilds to take"]
        assert "4♦ for the 2♣ in #1" in swaps and plan.steps[1].values == (
            str(swaps.index("4♦ for the 2♣ in #1")),
        )
        assert "Taking the 2♣ from #1 (putting 4♦ there): use it now." in shown[1].content
        assert "Lay down" in shown[1].labels  # the solver's melds, the 2♣ among them, wilds upward
        assert plan.action == "W 0:4D:2C / L run 5 * 2C 5H | set AD AS AS"
        melds = game.shadow.view(None).melds
        assert [str(c) for c in melds[0].meld.cards] == ["4♦", "4♥", "4♥", "4♦", "2♦", "2♠"]
        assert melds[1].owner == 0 and "2♣" in [str(c) for c in melds[1].meld.cards]
        table = await game.table_shows_the_game()
        assert "#1 4♦ 4♥ 4♥ 4♦ 2♦(=4) 2♠(=4)" in table.content
        assert "#2 5♥ joker(=6♥) 2♣(=7♥)" in table.content
        assert "**ann** · 1 stick (a run of hearts and a set) · 6 cards · stick laid down ✓" in table.content


async def test_refusals_are_private_and_change_nothing_and_hand_shows_the_prompt(
    emulator: Emulator, tmp_path: Path
) -> None:
    """/hand gives a Stick Game seat its prompt privately (the awaited seat's with its buttons,
    the other's without); a discard before the draw is refused with "draw first"; a forged
    discard of a wild (the select leaves wilds out) is refused
    privately with the reason; a click on a prompt from an earlier turn is refused privately;
    none of them changes the game or the live prompt, and the game goes on."""
    found = situation(PLACEMENT_SEED, lambda view: ambiguous_last_meld(view, NAMES))
    async with resumed_table(emulator, tmp_path, found, SHORT, names=NAMES) as game:
        old_hand_answers(bot_running_on(emulator))  # the stale click on one is what this looks at
        ann, bob = game.humans[0], game.humans[1]
        seat, prompt = await game.next_turn()
        assert seat == 0
        shown = await hand_command(emulator, ann, game.channel_id)
        assert shown.ephemeral and shown.visible_to == ann.id
        assert shown.content == game.expected_prompt(0).content  # the DM's, without its header
        assert [b.label for b in shown.buttons] == ["Draw from stock", "Take the discard (3♦)"]
        assert stages(shown) == {game.shadow.stage}
        other = await hand_command(emulator, bob, game.channel_id)
        assert other.content == game.expected_prompt(1).content and not other.components
        assert "waiting for ann to draw" in other.content and "Your hand (11 cards):" in other.content

        # ann discards before drawing (a forged select on her draw prompt): draw first
        draw = ActionId.parse(prompt.buttons[0].custom_id or "")
        before = (prompt.content, prompt.raw_components, game.shadow.log)
        card = (game.shadow.view(0).hand or ())[-1].code
        forged = replace(draw, intent="X0").encode()
        reason = await refusal(await emulator.driver.forge_click(ann, prompt, forged, values=[card]))
        assert reason == "Draw a card first (from the stock or the discard pile); then play and discard."
        await game.sync()
        assert (prompt.content, prompt.raw_components, game.shadow.log) == before

        await game.act(seat, prompt)  # ann draws from her DM
        seat, prompt = await game.next_turn()
        wild = next(card for card in game.shadow.view(0).hand or () if card.is_wild)
        select = next(s for s in prompt.selects if s.placeholder == "Discard a card to end your turn")
        assert wild.code not in [option.value for option in select.options]
        assert "You may not discard: wild cards (joker 2♦)." in prompt.content
        before = (prompt.content, prompt.raw_components, game.shadow.log)
        reason = await refusal(
            await emulator.driver.forge_click(ann, prompt, select.custom_id, values=[wild.code])
        )
        assert reason == f"You may not discard {wild}: a wild card may not be discarded."
        await game.sync()
        assert (prompt.content, prompt.raw_components, game.shadow.log) == before

        # ann ends her turn; at her next one, the /hand prompt of the first is refused
        await game.play_until(lambda: game.shadow.awaiting != (0,), timeout=10)
        assert [action.split()[0] for seat, action in game.moves if seat == 0] == ["S", "L", "O", "X"]
        await game.play_until(
            lambda: game.shadow.awaiting == (0,) and game.live_prompt(0) is not None, timeout=10
        )
        seat, prompt = await game.next_turn()
        before = (prompt.content, prompt.raw_components, game.shadow.log)
        reason = await refusal(await emulator.driver.click(ann, shown, "Draw from stock"))
        assert reason == (
            "The table has moved on since this prompt; use your latest prompt."
            " /hand shows your latest cards."
        )
        await game.sync()
        assert (prompt.content, prompt.raw_components, game.shadow.log) == before
        await game.act(seat, prompt)  # the live prompt still works
        assert game.moves[-1][0] == 0 and game.moves[-1][1] in ("S", "D")
