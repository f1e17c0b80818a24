"""An interaction's age as the bot reads it (bot/runtime/arrivals.py): a host clock that differs
from Discord's by a steady amount neither marks a healthy bot behind nor drops a click that was
in time; a click read late is still seen as late, and one that expired still dropped."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.runtime.arrivals import arrived, install_overload
from host.overload import ENTER_COUNT, Overload


class FakeClient:
    """Stands for the bot (the key its signal is installed under)."""


class FakeClock:
    """The overload signal's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@dataclass
class FakeInteraction:
    """What :func:`arrived` reads of an interaction: its client and its snowflake id."""

    client: object
    id: int


def made(client: object, age: float) -> discord.Interaction[Any]:
    """An interaction whose snowflake says Discord made it ``age`` seconds ago by this host's
    clock (a host clock ahead of Discord's adds its lead to every age)."""
    created = discord.utils.utcnow() - datetime.timedelta(seconds=age)
    return cast("discord.Interaction[Any]", FakeInteraction(client, discord.utils.time_snowflake(created)))


def read(client: object, clock: FakeClock, ages: list[float]) -> list[bool]:
    """Read interactions of ``ages``, a second apart; whether each is handled."""
    handled = []
    for age in ages:
        clock.now += 1.0
        handled.append(arrived(made(client, age)))
    return handled


def test_a_host_clock_ahead_of_discords_does_not_mark_a_healthy_bot_behind() -> None:
    """A host whose clock runs 2 s ahead (no NTP) reads every click 2 s "old" although it reads
    them at once: a steady offset is the clocks', not lateness."""
    client, clock = FakeClient(), FakeClock()
    overload = Overload(clock)
    install_overload(cast("discord.Client", client), overload)
    assert all(read(client, clock, [2.02, 2.05, 2.01, 2.03, 2.04, 2.02] * 3))
    assert not overload.behind and overload.episodes == 0


def test_with_a_clock_ahead_a_click_in_time_is_kept_and_an_expired_one_dropped() -> None:
    """Host 4 s ahead, the bot behind for its own reasons: a click read 0.5 s after it was made
    is still answered (Discord takes it); one read 3.5 s late is dropped."""
    client, clock = FakeClient(), FakeClock()
    overload = Overload(clock)
    install_overload(cast("discord.Client", client), overload)
    assert all(read(client, clock, [4.02, 4.01, 4.03]))  # read at once, by a 4 s lead
    assert not overload.behind
    assert read(client, clock, [5.5] * ENTER_COUNT) == [True] * ENTER_COUNT  # 1.5 s late: behind
    assert overload.behind
    assert read(client, clock, [4.5, 7.6]) == [True, False]
    assert overload.dropped == 1


def test_on_a_synced_clock_late_reads_mark_it_behind() -> None:
    client, clock = FakeClient(), FakeClock()
    overload = Overload(clock)
    install_overload(cast("discord.Client", client), overload)
    read(client, clock, [0.02, 0.03])
    read(client, clock, [1.3] * ENTER_COUNT)
    assert overload.behind
    assert read(client, clock, [0.8, 3.4]) == [True, False]


def test_with_a_clock_a_little_ahead_a_bot_behind_comes_back_once_it_has_caught_up() -> None:
    """Host 0.4 s ahead (a sloppy clock): once the bot was behind for a real reason and has
    caught up, its clicks read at once must let it come back, not keep it behind forever by the
    clocks' offset (over the level that keeps it behind)."""
    client, clock = FakeClient(), FakeClock()
    overload = Overload(clock)
    install_overload(cast("discord.Client", client), overload)
    read(client, clock, [0.41, 0.42])
    read(client, clock, [1.9] * ENTER_COUNT)  # really 1.5 s late
    assert overload.behind
    read(client, clock, [0.42, 0.41, 0.43] * 5)  # 15 s of clicks read at once
    assert not overload.behind
