"""A Stick Game table in the terminal: one person (seat 0) against computer players.

The person sees exactly their seat's view; computer players get theirs. What happens is told
in words (:mod:`stickgame.terminal_words`); what the person types is read by
:mod:`stickgame.terminal_commands`, cards by name or by their number in the hand, table melds
by their number from 1. When the hand holds a lay-down of the stick it is offered, and
``lay`` alone lays it down. ``help`` (or ``?``) lists the commands, ``rules`` prints the
rules, ``table`` and ``hand`` show them again, ``quit`` (or the end of the input) leaves. Bad
input is explained and asked again. The seed is printed at the start so a game can be
replayed. Input and output are injectable so tests can drive a whole game with a script.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from tabletop.console import HELP_WORDS, QuitGame, read_answer
from tabletop.presentation import render
from tabletop.words import plural

from .ai import LEVELS, Player, make_player
from .cards import Card
from .errors import RuleError
from .events import CardDrawn, Event, GameOver, RoundEnded
from .game import Game
from .presentation import StickGamePresentation
from .rules import Rules
from .suggest import lay_down_suggestion
from .terminal_commands import CommandError, Situation, read_command
from .terminal_words import (
    FREE_STICK,
    event_text,
    hand_text,
    round_text,
    rules_summary,
    standings_text,
    stick_text,
    suggestion_text,
    table_text,
)
from .views import View

__all__ = ["HELP_TEXT", "TerminalTable", "rules_text"]

HELP_TEXT = """\
What you can type (a card as 7H, 10C, AS or 7♥, * for a joker, or its number in your hand):
  draw, s, stock           draw the top card of the stock
  pile, d                  take the top card of the discard pile
  lay                      lay down your stick as offered
  lay 7D 7H * | AD AS AS   lay down your stick your own way: its melds separated by |; a meld
                           may start with set or run, then up, down or 'from 8' (where a
                           run's wild cards go; without it they go up)
  meld 7H 8H *             lay down one more set or run (once your stick is laid down)
  off 3 8H                 lay 8H off on meld #3 of the table (once your stick is laid down)
  take 3 7H / lay          put 7H in place of the wild it stands for in meld #3 and use the
                           wild at once: '/ lay' (your stick as offered), '/ lay MELDS' or
                           '/ meld CARDS'
  x 7H, discard 7H, 7H     discard a card (or type the card alone): your turn is over
  hand, table              your stick and hand; the whole table
  rules                    the rules
  help, ?                  this list
  quit                     leave the game"""

_MARKDOWN = re.compile(r"\*\*|`")


def rules_text(rules: Rules) -> str:
    """The rules in short, as ``/rules`` shows them on Discord, and this game's options."""
    message = StickGamePresentation().rules()
    embed = message.embeds[0]
    lines = [f"{render(embed.title)}: {render(embed.description)}"]
    for field in embed.fields:
        lines += ["", f"{render(field.name)}:", render(field.value)]
    lines += ["", "Free sticks:", FREE_STICK, "", f"This game: {rules_summary(rules)}."]
    return _MARKDOWN.sub("", "\n".join(lines))


class TerminalTable:
    """Runs one game between a person (seat 0) and computer players of one level."""

    def __init__(
        self,
        players: int = 3,
        level: str = "normal",
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.game = Game.new(players, rules, seed)
        self.level = level
        self.read = read
        self.write = write
        base = self.game.seed
        self.computers: dict[int, Player] = {
            seat: make_player(level, base + seat) for seat in range(1, players)
        }
        self.names = ["You"] + [f"CPU {seat}" for seat in range(1, players)]

    # ---------------------------------------------------------------- input

    def help_text(self) -> str:
        """The commands, and how to deal this game again."""
        seed = self.game.seed
        again = f"This game's seed is {seed}: 'python -m stickgame play --seed {seed}' deals it again."
        return f"{HELP_TEXT}\n{again}"

    def ask(self, prompt: str) -> str:
        """Read one command; ``help``, ``rules``, ``table`` and ``hand`` are answered here and
        asked again. :class:`QuitGame` when the person leaves."""
        while True:
            answer = read_answer(self.read, self.write, prompt)
            lowered = answer.lower()
            if lowered in HELP_WORDS:
                self.write(self.help_text())
            elif lowered == "rules":
                self.write(rules_text(self.game.rules))
            elif lowered == "table":
                self.write(table_text(self.game.view(0), self.names))
            elif lowered == "hand":
                self.write(self.hand_status(self.game.view(0)))
            elif not answer:
                self.write("Type a command, or 'help' for what you can type.")
            else:
                return answer

    def prompt(self, view: View) -> str:
        """What the prompt asks for at this step of the person's turn."""
        if view.phase == "draw" and view.discard_top is None:
            return "Your draw ('draw' from the stock; the discard pile is empty): "
        if view.phase == "draw":
            return f"Your draw ('draw' from the stock, or 'pile' for {view.discard_top}): "
        if view.stick is not None:
            return "Your move (lay, take, or x CARD to discard): "
        return "Your move (meld, off, take, or x CARD to discard): "

    # ---------------------------------------------------------------- the person's turn

    def hand_status(self, view: View) -> str:
        """The person's stick, hand and, when the hand holds one, the lay-down offered."""
        hand = view.hand or ()
        lines = [stick_text(view), hand_text(hand)]
        if view.stick is not None and view.phase == "play":
            offer = lay_down_suggestion(hand, view.stick)
            if offer is not None:
                lines.append(suggestion_text(offer))
        return "\n".join(lines)

    def person_step(self) -> None:
        """One action of the person: ask until the engine takes one, then tell what happened."""
        game = self.game
        view = game.view(0)
        if view.phase == "draw":
            self.write(table_text(view, self.names))
        self.write(self.hand_status(view))
        while True:
            answer = self.ask(self.prompt(view))
            situation = Situation(game.hand(0), game.stick(0), game.melds)
            try:
                action = read_command(answer, situation)
            except CommandError as error:
                self.write(str(error))
                continue
            before = game.hand(0)
            try:
                events = game.apply(0, action)
            except RuleError as error:
                self.write(f"Not allowed: {error}.")
                continue
            self.show(events, drawn=_drawn(before, game.hand(0)))
            return

    # ---------------------------------------------------------------- game loop

    def run(self) -> Game:
        """Play the game to its end (or until the person quits) and return it."""
        game = self.game
        self.write(
            f"Stick Game: {game.players} players, {rules_summary(game.rules)}; seed {game.seed}. "
            f"You (seat 0) play against {plural(game.players - 1, 'computer player')} of level {self.level}. "
            "Type 'help' for what you can type, 'rules' for the rules, 'quit' to leave."
        )
        self.show(game.start_events)
        try:
            while not game.is_over:
                seat = game.turn
                if seat == 0:
                    self.person_step()
                else:
                    action = self.computers[seat].act(game.view(seat))
                    self.show(game.apply(seat, action))
        except QuitGame:
            self.write(f"Bye! (seed {game.seed})")
        return game

    def show(self, events: Sequence[Event], drawn: Card | None = None) -> None:
        """Tell what happened; ``drawn``: the card the person drew, if they did."""
        for event in events:
            mine = isinstance(event, CardDrawn) and event.seat == 0
            text = event_text(event, self.names, drawn if mine else None)
            if text is not None:
                self.write(text)
            if isinstance(event, RoundEnded):
                self.write(round_text(event, self.game.public_view(), self.names))
            elif isinstance(event, GameOver):
                self.write(standings_text(event, self.game.public_view(), self.names))


def _drawn(before: Sequence[Card], after: Sequence[Card]) -> Card | None:
    """The one card ``after`` holds more than ``before``, if so."""
    gained = list((Counter(after) - Counter(before)).elements())
    return gained[0] if len(gained) == 1 else None
