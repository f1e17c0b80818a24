"""A computer player's decision, as one picklable function for a worker process.

Only the engine is imported here, so that a spawned worker starts quickly. The worker gets what
the seat may see (``game.view(seat)``), the level and the seat's seed: never the game itself.
"""

from __future__ import annotations

import os
import threading
import time

from stickem import Card, Phase, View
from stickem.ai import make_player

WORKER_NICENESS = 10
"""How much lower the workers' scheduling priority is than the bot's: on a busy machine the event
loop (which answers players within Discord's 3 seconds) gets the processor before a computer
player's thinking, which only has to be done by the end of its move pause."""

PARENT_CHECK = 0.2
"""Seconds between two checks of a worker that the bot is still alive (a check is one system call;
after a `kill -9` of the bot, its workers are gone this soon)."""


def decide(view: View, level: str, seed: int) -> Card:
    """The card the computer player of ``level`` picks in ``view``: its misery card, or its play."""
    player = make_player(level, seed)
    if view.phase is Phase.MISERY:
        return player.choose_misery(view)
    return player.play(view)


def warm_up() -> None:
    """Nothing: submitted once so that a worker process is started before the first decision."""


def worker_init(parent_pid: int) -> None:
    """Set up a worker process: let go of the bot's output, give way to the bot's event loop
    (:data:`WORKER_NICENESS`), and end when the bot is gone.

    A worker inherits the bot's stdout and stderr; were the bot killed (``kill -9``), a worker
    still holding them would keep whoever reads the bot's output waiting. Errors of a decision
    travel back to the bot with its result, so the worker needs no output of its own."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    if hasattr(os, "nice"):  # not on Windows
        os.nice(WORKER_NICENESS)

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK)
            if os.getppid() != parent_pid:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
