"""Counted words and lists in English: the one place the games' presentations, their command
lines and the host put a number before a noun (``1 card``, ``3 cards``) or list the values a
player may choose (``0, 2 or 3``).

Until the language issue brings Babel's plural rules, every such phrase is made here, so that
there is one place to replace. An engine (stdlib only, importing only itself) does not import
this module: its refusals are worded so that they need no counted noun.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["either", "plural", "times"]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and its noun: ``"1 card"``, ``"3 cards"``, ``"0 cards"``; ``many`` is the
    plural when it is not ``word + "s"`` (``plural(2, "match", "matches")``)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def times(count: int) -> str:
    """How often: ``"once"``, ``"twice"``, ``"3 times"``."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def either(values: Iterable[object], last: str = "or") -> str:
    """Values as a choice in words: ``"1"``, ``"0 or 1"``, ``"0, 2 or 3"`` (``last`` joins the
    last two: ``"and"`` for a list)."""
    texts = [str(value) for value in values]
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} {last} {texts[-1]}"
