"""Per-route rate-limit buckets and the X-RateLimit-* headers of every emulated answer.

Every route has a bucket per major parameter (channel, guild, interaction/webhook token), as on
Discord, and every answer carries ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket`` so
discord.py's bucket bookkeeping runs as in production. By default the limit is generous and
``Remaining`` never reaches 0 (discord.py would then sleep until the reset). A test can set a
real limit on a route (``Emulator.set_rate_limit``): the bucket then counts calls in fixed
windows and answers 429 to calls beyond the limit, which a client that respects the headers
never makes.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, field

DEFAULT_LIMIT = 1000
DEFAULT_WINDOW = 1.0


def bucket_hash(key: str) -> str:
    """The stable ``X-RateLimit-Bucket`` value of a route key."""
    return hashlib.sha1(key.encode()).hexdigest()[:16]


@dataclass
class RouteLimit:
    """The limit of one route: ``limit`` calls per ``window`` seconds per bucket."""

    limit: int
    window: float
    strict: bool


@dataclass
class Verdict:
    """Whether a call may proceed, and the headers describing its bucket afterwards."""

    allowed: bool
    retry_after: float
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class _Window:
    started: float
    count: int = 0


class RateLimiter:
    """Counts calls per (route, major parameters) bucket in fixed windows."""

    def __init__(self) -> None:
        self.limits: dict[str, RouteLimit] = {}
        self._windows: dict[tuple[str, str], _Window] = {}

    def set_limit(self, key: str, limit: int, window: float) -> None:
        """Enforce ``limit`` calls per ``window`` seconds on route ``key`` (429 beyond)."""
        self.limits[key] = RouteLimit(limit=limit, window=window, strict=True)
        for bucket in [b for b in self._windows if b[0] == key]:
            del self._windows[bucket]

    def take(self, key: str, major: str) -> Verdict:
        """Count one call of route ``key`` in the bucket of ``major``."""
        rule = self.limits.get(key, RouteLimit(DEFAULT_LIMIT, DEFAULT_WINDOW, strict=False))
        now = time.monotonic()
        window = self._windows.get((key, major))
        if window is None or now >= window.started + rule.window:
            window = self._windows[(key, major)] = _Window(started=now)
        reset_after = max(0.0, window.started + rule.window - now)
        if rule.strict and window.count >= rule.limit:
            return Verdict(False, reset_after, self.headers(key, rule.limit, 0, reset_after))
        window.count += 1
        remaining = rule.limit - window.count
        if not rule.strict:
            remaining = max(1, remaining)
        return Verdict(True, 0.0, self.headers(key, rule.limit, remaining, reset_after))

    @staticmethod
    def headers(key: str, limit: int, remaining: int, reset_after: float) -> dict[str, str]:
        """The ``X-RateLimit-*`` headers of route ``key`` in this state."""
        # Round up to the millisecond: a client that sleeps Reset-After must not wake before
        # the window really ends.
        reset_after = math.ceil(reset_after * 1000) / 1000
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(key),
        }
