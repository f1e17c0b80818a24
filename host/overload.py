"""Whether the process is behind: the signal that turns graceful degradation on and off.

A process past what its core serves falls over unless it sheds work: its clicks miss Discord's
3 seconds, and their failed answers and the players' new clicks add to the load that made them
late. While it is behind, the process answers the players first and sheds the rest: an
interaction that expired before it was read is dropped unanswered, the computer seats play
fewer moves at once, and no new table opens (the games under way go on). See
docs/architecture.md, "Graceful degradation".

**What is measured.** Three figures, each in seconds a player's answer is late by, each cheap
and honest (none is an estimate of work still to come): how late a periodic wake-up of the event
loop comes (a loop held by long callbacks or starved of the core), how old an interaction is
when the process reads it (its gateway read late: the queue a busy bot builds before its loop),
and how long a player's write asking now would wait for the database writer. Each is fed to
:meth:`Overload.observe` as it is measured.

**Hysteresis.** :data:`ENTER_COUNT` figures of :data:`ENTER_AT` seconds or more within
:data:`ENTER_WINDOW` seconds, at least :data:`ENTER_SPACING` apart, mark the process behind
(clicks late by that much are at risk; one lone spike, a collection or a moment of a busy host,
does not, however many clicks it held back: they are all read late at the same moment); it is
back to normal only once no figure of :data:`LEAVE_AT` or more came for :data:`CALM_FOR` seconds.
The two levels and the calm time keep the state from flapping: a process just under its limit
stays behind until it has plainly caught up, and a process marked behind stays so at least
:data:`CALM_FOR` seconds.

The clock is injectable (a fake one in tests); no figure, no task: it is fed by whoever measures.
Who acts on a change of the state at once rather than when next asking (a late picture's drawing
held while behind: :mod:`bot.tables.drawing_pool`) is told by :meth:`Overload.watch`, on the
figure or the question that changed it (the probe asks four times a second).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable

log = logging.getLogger(__name__)

ENTER_AT = 1.0
"""Seconds late (loop lag, an interaction's age when read, the writer's expected wait) that mark
the process behind: a third of Discord's 3 seconds gone before the answer has even begun. A bot
that keeps up reads its interactions within tens of milliseconds (docs/benchmarks.md)."""

ENTER_COUNT = 3
"""How many figures of :data:`ENTER_AT` or more, within :data:`ENTER_WINDOW`, mark the process
behind: at saturation every click comes late, so three come within a moment."""

ENTER_SPACING = 0.5
"""Seconds within which late figures count as one: one pause of the loop is read late by the
probe and by every interaction it held back at the same moment, and is one spike, not many. A
process behind comes late again and again (the probe alone every 0.25 s plus its lag)."""

ENTER_WINDOW = 5.0
"""Seconds within which :data:`ENTER_COUNT` late figures mark the process behind."""

LEAVE_AT = 0.25
"""Seconds late that still count as behind while the process is marked so: it is back to normal
only once every figure stays under this for :data:`CALM_FOR` seconds."""

CALM_FOR = 10.0
"""Seconds without a figure of :data:`LEAVE_AT` or more before the process is back to normal."""


class Overload:
    """Whether the process is behind (see the module's docstring), with hysteresis."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        enter_at: float = ENTER_AT,
        enter_count: int = ENTER_COUNT,
        enter_window: float = ENTER_WINDOW,
        enter_spacing: float = ENTER_SPACING,
        leave_at: float = LEAVE_AT,
        calm_for: float = CALM_FOR,
    ) -> None:
        if not 0.0 <= leave_at <= enter_at:
            raise ValueError(f"leave_at ({leave_at}) must be between 0 and enter_at ({enter_at})")
        self.clock = clock
        self.enter_at = enter_at
        self.enter_window = enter_window
        self.enter_spacing = enter_spacing
        self._late: deque[float] = deque(maxlen=max(1, enter_count))
        """The clock's times of the last figures of :attr:`enter_at` or more while not behind."""
        self.leave_at = leave_at
        self.calm_for = calm_for
        self._behind = False
        self._last_late = 0.0
        """The clock's time of the last figure of :attr:`leave_at` or more while behind."""
        self.episodes = 0
        """How many times the process was marked behind (for tests, benchmarks and the log)."""
        self.dropped = 0
        """Requests dropped unanswered while behind, expired before they were read (the bot's
        interactions: see :mod:`bot.runtime.arrivals`)."""
        self._watchers: list[Callable[[bool], None]] = []

    def observe(self, late: float) -> None:
        """Take one figure: seconds a player's answer is late by, as just measured."""
        now = self.clock()
        behind = self._is_behind(now)  # a calm time over ends the state first, asked or not
        if late >= self.enter_at and not behind:
            if self._late and now - self._late[-1] < self.enter_spacing:
                return  # the same spike as the last late figure
            self._late.append(now)
            if len(self._late) < (self._late.maxlen or 1) or now - self._late[0] > self.enter_window:
                return
            self._late.clear()
            self._behind = True
            self.episodes += 1
            log.warning(
                "The bot is behind (%.2f s late): players' clicks first, computer seats slower, "
                "late pictures later, no new tables until it has caught up",
                late,
            )
            self._tell(True)
        if self._behind and late >= self.leave_at:
            self._last_late = now

    def watch(self, watcher: Callable[[bool], None]) -> None:
        """Call ``watcher(behind)`` each time the state changes (True: marked behind; False:
        caught up), synchronously, where the change was seen (a figure or a question)."""
        self._watchers.append(watcher)

    def _tell(self, behind: bool) -> None:
        for watcher in self._watchers:
            watcher(behind)

    @property
    def behind(self) -> bool:
        """Whether the process is behind now."""
        return self._is_behind(self.clock())

    def _is_behind(self, now: float) -> bool:
        """Whether the process is behind at ``now``; a calm time long enough ends the state."""
        if self._behind and now - self._last_late >= self.calm_for:
            self._behind = False
            log.warning("The bot has caught up: new tables are welcome again")
            self._tell(False)
        return self._behind
