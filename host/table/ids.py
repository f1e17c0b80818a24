"""A table's ids: its lobby's, its games', and its seeds."""

from __future__ import annotations

import secrets

LOBBY_ID_PREFIX = "0"
"""How a lobby's id starts (:meth:`~host.table.stop.Stopping.check`): a game id is 6 hex digits,
a lobby's id this prefix and 6 more, so that a confirmation for one lobby never stops a later one."""


def _new_lobby_id() -> str:
    return LOBBY_ID_PREFIX + secrets.token_hex(3)


def is_lobby_id(ident: str) -> bool:
    """Whether ``ident`` names a lobby (7 characters), not a game (6 hex digits, which may
    begin with the lobby prefix too)."""
    return ident.startswith(LOBBY_ID_PREFIX) and len(ident) == len(LOBBY_ID_PREFIX) + 6


def _new_game_id() -> str:
    return secrets.token_hex(3)


def _new_seed() -> int:
    return secrets.randbits(63)
