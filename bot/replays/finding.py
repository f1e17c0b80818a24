"""Finding a server's finished game and its replay, or the friendly reason why not.

Every refusal is a :class:`host.errors.UserError` with a catalog text, and reads nothing but the
one game: a game of another server is "not found" as if it did not exist (its id tells nobody
anything), a game pruned since its replay was shown says so, an id that is not a number says
how to write one. The replay is rebuilt from the stored log in a worker thread, so a long game
does not hold up the other tables.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from bot.ids import MAX_DIGITS
from bot.messages.limits import echo
from bot.replays.ids import MAX_GAME_ID
from host.catalog import DEFAULT_LANGUAGE, Words, lazy
from host.errors import UserError
from host.replays import NotReplayable, StoredReplay, stored_replay
from host.storage import GameStatus, Storage, StorageError, UnknownGame
from host.storage.records import GameRecord
from host.table.record import stored_names, stored_shown_names
from tabletop import registry
from tabletop.catalog import Catalog
from tabletop.pictures import ArtModule, art_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FoundReplay:
    """A finished game of this server and its replay."""

    record: GameRecord
    replay: StoredReplay

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names in English (:meth:`names_in`)."""
        return self.names_in(DEFAULT_LANGUAGE)

    def names_in(self, language: str) -> tuple[str, ...]:
        """The seats' names as a reader of ``language`` reads them: a person's as the game
        stored it (made safe when seated), a computer's full name in that language."""
        return stored_names(self.record, language)

    @property
    def shown_names(self) -> tuple[Words, ...]:
        """The seats' names, each shown in its reader's language (:meth:`names_in`)."""
        return stored_shown_names(self.record)

    @property
    def art(self) -> ArtModule | None:
        """The game's drawing module (None: the game draws nothing)."""
        return art_of(registry.game(self.record.game))

    @property
    def catalog(self) -> Catalog | None:
        """The game's own message catalog, which words its replay's steps first (None: none)."""
        return registry.catalog(self.record.game)

    @property
    def filename(self) -> str:
        """The name of the game's JSON file ("stickem-12.json")."""
        return f"{self.record.game}-{self.record.id}.json"

    def export(self) -> bytes:
        """The game as its engine's JSON document (seed, options, log, results), which the
        engine's ``Game.from_json`` reads back."""
        return self.replay.export().encode()


def game_id_of(given: str) -> int:
    """The game id a player typed ("12" or "#12", as /history shows it); a friendly
    :class:`UserError` for anything else."""
    digits = given.strip().removeprefix("#").strip()
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
        raise UserError(lazy("replay.malformed_id", given=echo(given)))
    return int(digits)


async def last_game_id(storage: Storage, channel_id: int) -> int:
    """The id of the last finished game at this table (a :class:`UserError` if there is none)."""
    try:
        entries = await storage.stats.history(channel_id, 1)
    except StorageError as exc:
        raise UserError(lazy("storage.read_failed")) from exc  # READ_FAILED, in the reader's language
    if not entries:
        raise UserError(lazy("replay.none_here"))
    return entries[0].game_id


async def find_replay(storage: Storage, guild_id: int, game_id: int, *, shown: bool) -> FoundReplay:
    """The replay of finished game ``game_id`` of server ``guild_id``; ``shown``: asked for by a
    button of a replay or history shown before (a game gone since then was pruned)."""
    if game_id > MAX_GAME_ID:  # no database holds it (looking it up would fail on PostgreSQL)
        raise UserError(lazy("replay.not_found", id=game_id))
    try:
        stored = await storage.games.load_game(game_id)
    except UnknownGame as exc:
        key_text = lazy("replay.pruned", id=game_id) if shown else lazy("replay.not_found", id=game_id)
        raise UserError(key_text) from exc
    except StorageError as exc:
        raise UserError(lazy("storage.read_failed")) from exc  # READ_FAILED, in the reader's language
    record = stored.record
    if record.guild_id != guild_id or record.status is not GameStatus.FINISHED:
        raise UserError(lazy("replay.not_found", id=game_id))
    try:
        replay = await asyncio.to_thread(stored_replay, stored)
    except NotReplayable as exc:
        log.warning("game %d cannot be replayed: %s", game_id, exc)
        if not exc.offered:
            raise UserError(lazy("replay.not_offered", id=game_id, game=record.game)) from exc
        raise UserError(lazy("replay.not_replayable", id=game_id)) from exc
    return FoundReplay(record, replay)
