"""Custom ids of the replay and history buttons: encode and parse, without Discord.

A replay button carries the game and the step it shows (``stk:rp:<kind>:<game>:<step>``), a
history page button the page's offset (``stk:hist:<offset>``, the table is the clicked message's
channel), so that both work after a restart: the bot keeps no state for them. ``kind`` says
which button it is (first, back, next, last, round, open, json): two buttons of one message may
lead to the same step, and Discord wants their ids to differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from bot.ids import id_fields

ReplayKind = Literal["first", "back", "next", "last", "round", "open", "json"]
KINDS: Final[tuple[ReplayKind, ...]] = ("first", "back", "next", "last", "round", "open", "json")

MAX_GAME_ID: Final = 2**31 - 1
"""The largest id a stored game can have (``games.id`` is an ``Integer``: 32 bits on
PostgreSQL); a larger one is never looked up."""

REPLAY_TEMPLATE: Final = r"stk:rp:(?P<kind>[a-z]+):(?P<game>\d+):(?P<step>\d+)"
HISTORY_TEMPLATE: Final = r"stk:hist:(?P<offset>\d+)"


@dataclass(frozen=True)
class ReplayId:
    """A button of a replay: show step ``step`` (0-based) of stored game ``game_id``
    (``kind`` "json": attach the game as its engine's JSON document instead)."""

    kind: ReplayKind
    game_id: int
    step: int

    def encode(self) -> str:
        """The custom id string."""
        return f"stk:rp:{self.kind}:{self.game_id}:{self.step}"

    @classmethod
    def parse(cls, custom_id: str) -> ReplayId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(REPLAY_TEMPLATE, custom_id)
        kind = next((kind for kind in KINDS if kind == f["kind"]), None)
        if kind is None:
            raise ValueError(f"not a replay button: {f['kind']!r}")
        game_id = int(f["game"])
        if game_id > MAX_GAME_ID:
            raise ValueError(f"no game can have the id {game_id}")
        return cls(kind, game_id, int(f["step"]))


@dataclass(frozen=True)
class HistoryId:
    """A page button of /history: show the table's finished games from the ``offset``-th newest."""

    offset: int

    def encode(self) -> str:
        """The custom id string."""
        return f"stk:hist:{self.offset}"

    @classmethod
    def parse(cls, custom_id: str) -> HistoryId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        return cls(int(id_fields(HISTORY_TEMPLATE, custom_id)["offset"]))
