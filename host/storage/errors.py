"""The exceptions storage raises: each says what went wrong in words a player or host can act on."""

from __future__ import annotations

from host.catalog import text

SAVE_FAILED = text("storage.save_failed")
"""What a player is told when their action could not be written (nothing was applied)."""

READ_FAILED = text("storage.read_failed")
"""What a player is told when stats, history or a game could not be read."""


class StorageError(Exception):
    """Base class of every storage error."""


class StorageUnavailable(StorageError):
    """The database could not be reached or refused to write; nothing was changed.

    `str()` is the short message for players; `detail` says why, for the log.
    """

    def __init__(self, message: str = SAVE_FAILED, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class StorageConfigError(StorageError):
    """`DATABASE_URL` is malformed or names a database this bot cannot use."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot; this one refuses to touch it."""

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(
            f"The database has schema version {found}, but this version of the bot only knows "
            f"versions up to {supported}. It was written by a newer Stick'em bot: upgrade the bot "
            "(or point DATABASE_URL at another database). Nothing was changed."
        )
        self.found = found
        self.supported = supported


class StorageConflict(StorageError):
    """A write was refused because it does not fit the stored state (not a connection problem)."""


class UnknownGame(StorageConflict):
    """No game with this id is stored."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"no stored game has id {game_id}")
        self.game_id = game_id


class GameNotActive(StorageConflict):
    """The game has already finished or been stopped, so it takes no more actions."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"game {game_id} is {status}, not active")
        self.game_id = game_id
        self.status = status


class DuplicateAction(StorageConflict):
    """An action with this sequence number is already stored for the game."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(f"game {game_id} already has an action number {seq}")
        self.game_id = game_id
        self.seq = seq


class ActionOutOfOrder(StorageConflict):
    """The action's sequence number skips ahead of the stored log (it would leave a gap)."""

    def __init__(self, game_id: int, seq: int, expected: int) -> None:
        super().__init__(f"game {game_id} expects action number {expected}, not {seq}")
        self.game_id = game_id
        self.seq = seq
        self.expected = expected
