"""The bot's monitoring, started with the bot and stopped with it: the instruments fed by
discord.py's HTTP session and the log, the event loop's lag, and either the Prometheus endpoint
(``METRICS_PORT``) or the health line in the log every few minutes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import aiohttp
from aiohttp import web

from bot.metrics import health
from bot.metrics.discord_hooks import ErrorCounter, request_trace
from bot.metrics.exporter import PATH, serve_metrics
from bot.metrics.instruments import BotMetrics
from bot.metrics.loop_lag import measure_lag
from host.census import HostCounts

log = logging.getLogger("bot.metrics")


class Monitoring:
    """The metrics of one bot and the tasks that keep and show them."""

    def __init__(
        self, port: int | None, address: str = "127.0.0.1", *, health_every: float = health.EVERY
    ) -> None:
        self.port = port
        self.address = address
        self.health_every = health_every
        self.metrics = BotMetrics()
        self.trace: aiohttp.TraceConfig = request_trace(self.metrics)
        """For discord.py's HTTP session (``Client(http_trace=...)``), given before it is made."""
        self._errors = ErrorCounter(self.metrics)
        self._tasks: list[asyncio.Task[None]] = []
        self._runner: web.AppRunner | None = None

    async def start(self, counts: Callable[[], HostCounts]) -> None:
        """Count errors, measure the loop, and serve the metrics on the port (when one is set
        and can be bound; otherwise, and when none is set, write the health line)."""
        self.metrics.host.source = counts
        logging.getLogger().addHandler(self._errors)
        self._tasks.append(asyncio.create_task(measure_lag(self.metrics.loop_lag), name="loop-lag"))
        if self.port is not None:
            try:
                self._runner = await serve_metrics(self.metrics.registry, self.address, self.port)
            except OSError as exc:
                log.error(
                    "Metrics cannot be served on %s:%d (%s); check METRICS_PORT and "
                    "METRICS_ADDRESS. The bot goes on, with a health line in the log instead.",
                    self.address,
                    self.port,
                    exc.strerror or exc,
                )
            else:
                log.info("Metrics: http://%s:%d%s", self.address, self.port, PATH)
                return
        line = health.HealthLine(self.metrics)
        self._tasks.append(asyncio.create_task(health.log_health(line, self.health_every), name="health"))

    async def stop(self) -> None:
        """Stop the tasks and the endpoint (nothing if never started)."""
        logging.getLogger().removeHandler(self._errors)
        tasks, self._tasks = self._tasks, []
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
