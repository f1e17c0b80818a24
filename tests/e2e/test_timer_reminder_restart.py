"""The half-time reminder of a turn timer is sent once per wait, even across a restart."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import Emulator
from tests.e2e.seat_helpers import Club, channel_text, make_club, running, seat_bot, slash, table_of


def reminders(emu: Emulator, club: Club) -> int:
    """How many misery-card reminders the club's channel got."""
    return channel_text(emu, club.channel).count("reminder: please pick your misery card")


async def test_a_restart_after_the_reminder_does_not_remind_again(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 1)
    ann = club.users[0]
    scale = 0.1  # "30 seconds" last 3 s: the reminder after 1.5 s
    first = seat_bot(emulator, tmp_path, club.guild_id, scale=scale)
    async with running(first, emulator):
        await slash(emulator, ann, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", players=3, timer="30s")
        deadline = table_of(first, club.channel).deadline
        await emulator.driver.wait_until(
            lambda: reminders(emulator, club) == 1 or None,
            timeout=3,
            what="the reminder",
        )
    # restarted between the reminder and the deadline: ann is not reminded a second time
    second = seat_bot(emulator, tmp_path, club.guild_id, scale=scale)
    async with running(second, emulator):
        table = table_of(second, club.channel)
        assert table.deadline == deadline
        await emulator.driver.wait_until(
            lambda: "Time is up for ann" in channel_text(emulator, club.channel) or None,
            timeout=4,
            what="the timeout",
        )
        assert reminders(emulator, club) == 1
