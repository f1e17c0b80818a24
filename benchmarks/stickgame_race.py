"""Where Stick Game rounds are won: the race between completing a stick and going out.

Run from the repository root: ``python benchmarks/stickgame_race.py [--games N] [--seed S]
[--seats hard,normal]``. Plays whole games (seats rotating game by game, game ``n`` from seed
``S + n``, as ``stickgame.simulate.tournament``) and counts, per level of the seat that
completed its stick first in a round, the rounds in which another seat still completed its
own before the round ended (the round then scored even for those two), and the turns the first
seat took from laying its stick down to going out. A round that ended without anyone going out
(the cards ran out) counts in neither turn figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickgame import Rules
from stickgame.actions import DrawDiscard, DrawStock
from stickgame.ai import LEVELS, make_player
from stickgame.game import Game


@dataclass
class Race:
    """The counts of one level as the seat that completed its stick first in a round."""

    firsts: int = 0
    caught: int = 0
    turns_to_out: list[int] = field(default_factory=list)


def play(levels: tuple[str, ...], seed: int, races: dict[str, Race], wins: dict[str, float]) -> None:
    """One game of ``levels`` from ``seed``, its rounds added to ``races`` and its winners to
    ``wins`` (a shared win as its share)."""
    game = Game.new(len(levels), Rules(), seed)
    players = [make_player(level, seed * 16 + seat) for seat, level in enumerate(levels)]
    number = game.round
    turns = [0] * len(levels)
    done: dict[int, int] = {}  # seat -> its turn count when it completed its stick, in order
    while not game.is_over:
        seat = game.turn
        action = players[seat].act(game.view(seat))
        turns[seat] += isinstance(action, DrawStock | DrawDiscard)
        held = game.stick(seat) is not None
        game.apply(seat, action)
        if held and game.round == number and game.stick(seat) is None:
            done.setdefault(seat, turns[seat])
        if game.round == number and not game.is_over:
            continue
        end = game.round_end
        if held and seat not in done and end is not None and end.went_out == seat:
            done[seat] = turns[seat]  # laid its stick down and went out in one turn
        if done:
            first = next(iter(done))  # dicts keep the order the seats completed in
            race = races[levels[first]]
            race.firsts += 1
            race.caught += len(done) > 1
            if end is not None and end.went_out == first:
                race.turns_to_out.append(turns[first] - done[first])
        number, turns, done = game.round, [0] * len(levels), {}
    for seat in game.winners:
        wins[levels[seat]] += 1 / len(game.winners)


def main() -> None:
    """Play the games and print one line per level."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="hard,normal", help="comma-separated levels")
    args = parser.parse_args()
    levels = tuple(part.strip() for part in args.seats.split(","))
    if any(level not in LEVELS for level in levels) or not 2 <= len(levels) <= 8:
        parser.error(f"seats are 2-8 of {', '.join(LEVELS)}, comma-separated")
    races = {level: Race() for level in levels}
    wins = dict.fromkeys(levels, 0.0)
    for number in range(args.games):
        shift = number % len(levels)
        play((*levels[shift:], *levels[:shift]), args.seed + number, races, wins)
    print(f"{args.games} games of {', '.join(levels)}, seeds {args.seed}-{args.seed + args.games - 1}")
    for level, race in races.items():
        turns = race.turns_to_out
        median = statistics.median(turns) if turns else float("nan")
        mean = statistics.fmean(turns) if turns else float("nan")
        print(
            f"{level}: games won {wins[level]:g}; completed first in {race.firsts} rounds, "
            f"another seat completed too in {race.caught}; went out {len(turns)} times, "
            f"turns from lay-down to going out: mean {mean:.2f}, median {median:g}"
        )


if __name__ == "__main__":
    main()
