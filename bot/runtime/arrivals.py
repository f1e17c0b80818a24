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
clock (see :mod:`bot.tables.answer`), and the two clocks may differ by a steady amount (a host
without NTP runs seconds ahead or behind). That offset is not lateness: it is taken out
(:class:`ClockOffset`). The least raw age read in the last :data:`OFFSET_WINDOW` seconds is the
offset plus the quickest delivery, so an interaction's age less that least one is how much later
than the quickest it was read: a figure a host clock ahead cannot inflate, and an age that is
too small, never too large, by the quickest delivery (tens of milliseconds), so that a click is
dropped only once it surely expired. Only ages from 0 to :data:`bot.tables.answer.TRUSTED_AGE`
feed the overload signal; an interaction is dropped only while the process is behind.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

import discord

from bot.tables.answer import TRUSTED_AGE, raw_age
from host.overload import Overload

log = logging.getLogger(__name__)

EXPIRED_AFTER = 3.0
"""Seconds after its creation when Discord takes no first answer to an interaction any more."""

OFFSET_WINDOW = 600.0
"""Seconds of reads whose least raw age is the clocks' offset (:class:`ClockOffset`): long
enough that a quick read comes in it even on a busy bot, short enough to follow a clock set anew."""


class ClockOffset:
    """The least raw age (:func:`raw_age`) read in the last :attr:`window` seconds: the offset of
    this host's clock from Discord's, plus the quickest delivery of an interaction.

    Kept as the least age of each tenth of the window (at most eleven figures)."""

    def __init__(self, window: float = OFFSET_WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.clock = clock
        self._parts: deque[list[float]] = deque()
        """``[start, least age]`` of each tenth of the window, oldest first."""

    def late_by(self, age: float) -> float:
        """Note a raw ``age`` just read; how much later than the quickest read it came (>= 0)."""
        now = self.clock()
        part = self.window / 10
        while self._parts and now - self._parts[0][0] > self.window:
            self._parts.popleft()
        if self._parts and now - self._parts[-1][0] < part:
            self._parts[-1][1] = min(self._parts[-1][1], age)
        else:
            self._parts.append([now, age])
        return age - min(least for _, least in self._parts)


class _Arrivals:
    """A client's overload signal and its clocks' offset."""

    __slots__ = ("offset", "overload")

    def __init__(self, overload: Overload) -> None:
        self.overload = overload
        self.offset = ClockOffset()


_arrivals: weakref.WeakKeyDictionary[discord.Client, _Arrivals] = weakref.WeakKeyDictionary()


def install_overload(client: discord.Client, overload: Overload) -> None:
    """Make ``overload`` the signal the interactions ``client`` reads feed (set at start-up)."""
    _arrivals[client] = _Arrivals(overload)


def arrived(interaction: discord.Interaction[Any]) -> bool:
    """Note ``interaction``'s age as it is read (:meth:`Overload.observe`), and whether to
    handle it: False for one that expired before it was read, while the process is behind (see
    the module's docstring): it is then dropped, unanswered. True where no signal is installed."""
    arrivals = _arrivals.get(interaction.client)
    if arrivals is None:
        return True
    overload = arrivals.overload
    age = arrivals.offset.late_by(raw_age(interaction))
    overload.observe(age if 0.0 < age <= TRUSTED_AGE else 0.0)
    if age > EXPIRED_AFTER and overload.behind:
        overload.dropped += 1
        log.debug("Interaction %s dropped unanswered: read %.1f s after its creation", interaction.id, age)
        return False
    return True
