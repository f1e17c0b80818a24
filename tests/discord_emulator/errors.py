"""Exceptions and problem records of the Discord emulator.

Three kinds of failure exist and are kept apart on purpose:

* :class:`DiscordError` is what the emulated Discord answers to the bot (an HTTP error with a
  Discord-style JSON body); it never reaches the test directly.
* :class:`EmulatorUsageError` is a mistake in the *test* (clicking a button that does not exist,
  invoking an unknown command, passing a string to an integer option).
* :class:`Problem` records a mistake of the *bot* that the emulator noticed (invalid payload, an
  interaction answered late or twice or never, an exception logged by the bot). Tests assert
  ``emu.problems == []``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class EmulatorUsageError(Exception):
    """The test used the emulator or its driver wrongly (a bug in the test, not in the bot)."""


class EmulatorTimeout(AssertionError):
    """A bounded wait of the driver expired before the awaited thing happened."""


class InteractionFailed(AssertionError):
    """Discord rejected the bot's initial response to an interaction (e.g. 10062, 50035)."""


class DiscordError(Exception):
    """An error response of the emulated Discord API.

    ``deliberate`` marks errors the test provoked on purpose (closed DMs, injected rate limits):
    those are part of the scenario and are not recorded as problems of the bot. ``extra`` adds
    fields to the body (e.g. ``retry_after`` of a 429). A 429 raised this way carries no ``Via``
    header, so discord.py raises it at once instead of sleeping ``retry_after``.
    """

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        deliberate: bool = False,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.deliberate = deliberate
        self.extra = extra or {}

    def body(self) -> dict[str, Any]:
        """Return the JSON body Discord sends for this error."""
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data | self.extra


def form_error(path: str, code: str, message: str) -> DiscordError:
    """Build a 400 ``Invalid Form Body`` (code 50035) error for one field.

    ``path`` is a dotted path such as ``"components.0.components.5"``; Discord nests the error
    object along that path and puts the details in ``_errors``; an empty path is an error of the
    whole body.
    """
    leaf: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".") if path else []):
        leaf = {part: leaf}
    return DiscordError(400, 50035, "Invalid Form Body", errors=leaf)


@dataclass(frozen=True)
class Problem:
    """A bot-side mistake noticed by the emulator.

    ``kind`` is one of ``"invalid-request"`` (Discord would reject the payload), ``"interaction"``
    (late, double or missing response), ``"http-error"`` (another 4xx caused by the bot),
    ``"unsupported"`` (a route the emulator does not know), ``"bot-error"`` (an exception or
    error the bot logged), ``"gateway"`` (a gateway protocol mistake) and ``"emulator-error"``
    (an exception inside the emulator itself: a bug of the emulator or a request it could not
    parse; the bot got a 400 and the problem carries the traceback).
    """

    kind: str
    message: str
    detail: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return f"[{self.kind}] {self.message}"
