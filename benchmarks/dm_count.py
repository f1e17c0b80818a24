"""Direct messages per player in a whole game of each game, on the emulated Discord.

Run from the repository root: ``python benchmarks/dm_count.py [--seed N]``.

Three people play a game with the default options (Stick'em: 5 rounds of 14 tricks; Stupid:
13 rounds, hands of 1 up to 7 cards and back; Stick Game: to 7 completed sticks, 15 cards a
hand), each clicking what their DMs offer as the end-to-end tests do (a ``normal`` computer
player decides for them). Printed for each game and player: the turns they played, the DMs the
bot created in their DM channel (each one a notification on a phone), the edits of DMs there
(click answers included) and how many lines (text lines and rows of components) the channel
shows at the end. The tests that hold the behaviour: ``tests/e2e/test_dm_economy.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.tables.service import service_for
from tests.discord_emulator import Emulator
from tests.e2e.dm_count import DmCount, dm_counts
from tests.e2e.game_harness import table_game
from tests.e2e.seat_helpers import make_club, running, seat_bot, settle, slash, table_of
from tests.e2e.stickgame_play import StickTable, in_process_log, new_match
from tests.e2e.stupid_play import fix_seed, open_stupid_table

Row = tuple[str, str, int, DmCount]
"""game, player, turns, counts."""


async def stickem(emu: Emulator, folder: Path, seed: int) -> tuple[str, list[Row]]:
    """A default 3-player game of Stick'em."""
    async with table_game(emu, folder, 3, seed=seed) as h:
        h.scan_hidden = False
        await h.seat_everyone()
        await h.start()
        await h.play_game()
        await h.settle()
        assert h.shadow is not None
        counts = dm_counts(emu, h.users)
        turns = 5 + h.cards_played // 3
        return f"{h.shadow.rounds} rounds", [("Stick'em", u.name, turns, counts[u.name]) for u in h.users]


async def stupid(emu: Emulator, folder: Path, seed: int) -> tuple[str, list[Row]]:
    """A default 3-player game of Stupid."""
    club = make_club(emu, 3, "stupid")
    bot = seat_bot(emu, folder, club.guild_id)
    async with running(bot, emu):
        fix_seed(bot, seed)
        play = await open_stupid_table(emu, bot, club.channel, club.users)
        await play.play_to_the_end(timeout=600)
        await settle(emu, bot, club.channel)
        counts = dm_counts(emu, club.users)
        turns = Counter(seat for seat, _ in play.moves)
        rows = [("Stupid", u.name, turns[seat], counts[u.name]) for seat, u in enumerate(club.users)]
        return f"{play.rounds} rounds", rows


async def stick_game(emu: Emulator, folder: Path, seed: int) -> tuple[str, list[Row]]:
    """A default 3-player game of Stick Game."""
    club = make_club(emu, 3)
    bot = seat_bot(emu, folder, club.guild_id)
    async with running(bot, emu):
        service_for(bot).registry._seed_source = lambda: seed
        await slash(emu, club.users[0], club.channel, "join", game="stickgame")
        for user in club.users[1:]:
            await slash(emu, user, club.channel, "join")
        await slash(emu, club.users[0], club.channel, "start", timer="off")
        table = table_of(bot, club.channel)
        assert table.match is not None
        game = StickTable(
            emu,
            club.channel.id,
            table.names,
            dict(enumerate(club.users)),
            new_match(3, dict(table.match.options), seed),
            in_process_log(table),
        )
        await game.play_until(lambda: game.shadow.is_over, timeout=900)
        await settle(emu, bot, club.channel)
        counts = dm_counts(emu, club.users)
        rows = []
        for seat, user in enumerate(club.users):
            turns = sum(1 for who, action in game.moves if who == seat and action in ("S", "D"))
            rows.append(("Stick Game", user.name, turns, counts[user.name]))
        return f"{game.shadow.round} rounds", rows


async def main(seed: int) -> None:
    """Play the three games and print the table."""
    print("| game | player | turns | DMs created | DM edits | lines shown at the end |")
    print("|---|---|---:|---:|---:|---:|")
    for play in (stickem, stupid, stick_game):
        emu = Emulator()
        await emu.start()
        started = time.perf_counter()
        try:
            with emu.patched_discord(), tempfile.TemporaryDirectory() as folder:
                length, rows = await play(emu, Path(folder), seed)
        finally:
            await emu.stop()
        for game, name, turns, count in rows:
            print(
                f"| {game} ({length}) | {name} | {turns} | {count.created} | {count.edited} | {count.lines} |"
            )
        print(f"<!-- {rows[0][0]}: {time.perf_counter() - started:.1f} s -->", file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the deal of each game (default 1)")
    asyncio.run(main(parser.parse_args().seed))
