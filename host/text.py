"""Text helpers of the host: clipping, quoting what a user typed back in a refusal, and texts
shown one after the other in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from host.catalog import DEFAULT_LANGUAGE, Text, lazy, render
from host.errors import sentence

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


@dataclass(frozen=True)
class _Joined(Text):
    """Texts shown one after the other with ``separator`` between them, each in the reader's
    language."""

    parts: tuple[str | Text, ...] = ()
    separator: str = " "

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The parts in ``language``, joined."""
        return self.separator.join(render(part, language) for part in self.parts)


def joined(parts: Sequence[str | Text], separator: str = " ") -> Text:
    """``parts`` as one text (sentences after one another, items of a list), each shown in the
    reader's language."""
    base = lazy("language.parts", parts="")
    return _Joined(base.catalog, base.key, base.fields, tuple(parts), separator)


@dataclass(frozen=True)
class _Clipped(_Joined):
    """A text cut, once shown, to ``limit`` characters (:func:`clip`)."""

    limit: int = 0

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The text in ``language``, clipped."""
        return clip(super().render(language), self.limit)


def clipped(words: str | Text, limit: int) -> Text:
    """``words`` cut to ``limit`` characters, with an ellipsis, once shown in the reader's
    language (a part of a message that has a limit of its own on Discord, whatever its
    language)."""
    base = lazy("language.parts", parts="")
    return _Clipped(base.catalog, base.key, base.fields, (words,), "", limit)


def and_list(parts: Sequence[str | Text]) -> str | Text:
    """``parts`` as a list in words, in the reader's language: "ann", "ann and bob", "ann, bob
    and cy" ("ann, bob und cy" in German)."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    return lazy("language.and", first=joined(parts[:-1], ", "), last=parts[-1])


@dataclass(frozen=True)
class _Sentence(_Joined):
    """Texts joined as :class:`_Joined`, shown as a sentence (:func:`host.errors.sentence`)."""

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The parts in ``language``, joined, capitalised, with a full stop."""
        return sentence(super().render(language))


def as_sentence(words: str | Text) -> Text:
    """``words`` shown as a sentence in the reader's language (a game's refusal that may start
    in lower case: "there is no preset ''" becomes "There is no preset ''.")."""
    base = lazy("language.parts", parts="")
    return _Sentence(base.catalog, base.key, base.fields, (words,))
