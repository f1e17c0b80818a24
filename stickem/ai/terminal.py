"""A Stick'em table in the terminal: one person against computer players.

The person sits at seat 0 and sees exactly their seat's view; computer players get theirs.
Cards are shown with their color name (and, on a color terminal, in color) and are chosen by
typing the card (``red 7``) or its number in the hand. Bad input is explained and asked again.
Input and output are injectable so tests can drive a whole game with a script.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stickem.ai.players import DEFAULT_HARD_ITERATIONS, LEVELS, Player, make_player
from stickem.cards import Card, Color, deck_colors, deck_max_value
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
from stickem.rules import Rules
from stickem.summary import INTRO, SECTIONS
from stickem.tricks import trick_winner
from stickem.views import View
from tabletop.console import HELP_WORDS, QuitGame, read_answer
from tabletop.words import plural

RULES_WORDS = frozenset({"rules"})

_ANSI = {
    Color.GREEN: "\x1b[32m",
    Color.BROWN: "\x1b[38;5;130m",
    Color.RED: "\x1b[31m",
    Color.BLUE: "\x1b[34m",
    Color.YELLOW: "\x1b[93m",
    Color.VIOLET: "\x1b[35m",
}
_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"


def _cost(points: int) -> str:
    """Points lost in a score's origin: ``-5``, or ``nothing`` for 0 (never ``-0``)."""
    return f"-{points}" if points else "nothing"


class TerminalTable:
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
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.game = Game.new(players, rules, seed=seed)
        self.level = level
        self.read = read
        self.write = write
        self.color = color
        base = self.game.seed
        budget = DEFAULT_HARD_ITERATIONS if iterations is None else iterations
        self.computers: dict[int, Player] = {
            seat: make_player(level, base + 101 * seat, iterations=budget)
            for seat in range(1, players)
        }
        self.names = ["You"] + [f"CPU {seat}" for seat in range(1, players)]

    # ---------------------------------------------------------------- drawing

    def card_text(self, card: Card, width: int = 0) -> str:
        """Return a card as text, colored on a color terminal: ``red 7``.

        ``width`` pads the plain text first, so columns line up whatever the color codes.
        """
        text = f"{card!s:<{width}}"
        if not self.color:
            return text
        return f"{_ANSI[card.color]}{text}{_RESET}"

    def cards_text(self, cards: Sequence[Card]) -> str:
        """Return several cards separated by commas (``-`` if none)."""
        return ", ".join(self.card_text(c) for c in cards) or "-"

    @staticmethod
    def verb(seat: int, third_person: str, you: str) -> str:
        """The verb form for a seat: "You take", "CPU 1 takes" (seat 0 is the person)."""
        return you if seat == 0 else third_person

    def plays_text(self, plays: Sequence[tuple[int, Card]]) -> str:
        """Return a trick's plays as ``name: card`` pairs."""
        return " | ".join(f"{self.names[seat]}: {self.card_text(card)}" for seat, card in plays)

    def hand_text(self, hand: Sequence[Card]) -> str:
        """Return the hand, numbered from 1, grouped by color."""
        lines = []
        number = 1
        for color in Color:
            cards = [c for c in hand if c.color is color]
            if not cards:
                continue
            items = []
            for card in cards:
                items.append(f"{number:>2}) {self.card_text(card)}")
                number += 1
            lines.append("   ".join(items))
        return "\n".join(lines)

    def table_text(self, view: View) -> str:
        """Return the table as the person sees it: misery cards, trick, last trick, hand."""
        lines = [
            f"-- Round {view.round} of {view.rounds}, trick {view.trick_number} of 14 --",
        ]
        for seat in range(view.players):
            misery = view.misery_cards[seat]
            shown = self.card_text(misery, 9) if misery is not None else f"{'?':<9}"
            lines.append(
                f"  {self.names[seat]:<18} misery {shown}  captured "
                f"{view.captured_counts[seat]:>2}  total {view.totals[seat]:>4}"
            )
        if view.undealt:
            lines.append(f"  Undealt: {self.cards_text(view.undealt)}")
        if view.last_trick is not None and view.tricks:
            taker = view.last_trick.winner
            who = "nobody (set aside)" if taker is None else self.names[taker]
            lines.append(f"  Last trick ({who}): {self.plays_text(view.last_trick.plays)}")
        if view.trick:
            lines.append(f"  This trick: {self.plays_text(view.trick)}")
            position = trick_winner([card for _, card in view.trick], view.rules)
            if position is not None:
                seat, card = view.trick[position]
                taking = f"{self.names[seat]} {self.verb(seat, 'is', 'are')} taking it"
                lines.append(f"  Lead color {view.lead_color}; {taking} with {self.card_text(card)}.")
        else:
            lines.append("  This trick: you lead.")
        own = view.misery_cards[0] if view.misery_cards[0] is not None else view.misery_pick
        if own is not None:
            lines.append(
                f"  Your misery color is {own.color} (card {self.card_text(own)}): "
                f"avoid taking {own.color} cards."
            )
        lines.append("Your hand:")
        lines.append(self.hand_text(view.hand or ()))
        return "\n".join(lines)

    def misery_text(self, view: View) -> str:
        """Return what the person sees while picking a misery card: totals and undealt cards."""
        lines = [f"-- Round {view.round} of {view.rounds}: misery pick --"]
        for seat in range(view.players):
            lines.append(f"  {self.names[seat]:<18} total {view.totals[seat]:>4}")
        if view.undealt:
            lines.append(f"  Undealt: {self.cards_text(view.undealt)}")
        return "\n".join(lines)

    def scores_text(self, scored: RoundScored) -> str:
        """Return the score table after a round: misery card, round score, total, and where
        the round score comes from (see `score_origin`)."""
        lines = [f"== Scores after round {scored.round} =="]
        lines.append(f"  {'player':<18} {'misery':<10} {'round':>5} {'total':>6}   from")
        for seat in range(len(scored.scores)):
            card = scored.misery_cards[seat]
            lines.append(
                f"  {self.names[seat]:<18} {card!s:<10} {scored.scores[seat]:>+5} "
                f"{scored.totals[seat]:>6}   {self.score_origin(scored, seat)}"
            )
        return "\n".join(lines)

    def score_origin(self, scored: RoundScored, seat: int) -> str:
        """Where a seat's round score comes from: ``+9 for 9 other cards taken, -7 for misery cards
        captured (red 3, red 4), -5 for the misery card red 5``; the parts add up to the score.
        A part that costs nothing (a misery 0) says so: ``nothing for the misery card blue 0``."""
        misery = scored.captured_misery[seat]
        others = scored.captured_counts[seat] - len(misery)
        parts = [f"+{others} for {plural(others, 'other card')} taken"]
        if misery:
            cost = sum(card.value for card in misery)
            shown = ", ".join(self.card_text(card) for card in misery)
            parts.append(f"{_cost(cost)} for misery cards captured ({shown})")
        card = scored.misery_cards[seat]
        parts.append(f"{_cost(card.value)} for the misery card {self.card_text(card)}")
        return ", ".join(parts)

    def help_text(self) -> str:
        """Return what the person may type at a prompt."""
        return "\n".join(
            [
                "What you can type:",
                "  red 7        a card by its color and value",
                "  3            a card by its number in your hand (as listed)",
                "  rules        the rules in a minute",
                "  help, ?      this list",
                "  quit         leave the game",
                f"This game's seed is {self.game.seed}: 'python -m stickem play --seed {self.game.seed}' "
                "deals it again.",
            ]
        )

    def rules_text(self) -> str:
        """Return the rules summary and this game's rule set."""
        lines = ["Stick'em: the rules in a minute", str(INTRO)]
        for title, text in SECTIONS:
            lines += ["", f"{title}: {text}"]
        lines += ["", f"This game: {self.game.rules.describe()}."]
        return "\n".join(lines)

    # ---------------------------------------------------------------- input

    def card_hint(self) -> str:
        """Return how to name a card of this game's deck (its colors and highest value)."""
        players = self.game.players
        colors = ", ".join(str(color) for color in deck_colors(players))
        top = deck_max_value(players)
        return (
            f"type a color ({colors}) and a value 0-{top}, like 'red 7', "
            "or the card's number in your hand"
        )

    def ask_card(self, prompt: str) -> Card:
        """Ask until the person names a card of their hand (by name or number)."""
        hand = sorted(self.game.hand(0))
        while True:
            text = read_answer(self.read, self.write, prompt)
            answer = text.lower()
            if answer in HELP_WORDS:
                self.write(self.help_text())
                continue
            if answer in RULES_WORDS:
                self.write(self.rules_text())
                continue
            if not answer:
                self.write("Type a card such as 'red 7', or its number in your hand ('help' lists more).")
                continue
            if answer.isdigit():
                number = int(answer)
                if 1 <= number <= len(hand):
                    return hand[number - 1]
                self.write(f"There is no card number {number}: choose 1 to {len(hand)}.")
                continue
            try:
                card = Card.parse(answer)
            except ValueError:
                self.write(f"I don't understand {text!r}: {self.card_hint()}.")
                continue
            if card not in hand:
                self.write(f"{card} is not in your hand.")
                continue
            return card

    # ---------------------------------------------------------------- game loop

    def run(self) -> Game:
        """Play the game to its end (or until the person quits) and return it."""
        game = self.game
        self.write(
            f"Stick'em: {game.players} players, {game.rules.preset} rules, {game.rounds} rounds. "
            f"You (seat 0) play against {game.players - 1} computer players of level "
            f"{self.level}. Seed {game.seed} (replay this deal with --seed {game.seed}). "
            "Type 'help' for what you can type, 'rules' for the rules, 'quit' to leave."
        )
        self.show(game.start_events)
        try:
            while game.phase is not Phase.GAME_OVER:
                if game.phase is Phase.MISERY:
                    self.misery_turn()
                else:
                    self.trick_turn()
        except QuitGame:
            self.write(f"Bye! (seed {game.seed})")
        return game

    def misery_turn(self) -> None:
        """Let every seat that has not picked pick its misery card (the person first)."""
        game = self.game
        awaiting = game.awaiting
        if 0 in awaiting:
            view = game.view(0)
            self.write(self.misery_text(view))
            self.write("Your hand:")
            self.write(self.hand_text(view.hand or ()))
            card = self.ask_card("Your misery card (its color is your misery color): ")
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
            card = self.ask_card("Your card: ")
            self.show(self.apply(lambda: game.play(0, card)))
            return
        card = self.computers[seat].play(game.view(seat))
        self.write(f"{self.names[seat]} plays {self.card_text(card)}")
        self.show(game.play(seat, card))

    def apply(self, action: Callable[[], list[Event]]) -> list[Event]:
        """Apply the person's action; a rule error is shown and nothing happens."""
        try:
            return action()
        except RuleError as error:
            self.write(f"Not allowed: {error}")
            return []

    def show(self, events: Sequence[Event]) -> None:
        """Describe what happened."""
        for event in events:
            if isinstance(event, RoundStarted):
                self.write(
                    f"\n*** Round {event.round}: {self.names[event.leader]} "
                    f"{self.verb(event.leader, 'leads', 'lead')} the first trick. Pick your misery card. ***"
                )
            elif isinstance(event, MiseryRevealed):
                shown = ", ".join(
                    f"{self.names[s]}: {self.card_text(c)}" for s, c in enumerate(event.cards)
                )
                self.write(f"Misery cards: {shown}")
            elif isinstance(event, TrickWon):
                self.write(
                    f"Trick {event.trick}: {self.plays_text(event.plays)}\n"
                    f"  -> {self.names[event.winner]} {self.verb(event.winner, 'takes', 'take')} the trick."
                )
            elif isinstance(event, TrickSetAside):
                self.write(
                    f"Trick {event.trick}: {self.plays_text(event.plays)}\n"
                    "  -> only zeros: the trick is set aside."
                )
            elif isinstance(event, RoundScored):
                self.write(self.scores_text(event))
            elif isinstance(event, GameOver):
                names = " and ".join(self.names[s] for s in event.winners)
                verb = "wins" if len(event.winners) == 1 else "share the win"
                self.write(f"Game over: {names} {verb} with {max(event.totals)} points.")
