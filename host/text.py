"""Text helpers of the host: clipping, and quoting what a user typed back in a refusal."""

from __future__ import annotations

ECHO = 60
"""Characters of user input quoted back in a reply."""

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else its start and an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: max(limit - len(ELLIPSIS), 0)] + ELLIPSIS


def echo(text: str) -> str:
    """User input as a reply quotes it: at most :data:`ECHO` characters."""
    return clip(text, ECHO)
