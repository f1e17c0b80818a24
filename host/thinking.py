"""A computer player's decision, as one picklable function for a worker process.

Only the game protocol's registry is imported here, so that a spawned worker starts quickly and
imports only the games it is asked about. The worker gets the game's name and where it lives
(its registry entry, so that a game registered at run time is found too), what the seat may see
(``match.view(seat)``), the level and the seat's seed: never the match itself.
"""

from __future__ import annotations

import os
import threading
import time

from tabletop import registry

WORKER_NICENESS = 10
"""How much lower the workers' scheduling priority is than the bot's: on a busy machine the event
loop (which answers players within Discord's 3 seconds) gets the processor before a computer
player's thinking, which only has to be done by the end of its move pause."""

PARENT_CHECK = 0.2
"""Seconds between two checks of a worker that the bot is still alive (a check is one system call;
after a `kill -9` of the bot, its workers are gone this soon)."""


def decide(game: str, entry: str, view: object, level: str, seed: int) -> str:
    """The action the computer player of ``level`` takes in ``view`` of the game ``game``
    (found at registry ``entry``)."""
    try:
        known = registry.entry(game) == entry
    except registry.GameNotOffered:
        known = False
    if not known:
        registry.register(game, entry)
    return registry.game(game).computer_player(level, seed).decide(view)


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
