"""The real bot process with ``METRICS_PORT``: Prometheus scrapes ``/metrics`` on loopback while
people play, and the figures follow the game (tables, actions, interactions, REST requests)."""

from __future__ import annotations

import socket
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.discord_emulator import Emulator
from tests.e2e.process_game import assert_clean_log, game_at_a_table

SCRAPE_TIMEOUT = 10.0


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``, by name and labels (a bounded request)."""
    timeout = aiohttp.ClientTimeout(total=SCRAPE_TIMEOUT)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        assert response.content_type == "text/plain"
        text = await response.text()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def test_metrics_follow_a_game(discord_emulator: Emulator, tmp_path: Path) -> None:
    port = free_port()
    async with game_at_a_table(discord_emulator, tmp_path, "sqlite", ("ann", "bob", "cyd")) as g:
        bot = await g.start_bot(METRICS_PORT=str(port))
        assert f"Metrics: http://127.0.0.1:{port}/metrics" in bot.log
        before = await scrape(port)
        assert before[("stickem_tables", (("game", "stickem"), ("state", "playing")))] == 0
        assert before[("stickem_actions_total", ())] == 0

        await g.open_game(rounds=1)
        for seat in range(3):
            await g.pick_misery(seat)
        for _ in range(3):  # the first trick
            await g.play_turn()

        after = await scrape(port)
        assert after[("stickem_tables", (("game", "stickem"), ("state", "playing")))] == 1
        assert after[("stickem_tables", (("game", "stickem"), ("state", "lobby")))] == 0
        assert after[("stickem_actions_total", ())] == 6  # three misery cards, three cards played
        # /join x3, /start, a select and a confirm per misery card, three card clicks
        answered = after[("stickem_interaction_latency_seconds_count", ())]
        assert answered >= 13
        assert after[("stickem_interaction_latency_seconds_bucket", (("le", "+Inf"),))] == answered
        assert after[("stickem_discord_requests_total", ())] > before[("stickem_discord_requests_total", ())]
        assert after[("stickem_discord_rate_limited_total", ())] == 0
        assert after[("stickem_event_loop_lag_seconds_count", ())] > 0
        assert after[("stickem_worker_queue_length", ())] == 0  # three people: no computer decides
        assert after[("stickem_write_queue_length", ())] == 0
        assert not any(name == "stickem_errors_total" for name, _ in after)
        assert after[("process_resident_memory_bytes", ())] > 0
        assert_clean_log(bot.log)
