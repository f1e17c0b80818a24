"""Which games the host offers: the one place the host and Discord layer find a game package.

Games plug in by Python entry point: every installed distribution may name games in the
entry-point group :data:`GROUP` (``stickem.games``), each entry ``name = "module:attribute"``
pointing at the game's :class:`~tabletop.protocol.GameSpec` (whose ``name`` is the entry's).
The three built-in games register that way in this project's ``pyproject.toml``, exactly as a
game installed as a distribution of its own does:

    [project.entry-points."stickem.games"]
    takeaway = "takeaway.hosting:GAME"

The entry points are read once, on first use (installing a game means restarting the host);
the module of a game is imported the first time the game is asked for, so the host imports no
game package directly and a game that is never played is never imported. Two distributions
naming the same game: the first found on ``sys.path`` wins. :func:`register` adds a game at run
time (the tests' tiny game, the ``GAMES`` setting's ``name=module:attribute``).
"""

from __future__ import annotations

import importlib
import logging
import re
from functools import cache
from importlib import resources
from importlib.metadata import entry_points
from typing import Final

from tabletop.catalog import DEFAULT_LANGUAGE, Catalog
from tabletop.protocol import GameSpec

__all__ = [
    "DEFAULT_GAME",
    "GROUP",
    "GameNotOffered",
    "catalog",
    "default_game",
    "entry",
    "game",
    "installed",
    "names",
    "offer_only",
    "register",
    "unregister",
]

GROUP: Final = "stickem.games"
"""The entry-point group in which a distribution names its games."""
NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,31}")
"""What a game's name may be (it is stored with every game of it and typed in /join)."""

_log = logging.getLogger(__name__)

_ENTRIES: dict[str, str] = {}
_read_installed = False
"""Whether the installed entry points were read into ``_ENTRIES`` (once, on first use)."""
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


def _entries() -> dict[str, str]:
    """Every game offered, by name: the installed ones (read on first use), as changed since by
    :func:`register`, :func:`unregister` and :func:`offer_only`."""
    global _read_installed
    if not _read_installed:
        _read_installed = True
        for name, entry in installed().items():
            _ENTRIES.setdefault(name, entry)
    return _ENTRIES


def installed() -> dict[str, str]:
    """The games the installed distributions name in :data:`GROUP` (name: "module:attribute"),
    in the order they are found, whatever this process offers.

    A name that is not a game's name (lower case letters, digits and ``_``, at most 32, a
    letter first) is left out, with a warning in the log."""
    found: dict[str, str] = {}
    for point in entry_points(group=GROUP):
        if NAME.fullmatch(point.name) is None:
            _log.warning(
                "the game %r (%s) is not offered: a game's name is %s", point.name, point.value, NAME.pattern
            )
            continue
        found.setdefault(point.name, point.value)
    return found


def names() -> tuple[str, ...]:
    """The names of every game offered, in the order they were found or registered."""
    return tuple(_entries())


def game(name: str) -> GameSpec:
    """The game called ``name``; :class:`GameNotOffered` if none is."""
    spec = _LOADED.get(name)
    if spec is not None:
        return spec
    entry = _entries().get(name)
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


def catalog(name: str) -> Catalog | None:
    """The game's own message catalog: the ``catalog`` folder beside its package (the top
    package of its entry's module, as ``stickem/catalog/``), where a game keeps the texts it
    brings with it; None for a game without one or not offered. Read on first use, once."""
    found = _entries().get(name)
    if found is None:
        return None
    return _package_catalog(found.partition(":")[0].split(".")[0])


@cache
def _package_catalog(package: str) -> Catalog | None:
    """The catalog in ``package``'s ``catalog`` folder, None if it has no English file there."""
    folder = resources.files(package).joinpath("catalog")
    return Catalog(folder) if folder.joinpath(f"{DEFAULT_LANGUAGE}.toml").is_file() else None


def default_game() -> str:
    """The game a table plays when nobody named one: :data:`DEFAULT_GAME` if it is offered,
    else the first game offered."""
    offered = _entries()
    if not offered:
        raise LookupError(
            f"no game is installed: install this project (pip install -e .) or a game that names "
            f"itself in the entry-point group {GROUP!r}"
        )
    return DEFAULT_GAME if DEFAULT_GAME in offered else next(iter(offered))


def offer_only(chosen: tuple[str, ...]) -> None:
    """Offer only the games named in ``chosen``, in that order (a host that offers fewer games,
    or only games of its own registered first); :class:`GameNotOffered` for a name not
    registered, and ValueError for none at all, changing nothing."""
    if not chosen:
        raise ValueError("at least one game must be offered")
    kept = {name: entry(name) for name in chosen}
    _entries().clear()
    _ENTRIES.update(kept)
    for name in [name for name in _LOADED if name not in kept]:
        del _LOADED[name]


def entry(name: str) -> str:
    """Where the game called ``name`` lives ("module:attribute"), for a process of its own
    (a worker) to find it; :class:`GameNotOffered` if no game is called so."""
    found = _entries().get(name)
    if found is None:
        raise GameNotOffered(name)
    return found


def register(name: str, entry: str) -> None:
    """Offer the game at ``entry`` ("module:attribute") as ``name``."""
    if ":" not in entry:
        raise ValueError(f"entry {entry!r} must be 'module:attribute'")
    _entries()[name] = entry
    _LOADED.pop(name, None)


def unregister(name: str) -> None:
    """Stop offering ``name`` (tests that registered a game of their own)."""
    _entries().pop(name, None)
    _LOADED.pop(name, None)
