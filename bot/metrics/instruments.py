"""The bot's figures, kept in one Prometheus registry of its own (never the library's global one,
so two bots in one test process do not mix): the instruments the Discord layer feeds, and the
host's counts read at each scrape.

Names (all prefixed ``stickem_``):

- ``tables{game,state}``: open tables by game and state (lobby, playing);
- ``actions_total``: game actions accepted (a rate of it is actions per second);
- ``interaction_latency_seconds``: a histogram, from an interaction's creation at Discord (the
  time in its id) to the end of the bot's initial response request: what the player waits,
  within Discord's 3 seconds (it includes the network both ways and the difference between
  Discord's clock and the host's);
- ``discord_requests_total`` and ``discord_rate_limited_total``: REST requests to Discord, and
  those Discord answered 429 (discord.py waits and retries them);
- ``errors_total{logger}``: log records at ERROR or above, by the logger's package (``bot``,
  ``host``, ``discord`` ...);
- ``event_loop_lag_seconds``: a histogram of how late a periodic wake-up of the event loop came;
- ``worker_queue_length``: computer decisions waiting for (or in) a worker process;
- ``write_queue_length``: database writes waiting for the one SQLite writer;
- the process's own (``process_cpu_seconds_total``, ``process_resident_memory_bytes`` ...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from host.census import HostCounts

PREFIX = "stickem"

LATENCY_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
"""Seconds: fine below the 250 ms goal, coarse up to Discord's 3 s limit and beyond."""

LAG_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds of event loop lag: a healthy loop stays in the first few."""


class HostCollector(Collector):
    """Reads the host's counts when Prometheus scrapes (or the health line is written)."""

    def __init__(self) -> None:
        self.source: Callable[[], HostCounts] | None = None
        """Where the counts come from: set once the tables are restored (nothing before)."""

    def collect(self) -> Iterable[Metric]:
        """The host's figures now (nothing before the tables are restored)."""
        if self.source is None:
            return
        counts = self.source()
        tables = GaugeMetricFamily(
            f"{PREFIX}_tables", "Open tables by game and state.", labels=["game", "state"]
        )
        for (game, state), number in sorted(counts.tables.items()):
            tables.add_metric([game, state], number)
        yield tables
        yield CounterMetricFamily(f"{PREFIX}_actions", "Game actions accepted.", value=counts.actions)
        yield GaugeMetricFamily(
            f"{PREFIX}_worker_queue_length",
            "Computer decisions waiting for or in a worker process.",
            value=counts.decisions_waiting,
        )
        yield GaugeMetricFamily(
            f"{PREFIX}_write_queue_length",
            "Database writes waiting for the SQLite writer.",
            value=counts.writes_waiting,
        )
        yield GaugeMetricFamily(
            f"{PREFIX}_computer_moves_waiting",
            "Computer moves waiting for a slot while the bot is saturated.",
            value=counts.computer_moves_waiting,
        )


class BotMetrics:
    """Every figure of one bot: the instruments the Discord layer feeds and the host's counts."""

    def __init__(self, *, process: bool = True) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.interaction_latency = Histogram(
            f"{PREFIX}_interaction_latency_seconds",
            "From an interaction's creation at Discord to the end of the bot's initial response.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.requests = Counter(
            f"{PREFIX}_discord_requests", "REST requests to Discord answered.", registry=self.registry
        )
        self.rate_limited = Counter(
            f"{PREFIX}_discord_rate_limited", "REST requests Discord answered 429.", registry=self.registry
        )
        self.errors = Counter(
            f"{PREFIX}_errors", "Log records at ERROR or above.", ["logger"], registry=self.registry
        )
        self.loop_lag = Histogram(
            f"{PREFIX}_event_loop_lag_seconds",
            "How late a periodic wake-up of the event loop came.",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self.host = HostCollector()
        self.registry.register(self.host)
        if process:
            ProcessCollector(registry=self.registry)

    def value(self, name: str, labels: dict[str, str] | None = None) -> float:
        """One sample's value (0 when it has none yet), e.g. ``stickem_actions_total``."""
        found = self.registry.get_sample_value(name, labels or {})
        return 0.0 if found is None else found

    def total(self, name: str) -> float:
        """The sum of a sample over all its labels (e.g. every game's tables)."""
        return sum(
            sample.value
            for metric in self.registry.collect()
            for sample in metric.samples
            if sample.name == name
        )
