"""Turn timers in Stick Game, whose turn is several actions (draw, melds, discard): when time is
up the `normal` computer player plays the whole turn for the absent person, and that counts as
one timeout; two missed turns in a row mark the seat away, as in the other games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from host.tables import Outcome
from tests.discord_emulator import Emulator
from tests.e2e.seat_helpers import channel_text, make_club, running, seat_bot, slash, table_of, text_only


async def test_a_timed_out_turn_is_played_to_its_end_and_counts_once(
    emulator: Emulator, tmp_path: Path
) -> None:
    club = make_club(emulator, 2)
    ann, bob = club.users
    # "30 seconds" scaled to 0.6 s; nobody ever acts
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=0.02)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)
        assert "Stick Game table" in await slash(emulator, ann, club.channel, "join", game="stickgame")
        await slash(emulator, bob, club.channel, "join")
        reply = await slash(
            emulator, ann, club.channel, "start", options="sticks_to_win=3 hand_size=11", timer="30s"
        )
        assert "started" in reply, reply
        table = table_of(bot, club.channel)
        match = table.match
        assert match is not None
        first = match.awaiting[0]
        user = next(u for u in (ann, bob) if u.id == table.seats[first].user_id)
        moves: list[tuple[int, str, dict[int, int], bool]] = []  # seat, action, timeouts, away
        real = table.play.auto_move

        def recorded(seat: int, action: str, **flags: Any) -> Outcome:
            outcome = real(seat, action, **flags)
            moves.append((seat, action, dict(table.clock.timeouts), seat in table.clock.away))
            return outcome

        table.play.auto_move = recorded  # type: ignore[method-assign]
        away = f"<@{user.id}> ran out of time 2 times in a row and is marked away"
        await emulator.driver.wait_until(
            lambda: away in channel_text(emulator, club.channel), timeout=20, what="two missed turns"
        )
        mine = [move for move in moves if move[0] == first]
        # the first missed turn: a draw, maybe melds, a discard; all one timeout, not away
        end = next(i for i, move in enumerate(mine) if move[1].startswith("X "))
        assert mine[0][1] in ("S", "D") and end >= 1
        assert all(move[2][first] == 1 and not move[3] for move in mine[: end + 1])
        # the second missed turn: its draw is the second timeout and marks the seat away
        assert mine[end + 1][1] in ("S", "D") and mine[end + 1][2][first] == 2 and mine[end + 1][3]
        said = channel_text(emulator, club.channel)
        assert said.count(f"Time is up for {table.seats[first].name}") == 1
        retired = next(m for m in emulator.driver.dm_messages(user) if "Time ran out" in m.content)
        assert "You discarded" in retired.content  # what the computer did, the whole turn
        assert "You drew" in retired.content or "You took the top card" in retired.content
        assert not retired.buttons and not retired.selects
