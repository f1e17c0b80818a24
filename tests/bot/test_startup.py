"""`bot.boot.startup.reach_discord`: a network failure at start-up is retried with a growing delay and
logged; a refused token is not retried."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.boot.startup import ConnectPolicy, reach_discord

POLICY = ConnectPolicy(timeout=5.0, retries=3, first_delay=0.01)


class Flaky:
    """An attempt that fails ``failures`` times with ``error``, then answers "ok"."""

    def __init__(self, failures: int, error: Exception) -> None:
        self.failures = failures
        self.error = error
        self.calls = 0
        self.resets = 0

    async def attempt(self) -> str:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error
        return "ok"

    async def reset(self) -> None:
        self.resets += 1


async def test_a_transient_failure_is_retried_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    flaky = Flaky(2, ConnectionResetError(104, "Connection reset by peer"))
    with caplog.at_level(logging.WARNING, logger="bot.boot.startup"):
        assert await reach_discord(flaky.attempt, POLICY, flaky.reset) == "ok"
    assert flaky.calls == 3 and flaky.resets == 2
    retries = [record.getMessage() for record in caplog.records]
    assert len(retries) == 2
    assert "Trying again in 0.01 s (attempt 2 of 4)" in retries[0]
    assert "Trying again in 0.02 s (attempt 3 of 4)" in retries[1]


async def test_a_refused_token_is_not_retried() -> None:
    flaky = Flaky(5, discord.LoginFailure("Improper token has been passed."))
    with pytest.raises(discord.LoginFailure):
        await reach_discord(flaky.attempt, POLICY, flaky.reset)
    assert flaky.calls == 1
