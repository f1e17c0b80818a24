"""Hostile input through the emulator: over-long and huge option values, forged custom ids.

Every refusal must reach the user (a reply Discord accepts, within its limits), change nothing,
and log no ERROR (a traceback is a bug report nobody filed)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.discord_emulator import Emulator
from tests.e2e.seat_helpers import make_club, running, seat_bot, slash, table_of


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The ERROR (and worse) lines logged so far."""
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("seat", "refusal"),
    [("Z" * 2500, "There is no seat called"), ("9" * 5000, "There is no seat 999"),
     ("seat " + "0" * 4400 + "2", "Seat 2 is bob's")],
    ids=["2500 letters", "5000 digits", "seat 2 with 4400 zeros"],
)
async def test_an_overlong_or_huge_seat_option_is_answered_within_discord_limits(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture, seat: str,
    refusal: str,
) -> None:
    club = make_club(emulator, 3)
    ann, bob, cyd = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        for user in (ann, bob):
            await slash(emulator, user, club.channel, "join")
        started = await slash(emulator, ann, club.channel, "start", players=3, rounds=2, timer="off")
        assert "started" in started
        table = table_of(bot, club.channel)
        reply = await slash(emulator, cyd, club.channel, "join", seat=seat)
        assert reply.startswith(refusal), reply[:200]
        assert len(reply) <= 2000
        assert "Computer seats you can take over: seat 3" in reply
        assert cyd.id not in table.takeover_requests
    assert errors(caplog) == []
