"""Complete 5-player Stick'em games on the emulated Discord: API calls, latency, wall time.

Run from the repository root: ``python benchmarks/discord_game.py [--games N] [--players P]``.

Each game is played by emulated users exactly as in the end-to-end tests: /join, /start, the
misery choice by DM (select + confirm), then every card by clicking a button of the player's
latest DM. Printed per game and in total:

- REST calls the bot made, and calls per card played (the whole game, lobby to standings,
  divided by the cards played; and the calls of the cards that did not end a round);
- interaction response latency (from the click being sent to the bot's initial response):
  median and p99;
- wall time per game;
- with ``--images on|off|both`` (default: the server's default, on), the server's pictures set
  by ``/settings images`` first, and the REST calls per card by kind
  (:mod:`benchmarks.rest_kinds`: where, with a picture or not, what an edit did to the
  attachments) for each setting: what pictures cost in calls when nothing waits. These runs
  are for counts, not times: the emulator gives a click 30 s to be answered and the harness
  waits 60 s for the bot to settle, so a loaded machine's lags do not end the game.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.rest_kinds import kinds
from tests.discord_emulator import Emulator
from tests.e2e import game_harness
from tests.e2e.game_harness import table_game


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))
    return ordered[index]


@dataclass
class GameResult:
    """The measurements of one game."""

    cards: int
    calls: int
    mid_round_calls: list[int]
    latencies: list[float]
    wall: float
    problems: int
    by_kind: Counter[str] = field(default_factory=Counter)


async def play_one(players: int, seed: int, images: str | None = None) -> GameResult:
    """Play one complete game on a fresh emulator (``images``: the server's ``/settings
    images`` first, set by its first player, and patient: see the module's docstring); its
    measurements."""
    emu = Emulator() if images is None else Emulator(response_timeout=30.0)
    if images is not None:
        game_harness.WAIT = 60.0
    await emu.start()
    try:
        with emu.patched_discord(), tempfile.TemporaryDirectory() as data_dir:
            async with table_game(emu, Path(data_dir), players, seed=seed, admin_seats=(0,)) as h:
                h.scan_hidden = False  # measure the bot, not the test's checks
                if images is not None:
                    await h.slash(h.users[0], "settings images", state=images)
                calls_before = len(emu.rest_calls)
                started = time.perf_counter()
                await h.seat_everyone()
                await h.start()
                await h.play_game()
                wall = time.perf_counter() - started
                calls = len(emu.rest_calls) - calls_before
                assert h.shadow is not None
                per_round = 14 * players
                mid_round = [
                    len(keys) for index, keys in enumerate(h.calls_per_card)
                    if (index + 1) % per_round != 0
                ]
                return GameResult(
                    h.cards_played, calls, mid_round, h.timings.latencies, wall,
                    len(emu.problems), kinds(emu, emu.rest_calls[calls_before:]),
                )
    finally:
        await emu.stop()


async def main_async(games: int, players: int, images: str | None) -> None:
    """Play the games (for each pictures setting asked for) and print the tables."""
    for setting in ("on", "off") if images == "both" else (images,):
        await games_with(games, players, setting)


async def games_with(games: int, players: int, images: str | None) -> None:
    """Play the games with the server's pictures ``images`` and print the tables."""
    results = [await play_one(players, seed, images) for seed in range(1, games + 1)]
    setting = "" if images is None else f", pictures {images}"
    print(f"{games} complete {players}-player games (classic rules, 5 rounds{setting}) on the emulator\n")
    print("| game | cards | REST calls | calls/card (all) | calls/card (mid-round) | "
          "max calls for one card | wall time (s) |")
    print("|---|---|---|---|---|---|---|")
    for number, r in enumerate(results, 1):
        print(
            f"| {number} | {r.cards} | {r.calls} | {r.calls / r.cards:.2f} | "
            f"{statistics.fmean(r.mid_round_calls):.2f} | {max(r.mid_round_calls)} | "
            f"{r.wall:.2f} |"
        )
    latencies = [x for r in results for x in r.latencies]
    print()
    print("| interactions | latency median (ms) | latency p99 (ms) | latency max (ms) | "
          "wall time per game (s) | emulator problems |")
    print("|---|---|---|---|---|---|")
    print(
        f"| {len(latencies)} | {statistics.median(latencies) * 1000:.1f} | "
        f"{percentile(latencies, 0.99) * 1000:.1f} | {max(latencies) * 1000:.1f} | "
        f"{statistics.fmean(r.wall for r in results):.2f} | "
        f"{sum(r.problems for r in results)} |"
    )
    if images is not None:
        cards = sum(r.cards for r in results)
        by_kind = sum((r.by_kind for r in results), Counter[str]())
        print("\nREST calls per card by kind: " + ", ".join(
            f"{kind} {number / cards:.3f}" for kind, number in by_kind.most_common()
        ) + "\n")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games to play (default 3)")
    parser.add_argument("--players", type=int, default=5, help="players per game (default 5)")
    parser.add_argument(
        "--images", choices=("on", "off", "both"), default=None,
        help="set the server's pictures first (both: on, then off) and print the calls by kind",
    )
    args = parser.parse_args()
    asyncio.run(main_async(args.games, args.players, args.images))


if __name__ == "__main__":
    main()
