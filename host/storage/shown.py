"""What the tables showed, as storage keeps it: the rows that say which message is whose, written
by the Discord layer (its message book), and the one mark the host writes with a move.

- The lobby's message (``lobbies.message_id``), a game's table message (``game_messages``,
  purpose ``table``) and each seat's live prompt (purpose ``hand``, stored only while the game is
  at the move it was sent for: `MessageWrites.set_hand_message_if_current`; a seat's move forgets
  it, `GameWrites.append_action`). The host never reads or writes these.
- The end of a round (or of the game) still to be shown (purpose :data:`OWED`): stored by the
  host in the transaction of the move that ended it (store before show), cleared by the Discord
  layer once it showed it. Its "message id" is the game's action count at that move, so a mark
  that a later move passed by means nothing (moves come only after the end was shown).
"""

from __future__ import annotations

from sqlalchemy import bindparam, update

from host.storage.records import OWED, StoredGame
from host.storage.schema import lobbies
from host.storage.transaction import Transaction

_SET_LOBBY_MESSAGE = (
    update(lobbies)
    .where(lobbies.c.channel_id == bindparam("channel"))
    .values(message_id=bindparam("message"))
)


async def set_lobby_message(tx: Transaction, channel_id: int, message_id: int) -> bool:
    """Remember the message of the channel's stored lobby; False if no lobby is stored (it
    started or closed meanwhile: nothing to remember)."""
    updated = await tx.connection.execute(_SET_LOBBY_MESSAGE, {"channel": channel_id, "message": message_id})
    return updated.rowcount > 0


async def mark_round_end_owed(tx: Transaction, game_id: int, channel_id: int, action_count: int) -> None:
    """The move that made the game's ``action_count`` actions ended a round (or the game): its
    end is to be shown, also after a restart, until :func:`clear_round_end_owed`."""
    await tx.messages.set_message(game_id, OWED, channel_id, action_count)


async def clear_round_end_owed(tx: Transaction, game_id: int) -> None:
    """The end of the game's last round has been shown: a restart need not show it again."""
    await tx.messages.delete_message(game_id, OWED)


def owes_round_end(stored: StoredGame) -> bool:
    """Whether the end of the stored game's last round is still to be shown: its move stored the
    mark with the action count of that moment, and no move came after it."""
    count = len(stored.actions)
    return any(m.purpose == OWED and m.message_id == count for m in stored.messages)
