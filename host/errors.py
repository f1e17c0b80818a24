"""The host's expected errors: a refusal whose message is shown, as it is, to the user who acted."""

from __future__ import annotations

from host.catalog import Text, Words


class UserError(Exception):
    """An expected problem whose message is shown, as it is, to the user who acted: words, or
    a catalog text that the Discord layer fills in in the user's language (:attr:`words`);
    ``str()`` is its English.

    ``outdated_prompt``: the refusal of a click on a prompt that no longer counts (stale, or a
    game's :attr:`~tabletop.Refused.outdated` refusal); the Discord layer adds where the
    player's latest prompt is (no game text names a command)."""

    outdated_prompt: bool = False

    @property
    def words(self) -> Words:
        """What the user reads (its first argument), before it is filled in in their language."""
        said = self.args[0] if self.args else ""
        return said if isinstance(said, str | Text) else str(said)

    def __str__(self) -> str:
        return str(self.words)


def sentence(text: str) -> str:
    """``text`` as a sentence: capitalised, ending with a full stop (unless it has one)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
