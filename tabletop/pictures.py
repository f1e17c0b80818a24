"""Pictures of a game, as the host asks for them: what a drawn picture is (:class:`Picture`),
which picture a message shows (:class:`Sketch`), and how a game offers its drawings
(:class:`Illustrated`, :class:`ArtModule`).

Nothing here imports Pillow: a game's drawing module (``<game>/art.py``) is imported only when
the first picture is drawn, so that importing a game's spec, its presentation or the host never
loads it. A game without pictures simply has no ``art``; its tables stay text.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol, cast, runtime_checkable

from tabletop.catalog import DEFAULT_LANGUAGE

__all__ = ["ArtModule", "HeldCards", "Illustrated", "Picture", "PictureKind", "Sketch", "art_of"]

PictureKind = Literal["hand", "table", "chart", "replay"]
"""The pictures every illustrated game draws: a seat's hand, the table (the public view), and
the chart of the totals after each round (with the final standings); and a replay step's
picture, which the drawing kit composes of the game's own table and hand pictures
(:func:`tabletop.drawing.stack.replay_picture`; its view a :class:`tabletop.replay.StepViews`)."""

_COMPOSER: Final = "tabletop.drawing.stack"
"""The kit's module that composes a replay step's picture (imported at the first one)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawn picture: ``png`` (the file's bytes), its ``description`` (the alt text: what it
    shows, in words, for screen readers), and its ``width`` and ``height`` in pixels."""

    png: bytes
    description: str
    width: int
    height: int


@runtime_checkable
class HeldCards(Protocol):
    """What a game's drawn hand (:attr:`ArtModule.hand_of`) holds: the ``cards`` it shows."""

    @property
    def cards(self) -> Sequence[Hashable]:
        """The hand's cards, in the order drawn."""
        ...


@dataclass(frozen=True)
class ArtModule:
    """A game's drawing module, named (``"stickem.art"``) and imported at the first picture.

    The module has ``hand_picture(view, language)``, ``table_picture(view, names, language)``
    and ``chart_picture(view, names, language)``, each returning a :class:`Picture` whose words
    (on it, and its alt text) are in ``language`` (a catalog language, e.g. ``"de"``); a
    ``replay`` picture is the kit's, made of the module's table and hand pictures.

    ``hand_of`` (from a module of the game without Pillow) gives what the hand picture of a
    seat's view draws, and nothing more: the cards, their marks, the caption. A hand's sketch is
    made of it (:meth:`subject`), so that a view that changed elsewhere (another seat's move)
    gives an equal sketch, and its picture is drawn once per change of the hand; the module's
    ``hand_picture`` draws it (and a whole view too: a replay's)."""

    module: str
    hand_of: Callable[[Any], Hashable] | None = None

    def subject(self, kind: PictureKind, view: object) -> object:
        """What the picture ``kind`` of ``view`` is drawn of, as its sketch holds it: for a hand
        what the hand picture shows (:attr:`hand_of`), else the view itself."""
        if kind == "hand" and self.hand_of is not None:
            return self.hand_of(view)
        return view

    def generation(self, kind: PictureKind, subject: object) -> Hashable:
        """Within a slot, what the pictures of ``subject`` (:meth:`subject`) that may come back
        share: a hand's cards (its caption changes back and forth while they stay), None for
        any other picture (only its newest state is shown again)."""
        if kind == "hand" and isinstance(subject, HeldCards):
            return tuple(subject.cards)
        return None

    def _function(self, kind: PictureKind) -> Callable[..., Picture]:
        if kind == "replay":
            composer = importlib.import_module(_COMPOSER)
            return cast("Callable[..., Picture]", composer.replay_picture)
        module = importlib.import_module(self.module)  # once; then found in sys.modules
        return cast("Callable[..., Picture]", getattr(module, f"{kind}_picture"))

    def draw(
        self, kind: PictureKind, view: object, names: Sequence[str], language: str = DEFAULT_LANGUAGE
    ) -> Picture:
        """The picture ``kind`` of ``view`` in ``language``'s words (``names``: the players'
        names, one a seat; a hand needs none; a replay step's view is a
        :class:`tabletop.replay.StepViews`)."""
        if kind == "hand":
            return self._function(kind)(view, language=language)
        if kind == "replay":
            return self._function(kind)(self, view, names, language=language)
        return self._function(kind)(view, names, language=language)


@runtime_checkable
class Illustrated(Protocol):
    """A game spec that draws its cards, table and scores (:attr:`art`)."""

    @property
    def art(self) -> ArtModule:
        """The game's drawing module."""
        ...


def art_of(spec: object) -> ArtModule | None:
    """The spec's drawing module, or None for a game that draws nothing.

    What ``isinstance(spec, Illustrated)`` decides (the protocol's one member is there), without
    a check against the protocol: on Python 3.11 that walks the protocol's members anew at every
    call, ~17 us, and every message of a table asks for its picture."""
    art: ArtModule | None = getattr(spec, "art", None)
    return art


@dataclass(frozen=True)
class Sketch:
    """A picture to draw for a message: which one (``kind``), of which ``view``, with which
    ``names``, by which game's ``art``, its words in ``language`` (the language of the message it
    goes with: a DM prompt's reader's, a channel message's server's). Plain data, compared by
    content: equal sketches draw the same bytes, so a drawn picture is kept by its sketch (the
    same view in two languages is two pictures).

    ``slot`` (not compared) names what the picture shows the current state of, e.g. a table's
    picture or a seat's hand: a newer sketch of the same slot supersedes it, so a keeper of
    pictures may forget the older one (a table's state or a hand never comes back). None: no
    slot (a replay's step may be shown again).

    ``generation`` (not compared): within its slot, what the pictures that may come back share
    (a hand's cards, :meth:`ArtModule.generation`: the same cards come back with an earlier
    caption, "not your turn" after "your bid"); a keeper of pictures may keep a slot's pictures
    of its newest generation and forget the others. None: only the newest may come back."""

    art: ArtModule
    kind: PictureKind
    view: object
    names: tuple[str, ...] = ()
    language: str = DEFAULT_LANGUAGE
    slot: Hashable = field(default=None, compare=False)
    generation: Hashable = field(default=None, compare=False)

    def draw(self) -> Picture:
        """Draw it (slow: milliseconds of CPU; run it away from an event loop)."""
        return self.art.draw(self.kind, self.view, self.names, self.language)
