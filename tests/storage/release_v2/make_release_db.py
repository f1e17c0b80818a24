"""How ``release.sqlite3`` was made: run once with the code of the release it stands for.

The database beside this script was written by the bot of commit eae9a35 (schema version 2, the
release before games were named in storage), through its own journal and table code, so that the
upgrade tests read exactly what that release leaves behind. It is kept as a file because the code
that wrote it is gone from this tree; the script is here to say what is in it and how it was made:

    git worktree add /tmp/release eae9a35
    cd /tmp/release && PYTHONPATH=. python /path/to/make_release_db.py OUT.sqlite3

What it holds (channel: what):
- 100: a lobby: two people and a computer player, preset "amigo", 4 rounds asked for;
- 200: a classic game, 2 people + 2 computer seats, turn timer 2 min, every misery card picked and
  some tricks played; the table message and a hand DM remembered; one person away;
- 300: an amigo game (one round per player) in its misery choice, a takeover asked for;
- 400: a finished classic game of 3 computer seats and 1 person (for stats);
- 500: a game stopped by its host.
It is not imported by the tests (the code it calls is the release's).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from host.journal import GameJournal
from host.storage import Storage
from host.tables import PromptRef, Table, TableRegistry
from stickem import Phase
from stickem.ai import make_player


async def _auto(journal: GameJournal, table: Table, moves: int) -> None:
    """Let the ``normal`` player move for whoever is awaited, ``moves`` times (or to the end)."""
    for _ in range(moves):
        game = table.game
        if game is None or game.is_over:
            return
        seat = game.awaiting[0]
        player = make_player("normal", seat)
        view = game.view(seat)
        card = player.choose_misery(view) if game.phase is Phase.MISERY else player.play(view)
        async with journal.recording(table):
            table.auto_move(seat, card)


async def main(out: Path) -> None:
    storage = await Storage.open(f"sqlite:///{out}")
    journal = GameJournal(storage)
    seeds = iter(range(1000, 2000))
    registry = TableRegistry(seed_source=lambda: next(seeds), id_source=lambda: f"{next(seeds):06x}")
    try:
        lobby = registry.get_or_open(100, 1)
        for user, name in ((11, "ann"), (12, "bob")):
            async with journal.recording(lobby):
                lobby.join(user, name)
        async with journal.recording(lobby):
            lobby.add_bot(11, "hard")
        lobby.preset, lobby.rounds = "amigo", 4
        async with journal.recording(lobby):
            lobby.join(13, "cy")
        async with journal.recording(lobby):
            lobby.leave(13)
        lobby.messages.lobby_id = 900100
        await journal.remember_lobby_message(lobby)

        classic = registry.get_or_open(200, 1)
        for user, name in ((21, "dee"), (22, "eve")):
            async with journal.recording(classic):
                classic.join(user, name)
        async with journal.recording(classic):
            classic.start(21, fill_to=4, timer="2min")
        await _auto(journal, classic, 4 + 9)  # the misery picks, then some cards
        classic.messages.table_id = 900200
        await journal.remember_table_message(classic)
        assert classic.game is not None
        waiting = classic.game.awaiting[0]
        classic.messages.prompts[waiting] = PromptRef(800200, 900201)
        await journal.remember_prompt(classic, waiting)
        await journal.drain()
        async with journal.recording(classic):
            classic.away.add(1)

        amigo = registry.get_or_open(300, 1)
        async with journal.recording(amigo):
            amigo.join(31, "fay")
        async with journal.recording(amigo):
            amigo.start(31, preset="amigo", fill_to=3, timer="off")
        await _auto(journal, amigo, 1)
        async with journal.recording(amigo):
            amigo.join(32, "gus")

        finished = registry.get_or_open(400, 1)
        async with journal.recording(finished):
            finished.join(41, "hal")
        async with journal.recording(finished):
            finished.start(41, fill_to=4, timer="off", rounds=1)
        await _auto(journal, finished, 10_000)
        assert finished.game is not None and finished.game.is_over

        stopped = registry.get_or_open(500, 1)
        async with journal.recording(stopped):
            stopped.join(51, "ida")
        async with journal.recording(stopped):
            stopped.start(51, fill_to=3, timer="off")
        await _auto(journal, stopped, 5)
        game_id = stopped.check_stop(51)
        async with journal.recording(stopped):
            stopped.stop(51, game_id=game_id)
    finally:
        await storage.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
