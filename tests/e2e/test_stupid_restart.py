"""Stupid when the real bot process is killed (SIGKILL: no clean-up at all) in the middle of a
bidding and of a trick, and started again on the same database (issue 13).

Nothing may be lost: every bid and card a player was told was taken is in the stored game, the
resumed table shows it, the awaited player gets a prompt (a fresh one when the bot died before
sending it, none more when the one sent before still counts), and the humans finish the game
from their prompts. Rounds of 1, 2 and 1 cards (``max_hand=2``) keep it short; each backend.
"""

from __future__ import annotations

import pytest

from tests.discord_emulator.state import Message, User
from tests.e2e.process_game import ProcessGame, assert_clean_log
from tests.e2e.stupid_play import (
    WAIT,
    StupidPlay,
    expected_table_lines,
    kill_at_answer,
    live,
    open_process_table,
    shows,
    stored_prompt,
    table_message,
)

RESUMED = "Stupid is back after a restart: this game goes on where it stopped."


def dm_ids(play: StupidPlay) -> dict[int, int]:
    """Each human's newest DM id (0: none yet)."""
    newest = {}
    for seat, user in play.humans.items():
        newest[seat] = max((m.id for m in play.emu.driver.dm_messages(user)), default=0)
    return newest


async def restart(g: ProcessGame, play: StupidPlay) -> Message:
    """Start a new bot process and wait for its (one) notice naming the awaited player."""
    messages = g.emu.driver.channel_messages(g.channel)
    floor = max(m.id for m in messages)
    notices = sum(RESUMED in m.content for m in messages)
    await g.start_bot()
    notice = await g.emu.driver.wait_for_message(
        g.channel, lambda m: m.id > floor and RESUMED in m.content, timeout=WAIT
    )
    user = play.humans[play.game.awaiting[0]]
    assert notice.content == f"{RESUMED} <@{user.id}>, it is your turn.", notice.content
    assert sum(RESUMED in m.content for m in g.emu.driver.channel_messages(g.channel)) == notices + 1
    return notice


def table_shows_the_state_of(play: StupidPlay, before: list[str]) -> bool:
    """Whether the channel's table message still holds every part of ``before``."""
    message = table_message(play.emu, play.channel)
    return message is not None and all(shows(message.content, part) for part in before)


async def killed_at_the_answer(g: ProcessGame, play: StupidPlay, answer: str) -> tuple[User, int]:
    """The awaited human acts and the bot dies as it answers (``answer``: how the answer
    starts). The move is stored; the next player (a human) has no prompt yet and the table
    message still shows the state before the move. The next player and their newest DM id."""
    shown = expected_table_lines(play.shadow.view(None), play.names)
    count = len(play.shadow.log)
    kill_at_answer(g, answer)
    seat = play.game.awaiting[0]
    await play.act(seat)  # waits until the move is stored
    # the answer (where the bot is killed) follows the stored move, a moment later under load
    await g.emu.driver.wait_until(
        lambda: g.emu.interactions.on_answer is None, timeout=WAIT, what="the answer the bot is killed at"
    )
    await g.kill_bot()  # already dead: reaped
    assert len(play.shadow.log) == count + 1 and play.moves[-1][0] == seat
    following = play.game.awaiting[0]
    assert play.live_prompt(following) is None, "a prompt was sent before the bot died"
    assert table_shows_the_state_of(play, shown), "the table message changed before the bot died"
    return play.humans[following], dm_ids(play)[following]


@pytest.mark.alone  # killed at its answer: a bot slowed by another test defers it (tests/alone.py)
async def test_sigkill_mid_bidding_and_mid_trick_loses_nothing(three_players: ProcessGame) -> None:
    """ann, bob and cyd. Killed as a bid of round 2 is answered, as the first card of a trick is
    answered, and while a player's prompt waits in the middle of a trick: after each restart the
    table shows every stored move, the awaited human has exactly one live prompt (a fresh one,
    or the one sent before), and the game ends with the stored moves those the humans made."""
    g = three_players
    await g.pictures_off()  # nothing here looks at a picture
    await g.start_bot()
    play = await open_process_table(g, options="max_hand=2")
    assert play.names == ("ann", "bob", "cyd")
    await play.play_until(lambda game: game.round == 2)

    # mid-bidding: killed as the first bid of round 2 is answered
    user, newest = await killed_at_the_answer(g, play, "You bid **")
    await restart(g, play)
    fresh = await play.prompt(play.game.awaiting[0])
    assert fresh.id > newest and play.humans[play.game.awaiting[0]] == user
    await play.check_table()  # the bid made before the kill is on the table
    await play.play_until(lambda game: game.trick_number >= 1)

    # mid-trick: killed as the first card of trick 1 is answered
    user, newest = await killed_at_the_answer(g, play, "You played **")
    await restart(g, play)
    fresh = await play.prompt(play.game.awaiting[0])
    assert fresh.id > newest
    await play.check_table()
    await play.play_until(
        lambda game: game.round > 2 or (game.trick_number == 2 and len(game.current_trick) == 1)
    )

    # mid-trick, quiet: the awaited player's prompt was sent and stored; it still counts
    assert play.game.round == 2
    seat = play.game.awaiting[0]
    sent = await play.prompt(seat)
    await stored_prompt(g, seat)
    before = dm_ids(play)
    await g.kill_bot()
    await restart(g, play)
    await play.check_table()
    assert dm_ids(play) == before, "a second prompt was sent"
    assert play.live_prompt(seat) is sent and live(sent)
    await play.act(seat)

    await play.play_to_the_end()
    stored = await g.stored()
    assert stored.record.status == "finished"
    assert [(a.seat, a.action) for a in stored.actions] == play.moves == list(play.shadow.log)
    assert len(play.moves) == 3 * 3 + 3 * 4
    await g.kill_bot()
    assert len(g.logs) == 4
    for log in g.logs:
        assert_clean_log(log)
