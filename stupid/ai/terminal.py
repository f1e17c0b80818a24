"""A Stupid table in the terminal: one person against computer players.

The person sits at seat 0 and sees exactly their seat's view; computer players get theirs.
Bids are typed as numbers; cards by name (``Q♣``, ``QC``, ``queen of clubs``) or by their
number in the hand. ``help`` (or ``?``) lists the commands, ``rules`` prints the rules, ``quit``
leaves. Bad input is explained and asked again. The seed is printed at the start so a game can
be replayed. Input and output are injectable so tests can drive a whole game with a script.

Every text the person reads is the game's catalog's (``terminal.*`` in ``stupid/catalog``), in
the table's ``language`` (English by default; ``stupid play --language de`` plays in German).
Cards are written in that language (``D♣``) and may be typed in it or in English; the command
words (help, rules, quit) are understood in English and in the table's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stupid.ai.players import LEVELS, ComputerPlayer, make_player
from stupid.ai.terminal_words import TerminalWords, lower_after_colon
from stupid.cards import Card
from stupid.errors import RuleError
from stupid.events import BiddingDone, BidMade, Event, GameOver, RoundScored, RoundStarted, TrickWon
from stupid.game import Game, Phase
from stupid.refusals import rule_text
from stupid.rules import Rules
from stupid.texts import t
from stupid.tricks import trick_winner
from stupid.views import View
from tabletop.catalog import DEFAULT_LANGUAGE, Text
from tabletop.console import HELP_WORDS, QuitGame, read_answer

__all__ = ["LEVEL_WORDS", "QuitGame", "TerminalTable"]

LEVEL_WORDS: dict[str, Text] = {
    "random": t("terminal.level.random"),
    "normal": t("terminal.level.normal"),
    "hard": t("terminal.level.hard"),
}
"""The computer players' levels in the person's words."""


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
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
        self.game = Game.new(players, rules, seed=seed)
        super().__init__(players, language, color)
        self.level = level
        self.read = read
        self.write = write
        base = self.game.seed
        self.computers: dict[int, ComputerPlayer] = {
            seat: make_player(level, base + 101 * seat) for seat in range(1, players)
        }

    # ---------------------------------------------------------------- drawing

    def table_text(self, view: View) -> str:
        """The table as the person sees it: trump, bids, tricks taken, totals, trick, hand."""
        doing = (
            t("terminal.table.bidding")
            if view.phase is Phase.BIDDING
            else t("terminal.table.trick_of", trick=len(view.tricks) + 1, cards=view.hand_size)
        )
        head = t(
            "terminal.table.head",
            round=view.round,
            rounds=view.rounds,
            count=view.hand_size,
            card=self.card_text(view.trump),
            suit=self.suit_name(view.trump.suit),
            doing=doing,
        )
        lines = [self.say(head)]
        for seat in range(view.players):
            bid = view.bids[seat]
            name = self.names[seat] + (self.say(t("terminal.table.dealer")) if seat == view.dealer else "")
            row = t(
                "terminal.table.seat",
                name=f"{name:<16}",
                bid=f"{'-' if bid is None else bid:>2}",
                taken=f"{view.tricks_taken[seat]:>2}",
                total=f"{view.totals[seat]:>4}",
            )
            lines.append(self.say(row))
        if view.last_trick is not None:
            taker = self.names[view.last_trick.winner]
            lines.append(
                self.say(t("terminal.table.last", who=taker, plays=self.plays_text(view.last_trick.plays)))
            )
        if view.phase is Phase.TRICKS:
            if view.trick:
                lines.append(self.say(t("terminal.table.trick", plays=self.plays_text(view.trick))))
                seat, card = view.trick[trick_winner([c for _, c in view.trick], view.trump)]
                taking = (
                    t("terminal.table.taking.you", card=self.card_text(card))
                    if seat == 0
                    else t("terminal.table.taking.named", name=self.names[seat], card=self.card_text(card))
                )
                lines.append(self.say(taking))
            else:
                lines.append(self.say(t("terminal.table.you_lead")))
        lines.append(self.say(t("terminal.your_hand", hand=self.hand_text(view.hand or ()))))
        return "\n".join(lines)

    def help_text(self) -> str:
        """What the person may type at a prompt, and how to deal this game again."""
        return self.say(t("terminal.help", seed=self.game.seed))

    def rules_text(self) -> str:
        """The rules in short, and this game's options."""
        game = self.game
        this_game = t(
            "terminal.this_game", players=game.players, options=self.describe(game.rules, game.players)
        )
        return f"{self.say(t('terminal.rules'))}\n{self.say(this_game)}"

    # ---------------------------------------------------------------- input

    def ask(self, prompt: str) -> str:
        """Read one answer; ``help``/``rules`` are answered here and asked again."""
        while True:
            answer = read_answer(self.read, self.write, prompt)
            lowered = answer.lower()
            if lowered in self.words(t("terminal.word.quit")):
                raise QuitGame
            if lowered in HELP_WORDS | self.words(t("terminal.word.help")):
                self.write(self.help_text())
            elif lowered in self.words(t("terminal.word.rules")):
                self.write(self.rules_text())
            elif not answer:
                self.write(self.say(t("terminal.ask.empty")))
            else:
                return answer

    def not_allowed(self, error: RuleError) -> str:
        """A refusal of the engine as the person reads it: ``Not allowed: ...``."""
        reason = lower_after_colon(self.say(rule_text(error)), self.language)
        return self.say(t("terminal.not_allowed", reason=reason))

    def ask_bid(self) -> int:
        """Ask until the person makes a legal bid."""
        allowed = self.game.legal_bids(0)
        while True:
            answer = self.ask(self.say(t("terminal.ask.bid", bids=", ".join(map(str, allowed)))))
            if not answer.isdigit():
                choice = (
                    t("terminal.ask.only_bid", bid=allowed[0])
                    if len(allowed) == 1
                    else t(
                        "terminal.ask.bid_either", first=", ".join(map(str, allowed[:-1])), last=allowed[-1]
                    )
                )
                self.write(self.say(t("terminal.ask.bid_is_number", choice=choice)))
                continue
            try:
                self.game.bid(0, int(answer))
                return int(answer)
            except RuleError as error:
                self.write(self.not_allowed(error))

    def ask_card(self) -> Card:
        """Ask until the person plays a legal card (by name or number); the card is played."""
        hand = self.game.hand(0)
        while True:
            answer = self.ask(self.say(t("terminal.ask.card")))
            if answer.isdigit():
                number = int(answer)
                if not 1 <= number <= len(hand):
                    self.write(self.say(t("terminal.ask.no_number", number=number, count=len(hand))))
                    continue
                card = hand[number - 1]
            else:
                try:
                    card = self.parse_card(answer)
                except ValueError:
                    self.write(self.say(t("terminal.ask.not_understood", text=repr(answer))))
                    continue
            try:
                events = self.game.play(0, card)
            except RuleError as error:
                self.write(self.not_allowed(error))
                continue
            self.write(self.say(t("terminal.you_play", card=self.card_text(card))))
            self.show(events)
            return card

    # ---------------------------------------------------------------- game loop

    def run(self) -> Game:
        """Play the game to its end (or until the person quits) and return it."""
        game = self.game
        welcome = t(
            "terminal.welcome",
            players=game.players,
            options=self.describe(game.rules, game.players),
            seed=game.seed,
            count=game.players - 1,
            level=LEVEL_WORDS[self.level],
        )
        self.write(self.say(welcome))
        self.show(game.start_events)
        try:
            while not game.is_over:
                seat = game.awaiting[0]
                if seat == 0:
                    self.write(self.table_text(game.view(0)))
                    if game.phase is Phase.BIDDING:
                        number = self.ask_bid()
                        self.write(self.say(t("terminal.you_bid", bid=number)))
                    else:
                        self.ask_card()
                else:
                    view = game.view(seat)
                    action = self.computers[seat].act(view)
                    if action.kind == "play" and action.card is not None:
                        self.write(
                            self.say(
                                t("terminal.plays", name=self.names[seat], card=self.card_text(action.card))
                            )
                        )
                    self.show(game.apply(seat, action))
        except QuitGame:
            self.write(self.bye())
        return game

    def bye(self) -> str:
        """The goodbye when the person leaves, with the seed that deals the game again."""
        return self.say(t("terminal.bye", seed=self.game.seed))

    def show(self, events: Sequence[Event]) -> None:
        """Describe what happened."""
        for event in events:
            if isinstance(event, RoundStarted):
                card, hand = self.card_text(event.trump), event.hand_size
                started = (
                    t("terminal.round_started.you", round=event.round, count=hand, card=card)
                    if event.dealer == 0
                    else t(
                        "terminal.round_started.named",
                        round=event.round,
                        count=hand,
                        card=card,
                        name=self.names[event.dealer],
                    )
                )
                self.write("\n" + self.say(started))
            elif isinstance(event, BidMade) and event.seat != 0:
                self.write(self.say(t("terminal.bids", name=self.names[event.seat], bid=event.bid)))
            elif isinstance(event, BiddingDone):
                bids = ", ".join(f"{self.names[s]} {b}" for s, b in enumerate(event.bids))
                self.write(self.say(t("terminal.bidding_done", bids=bids)))
            elif isinstance(event, TrickWon):
                self.write(self.trick_won(event.trick, event.winner, self.plays_text(event.plays)))
            elif isinstance(event, RoundScored):
                self.write(self.scores_text(event))
            elif isinstance(event, GameOver):
                self.write(self.say(self.game_over(event)))

    def game_over(self, event: GameOver) -> Text:
        """The end of the game: who wins, with how many points."""
        points = max(event.totals)
        if len(event.winners) > 1:
            names = self.names[event.winners[0]]
            for seat in event.winners[1:]:
                names = self.say(t("terminal.and", first=names, last=self.names[seat]))
            return t("terminal.game_over.shared", names=names, points=points)
        if event.winners[0] == 0:
            return t("terminal.game_over.you", points=points)
        return t("terminal.game_over.one", name=self.names[event.winners[0]], points=points)
