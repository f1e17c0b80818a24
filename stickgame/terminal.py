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

from tabletop.catalog import DEFAULT_LANGUAGE, Text, render
from tabletop.console import HELP_WORDS, ConsoleWords, QuitGame, read_answer

from .ai import LEVELS, Player, make_player
from .cards import Card
from .errors import RuleError
from .events import CardDrawn, Event, GameOver, RoundEnded
from .game import Game
from .present_text import card_name
from .presentation import StickGamePresentation
from .refusals import rule_refusal
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
from .texts import CATALOG, t
from .views import View

__all__ = ["LEVEL_WORDS", "TerminalTable", "rules_text"]

_MARKDOWN = re.compile(r"\*\*|`")

LEVEL_WORDS: dict[str, Text] = {
    "random": t("terminal.level.random"),
    "normal": t("terminal.level.normal"),
    "hard": t("terminal.level.hard"),
}
"""The computer players' levels in the person's words."""


def rules_text(rules: Rules, language: str = DEFAULT_LANGUAGE) -> str:
    """The rules in short, as ``/rules`` shows them on Discord, and this game's options."""
    message = StickGamePresentation().rules()
    embed = message.embeds[0]
    lines = [f"{render(embed.title, language)}: {render(embed.description, language)}"]
    for field in embed.fields:
        lines += ["", f"{render(field.name, language)}:", render(field.value, language)]
    free = render(FREE_STICK, language)
    this_game = render(t("terminal.this_game", summary=rules_summary(rules)), language)
    lines += ["", render(t("terminal.free_sticks"), language), free, "", this_game]
    return _MARKDOWN.sub("", "\n".join(lines))


class TerminalTable(ConsoleWords):
    """Runs one game between a person (seat 0) and computer players of one level, in the
    words of the game's catalog (see :class:`~tabletop.console.ConsoleWords`: the seats' names,
    a text in the table's language, a command word as the person may type it)."""

    def __init__(
        self,
        players: int = 3,
        level: str = "normal",
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.game = Game.new(players, rules, seed)
        super().__init__(CATALOG, players, language, color=False)
        self.level = level
        self.read = read
        self.write = write
        base = self.game.seed
        self.computers: dict[int, Player] = {
            seat: make_player(level, base + seat) for seat in range(1, players)
        }

    # ---------------------------------------------------------------- input

    def help_text(self) -> str:
        """The commands, and how to deal this game again."""
        return self.say(t("terminal.help", seed=self.game.seed))

    def ask(self, prompt: str) -> str:
        """Read one command; ``help``, ``rules``, ``table`` and ``hand`` are answered here and
        asked again. :class:`QuitGame` when the person leaves."""
        while True:
            answer = read_answer(self.read, self.write, prompt)
            lowered = answer.lower()
            if lowered in self.words(t("terminal.word.quit")):
                raise QuitGame
            if lowered in HELP_WORDS | self.words(t("terminal.word.help")):
                self.write(self.help_text())
            elif lowered in self.words(t("terminal.word.rules")):
                self.write(rules_text(self.game.rules, self.language))
            elif lowered in self.words(t("terminal.word.table")):
                self.write(table_text(self.game.view(0), self.names, self.language))
            elif lowered in self.words(t("terminal.word.hand")):
                self.write(self.hand_status(self.game.view(0)))
            elif not answer:
                self.write(self.say(t("terminal.ask.empty")))
            else:
                return answer

    def prompt(self, view: View) -> str:
        """What the prompt asks for at this step of the person's turn."""
        if view.phase == "draw" and view.discard_top is None:
            return self.say(t("terminal.ask.draw_empty"))
        if view.phase == "draw":
            return self.say(t("terminal.ask.draw", card=card_name(view.discard_top)))
        if view.stick is not None:
            return self.say(t("terminal.ask.move"))
        return self.say(t("terminal.ask.move_laid"))

    # ---------------------------------------------------------------- the person's turn

    def hand_status(self, view: View) -> str:
        """The person's stick, hand and, when the hand holds one, the lay-down offered."""
        hand = view.hand or ()
        lines = [stick_text(view, self.language), hand_text(hand, self.language)]
        if view.stick is not None and view.phase == "play":
            offer = lay_down_suggestion(hand, view.stick)
            if offer is not None:
                lines.append(suggestion_text(offer, self.language))
        return "\n".join(lines)

    def person_step(self) -> None:
        """One action of the person: ask until the engine takes one, then tell what happened."""
        game = self.game
        view = game.view(0)
        if view.phase == "draw":
            self.write(table_text(view, self.names, self.language))
        self.write(self.hand_status(view))
        while True:
            answer = self.ask(self.prompt(view))
            situation = Situation(game.hand(0), game.stick(0), game.melds, self.language)
            try:
                action = read_command(answer, situation)
            except CommandError as error:
                self.write(self.say(error.text))
                continue
            before = game.hand(0)
            try:
                events = game.apply(0, action)
            except RuleError as error:
                self.write(self.say(t("terminal.not_allowed", reason=rule_refusal(error))))
                continue
            self.show(events, drawn=_drawn(before, game.hand(0)))
            return

    # ---------------------------------------------------------------- game loop

    def run(self) -> Game:
        """Play the game to its end (or until the person quits) and return it."""
        game = self.game
        welcome = t(
            "terminal.welcome",
            players=game.players,
            summary=rules_summary(game.rules),
            seed=game.seed,
            count=game.players - 1,
            level=LEVEL_WORDS[self.level],
        )
        self.write(self.say(welcome))
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
            self.write(self.bye())
        return game

    def bye(self) -> str:
        """The goodbye when the person leaves, with the seed that deals the game again."""
        return self.say(t("terminal.bye", seed=self.game.seed))

    def show(self, events: Sequence[Event], drawn: Card | None = None) -> None:
        """Tell what happened; ``drawn``: the card the person drew, if they did."""
        for event in events:
            mine = isinstance(event, CardDrawn) and event.seat == 0
            text = event_text(event, self.names, drawn if mine else None, self.language)
            if text is not None:
                self.write(text)
            if isinstance(event, RoundEnded):
                self.write(round_text(event, self.game.public_view(), self.names, self.language))
            elif isinstance(event, GameOver):
                self.write(standings_text(event, self.game.public_view(), self.names, self.language))


def _drawn(before: Sequence[Card], after: Sequence[Card]) -> Card | None:
    """The one card ``after`` holds more than ``before``, if so."""
    gained = list((Counter(after) - Counter(before)).elements())
    return gained[0] if len(gained) == 1 else None
