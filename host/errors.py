"""The host's expected errors: a refusal whose message is shown, as it is, to the user who acted."""

from __future__ import annotations


class UserError(Exception):
    """An expected problem whose message is shown, as it is, to the user who acted."""


def sentence(text: str) -> str:
    """``text`` as a sentence: capitalised, ending with a full stop (unless it has one)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
