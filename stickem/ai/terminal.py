"""A Stick'em table in the terminal: one person against computer players.

The person sits at seat 0 and sees exactly their seat's view; computer players get theirs.
Cards are shown with their color name (and, on a color terminal, in color) and are chosen by
typing the card (``red 7``) or its number in the hand. Bad input is explained and asked again.
Input and output are injectable so tests can drive a whole game with a script.

Every text the person reads is the game's catalog's (``terminal.*`` in ``stickem/catalog``), in
the table's ``language`` (English by default; ``stickem play --language de`` plays in German).
Cards are named in that language ("rot 7") and may be typed in it or in English; the command
words (help, rules, quit) are understood in English and in the table's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stickem.ai.players import DEFAULT_HARD_ITERATIONS, LEVELS, Player, make_player
from stickem.ai.terminal_words import TerminalWords
from stickem.cards import Card, deck_colors, deck_max_value
from stickem.channel_messages import rules_summary
from stickem.errors import RuleError
from stickem.events import (
    Event,
    GameOver,
    MiseryRevealed,
    RoundScored,
    RoundStarted,
    TrickSetAside,
    TrickWon,
)
from stickem.game import Game, Phase
from stickem.refusals import refusal_text
from stickem.rules import Rules
from stickem.summary import INTRO, SECTIONS
from stickem.texts import and_list, t
from stickem.tricks import trick_winner
from stickem.views import View
from tabletop.catalog import DEFAULT_LANGUAGE, Text, render
from tabletop.console import HELP_WORDS, QuitGame, read_answer

RULES_WORDS = frozenset({"rules"})
LEVEL_WORDS: dict[str, Text] = {
    "random": t("terminal.level.random"),
    "normal": t("terminal.level.normal"),
    "hard": t("terminal.level.hard"),
}
"""The computer players' levels in the person's words."""


def players_refusal(rules: Rules, players: int) -> Text:
    """The refusal of a game of ``players`` that ``rules`` do not allow, with the allowed range."""
    low, high = rules.min_players, rules.max_players
    return t("terminal.players", preset=rules.preset, low=low, high=high, players=players)


class TerminalTable(TerminalWords):
    """Runs one game between a person (seat 0) and computer players of one level."""

    def __init__(
        self,
        players: int = 4,
        level: str = "normal",
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        color: bool = True,
        iterations: int | None = None,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        super().__init__(players, language, color)
        self.game = Game.new(players, rules, seed=seed)
        self.level = level
        self.read = read
        self.write = write
        base = self.game.seed
        budget = DEFAULT_HARD_ITERATIONS if iterations is None else iterations
        self.computers: dict[int, Player] = {
            seat: make_player(level, base + 101 * seat, iterations=budget) for seat in range(1, players)
        }

    def table_text(self, view: View) -> str:
        """Return the table as the person sees it: misery cards, trick, last trick, hand."""
        lines = [
            self.say(t("terminal.table.head", round=view.round, rounds=view.rounds, trick=view.trick_number))
        ]
        for seat in range(view.players):
            misery = view.misery_cards[seat]
            shown = self.card_text(misery, 9) if misery is not None else f"{'?':<9}"
            lines.append(
                self.say(
                    t(
                        "terminal.table.seat",
                        name=f"{self.names[seat]:<18}",
                        card=shown,
                        captured=f"{view.captured_counts[seat]:>2}",
                        total=f"{view.totals[seat]:>4}",
                    )
                )
            )
        if view.undealt:
            lines.append(self.say(t("terminal.table.undealt", cards=self.cards_text(view.undealt))))
        if view.last_trick is not None and view.tricks:
            taker = view.last_trick.winner
            who = self.say(t("terminal.table.nobody")) if taker is None else self.names[taker]
            lines.append(
                self.say(t("terminal.table.last", who=who, plays=self.plays_text(view.last_trick.plays)))
            )
        if view.trick:
            lines.append(self.say(t("terminal.table.trick", plays=self.plays_text(view.trick))))
            position = trick_winner([card for _, card in view.trick], view.rules)
            if position is not None:
                seat, card = view.trick[position]
                taking = self.say(
                    t("terminal.table.taking.you")
                    if seat == 0
                    else t("terminal.table.taking.named", name=self.names[seat])
                )
                lead = self.colour_name(view.lead_color) if view.lead_color is not None else "-"
                lines.append(
                    self.say(t("terminal.table.lead", colour=lead, taking=taking, card=self.card_text(card)))
                )
        else:
            lines.append(self.say(t("terminal.table.you_lead")))
        own = view.misery_cards[0] if view.misery_cards[0] is not None else view.misery_pick
        if own is not None:
            colour = self.colour_name(own.color)
            lines.append(self.say(t("terminal.table.your_misery", colour=colour, card=self.card_text(own))))
        lines.append(self.say(t("terminal.your_hand")))
        lines.append(self.hand_text(view.hand or ()))
        return "\n".join(lines)

    def misery_text(self, view: View) -> str:
        """Return what the person sees while picking a misery card: totals and undealt cards."""
        lines = [self.say(t("terminal.misery.head", round=view.round, rounds=view.rounds))]
        for seat in range(view.players):
            lines.append(
                self.say(
                    t("terminal.misery.seat", name=f"{self.names[seat]:<18}", total=f"{view.totals[seat]:>4}")
                )
            )
        if view.undealt:
            lines.append(self.say(t("terminal.table.undealt", cards=self.cards_text(view.undealt))))
        return "\n".join(lines)

    def scores_text(self, scored: RoundScored) -> str:
        """Return the score table after a round: misery card, round score, total, and where
        the round score comes from (see `score_origin`)."""
        lines = [self.say(t("terminal.scores.head", round=scored.round))]
        player, misery = self.say(t("terminal.scores.player")), self.say(t("terminal.scores.misery"))
        round_, total = self.say(t("terminal.scores.round")), self.say(t("terminal.scores.total"))
        source = self.say(t("terminal.scores.from"))
        lines.append(f"  {player:<18} {misery:<10} {round_:>5} {total:>6}   {source}")
        for seat in range(len(scored.scores)):
            card = self.card_name(scored.misery_cards[seat])
            lines.append(
                f"  {self.names[seat]:<18} {card:<10} {scored.scores[seat]:>+5} "
                f"{scored.totals[seat]:>6}   {self.score_origin(scored, seat)}"
            )
        return "\n".join(lines)

    def score_origin(self, scored: RoundScored, seat: int) -> str:
        """Where a seat's round score comes from: ``+9 for 9 other cards taken, -7 for misery cards
        captured (red 3, red 4), -5 for the misery card red 5``; the parts add up to the score.
        A part that costs nothing (a misery 0) says so: ``nothing for the misery card blue 0``."""
        misery = scored.captured_misery[seat]
        others = scored.captured_counts[seat] - len(misery)
        parts = [self.say(t("terminal.scores.others", count=others))]
        if misery:
            cost = sum(card.value for card in misery)
            shown = ", ".join(self.card_text(card) for card in misery)
            parts.append(self.say(t("terminal.scores.captured", cost=self.cost(cost), cards=shown)))
        card = scored.misery_cards[seat]
        parts.append(
            self.say(t("terminal.scores.own", cost=self.cost(card.value), card=self.card_text(card)))
        )
        return ", ".join(parts)

    def help_text(self) -> str:
        """Return what the person may type at a prompt."""
        return self.say(t("terminal.help", seed=self.game.seed))

    def rules_text(self) -> str:
        """Return the rules summary and this game's rule set."""
        language = self.language
        lines = [self.say(t("terminal.rules.title")), render(INTRO, language)]
        for title, text in SECTIONS:
            lines += ["", f"{render(title, language)}: {render(text, language)}"]
        rules = self.game.rules
        lines += [
            "",
            self.say(t("terminal.rules.this_game", preset=rules.preset, summary=rules_summary(rules))),
        ]
        return "\n".join(lines)

    # ---------------------------------------------------------------- input

    def card_hint(self) -> str:
        """Return how to name a card of this game's deck (its colors and highest value)."""
        players = self.game.players
        colors = ", ".join(self.colour_name(color) for color in deck_colors(players))
        top = deck_max_value(players)
        return self.say(t("terminal.card_hint", colours=colors, top=top, example=self.example()))

    def ask_card(self, prompt: str) -> Card:
        """Ask until the person names a card of their hand (by name or number)."""
        hand = sorted(self.game.hand(0))
        while True:
            text = read_answer(self.read, self.write, prompt)
            answer = text.lower()
            if answer in self.words(t("terminal.word.quit")):
                raise QuitGame
            if answer in HELP_WORDS | self.words(t("terminal.word.help")):
                self.write(self.help_text())
                continue
            if answer in RULES_WORDS | self.words(t("terminal.word.rules")):
                self.write(self.rules_text())
                continue
            if not answer:
                self.write(self.say(t("terminal.ask.empty", example=self.example())))
                continue
            if answer.isdigit():
                number = int(answer)
                if 1 <= number <= len(hand):
                    return hand[number - 1]
                self.write(self.say(t("terminal.ask.no_number", number=number, count=len(hand))))
                continue
            try:
                card = self.parse_card(answer)
            except ValueError:
                self.write(self.say(t("terminal.ask.not_understood", text=repr(text), hint=self.card_hint())))
                continue
            if card not in hand:
                self.write(self.say(t("terminal.ask.not_in_hand", card=self.card_name(card))))
                continue
            return card

    # ---------------------------------------------------------------- game loop

    def run(self) -> Game:
        """Play the game to its end (or until the person quits) and return it."""
        game = self.game
        self.write(
            self.say(
                t(
                    "terminal.welcome",
                    players=game.players,
                    preset=game.rules.preset,
                    rounds=t("summary.rounds", count=game.rounds),
                    computers=game.players - 1,
                    level=LEVEL_WORDS[self.level],
                    seed=game.seed,
                )
            )
        )
        self.show(game.start_events)
        try:
            while game.phase is not Phase.GAME_OVER:
                if game.phase is Phase.MISERY:
                    self.misery_turn()
                else:
                    self.trick_turn()
        except QuitGame:
            self.write(self.bye())
        return game

    def bye(self) -> str:
        """The goodbye when the person leaves, with the seed that deals the game again."""
        return self.say(t("terminal.bye", seed=self.game.seed))

    def misery_turn(self) -> None:
        """Let every seat that has not picked pick its misery card (the person first)."""
        game = self.game
        awaiting = game.awaiting
        if 0 in awaiting:
            view = game.view(0)
            self.write(self.misery_text(view))
            self.write(self.say(t("terminal.your_hand")))
            self.write(self.hand_text(view.hand or ()))
            card = self.ask_card(self.say(t("terminal.ask.misery")))
            self.show(self.apply(lambda: game.choose_misery(0, card)))
        for seat in awaiting:
            if seat != 0:
                pick = self.computers[seat].choose_misery(game.view(seat))
                self.show(game.choose_misery(seat, pick))

    def trick_turn(self) -> None:
        """Play the next card of the current trick."""
        game = self.game
        seat = game.awaiting[0]
        if seat == 0:
            self.write(self.table_text(game.view(0)))
            card = self.ask_card(self.say(t("terminal.ask.card")))
            self.show(self.apply(lambda: game.play(0, card)))
            return
        card = self.computers[seat].play(game.view(seat))
        self.write(self.say(t("terminal.plays", name=self.names[seat], card=self.card_text(card))))
        self.show(game.play(seat, card))

    def apply(self, action: Callable[[], list[Event]]) -> list[Event]:
        """Apply the person's action; a rule error is shown and nothing happens."""
        try:
            return action()
        except RuleError as error:
            self.write(self.say(t("terminal.not_allowed", reason=refusal_text(error))))
            return []

    def show(self, events: Sequence[Event]) -> None:
        """Describe what happened."""
        for event in events:
            if isinstance(event, RoundStarted):
                number, leader = event.round, event.leader
                started = (
                    t("terminal.round_started.you", round=number)
                    if leader == 0
                    else t("terminal.round_started.named", round=number, name=self.names[leader])
                )
                self.write("\n" + self.say(started))
            elif isinstance(event, MiseryRevealed):
                shown = ", ".join(f"{self.names[s]}: {self.card_text(c)}" for s, c in enumerate(event.cards))
                self.write(self.say(t("terminal.misery_cards", cards=shown)))
            elif isinstance(event, TrickWon):
                self.write(self.trick_won(event.trick, event.winner, self.plays_text(event.plays)))
            elif isinstance(event, TrickSetAside):
                self.write(
                    self.say(t("terminal.trick_aside", trick=event.trick, plays=self.plays_text(event.plays)))
                )
            elif isinstance(event, RoundScored):
                self.write(self.scores_text(event))
            elif isinstance(event, GameOver):
                self.write(self.game_over(event))

    def game_over(self, event: GameOver) -> str:
        """Who won, with how many points."""
        points = max(event.totals)
        if event.winners == (0,):
            return self.say(t("terminal.game_over.you", points=points))
        if len(event.winners) == 1:
            return self.say(t("terminal.game_over.one", name=self.names[event.winners[0]], points=points))
        names = and_list([self.names[seat] for seat in event.winners])
        return self.say(t("terminal.game_over.shared", names=names, points=points))
