"""Where the figures of the Discord layer come from, through public hooks only: an aiohttp trace
on discord.py's HTTP session (every REST request, its status, the initial responses to
interactions) and a logging handler that counts errors."""

from __future__ import annotations

import logging
import re
import time
from types import SimpleNamespace

import aiohttp
from discord.utils import snowflake_time

from bot.metrics.instruments import BotMetrics

_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
"""The path of an interaction's initial response (the id, then the token, never kept)."""

RATE_LIMITED = 429


def interaction_age(path: str, now: float) -> float | None:
    """Seconds since the interaction answered by a request to ``path`` was created at Discord
    (the time in its id), or None when ``path`` is not an initial response; never below 0 (the
    host's clock may be a little behind Discord's)."""
    found = _CALLBACK.search(path)
    if found is None:
        return None
    created = snowflake_time(int(found.group(1))).timestamp()
    return max(0.0, now - created)


def request_trace(metrics: BotMetrics) -> aiohttp.TraceConfig:
    """A trace for discord.py's HTTP session (``Client(http_trace=...)``) that counts REST
    requests and 429 answers and times the initial responses to interactions. The gateway's
    websocket upgrade (status 101) is no REST request and is left out."""
    trace = aiohttp.TraceConfig()

    async def on_request_end(
        session: aiohttp.ClientSession, context: SimpleNamespace, params: aiohttp.TraceRequestEndParams
    ) -> None:
        status = params.response.status
        if status == 101:
            return
        metrics.requests.inc()
        if status == RATE_LIMITED:
            metrics.rate_limited.inc()
        elif status < 400:
            age = interaction_age(params.url.path, time.time())
            if age is not None:
                metrics.interaction_latency.observe(age)

    trace.on_request_end.append(on_request_end)
    return trace


class ErrorCounter(logging.Handler):
    """Counts the log records at ERROR and above, by the top package of their logger."""

    def __init__(self, metrics: BotMetrics) -> None:
        super().__init__(level=logging.ERROR)
        self._metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        """Count ``record`` (it is written by the other handlers as before)."""
        self._metrics.errors.labels(record.name.partition(".")[0] or "root").inc()
