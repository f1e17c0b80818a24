"""A Stupid table in the terminal: one person against computer players.

The person sits at seat 0 and sees exactly their seat's view; computer players get theirs.
Bids are typed as numbers; cards by name (``Q♣``, ``QC``, ``queen of clubs``) or by their
number in the hand. ``help`` (or ``?``) lists the commands, ``rules`` prints the rules, ``quit``
leaves. Bad input is explained and asked again. The seed is printed at the start so a game can
be replayed. Input and output are injectable so tests can drive a whole game with a script.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stupid.ai.players import LEVELS, ComputerPlayer, make_player
from stupid.cards import Card, Suit
from stupid.errors import RuleError
from stupid.events import BiddingDone, BidMade, Event, GameOver, RoundScored, RoundStarted, TrickWon
from stupid.game import Game, Phase
from stupid.rules import Rules
from stupid.tricks import trick_winner
from stupid.views import View
from tabletop.console import HELP_WORDS, QuitGame, read_answer
from tabletop.words import either, plural

__all__ = ["RULES_TEXT", "QuitGame", "TerminalTable"]

RULES_TEXT = """\
Stupid, in short:
- Rounds deal 1, 2, ... up to the largest hand and back down to 1 card (13 rounds by default).
  After the deal the next card is turned: its suit is trump for the round.
- Everyone bids the exact number of tricks they will take, starting left of the dealer.
  The dealer bids last and may not bid the number that makes the bids add up to the cards
  in hand (someone must miss).
- Left of the dealer leads. Follow the suit led if you can; otherwise play anything.
  The highest trump takes the trick, else the highest card of the suit led; of equal cards
  (several decks) the first played wins. The taker leads next.
- Exactly your bid: 10 + 5 per trick (a bid of 0 made: 10). Anything else: -10.
- Highest total after the last round wins."""

HELP_TEXT = """\
Commands:
  a number         while bidding: your bid; while playing: the card with that number in your hand
  Q♣, QC, 10H, queen of clubs
                   play that card
  help or ?        this help
  rules            the rules
  quit             leave the game"""

_ANSI = {
    Suit.CLUBS: "\x1b[32m",
    Suit.DIAMONDS: "\x1b[33m",
    Suit.HEARTS: "\x1b[31m",
    Suit.SPADES: "\x1b[34m",
}
_RESET = "\x1b[0m"


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
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.game = Game.new(players, rules, seed=seed)
        self.level = level
        self.read = read
        self.write = write
        self.color = color
        base = self.game.seed
        self.computers: dict[int, ComputerPlayer] = {
            seat: make_player(level, base + 101 * seat) for seat in range(1, players)
        }
        self.names = ["You"] + [f"CPU {seat}" for seat in range(1, players)]

    # ---------------------------------------------------------------- drawing

    def card_text(self, card: Card) -> str:
        """A card as text (``Q♣``), colored by suit on a color terminal."""
        return f"{_ANSI[card.suit]}{card}{_RESET}" if self.color else str(card)

    def name_in_sentence(self, seat: int) -> str:
        """A seat's name inside a sentence: ``you`` for the person, else ``CPU 2``."""
        return "you" if seat == 0 else self.names[seat]

    def plays_text(self, plays: Sequence[tuple[int, Card]]) -> str:
        """A trick's plays as ``name: card`` pairs."""
        return " | ".join(f"{self.names[seat]}: {self.card_text(card)}" for seat, card in plays)

    def hand_text(self, hand: Sequence[Card]) -> str:
        """The hand, numbered from 1."""
        return "   ".join(f"{n}) {self.card_text(card)}" for n, card in enumerate(hand, 1)) or "-"

    def table_text(self, view: View) -> str:
        """The table as the person sees it: trump, bids, tricks taken, totals, trick, hand."""
        trick_no = len(view.tricks) + 1
        doing = "bidding" if view.phase is Phase.BIDDING else f"trick {trick_no} of {view.hand_size}"
        lines = [
            f"-- Round {view.round} of {view.rounds}: {plural(view.hand_size, 'card')}, trump "
            f"{self.card_text(view.trump)} ({view.trump.suit}); {doing} --"
        ]
        for seat in range(view.players):
            bid = view.bids[seat]
            dealer = " (dealer)" if seat == view.dealer else ""
            lines.append(
                f"  {self.names[seat] + dealer:<16} bid {'-' if bid is None else bid:>2}  "
                f"taken {view.tricks_taken[seat]:>2}  total {view.totals[seat]:>4}"
            )
        if view.last_trick is not None:
            taker = self.names[view.last_trick.winner]
            lines.append(f"  Last trick ({taker}): {self.plays_text(view.last_trick.plays)}")
        if view.phase is Phase.TRICKS:
            if view.trick:
                lines.append(f"  This trick: {self.plays_text(view.trick)}")
                seat, card = view.trick[trick_winner([c for _, c in view.trick], view.trump)]
                lines.append(
                    f"  {self.names[seat]} {'are' if seat == 0 else 'is'} taking it "
                    f"with {self.card_text(card)}."
                )
            else:
                lines.append("  This trick: you lead.")
        lines.append("Your hand: " + self.hand_text(view.hand or ()))
        return "\n".join(lines)

    def scores_text(self, scored: RoundScored) -> str:
        """The score table after a round: bid, taken, round score, total."""
        lines = [
            f"== Scores after round {scored.round} ==",
            f"  {'player':<10} {'bid':>3} {'took':>4} {'round':>5} {'total':>6}",
        ]
        for seat in range(len(scored.scores)):
            lines.append(
                f"  {self.names[seat]:<10} {scored.bids[seat]:>3} {scored.taken[seat]:>4} "
                f"{scored.scores[seat]:>+5} {scored.totals[seat]:>6}"
            )
        return "\n".join(lines)

    # ---------------------------------------------------------------- input

    def ask(self, prompt: str) -> str:
        """Read one answer; ``help``/``rules`` are answered here and asked again."""
        while True:
            answer = read_answer(self.read, self.write, prompt)
            lowered = answer.lower()
            if lowered in HELP_WORDS:
                seed = self.game.seed
                again = f"This game's seed is {seed}: 'python -m stupid play --seed {seed}' deals it again."
                self.write(f"{HELP_TEXT}\n{again}")
            elif lowered == "rules":
                self.write(RULES_TEXT)
                self.write(
                    f"This game: {self.game.players} players, {self.game.rules.describe(self.game.players)}."
                )
            elif not answer:
                self.write("Type your answer, or 'help'.")
            else:
                return answer

    def ask_bid(self) -> int:
        """Ask until the person makes a legal bid."""
        allowed = self.game.legal_bids(0)
        while True:
            answer = self.ask(f"Your bid ({', '.join(map(str, allowed))}): ")
            if not answer.isdigit():
                choice = f"only bid {allowed[0]}" if len(allowed) == 1 else f"bid {either(allowed)}"
                self.write(f"A bid is a number of tricks: you can {choice}.")
                continue
            try:
                self.game.bid(0, int(answer))
                return int(answer)
            except RuleError as error:
                self.write(f"Not allowed: {error}")

    def ask_card(self) -> Card:
        """Ask until the person plays a legal card (by name or number); the card is played."""
        hand = self.game.hand(0)
        while True:
            answer = self.ask("Your card: ")
            if answer.isdigit():
                number = int(answer)
                if not 1 <= number <= len(hand):
                    self.write(f"There is no card number {number}: choose 1 to {len(hand)}.")
                    continue
                card = hand[number - 1]
            else:
                try:
                    card = Card.parse(answer)
                except ValueError:
                    self.write(f"I don't understand {answer!r}: type a card like 'Q♣', 'QC' or its number.")
                    continue
            try:
                events = self.game.play(0, card)
            except RuleError as error:
                self.write(f"Not allowed: {error}")
                continue
            self.write(f"You play {self.card_text(card)}")
            self.show(events)
            return card

    # ---------------------------------------------------------------- game loop

    def run(self) -> Game:
        """Play the game to its end (or until the person quits) and return it."""
        game = self.game
        self.write(
            f"Stupid: {game.players} players, {game.rules.describe(game.players)}; seed {game.seed}. "
            f"You (seat 0) play against {plural(game.players - 1, 'computer player')} of level {self.level}. "
            "Type 'help' for what you can type, 'rules' for the rules, 'quit' to leave."
        )
        self.show(game.start_events)
        try:
            while not game.is_over:
                seat = game.awaiting[0]
                if seat == 0:
                    self.write(self.table_text(game.view(0)))
                    if game.phase is Phase.BIDDING:
                        number = self.ask_bid()
                        self.write(f"You bid {number}.")
                    else:
                        self.ask_card()
                else:
                    view = game.view(seat)
                    action = self.computers[seat].act(view)
                    if action.kind == "play" and action.card is not None:
                        self.write(f"{self.names[seat]} plays {self.card_text(action.card)}")
                    self.show(game.apply(seat, action))
        except QuitGame:
            self.write(f"Bye! (seed {game.seed})")
        return game

    def show(self, events: Sequence[Event]) -> None:
        """Describe what happened."""
        for event in events:
            if isinstance(event, RoundStarted):
                self.write(
                    f"\n*** Round {event.round}: {plural(event.hand_size, 'card')} each, "
                    f"{self.name_in_sentence(event.dealer)} dealt; "
                    f"trump card {self.card_text(event.trump)}. ***"
                )
            elif isinstance(event, BidMade) and event.seat != 0:
                self.write(f"{self.names[event.seat]} bids {event.bid}.")
            elif isinstance(event, BiddingDone):
                self.write(f"Bids: {', '.join(f'{self.names[s]} {b}' for s, b in enumerate(event.bids))}.")
            elif isinstance(event, TrickWon):
                verb = "take" if event.winner == 0 else "takes"
                self.write(
                    f"Trick {event.trick}: {self.plays_text(event.plays)}\n"
                    f"  -> {self.names[event.winner]} {verb} it."
                )
            elif isinstance(event, RoundScored):
                self.write(self.scores_text(event))
            elif isinstance(event, GameOver):
                names = " and ".join(self.names[s] for s in event.winners)
                verb = "wins" if len(event.winners) == 1 else "share the win"
                self.write(f"Game over: {names} {verb} with {max(event.totals)} points.")
