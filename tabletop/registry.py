"""Which games the host offers: the one place the host and Discord layer find a game package.

Each entry names a module and the :class:`~tabletop.protocol.GameSpec` in it; the module is
imported the first time the game is asked for, so the host imports no game package directly and
a game that is never played is never imported. Adding a game is one line here (or one
:func:`register` call, as the tests do for their tiny game).
"""

from __future__ import annotations

import importlib
from typing import Final

from tabletop.protocol import GameSpec

__all__ = [
    "DEFAULT_GAME",
    "GameNotOffered",
    "default_game",
    "entry",
    "game",
    "names",
    "offer_only",
    "register",
    "unregister",
]

_ENTRIES: dict[str, str] = {
    "stickem": "stickem.hosting:GAME",
    "stupid": "stupid.hosting:GAME",
    "stickgame": "stickgame.hosting:GAME",
}
DEFAULT_GAME: Final = "stickem"
"""The game a table plays when nobody named one (while it is offered: see :func:`default_game`)."""

_LOADED: dict[str, GameSpec] = {}


class GameNotOffered(LookupError):
    """No game of that name is offered (``name`` as asked, ``known`` the names offered)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.known = names()
        shown = name if len(name) <= 40 else name[:40] + "…"
        super().__init__(f"there is no game {shown!r}; games are {', '.join(self.known)}")


def names() -> tuple[str, ...]:
    """The names of every game offered, in the order they were registered."""
    return tuple(_ENTRIES)


def game(name: str) -> GameSpec:
    """The game called ``name``; :class:`GameNotOffered` if none is."""
    spec = _LOADED.get(name)
    if spec is not None:
        return spec
    entry = _ENTRIES.get(name)
    if entry is None:
        raise GameNotOffered(name)
    module_name, _, attribute = entry.partition(":")
    loaded = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(loaded, GameSpec):
        kind = "class" if isinstance(loaded, type) else type(loaded).__name__
        raise TypeError(f"{entry} is a {kind}, not a GameSpec")
    if loaded.name != name:
        raise TypeError(f"{entry} is the GameSpec of {loaded.name!r}, not of {name!r}")
    _LOADED[name] = loaded
    return loaded


def default_game() -> str:
    """The game a table plays when nobody named one: :data:`DEFAULT_GAME` if it is offered,
    else the first game offered."""
    return DEFAULT_GAME if DEFAULT_GAME in _ENTRIES else next(iter(_ENTRIES))


def offer_only(chosen: tuple[str, ...]) -> None:
    """Offer only the games named in ``chosen``, in that order (a host that offers fewer games,
    or only games of its own registered first); :class:`GameNotOffered` for a name not
    registered, and ValueError for none at all, changing nothing."""
    if not chosen:
        raise ValueError("at least one game must be offered")
    kept = {name: entry(name) for name in chosen}
    _ENTRIES.clear()
    _ENTRIES.update(kept)
    for name in [name for name in _LOADED if name not in kept]:
        del _LOADED[name]


def entry(name: str) -> str:
    """Where the game called ``name`` lives ("module:attribute"), for a process of its own
    (a worker) to find it; :class:`GameNotOffered` if no game is called so."""
    found = _ENTRIES.get(name)
    if found is None:
        raise GameNotOffered(name)
    return found


def register(name: str, entry: str) -> None:
    """Offer the game at ``entry`` ("module:attribute") as ``name``."""
    if ":" not in entry:
        raise ValueError(f"entry {entry!r} must be 'module:attribute'")
    _ENTRIES[name] = entry
    _LOADED.pop(name, None)


def unregister(name: str) -> None:
    """Stop offering ``name`` (tests that registered a game of their own)."""
    _ENTRIES.pop(name, None)
    _LOADED.pop(name, None)
