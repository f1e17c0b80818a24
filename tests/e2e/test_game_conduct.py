"""How the bot behaves around a game: closed DMs, misuse, simultaneous clicks, hidden cards."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.ids import LobbyId
from bot.tables.service import service_for
from stickem import Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Message
from tests.e2e.game_harness import (
    CARD_PATTERN,
    GameHarness,
    card_buttons,
    hand_of,
    table_game,
)
from tests.e2e.seat_helpers import old_hand_answers, text_only


async def to_tricks(h: GameHarness, **options: object) -> None:
    """Seat everyone, start, and let every seat pick its misery card."""
    await h.seat_everyone()
    await h.start(**options)
    assert h.shadow is not None
    for seat in range(h.shadow.players):
        await h.pick_misery(seat)
    assert h.shadow.phase is Phase.TRICKS


def table_message(h: GameHarness) -> Message:
    shown = service_for(h.bot).book.of(h.table).table_id
    assert shown is not None
    return next(
        m for m in h.emu.driver.channel_messages(h.channel) if m.id == shown
    )


def bot_actions(h: GameHarness) -> int:
    """How many actions the bot's game has applied (to check that a refusal changed nothing)."""
    game = h.table.match.game
    assert game is not None
    return len(game.actions)


async def hand_via_slash(h: GameHarness, seat: int) -> Message:
    response = await h.slash(h.users[seat], "hand")
    assert response.ephemeral and response.message is not None
    return response.message


# --- closed DMs -------------------------------------------------------------------------------


async def test_player_with_closed_dms_plays_everything_through_hand(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3, closed_dms=(1,)) as h:
        text_only(h.bot, h.channel_guild().id)  # read in words; no picture is looked at
        await h.seat_everyone()
        await h.start(rounds=2)
        bob = h.users[1]
        notice = await emulator.driver.wait_for_message(
            h.channel, lambda m: "can't send you direct messages" in m.content
        )
        assert f"<@{bob.id}>" in notice.content and "/hand" in notice.content
        await h.play_game()
        assert h.shadow is not None
        assert h.final_totals() == {
            u.name: t for u, t in zip(h.users, h.shadow.totals, strict=True)
        }
        mentions = [
            m for m in emulator.driver.channel_messages(h.channel)
            if m.content.startswith(f"<@{bob.id}>, it is your turn")
        ]
        assert len(mentions) == 2 * 14  # one per trick, nothing stalls silently
        assert all(m.content.endswith(". Use **/hand**.") for m in mentions)  # the host's hint
        texts = [m.content for m in emulator.driver.channel_messages(h.channel)]
        assert sum("can't send you direct messages" in t for t in texts) == 1
        assert sum(t == f"<@{bob.id}>, round 2: pick your misery card. Use **/hand**." for t in texts) == 1
        assert emulator.calls("POST /channels/{channel_id}/messages", status=403)
        assert not [m for m in emulator.driver.dm_messages(bob) if m.author.id != bob.id]


async def test_a_player_who_left_the_server_is_named_so_in_the_channel(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A DM refused because the player left the server (found with one member look-up) is
    announced as such, not as closed DMs."""
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        cyd = h.users[2]
        del emulator.world.guilds[h.channel.guild_id].members[cyd.id]
        await h.start(rounds=1)
        notice = await emulator.driver.wait_for_message(
            h.channel, lambda m: "has left this server" in m.content
        )
        assert notice.content.startswith(f"<@{cyd.id}> has left this server")
        assert emulator.calls("GET /guilds/{guild_id}/members/{user_id}", status=404)
        texts = [m.content for m in emulator.driver.channel_messages(h.channel)]
        assert not any("can't send you direct messages" in t for t in texts)
        looked_up = emulator.pop_problems("http-error")  # the member look-up's 404, expected
        assert [str(p) for p in looked_up] == [
            "[http-error] GET /guilds/{guild_id}/members/{user_id} -> 404 10007 Unknown Member"
        ]


# --- misuse -----------------------------------------------------------------------------------


async def test_out_of_turn_click_is_refused_and_changes_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        waiting = (h.shadow.awaiting[0] + 1) % 3
        message = await hand_via_slash(h, waiting)
        before = (table_message(h).content, bot_actions(h))
        response = await h.answer(
            emulator.driver.click(h.users[waiting], message, str(hand_of(message)[0]))
        )
        assert response.ephemeral and response.content == "It is not your turn."
        assert (table_message(h).content, bot_actions(h)) == before
        await h.play_turn()  # the game goes on


async def test_outsider_and_stale_clicks_are_refused(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        old_hand_answers(h.bot)  # the stale clicks on them are what the test looks at
        await to_tricks(h, rounds=2)
        assert h.shadow is not None
        actor = h.shadow.awaiting[0]
        stale_trick = await hand_via_slash(h, actor)
        later = (actor + 2) % 3
        stale_round = await hand_via_slash(h, later)
        for _ in range(3):
            await h.play_turn()
        before = bot_actions(h)
        response = await h.answer(
            emulator.driver.click(h.users[actor], stale_trick, str(hand_of(stale_trick)[0]))
        )
        assert "from trick 1, which is over" in response.content
        assert bot_actions(h) == before
        while h.shadow.round == 1:
            await h.play_turn()
        for seat in range(3):
            await h.pick_misery(seat)
        round_one_card = hand_of(stale_round)[0]
        response = await h.answer(
            emulator.driver.click(h.users[later], stale_round, str(round_one_card))
        )
        assert "round 1, which is over" in response.content
        outsider = emulator.add_user("zed")
        emulator.add_member(h.channel_guild(), outsider)
        response = await h.slash(outsider, "hand")
        assert response.content == "You are not seated at this table."
        # nothing but the rest of round 1 and round 2's picks was applied
        assert bot_actions(h) == before + (3 * 14 - 3) + 3


async def test_double_click_on_a_card_plays_once(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        message = await h.hand_message(seat)
        first, second = hand_of(message)[:2]
        before = bot_actions(h)
        user = h.users[seat]
        results = [
            await emulator.driver.click(user, message, str(first)),
            await emulator.driver.click(user, message, str(second)),
        ]
        for result in results:
            await result.response()
        await h.settle()
        assert bot_actions(h) == before + 1
        texts = []
        for result in results:
            response = await result.response()
            if response.deferred:  # it waited for the other click: the answer is a follow-up
                texts.append((await result.wait_followups(1))[-1].content)
            else:
                texts.append(response.content)
        played = [t for t in texts if "You played" in t]
        refused = [t for t in texts if t == "It is not your turn."]
        assert len(played) == 1 and len(refused) == 1, texts
        card = first if str(first) in played[0] else second
        h.shadow.play(seat, card)
        await h.play_turn()


async def test_lobby_permissions_and_stop(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 4, admin_seats=(3,)) as h:
        for user in h.users[:3]:
            await h.slash(user, "join")
        response = await h.slash(h.users[1], "start")
        assert response.content == "Only the host (the first to join) or a server manager can start."
        lobby = emulator.driver.channel_messages(h.channel)[-1]
        start = LobbyId("start", h.channel.id).encode()
        response = await h.answer(emulator.driver.click(h.users[2], lobby, start))
        assert response.ephemeral and "Only the host" in response.content
        response = await h.slash(h.users[2], "leave")
        assert response.content == "You left the table."
        assert "3. cyd" not in lobby.content
        response = await h.answer(
            emulator.driver.click(h.users[2], lobby, LobbyId("join", h.channel.id).encode())
        )
        assert "3. cyd" in lobby.content
        response = await h.answer(emulator.driver.click(h.users[0], lobby, start))
        assert "The game has started." in lobby.content and not lobby.buttons
        response = await h.slash(h.users[1], "leave")
        assert "plays your seat" in response.content
        response = await h.slash(h.users[3], "join")
        assert "the host has to approve" in response.content
        response = await h.slash(h.users[3], "score")
        assert "Standings:" in response.content and response.ephemeral
        response = await h.slash(h.users[1], "stop")
        assert "Only the host" in response.content
        response = await h.slash(h.users[3], "stop")  # a server manager, not seated
        assert response.message is not None and "Really stop the game?" in response.content
        response = await h.answer(emulator.driver.click(h.users[3], response.message, "Stop"))
        assert response.content == "The game is stopped."
        stopped = emulator.driver.channel_messages(h.channel)[-1]
        assert "stopped by a server manager" in stopped.content
        response = await h.slash(h.users[0], "hand")
        assert "no table" in response.content


# --- simultaneous clicks ----------------------------------------------------------------------


async def test_simultaneous_clicks_are_serialised(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await h.slash(h.users[0], "join")
        lobby = emulator.driver.channel_messages(h.channel)[-1]
        join = LobbyId("join", h.channel.id).encode()
        results = await asyncio.gather(
            emulator.driver.click(h.users[1], lobby, join),
            emulator.driver.click(h.users[2], lobby, join),
        )
        await asyncio.gather(*(r.response() for r in results))
        await h.settle()
        assert sorted(seat.name for seat in h.table.seats) == ["ann", "bob", "cyd"]
        assert "2. " in lobby.content and "3. " in lobby.content
        by_id = {user.id: user for user in h.users}
        h.users = [by_id[seat.user_id] for seat in h.table.seats]  # seats in join order
        await h.start(rounds=1)
        assert h.shadow is not None
        # everybody confirms a misery card at the same moment
        confirms = []
        for seat, user in enumerate(h.users):
            prompt = await emulator.driver.wait_for_message(user, lambda m: bool(m.selects))
            card = h.shadow.hand(seat)[0]
            response = await h.answer(emulator.driver.select(user, prompt, None, [str(card)]))
            assert response.message is not None
            confirms.append((user, response.message, card))
        confirmed = await asyncio.gather(
            *(emulator.driver.click(user, msg, f"Confirm {card}") for user, msg, card in confirms)
        )
        await asyncio.gather(*(r.response() for r in confirmed))
        await h.settle()
        for seat, (_, _, card) in enumerate(confirms):
            h.shadow.choose_misery(seat, card)
        game = h.table.match.game
        assert game is not None and game.phase is Phase.TRICKS and len(game.actions) == 3
        # the player to act and the last player of the trick click at the same moment
        actor = h.shadow.awaiting[0]
        other = (actor - 1) % 3
        actor_hand = await h.hand_message(actor)
        other_hand = await hand_via_slash(h, other)
        card = hand_of(actor_hand)[0]
        results = await asyncio.gather(
            emulator.driver.click(h.users[actor], actor_hand, str(card)),
            emulator.driver.click(h.users[other], other_hand, str(hand_of(other_hand)[0])),
        )
        await asyncio.gather(*(r.response() for r in results))
        await h.settle()
        refused = await results[1].response()
        # a deferred click waited for the actor's: its answer is a follow-up
        told = (await results[1].wait_followups(1))[-1] if refused.deferred else refused
        assert told.ephemeral and told.content == "It is not your turn.", told.content
        h.shadow.play(actor, card)
        assert len(game.actions) == 4
        assert game.current_trick == ((actor, card),)
        await h.play_tricks()
        await h.play_game()


# --- hidden information -----------------------------------------------------------------------


async def test_channel_never_shows_a_hidden_card(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with table_game(emulator, tmp_path, 4) as h:
        assert h.scan_hidden  # every action below is followed by a scan of the channel
        await h.seat_everyone()
        await h.start(rounds=2)
        await h.play_game()
        assert len(h.scanned) >= 2 * 3  # lobby, table and score messages were looked at
    for record in caplog.records:
        if record.name.startswith(("bot", "cogs")):
            assert not CARD_PATTERN.search(record.getMessage()), record.getMessage()


async def test_playing_through_hand_disables_the_dm_prompt(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        prompt = await h.hand_message(seat)  # the DM of this turn, buttons live
        assert all(enabled for _, enabled in card_buttons(prompt))
        ephemeral = await hand_via_slash(h, seat)
        card = hand_of(ephemeral)[0]
        response = await h.answer(emulator.driver.click(h.users[seat], ephemeral, str(card)))
        assert response.content.startswith(f"You played **{card}**")
        h.shadow.play(seat, card)
        assert prompt.content.startswith(f"You played **{card}**")
        assert not prompt.buttons and "\n" not in prompt.content  # done: one line, nothing to click
        await h.play_turn()


async def test_host_closes_the_lobby_with_stop(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 2) as h:
        await h.seat_everyone()
        response = await h.slash(h.users[0], "score")
        assert "1. ann (host)" in response.content
        response = await h.slash(h.users[0], "start")
        assert "The classic rules are for 3-7 players, not 2." in response.content
        response = await h.slash(h.users[0], "stop")
        assert response.message is not None and "Really stop the lobby?" in response.content
        response = await h.answer(emulator.driver.click(h.users[0], response.message, "Stop"))
        assert response.content == "The table is closed."
        lobby = emulator.driver.channel_messages(h.channel)[-1]
        assert "(closed)" in lobby.content and "Closed by ann." in lobby.content
        assert not lobby.buttons
        response = await h.slash(h.users[1], "join")  # a new table opens
        assert "You joined the Stick'em table (seat 1)" in response.content


async def test_rate_limited_calls_are_retried_and_the_game_goes_on(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        edit = emulator.inject_rate_limit(
            "PATCH /channels/{channel_id}/messages/{message_id}", count=1, retry_after=0.05
        )
        post = emulator.inject_rate_limit(
            "POST /channels/{channel_id}/messages", count=1, retry_after=0.05
        )
        for _ in range(4):
            await h.play_turn()
        assert edit.remaining == 0 and post.remaining == 0
        assert emulator.calls("PATCH /channels/{channel_id}/messages/{message_id}", status=429)
        assert h.shadow is not None
        trick_line = f"Trick {h.shadow.trick_number} of 14"
        assert trick_line in table_message(h).content


async def test_outsider_clicking_leave_is_refused(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 2) as h:
        await h.slash(h.users[0], "join")
        lobby = emulator.driver.channel_messages(h.channel)[-1]
        before = lobby.content
        response = await h.answer(
            emulator.driver.click(h.users[1], lobby, LobbyId("leave", h.channel.id).encode())
        )
        assert response.ephemeral and response.content == "You are not seated at this table."
        assert lobby.content == before
