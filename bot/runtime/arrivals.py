"""Every interaction as it is read: its age tells the overload signal how late the bot reads its
gateway, and one that expired before it was read is dropped while the bot is behind.

**An expired interaction.** Discord takes a first answer to an interaction within 3 seconds of
its creation; after that every answer (a defer, a reply, an edit of the clicked message) fails
with 404 "Unknown interaction" (10062), and the player has been shown "This interaction failed"
already. Before this module the bot handled such a click in full all the same: it took the
table's lock, applied and stored the move (which the player was told had failed), showed its
effects, and spent two requests on answers Discord refused (the watchdog's defer, then the
answer itself; discord.py retries neither, a 404 is not retried). Past saturation those clicks
were a good share of the load that kept the bot behind. Now, while the process is behind
(:mod:`host.overload`), an interaction read more than :data:`EXPIRED_AFTER` seconds after its
creation is dropped: not answered, not applied, no request. The player, told that it failed,
clicks again, and that click is a fresh one.

**Clocks.** The age comes from the interaction's snowflake (Discord's clock) read by this host's
clock (see :mod:`bot.tables.answer`). Only ages from 0 to :data:`bot.tables.answer.TRUSTED_AGE`
feed the overload signal, so that a host clock far ahead of Discord's cannot mark the process
behind by itself; an interaction is dropped only while the process is behind, so that a clock
ahead alone never drops one. Only a clock ahead by more than a second, on a process behind for
its own reasons, drops clicks that were still in time (the player clicks again).
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

import discord

from bot.tables.answer import TRUSTED_AGE
from host.overload import Overload

log = logging.getLogger(__name__)

EXPIRED_AFTER = 3.0
"""Seconds after its creation when Discord takes no first answer to an interaction any more."""

_overloads: weakref.WeakKeyDictionary[discord.Client, Overload] = weakref.WeakKeyDictionary()


def install_overload(client: discord.Client, overload: Overload) -> None:
    """Make ``overload`` the signal the interactions ``client`` reads feed (set at start-up)."""
    _overloads[client] = overload


def raw_age(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created ``interaction``, by this host's clock, as it is (unbounded)."""
    created = discord.utils.snowflake_time(interaction.id)
    return (discord.utils.utcnow() - created).total_seconds()


def arrived(interaction: discord.Interaction[Any]) -> bool:
    """Note ``interaction``'s age as it is read (:meth:`Overload.observe`), and whether to
    handle it: False for one that expired before it was read, while the process is behind (see
    the module's docstring): it is then dropped, unanswered. True where no signal is installed."""
    overload = _overloads.get(interaction.client)
    if overload is None:
        return True
    age = raw_age(interaction)
    overload.observe(age if 0.0 < age <= TRUSTED_AGE else 0.0)
    if age > EXPIRED_AFTER and overload.behind:
        overload.dropped += 1
        log.debug("Interaction %s dropped unanswered: read %.1f s after its creation", interaction.id, age)
        return False
    return True
