"""Command line: ``python -m stickgame play`` (you against computers) and ``simulate``.

``play`` prints the seed first (replay a game with ``--seed``). Type ``help`` or ``?`` for
the commands, ``rules`` for a summary of the rules.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from tabletop.console import quiet_broken_pipe, whole_number

from .ai import LEVELS, make_player
from .errors import RuleError
from .events import Event
from .game import Game
from .rules import SCORING, Rules
from .simulate import format_stats, tournament

__all__ = ["build_parser", "main"]

HELP = """\
Commands (cards as 7H, 10C, AS, * for a joker, or 7♥):
  s | stock                 draw the top card of the stock
  d | pile                  draw the top card of the discard pile
  lay 4C 5C * 7C | 9S 9H 9H lay down your stick (melds separated by |; a meld may start
                            with set/run and up/down/a start position for its wilds)
  meld 7H 8H *              lay down another set or run (after completing your stick)
  off 3 8H                  lay 8H off on table meld 3 (after completing your stick)
  take 3:7H / meld 7H 8H *  put 7H in place of the wild in meld 3 and use the wild at once
  x 7H | discard 7H         discard a card (ends your turn)
  hand, table, rules, help, ?, quit"""

RULES = """\
Stick Game: 216 cards (4 decks with jokers); deuces and jokers are wild. Each round you hold
a secret stick naming sets (3+ of a rank) and runs (3+ in sequence, one suit, ace high or
low, no wrap) to lay down in one turn. Draw from the stock or the discard pile, then lay
down your stick (once per round); only after that may you add melds and lay off on any meld.
A wild may be taken by replacing it with the natural card it stands for, if used at once.
You may not discard a wild card or a card that could be laid off on the table. Emptying your
hand ends the round. The first to complete seven sticks wins. Four of the 44 sticks are
Frees: a Free needs no melds and counts as completed as soon as you draw it."""

_VERBS = {
    "s": "S", "stock": "S", "d": "D", "pile": "D", "lay": "L", "l": "L", "meld": "M", "m": "M",
    "off": "O", "o": "O", "take": "W", "w": "W", "x": "X", "discard": "X",
}  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m stickgame``."""
    parser = argparse.ArgumentParser(prog="stickgame", description="Stick Game in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play against computer players")
    play.add_argument("--players", type=int, default=3, help="2-8 players, you included")
    play.add_argument("--level", choices=LEVELS, default="normal")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--scoring", choices=SCORING, default="sticks")
    play.add_argument("--sticks-to-win", type=whole_number(1, 7), default=7)
    sim = commands.add_parser("simulate", help="games between computer players")
    sim.add_argument("--seats", default="hard,normal", help="comma-separated levels, one per seat")
    sim.add_argument("--games", type=int, default=20)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--scoring", choices=SCORING, default="sticks")
    sim.add_argument("--sticks-to-win", type=whole_number(1, 7), default=7)
    return parser


def to_action_text(line: str) -> str:
    """A typed command as action text: ``"lay 4C 5C * 7C"`` -> ``"L 4C 5C * 7C"``."""
    word, _, rest = line.strip().partition(" ")
    code = _VERBS.get(word.lower())
    if code is None:
        raise ValueError(f"unknown command {word!r}; type help")
    if code == "W":
        swaps, _, then = rest.partition("/")
        then_word, _, then_rest = then.strip().partition(" ")
        rest = f"{swaps.strip()} / {_VERBS.get(then_word.lower(), then_word)} {then_rest}"
    return f"{code} {rest}".strip()


def _table(game: Game, seat: int) -> str:
    lines = [f"round {game.round}; stock {game.stock_size}; discard pile top: {game.discard_top}"]
    for other in range(game.players):
        done = ", ".join(str(c.stick) for c in game.completed(other)) or "none"
        who = "you" if other == seat else f"seat {other}"
        lines.append(f"  {who}: {len(game.hand(other))} cards; completed: {done}")
    for index, table_meld in enumerate(game.melds):
        lines.append(f"  meld {index} (seat {table_meld.owner}): {table_meld.meld}")
    return "\n".join(lines)


def _hand(game: Game, seat: int) -> str:
    stick = game.stick(seat)
    return f"your stick: {stick or 'completed'}\nyour hand: " + " ".join(map(str, game.hand(seat)))


def _say(events: Sequence[Event], out: TextIO) -> None:
    for event in events:
        fields = {k: v for k, v in event.to_dict().items() if k != "type"}
        out.write(f"  {type(event).__name__}: {fields}\n")


def play(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    """A game in the terminal: you are seat 0."""
    rules = Rules(scoring=args.scoring, sticks_to_win=args.sticks_to_win)
    game = Game.new(args.players, rules, args.seed)
    out.write(f"Stick Game, seed {game.seed}; you are seat 0. Type help or ? for commands.\n")
    computers = {seat: make_player(args.level, game.seed + seat) for seat in range(1, args.players)}
    _say(game.start_events, out)
    while not game.is_over:
        seat = game.turn
        if seat in computers:
            action = computers[seat].act(game.view(seat))
            out.write(f"seat {seat}: {action.encode()}\n")
            _say(game.apply(seat, action), out)
            continue
        out.write(_hand(game, 0) + "\n")
        try:
            line = read(f"[{game.phase}] > ").strip()
        except EOFError:
            return 0
        if line in ("quit", "exit"):
            return 0
        if line in ("help", "?"):
            out.write(HELP + "\n")
        elif line == "rules":
            out.write(RULES + "\n")
        elif line in ("table", "hand", ""):
            out.write(_table(game, 0) + "\n")
        else:
            try:
                _say(game.apply(0, to_action_text(line)), out)
            except (RuleError, ValueError) as error:
                out.write(f"not allowed: {error}\n")
    out.write(f"game over; totals {game.totals}; winners {game.winners}\n")
    return 0


def main(
    argv: Sequence[str] | None = None, read: Callable[[str], str] = input, out: TextIO | None = None
) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    return quiet_broken_pipe(lambda: _run(args, read, out))


def _run(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        if args.command == "play":
            return play(args, read, out)
        levels = [level.strip() for level in args.seats.split(",") if level.strip()]
        if len(levels) < 2 or any(level not in LEVELS for level in levels):
            raise ValueError(f"--seats needs 2-8 levels out of {', '.join(LEVELS)}")
        rules = Rules(scoring=args.scoring, sticks_to_win=args.sticks_to_win)
        out.write(format_stats(tournament(levels, args.games, rules, args.seed)) + "\n")
        return 0
    except ValueError as error:
        out.write(f"error: {error}\n")
        return 2
