"""Paired screening of a change to a Stick Game computer player: the same deals, both ways.

Run from the repository root: ``python benchmarks/stickgame_paired.py --switch
stickgame.ai.players:NEW_RULE [--games N] [--seed S] [--seats hard,normal] [--level hard]``.

The change to screen sits behind a module-level switch (a ``bool`` the code reads at each
decision, ``False`` by default). Each game (game ``n`` from seed ``S + n``, seats rotating as in
``stickgame.simulate.tournament``) is played with the switch off; every decision of a seat of
``--level`` is asked with the switch on too, and at the first that differs the game is copied
(``Game.copy``: the engine and the players are deterministic) and the copy played on with the
switch on for that level's seats. A game with no such decision scores the same both ways, so
the two results differ only where the change chose differently. Prints one line a game and, at
the end, the level's wins both ways (a shared win as its share, per seat of the level), the
games touched, the games that flipped each way, and the median processor milliseconds of a
decision of the level both ways (the switch-on figure covers decisions before the copy and in
it).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickgame import Rules
from stickgame.actions import Action
from stickgame.ai import LEVELS, Player, make_player
from stickgame.game import Game


class Switch:
    """A module's boolean attribute, set for each decision."""

    def __init__(self, spec: str) -> None:
        module_name, _, self.name = spec.partition(":")
        self.module: ModuleType = importlib.import_module(module_name)
        if not isinstance(getattr(self.module, self.name, None), bool):
            raise SystemExit(f"{spec}: not a boolean module attribute")

    def ask(self, player: Player, game: Game, seat: int, on: bool, cpu: list[float]) -> Action:
        """``player``'s action for ``seat`` with the switch ``on``; its CPU time goes to ``cpu``."""
        setattr(self.module, self.name, on)
        start = time.process_time()
        try:
            return player.act(game.view(seat))
        finally:
            cpu.append(time.process_time() - start)
            setattr(self.module, self.name, False)


def _share(game: Game, levels: Sequence[str], level: str) -> float:
    if not game.winners:
        return 0.0
    won = sum(1 for seat in game.winners if levels[seat] == level) / len(game.winners)
    return won / levels.count(level)


def _finish(
    game: Game, players: Sequence[Player], levels: Sequence[str], level: str, switch: Switch, cpu: list[float]
) -> None:
    while not game.is_over:
        seat = game.turn
        if levels[seat] == level:
            game.apply(seat, switch.ask(players[seat], game, seat, True, cpu))
        else:
            game.apply(seat, players[seat].act(game.view(seat)))


def play(
    levels: Sequence[str], seed: int, level: str, switch: Switch, cpu: tuple[list[float], list[float]]
) -> tuple[float, float, bool]:
    """One game both ways: ``level``'s share of the win with the switch off and on, and whether
    the switch changed a decision."""
    game = Game.new(len(levels), Rules(), seed)
    players = [make_player(name, seed * 16 + seat) for seat, name in enumerate(levels)]
    fork: Game | None = None
    while not game.is_over:
        seat = game.turn
        if levels[seat] != level:
            game.apply(seat, players[seat].act(game.view(seat)))
            continue
        action = switch.ask(players[seat], game, seat, False, cpu[0])
        if fork is None:
            other = switch.ask(players[seat], game, seat, True, cpu[1])
            if other != action:
                fork = game.copy()
                fork.apply(seat, other)
        game.apply(seat, action)
    if fork is None:
        return _share(game, levels, level), _share(game, levels, level), False
    _finish(fork, players, levels, level, switch, cpu[1])
    return _share(game, levels, level), _share(fork, levels, level), True


def main() -> None:
    """Play the games both ways and print the paired counts."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--switch", required=True, help="module:NAME of a boolean switch")
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--seats", default="hard,normal", help="comma-separated levels")
    parser.add_argument("--level", default="hard", help="the level the switch changes")
    args = parser.parse_args()
    table = [part.strip() for part in args.seats.split(",")]
    if any(name not in LEVELS for name in table) or args.level not in table:
        parser.error(f"seats are levels of {', '.join(LEVELS)} and include --level")
    switch = Switch(args.switch)
    cpu: tuple[list[float], list[float]] = ([], [])
    off = on = 0.0
    touched = up = down = 0
    for number in range(args.games):
        shift = number % len(table)
        levels = [*table[shift:], *table[:shift]]
        before, after, changed = play(levels, args.seed + number, args.level, switch, cpu)
        off, on = off + before, on + after
        touched += changed
        up, down = up + (after > before), down + (after < before)
        print(
            f"game {args.seed + number}: off {before:g}, on {after:g}{', touched' if changed else ''}",
            flush=True,
        )
    print(
        f"{args.level}, {args.games} games of {args.seats} from seed {args.seed}: won {off:g} with "
        f"{args.switch} off, {on:g} on; {touched} games touched, {up} flipped up, {down} down; "
        f"median decision {1000 * statistics.median(cpu[0]):.2f} ms CPU off, "
        f"{1000 * statistics.median(cpu[1]):.2f} ms on"
    )


if __name__ == "__main__":
    main()
