"""The health line: one log line every few minutes with the figures of the metrics (when no
``METRICS_PORT`` serves them), read from the same registry, so both always agree.

    health: 12 tables (stickem playing 10, stickem lobby 2); 345 actions (0.40/s); 120
    interactions, p99 <= 100 ms; 480 REST requests, 0 rate-limited; 0 errors; loop lag p99 <=
    5 ms; worker queue 0; write queue 0; computer moves waiting 0

Counts after the tables are those of the last interval (since the line before); percentiles are
the upper bound of the histogram bucket they fall in.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from dataclasses import dataclass

from bot.metrics.instruments import PREFIX, BotMetrics

log = logging.getLogger("bot.health")

EVERY = 300.0
"""Seconds between two health lines."""


@dataclass(frozen=True)
class Totals:
    """The ever-growing figures at one moment (what an interval's figures are differences of)."""

    at: float
    actions: float
    requests: float
    rate_limited: float
    errors: float
    latency_buckets: dict[float, float]
    lag_buckets: dict[float, float]


def bucket_counts(metrics: BotMetrics, histogram: str) -> dict[float, float]:
    """A histogram's cumulative counts by upper bound (``inf`` for all)."""
    return {
        float(sample.labels["le"]): sample.value
        for metric in metrics.registry.collect()
        for sample in metric.samples
        if sample.name == f"{histogram}_bucket"
    }


def upper_bound(before: dict[float, float], after: dict[float, float], fraction: float) -> float | None:
    """The upper bound of the bucket in which the ``fraction`` quantile of what was observed
    between ``before`` and ``after`` falls; None when nothing was."""
    counted = {bound: number - before.get(bound, 0.0) for bound, number in after.items()}
    total = counted.get(math.inf, 0.0)
    if total <= 0:
        return None
    for bound in sorted(counted):
        if counted[bound] >= fraction * total:
            return bound
    return math.inf


def _milliseconds(bound: float | None) -> str:
    if bound is None:
        return "-"
    if math.isinf(bound):
        return "over the highest bucket"
    return f"<= {bound * 1000:g} ms"


class HealthLine:
    """Writes the health line of a bot's :class:`BotMetrics`."""

    def __init__(self, metrics: BotMetrics) -> None:
        self.metrics = metrics
        self._last = self._totals()

    def _totals(self) -> Totals:
        metrics = self.metrics
        return Totals(
            at=time.monotonic(),
            actions=metrics.value(f"{PREFIX}_actions_total"),
            requests=metrics.value(f"{PREFIX}_discord_requests_total"),
            rate_limited=metrics.value(f"{PREFIX}_discord_rate_limited_total"),
            errors=metrics.total(f"{PREFIX}_errors_total"),
            latency_buckets=bucket_counts(metrics, f"{PREFIX}_interaction_latency_seconds"),
            lag_buckets=bucket_counts(metrics, f"{PREFIX}_event_loop_lag_seconds"),
        )

    def line(self) -> str:
        """The line for the interval since the last one (and start the next interval)."""
        before, now = self._last, self._totals()
        self._last = now
        seconds = max(now.at - before.at, 1e-9)
        actions = now.actions - before.actions
        interactions = now.latency_buckets.get(math.inf, 0.0) - before.latency_buckets.get(math.inf, 0.0)
        tables = self._tables()
        return (
            f"health: {tables}; {actions:.0f} actions ({actions / seconds:.2f}/s); "
            f"{interactions:.0f} interactions, p99 "
            f"{_milliseconds(upper_bound(before.latency_buckets, now.latency_buckets, 0.99))}; "
            f"{now.requests - before.requests:.0f} REST requests, "
            f"{now.rate_limited - before.rate_limited:.0f} rate-limited; "
            f"{now.errors - before.errors:.0f} errors; loop lag p99 "
            f"{_milliseconds(upper_bound(before.lag_buckets, now.lag_buckets, 0.99))}; "
            f"worker queue {self.metrics.value(f'{PREFIX}_worker_queue_length'):.0f}; "
            f"write queue {self.metrics.value(f'{PREFIX}_write_queue_length'):.0f}; "
            f"computer moves waiting {self.metrics.value(f'{PREFIX}_computer_moves_waiting'):.0f}"
        )

    def _tables(self) -> str:
        """``12 tables (stickem playing 10, stickem lobby 2)``: the open tables now."""
        counted = [
            (sample.labels["game"], sample.labels["state"], int(sample.value))
            for metric in self.metrics.registry.collect()
            for sample in metric.samples
            if sample.name == f"{PREFIX}_tables" and sample.value
        ]
        total = sum(number for _, _, number in counted)
        parts = ", ".join(f"{game} {state} {number}" for game, state, number in counted)
        noun = "table" if total == 1 else "tables"
        return f"{total} {noun} ({parts})" if parts else f"{total} {noun}"


async def log_health(health: HealthLine, every: float = EVERY) -> None:
    """Write :meth:`HealthLine.line` to the log every ``every`` seconds (until cancelled)."""
    while True:
        await asyncio.sleep(every)
        log.info("%s", health.line())
