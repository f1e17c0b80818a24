"""The bot's metrics (bot/metrics/): the host's counts as Prometheus samples, REST requests and
interaction answers counted through discord.py's HTTP trace, errors through the log, the loop's
lag, the health line, and the endpoint on METRICS_PORT."""

from __future__ import annotations

import asyncio
import logging
import math
import socket
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import aiohttp
import pytest
from aiohttp import web
from discord.utils import time_snowflake

from bot.boot.config import ConfigError, Settings
from bot.metrics.discord_hooks import ErrorCounter, interaction_age, request_trace
from bot.metrics.health import HealthLine, upper_bound
from bot.metrics.instruments import BotMetrics
from bot.metrics.loop_lag import measure_lag
from bot.metrics.monitor import Monitoring
from host.census import HostCounts

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def counts(actions: int = 0, playing: int = 0) -> HostCounts:
    return HostCounts(
        tables={("stickem", "lobby"): 1, ("stickem", "playing"): playing, ("stupid", "lobby"): 0},
        actions=actions,
        decisions_waiting=2,
        writes_waiting=3,
        computer_moves_waiting=4,
    )


def test_the_host_counts_are_read_at_each_collection() -> None:
    metrics = BotMetrics(process=False)
    assert metrics.registry.get_sample_value("stickem_actions_total") is None  # not restored yet
    now = counts(actions=5, playing=2)
    metrics.host.source = lambda: now
    assert metrics.value("stickem_tables", {"game": "stickem", "state": "playing"}) == 2
    assert metrics.value("stickem_tables", {"game": "stupid", "state": "lobby"}) == 0
    assert metrics.total("stickem_tables") == 3
    assert metrics.value("stickem_actions_total") == 5
    assert metrics.value("stickem_worker_queue_length") == 2
    assert metrics.value("stickem_write_queue_length") == 3
    assert metrics.value("stickem_computer_moves_waiting") == 4
    now = counts(actions=9)
    assert metrics.value("stickem_actions_total") == 9


def test_interaction_age_comes_from_the_id_in_a_callback_path_only() -> None:
    now = time.time()
    created = datetime.fromtimestamp(now, UTC) - timedelta(milliseconds=300)
    path = f"/api/v10/interactions/{time_snowflake(created)}/a-token/callback"
    age = interaction_age(path, now)
    assert age is not None and 0.29 <= age <= 0.31
    assert interaction_age(f"/api/v10/interactions/{time_snowflake(created)}/a-token/callback", now - 10) == 0
    assert interaction_age("/api/v10/channels/1/messages", now) is None
    assert interaction_age("/api/v10/webhooks/1/a-token/messages/@original", now) is None


@pytest.fixture
async def fake_discord() -> AsyncIterator[str]:
    """A loopback server answering 200, 429 or an interaction callback, as Discord's REST API would."""

    async def ok(request: web.Request) -> web.Response:
        return web.json_response({})

    async def limited(request: web.Request) -> web.Response:
        return web.json_response({"retry_after": 0.1}, status=429)

    async def callback(request: web.Request) -> web.Response:
        return web.Response(status=204)

    app = web.Application()
    app.router.add_get("/channels/1", ok)
    app.router.add_get("/limited", limited)
    app.router.add_post("/interactions/{id}/{token}/callback", callback)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


async def test_rest_requests_429s_and_interaction_answers_are_counted(fake_discord: str) -> None:
    metrics = BotMetrics(process=False)
    created = datetime.now(UTC) - timedelta(milliseconds=80)
    async with aiohttp.ClientSession(trace_configs=[request_trace(metrics)]) as session:
        for path in ("/channels/1", "/channels/1", "/limited"):
            async with session.get(fake_discord + path):
                pass
        async with session.post(f"{fake_discord}/interactions/{time_snowflake(created)}/tok/callback"):
            pass
    assert metrics.value("stickem_discord_requests_total") == 4
    assert metrics.value("stickem_discord_rate_limited_total") == 1
    assert metrics.value("stickem_interaction_latency_seconds_count") == 1
    assert metrics.value("stickem_interaction_latency_seconds_bucket", {"le": "0.05"}) == 0
    assert metrics.value("stickem_interaction_latency_seconds_bucket", {"le": "0.5"}) == 1


def test_errors_are_counted_by_the_package_that_logged_them() -> None:
    metrics = BotMetrics(process=False)
    logger = logging.getLogger("host.autoplay.test-metrics")
    counter = ErrorCounter(metrics)
    logger.addHandler(counter)
    try:
        logger.error("one")
        logger.critical("two")
        logger.warning("not an error")
    finally:
        logger.removeHandler(counter)
    assert metrics.value("stickem_errors_total", {"logger": "host"}) == 2
    assert metrics.total("stickem_errors_total") == 2


async def test_a_held_loop_shows_as_lag() -> None:
    metrics = BotMetrics(process=False)
    measuring = asyncio.create_task(measure_lag(metrics.loop_lag, every=0.01))
    await asyncio.sleep(0.05)
    time.sleep(0.15)  # a callback holding the loop
    await asyncio.sleep(0.05)
    measuring.cancel()
    assert metrics.value("stickem_event_loop_lag_seconds_count") >= 2
    assert metrics.value("stickem_event_loop_lag_seconds_bucket", {"le": "0.1"}) < metrics.value(
        "stickem_event_loop_lag_seconds_count"
    )


def test_the_upper_bound_of_a_quantile_is_the_bucket_it_falls_in() -> None:
    before = {0.1: 10.0, 0.5: 10.0, math.inf: 10.0}
    after = {0.1: 108.0, 0.5: 109.0, math.inf: 110.0}  # 100 new: 98 <= 0.1, 1 <= 0.5, 1 above
    assert upper_bound(before, after, 0.5) == 0.1
    assert upper_bound(before, after, 0.99) == 0.5
    assert upper_bound(before, after, 1.0) == math.inf
    assert upper_bound(after, after, 0.99) is None


def test_the_health_line_says_the_figures_of_the_interval() -> None:
    metrics = BotMetrics(process=False)
    now = counts(actions=100, playing=2)
    metrics.host.source = lambda: now
    health = HealthLine(metrics)
    now = counts(actions=130, playing=2)
    for _ in range(3):
        metrics.requests.inc()
        metrics.interaction_latency.observe(0.04)
    metrics.rate_limited.inc()
    metrics.errors.labels("bot").inc()
    metrics.loop_lag.observe(0.003)
    line = health.line()
    assert line.startswith("health: 3 tables (stickem lobby 1, stickem playing 2); 30 actions (")
    assert "3 interactions, p99 <= 50 ms; 3 REST requests, 1 rate-limited; 1 errors;" in line
    assert "loop lag p99 <= 5 ms; worker queue 2; write queue 3; computer moves waiting 4" in line
    quiet = health.line()  # the next interval: nothing happened
    assert "0 actions (0.00/s); 0 interactions, p99 -; 0 REST requests, 0 rate-limited; 0 errors" in quiet


def test_metrics_port_is_read_from_the_environment() -> None:
    base = {"DISCORD_TOKEN": TOKEN}
    assert Settings.from_env(base).metrics_port is None
    settings = Settings.from_env({**base, "METRICS_PORT": " 9108 ", "METRICS_ADDRESS": "0.0.0.0"})
    assert (settings.metrics_port, settings.metrics_address) == (9108, "0.0.0.0")
    assert Settings.from_env(base).metrics_address == "127.0.0.1"
    for bad in ("0", "65536", "http", "-1", "91.08"):
        with pytest.raises(ConfigError, match="METRICS_PORT must be a port number"):
            Settings.from_env({**base, "METRICS_PORT": bad})


async def test_the_endpoint_serves_the_registry_and_a_taken_port_falls_back_to_the_health_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        blocked = Monitoring(port, health_every=0.05)
        with caplog.at_level(logging.INFO):
            await blocked.start(lambda: counts(actions=4))
            async with asyncio.timeout(5):
                while not any(r.getMessage().startswith("health: ") for r in caplog.records):
                    await asyncio.sleep(0.01)
            await blocked.stop()
        assert any("Metrics cannot be served on 127.0.0.1:" in r.getMessage() for r in caplog.records)

    serving = Monitoring(port)
    await serving.start(lambda: counts(actions=4))
    try:
        timeout = aiohttp.ClientTimeout(total=5)
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.get(f"http://127.0.0.1:{port}/metrics") as response,
        ):
            body = await response.text()
        assert response.status == 200
        assert "stickem_actions_total 4.0" in body
        assert 'stickem_tables{game="stickem",state="lobby"} 1.0' in body
    finally:
        await serving.stop()
