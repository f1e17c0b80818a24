"""A click in /hand's private answer, by a player whose DMs are open: afterwards the player has
exactly one live prompt in their DMs while they must decide (with the "<game> at #channel"
header every DM prompt carries) and none otherwise; no other DM of the table offers anything to
click. In Stick Game, where a turn is several clicks, the DM prompt they had goes on in place,
edited as the private answer is, and no second DM comes for the same turn. A player whose DMs
are closed is not mentioned in the channel for the turn that goes on in the answer itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.tables.service import service_for
from bot.tables.table_messages import dm_header
from stickem import Card, Phase
from stickem import Game as StickemGame
from stickem.events import TrickWon
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Message, User
from tests.e2e.dm_count import dm_counts
from tests.e2e.game_harness import card_buttons, hand_of, table_game
from tests.e2e.seat_helpers import WAIT, bot_running_on, make_club, running, seat_bot, settle_channel, slash
from tests.e2e.stickgame_play import (
    StickTable,
    ambiguous_last_meld,
    hand_command,
    reach,
    resumed_table,
)
from tests.e2e.stupid_play import fix_seed, live, open_stupid_table
from tests.e2e.test_game_conduct import bot_actions, hand_via_slash, to_tricks
from tests.e2e.test_stupid_table import hand_command as stupid_hand

SHORT = {"sticks_to_win": 1, "hand_size": 11}
NAMES = ("ann", "bob", "Bot Ada (normal)")
STUPID_SEED = 3
"""The deal of the Stupid game (three seats, rounds of 1, 2 and 1 cards). Whether ann must act
again at once after a click (she plays last to the first trick of round 2, wins it and leads)
varies with the computers' play; the test checks her DMs after every click either way."""
PLACEMENT_SEED = 140
"""ann is to draw after bob's and the computer's first turns (see test_stickgame_table)."""


@asynccontextmanager
async def ann_to_draw(emulator: Emulator, tmp_path: Path) -> AsyncIterator[tuple[StickTable, User, Message]]:
    """The Stick Game of :data:`PLACEMENT_SEED` resumed where ann's DM prompt asks her to draw:
    the table, ann, and that prompt."""
    found = reach(PLACEMENT_SEED, SHORT, lambda view: ambiguous_last_meld(view, NAMES), names=NAMES)
    assert found is not None
    async with resumed_table(emulator, tmp_path, found, SHORT, names=NAMES) as game:
        seat, prompt = await game.next_turn()
        assert seat == 0
        yield game, game.humans[0], prompt


def live_dms(emulator: Emulator, user: User) -> list[Message]:
    """The user's DMs that still offer components."""
    return [m for m in emulator.driver.dm_messages(user) if m.raw_components]


async def test_draw_from_hand_answer_leaves_one_live_dm_prompt_with_its_header(
    emulator: Emulator, tmp_path: Path
) -> None:
    """ann, whose DM prompt asks her to draw, types /hand and clicks "Draw from stock" in the
    private answer: her DM prompt becomes the prompt of the rest of her turn (header, "Lay down"
    buttons, the game's new stage) in place; no new DM arrives, and it is her only DM with
    components."""
    async with ann_to_draw(emulator, tmp_path) as (game, ann, prompt):
        created = dm_counts(emulator, [ann])["ann"].created
        shown = await hand_command(emulator, ann, game.channel_id)
        before = (shown.content, shown.raw_components)
        count = len(game.shadow.log)
        result = await emulator.driver.click(ann, shown, "Draw from stock")
        await result.response(timeout=WAIT)
        await emulator.driver.wait_until(
            lambda: (shown.content, shown.raw_components) != before or None, timeout=WAIT, what="the answer"
        )
        assert "Lay down your stick" in [b.label for b in shown.buttons]  # the turn goes on there
        await game.wait(lambda: len(game.shadow.log) > count, timeout=WAIT, what="the draw")
        assert game.shadow.log[count] == (0, "S")
        await settle_channel(emulator, emulator.world.channels[game.channel_id])  # all shown
        live = live_dms(emulator, ann)
        assert [m.id for m in live] == [prompt.id]
        game.check_prompt(0, prompt)  # the header, the hand after the draw, the same components
        assert prompt.content.startswith(f"{game.header}\n")
        assert dm_counts(emulator, [ann])["ann"].created == created  # no second DM for the turn
        assert "Lay down your stick" in [b.label for b in prompt.buttons]
        # the prompt stays the live one: the turn goes on in it, to its end
        await game.play_until(lambda: game.shadow.awaiting != (0,), timeout=10)
        assert not live_dms(emulator, ann)


def live_prompts_are_one(emulator: Emulator, user: User, header: str, *, awaited: bool) -> None:
    """The user's DMs offer components in one message at most: their latest, a prompt with its
    header, when (and only when) they are awaited."""
    messages = emulator.driver.dm_messages(user)
    live = [m for m in messages if m.raw_components]
    if awaited:
        assert [m.id for m in live] == [messages[-1].id], [m.content for m in live]
        assert messages[-1].content.startswith(f"{header}\n"), messages[-1].content
    else:
        assert live == [], [m.content for m in live]


async def settled(play: Any, emulator: Emulator, channel: Any) -> None:
    """Wait (bounded) until the bot has shown everything and the table's log, followed, stayed
    as it was across that: a computer's move that began after the bot was idle (it waits its
    move delay, then takes the lock) is shown before the DMs are read, not half-way."""
    async with asyncio.timeout(WAIT):
        while True:
            await settle_channel(emulator, channel)
            await play.sync()
            moves = len(play.shadow.log)
            await settle_channel(emulator, channel)
            await play.sync()
            if len(play.shadow.log) == moves:
                return


async def test_stupid_played_through_hand_leaves_one_live_dm_prompt(
    emulator: Emulator, tmp_path: Path
) -> None:
    """ann and two computer players, rounds of 1, 2 and 1 cards: ann makes every bid and plays
    every card in /hand's private answer (a Stupid decision is one click, so the DM prompt is
    answered, shrunk to its line, and the next decision, should ann lead the next trick at
    once, comes in a new DM with its header). After each click her DMs hold one live prompt (with the
    header) while she is awaited and none otherwise; no DM of a decision gone by keeps buttons."""
    club = make_club(emulator, 1, "stupid")
    ann = club.users[0]
    header = f"Stupid at <#{club.channel.id}>"
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    fix_seed(bot, STUPID_SEED)
    async with running(bot, emulator):
        play = await open_stupid_table(emulator, bot, club.channel, [ann], options="max_hand=2", players=3)
        clicks = 0
        while True:
            async with asyncio.timeout(WAIT):  # the computers move; then ann's prompt, or the end
                while not (play.game.is_over or (0 in play.game.awaiting and play.live_prompt(0))):
                    await asyncio.sleep(0.02)
                    await play.sync()
            if play.game.is_over:
                break
            await settle_channel(emulator, club.channel)
            live_prompts_are_one(emulator, ann, header, awaited=True)
            shown = await stupid_hand(emulator, ann, club.channel)
            chosen = play.decide(0).encode()
            button = next(c for c in live(shown) if c.ident.intent == chosen)
            count = len(play.shadow.log)
            result = await emulator.driver.click(ann, shown, button.ident.encode())
            await result.response(timeout=WAIT)
            await play.wait_moves(count, what="ann's move")
            if play.game.is_over:
                await play.check_the_end()  # shown after her DM's answer: all shown now
            else:
                await settled(play, emulator, club.channel)
            clicks += 1
            awaited = not play.game.is_over and 0 in play.game.awaiting
            live_prompts_are_one(emulator, ann, header, awaited=awaited)
        assert clicks == 3 + 4


def winning_card(shadow: StickemGame, seat: int) -> Card | None:
    """A legal card with which ``seat``, the last to play to the trick, takes it (None if none)."""
    for card in shadow.legal_cards(seat):
        trial = shadow.copy()
        events = trial.play(seat, card)
        if any(isinstance(e, TrickWon) and e.winner == seat for e in events):
            return card
    return None


async def test_stickem_played_through_hand_leaves_one_live_dm_prompt(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Three players of Stick'em play cards in /hand's private answer, the last of a trick
    taking it whenever a card of theirs can (so that they lead the next one at once). After
    each click the clicker's DMs hold one live prompt (the latest, with its header) when they
    must play again at once and none otherwise: the clicked-past DM prompt shrank to its line."""
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start(rounds=1)
        shadow = h.shadow
        assert shadow is not None
        for seat in range(3):
            await h.pick_misery(seat)
        header = dm_header(h.table)
        again = clicks = 0
        while shadow.phase is Phase.TRICKS and (again < 2 or clicks < 6):
            seat = shadow.awaiting[0]
            user = h.users[seat]
            await h.hand_message(seat)  # the DM prompt came
            response = await h.slash(user, "hand")
            assert response.ephemeral and response.message is not None
            last = len(shadow.current_trick) == shadow.players - 1
            card = (winning_card(shadow, seat) if last else None) or shadow.legal_cards(seat)[0]
            await h.answer(emulator.driver.click(user, response.message, str(card)))
            shadow.play(seat, card)
            clicks += 1
            awaited = shadow.phase is Phase.TRICKS and shadow.awaiting[0] == seat
            again += awaited
            messages = emulator.driver.dm_messages(user)
            live = [m for m in messages if m.raw_components]
            if awaited:
                assert [m.id for m in live] == [messages[-1].id], [m.content for m in live]
                assert messages[-1].content.startswith(f"{header}\n"), messages[-1].content
            else:
                assert live == [], [m.content for m in live]
        assert again >= 2


async def test_a_draw_in_hand_with_closed_dms_pings_nobody(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ann's DMs are closed, so she plays in /hand's private answer: when she draws there, the
    answer goes on as her prompt ("Lay down" offered), and the channel gets no mention telling
    her it is her turn to play, which she is looking at already."""
    add_user = emulator.add_user

    def closed_for_ann(name: str, *args: Any, **kwargs: Any) -> User:
        if name == "ann":
            kwargs["dms_open"] = False
        return add_user(name, *args, **kwargs)

    monkeypatch.setattr(emulator, "add_user", closed_for_ann)
    found = reach(PLACEMENT_SEED, SHORT, lambda view: ambiguous_last_meld(view, NAMES), names=NAMES)
    assert found is not None
    async with resumed_table(emulator, tmp_path, found, SHORT, names=NAMES) as game:
        ann = game.humans[0]
        channel = emulator.world.channels[game.channel_id]
        await game.wait(lambda: 0 in game.shadow.awaiting, timeout=WAIT, what="ann's turn")
        await settle_channel(emulator, channel)
        said = len(emulator.driver.channel_messages(channel))
        assert f"<@{ann.id}>, it is your turn to draw (round 1). Use **/hand**." in [
            m.content for m in emulator.driver.channel_messages(channel)
        ]
        shown = await hand_command(emulator, ann, game.channel_id)
        before = (shown.content, shown.raw_components)
        result = await emulator.driver.click(ann, shown, "Draw from stock")
        await result.response(timeout=WAIT)
        await emulator.driver.wait_until(
            lambda: (shown.content, shown.raw_components) != before or None, timeout=WAIT, what="the answer"
        )
        await settle_channel(emulator, channel)
        await game.sync()
        assert game.shadow.log[-1] == (0, "S")
        assert "Lay down your stick" in [b.label for b in shown.buttons]
        assert [m.content for m in emulator.driver.channel_messages(channel)[said:]] == []


# --- earlier /hand answers once their prompt is settled (bot/tables/hand_answers.py) -----------


def courier_of(h: Any) -> Any:
    """The courier of the harness's bot (it keeps the /hand answers to retire)."""
    return service_for(h.bot).courier


async def test_a_hand_answer_loses_its_buttons_when_the_dm_prompt_is_clicked(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Found before: an earlier /hand answer kept its card buttons after the player played in
    the DM prompt; a click on one was refused ("which is over"), but the buttons stayed. Now the
    answer shows what the DM prompt shows (the card played), with nothing to click. An answer
    too old for Discord to edit keeps its buttons; a click on one is answered privately and
    changes nothing."""
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        answer = await hand_via_slash(h, seat)
        assert hand_of(answer) and any(enabled for _, enabled in card_buttons(answer))
        prompt = await h.hand_message(seat)
        await h.play_turn()  # in the DM prompt
        await emulator.driver.wait_until(
            lambda: not answer.raw_components or None, timeout=WAIT, what="the /hand answer retired"
        )
        assert answer.content == prompt.content and answer.content.startswith("You played **")
        assert not answer.attachments
        # an answer past the token's lifetime: not edited; its stale click is answered
        courier_of(h).hand_answers.lifetime = 0.0
        seat = h.shadow.awaiting[0]
        old = await hand_via_slash(h, seat)
        await h.play_turn()
        await h.settle()
        assert hand_of(old)  # not edited
        before = bot_actions(h)
        response = await h.answer(emulator.driver.click(h.users[seat], old, str(hand_of(old)[0])))
        refusals = ("It is not your turn.", "which is over. /hand shows your latest cards.")
        assert response.ephemeral and response.content.endswith(refusals), response.content
        await h.settle()
        assert bot_actions(h) == before


async def test_a_second_hand_answer_retires_the_first(emulator: Emulator, tmp_path: Path) -> None:
    """Two /hand answers of one turn: the second retires the first at once (the turn continues
    in another message, nothing to click: a player typing /hand again and again keeps one
    answer live); the card played in the second retires the DM prompt, and the second shows the
    click's answer."""
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        first = await hand_via_slash(h, seat)
        second = await hand_via_slash(h, seat)
        await emulator.driver.wait_until(
            lambda: not first.raw_components or None, timeout=WAIT, what="the first answer retired"
        )
        went_on = "Your turn continues in another message. /hand shows your latest cards."
        assert first.content == went_on and hand_of(second)
        prompt = await h.hand_message(seat)
        card = h.shadow.legal_cards(seat)[0]
        response = await h.answer(emulator.driver.click(h.users[seat], second, str(card)))
        h.shadow.play(seat, card)
        played = f"You played **{card}** in trick 1 of round 1."
        assert response.content.startswith(played)
        await h.settle()
        assert first.content == went_on and not hand_of(second)
        assert prompt.content.startswith(played) and not prompt.raw_components


async def test_a_hand_answer_says_the_turn_went_on_in_the_dm_prompt(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Stick Game, a turn of several clicks: ann's /hand answer offers the draw; she draws in
    her DM prompt, where her turn goes on. The /hand answer, which offered a stage gone by, says
    that her turn continues in another message, with nothing to click."""
    async with ann_to_draw(emulator, tmp_path) as (game, ann, prompt):
        shown = await hand_command(emulator, ann, game.channel_id)
        assert "Draw from stock" in [b.label for b in shown.buttons]
        result = await emulator.driver.click(ann, prompt, "Draw from stock")
        await result.response(timeout=WAIT)
        await emulator.driver.wait_until(
            lambda: not shown.raw_components or None, timeout=WAIT, what="the /hand answer retired"
        )
        assert shown.content == "Your turn continues in another message. /hand shows your latest cards."
        assert "Lay down your stick" in [b.label for b in prompt.buttons]  # the DM prompt goes on


async def test_a_hand_answer_says_when_the_timer_played_for_the_seat(
    emulator: Emulator, tmp_path: Path
) -> None:
    """ann asks for /hand while her misery card is to pick, and lets her turn timer run out:
    the computer picks for her, and her /hand answer says so as her DM prompt does, but
    without the DM's header and its "Use /hand in the channel" (she is there, in /hand's
    answer), with nothing left to click."""
    club = make_club(emulator, 1)
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=0.1)  # "30s" lasts 3 s
    async with running(bot, emulator):
        await slash(emulator, ann, club.channel, "join")
        await slash(emulator, ann, club.channel, "addbot", level="normal")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="30s")
        response = await (await emulator.driver.slash(ann, club.channel, "hand")).response(timeout=WAIT)
        answer = response.message
        assert answer is not None and answer.raw_components
        await emulator.driver.wait_until(
            lambda: not answer.raw_components or None, timeout=WAIT, what="the /hand answer retired"
        )
        said = answer.content
        assert said.startswith("Time ran out, so the computer moved for you:"), said
        assert said.endswith(" /hand shows your latest cards.") and "\n" not in said


# --- /hand while its picture is drawn (bot/tables/commands.py Commands.hand) ----------------------


class HeldPicture:
    """The painter's first drawing held until :meth:`release` (or ``delay`` seconds): a /hand
    answer whose picture takes its time, drawn while others act."""

    def __init__(self, painter: Any, delay: float = WAIT) -> None:
        self.draw = painter.picture
        self.delay = delay
        self.released = asyncio.Event()
        self.started = asyncio.Event()
        self.calls = 0

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        if self.calls == 1:
            self.started.set()
            try:
                async with asyncio.timeout(self.delay):
                    await self.released.wait()
            except TimeoutError:
                pass
        return await self.draw(*args, **kwargs)

    def release(self) -> None:
        self.released.set()


async def test_a_hand_answer_whose_turn_went_on_while_it_was_drawn_is_retired_at_once(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found before: ann types /hand (its prompt offers the draw), and while its picture is drawn
    she draws in her DM prompt, where her turn goes on (she stays awaited, at the next stage).
    The answer was then remembered as live with the draw's buttons, which it kept until her
    turn's next settle. Now it is retired as soon as it is shown: it says her turn went on in
    another message, with nothing to click, and her DM prompt goes on."""
    async with ann_to_draw(emulator, tmp_path) as (game, ann, prompt):
        painter = service_for(bot_running_on(emulator)).courier.painter
        held = HeldPicture(painter)
        monkeypatch.setattr(painter, "picture", held)
        asked = await emulator.driver.slash(ann, emulator.world.channels[game.channel_id], "hand")
        async with asyncio.timeout(WAIT):
            await held.started.wait()
        drawn = await emulator.driver.click(ann, prompt, "Draw from stock")
        await drawn.response(timeout=WAIT)
        await settle_channel(emulator, emulator.world.channels[game.channel_id])
        held.release()
        response = await asked.response(timeout=WAIT)
        shown = await asked.wait_original(timeout=WAIT) if response.deferred else response.message
        assert shown is not None and shown.ephemeral
        await emulator.driver.wait_until(
            lambda: not shown.raw_components or None, timeout=WAIT, what="the /hand answer retired"
        )
        assert shown.content == "Your turn continues in another message. /hand shows your latest cards."
        assert not shown.attachments
        assert "Lay down your stick" in [b.label for b in prompt.buttons]  # the DM prompt goes on
        assert service_for(bot_running_on(emulator)).courier.hand_answers.seats(game.channel_id) == []


async def test_a_hand_answer_whose_picture_is_slow_is_answered_in_time(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/hand's picture takes longer than Discord's 3 seconds: the command is deferred in time
    (privately), then its answer shows the prompt, buttons and picture, and is remembered to be
    retired with the DM prompt."""
    async with ann_to_draw(emulator, tmp_path) as (game, ann, prompt):
        painter = service_for(bot_running_on(emulator)).courier.painter
        monkeypatch.setattr(painter, "picture", HeldPicture(painter, delay=3.5))
        asked = await emulator.driver.slash(ann, emulator.world.channels[game.channel_id], "hand")
        response = await asked.response(timeout=WAIT)  # Discord refuses an answer after 3 s
        assert response.deferred and response.ephemeral
        shown = await asked.wait_original(timeout=WAIT)
        assert shown.ephemeral and "Draw from stock" in [b.label for b in shown.buttons]
        assert shown.attachments, "the answer carries its picture"
        assert service_for(bot_running_on(emulator)).courier.hand_answers.seats(game.channel_id) == [0]
        result = await emulator.driver.click(ann, prompt, "Draw from stock")
        await result.response(timeout=WAIT)
        await emulator.driver.wait_until(
            lambda: not shown.raw_components or None, timeout=WAIT, what="the /hand answer retired"
        )
