"""The replay of a stored game: its steps (every hand face up) and its JSON export.

Game-agnostic: the stored game's seed, options and action log go through its game's replay rules
(:mod:`tabletop.replay`), so a replay is exact for every game ever stored, from any release
whose storage the migrations read. What a step is and what it shows is the game's; the Discord
layer pages through the steps and lets the game's presentation word them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from host.storage import StoredGame
from tabletop import registry
from tabletop.options import OptionValue
from tabletop.protocol import GameSpec, LogEntry
from tabletop.replay import Replayable, ReplayStep, replay_steps

__all__ = ["NotReplayable", "StoredReplay", "stored_replay"]


class NotReplayable(ValueError):
    """A stored game that cannot be replayed: a game this bot does not offer or that offers no
    replay (``offered`` False), or a log that does not make a legal game (the message, for the
    log, names no card). Players read the catalog's ``replay.not_offered`` or
    ``replay.not_replayable`` instead (:mod:`bot.replays.finding`)."""

    def __init__(self, detail: str, *, offered: bool = True) -> None:
        super().__init__(detail)
        self.offered = offered


@dataclass(frozen=True)
class StoredReplay:
    """A stored game ready to be stepped through and exported."""

    game: str
    players: int
    options: Mapping[str, OptionValue]
    seed: int
    log: tuple[LogEntry, ...]
    steps: tuple[ReplayStep, ...]

    def export(self) -> str:
        """The game as its engine's JSON document (seed, options, log, results)."""
        spec = _replayable(self.game)
        match = spec.replay(self.players, self.options, self.seed, self.log)
        return spec.replay_rules.export(match)


class _ReplayableGame(Replayable, GameSpec, Protocol):
    """A registered game that offers replays."""


def _replayable(name: str) -> _ReplayableGame:
    try:
        spec = registry.game(name)
    except registry.GameNotOffered as exc:
        raise NotReplayable(
            f"it is a game of {name!r}, which this bot does not offer", offered=False
        ) from exc
    if not isinstance(spec, Replayable):
        raise NotReplayable(f"{spec.title} offers no replay", offered=False)
    return spec


def stored_replay(stored: StoredGame) -> StoredReplay:
    """The replay of a stored game (:class:`NotReplayable` if there is none)."""
    record = stored.record
    spec = _replayable(record.game)
    log = tuple((action.seat, action.action) for action in stored.actions)
    try:
        options = spec.resolve_options(json.loads(record.rules))
        steps = replay_steps(spec, len(record.seats), options, record.seed, log)
    except ValueError as exc:
        raise NotReplayable(f"stored game {record.id} cannot be replayed: {exc}") from exc
    return StoredReplay(record.game, len(record.seats), options, record.seed, log, steps)
