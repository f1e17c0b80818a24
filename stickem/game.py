"""The game state machine: deal, misery choice, tricks, scoring, next round, game over.

A ``Game`` is fully determined by its player count, its rules, its seed and its action log:
the deal of round ``r`` comes from SHAKE-256 of ``"stickem:<seed>:<r>"`` (see ``_deal``),
so replaying the same actions on a new game gives the same game (``Game.from_json``).

Decisions this module takes where RULES.md is silent (see also the docstrings below):

- ``Game.new`` deals round 1 at once; the game starts in the misery choice. ``seed=None``
  draws a random 63-bit seed, kept in ``game.seed`` (and in the saved game).
- After a round is scored the next round is dealt in the same call: the events end with
  ``TrickWon, RoundScored, RoundStarted`` (or ``..., RoundScored, GameOver`` after the last).
- ``dealer`` is the seat that leads the round's first trick, under both ``first_lead`` options.
  Round 1's dealer is drawn from the seed; ``rotate`` then moves it one seat clockwise a round.
- A misery pick leaves the hand at once and is final. While picks are secret every view shows
  ``misery_cards`` as all None, even for seats that have picked (``picked`` tells who has);
  the owner sees its own pick as ``misery_pick``.
- The 7-player undealt cards are public from the deal (``undealt``, ``RoundStarted.undealt``).
- ``all_zero="nobody"``: the set-aside cards are kept apart (``game.set_aside``), score for
  nobody, and the same leader leads the next trick (``TrickSetAside``).
- At the end of the game the last round's state stays visible: empty hands, revealed misery
  cards, its tricks; ``round`` is the last round and ``awaiting`` is ().
- A rejected action is checked in this order: game over, seat, round (``round=`` keyword),
  phase, turn or earlier pick, card; the first failing check names the error.
- Card text is accepted wherever a card is: ``game.play(2, "red 7")``.
- Equal events are shared: ``CardPlayed`` and ``MiseryChosen`` events are built once per
  process and reused (they are immutable), which keeps a played card cheap.
"""

from __future__ import annotations

import hashlib
import secrets
import sys
from array import array
from operator import attrgetter
from typing import Final

from .actions import Action
from .cards import Card, deck
from .errors import (
    AlreadyChosen,
    CardNotInHand,
    GameIsOver,
    InvalidSeat,
    NotYourTurn,
    RoundOver,
    RuleError,
    WrongPhase,
)
from .events import (
    CardPlayed,
    Event,
    GameOver,
    MiseryChosen,
    MiseryRevealed,
    RoundScored,
    RoundStarted,
    TrickSetAside,
    TrickWon,
)
from .persist import dumps, loads
from .phase import Phase
from .rules import Rules
from .scoring import lowest_score_dealer, round_score
from .scoring import winners as winning_seats
from .tricks import trick_winner
from .views import CompletedTrick, View

__all__ = ["HAND_SIZE", "TRICKS_PER_ROUND", "Game", "Phase"]

HAND_SIZE: Final = 15
TRICKS_PER_ROUND: Final = HAND_SIZE - 1
_PLAY_FLAG: Final = 0x80  # marks a play in the action log; card indexes are < 0x80
# The action log is an array of 16-bit codes: seat << 8 | card index (| _PLAY_FLAG for a play).
_BY_INDEX = attrgetter("index")


_MISERY: Final = Phase.MISERY
_TRICKS: Final = Phase.TRICKS
_OVER: Final = Phase.GAME_OVER


# Events are immutable, so equal ones are shared: a CardPlayed for each (trick, seat, card)
# and a MiseryChosen for each seat are built once per process, then reused by every game.
_MISERY_CHOSEN: Final = tuple(MiseryChosen(seat) for seat in range(8))
_PLAYED: Final[list[CardPlayed | None]] = [None] * (16 << 11)


def _card_played(key: int, seat: int, card: Card, trick: int) -> CardPlayed:
    event = _PLAYED[key] = CardPlayed(seat, card, trick)
    return event


def _random_seed() -> int:
    return secrets.randbits(63)


def _random_keys(seed: int, round_no: int, count: int) -> list[int]:
    """``count`` random 64-bit ints for the deal of ``round_no``, a pure function of the seed.

    SHAKE-256 of ``"stickem:<seed>:<round>"``: stable across Python versions and platforms.
    """
    stream = hashlib.shake_256(f"stickem:{seed}:{round_no}".encode()).digest(8 * count)
    if sys.byteorder == "little":
        return memoryview(stream).cast("Q").tolist()
    return [int.from_bytes(stream[i : i + 8], "little") for i in range(0, 8 * count, 8)]


_ALONE: Final = tuple((seat,) for seat in range(8))
_BIT: Final = tuple(1 << index for index in range(128))  # hand bitmask bit of each card index
_DECK_BITS: Final = {n: tuple(_BIT[card.index] for card in deck(n)) for n in range(3, 8)}
_NEXT: Final = {n: tuple((seat + 1) % n for seat in range(n)) for n in range(3, 8)}
_ORDERS: Final = {
    n: tuple(tuple((leader + i) % n for i in range(n)) for leader in range(n)) for n in range(3, 8)
}


class Game:
    """One game of Stick'em for 3-7 seats (0-based, clockwise).

    Create it with ``Game.new(players, rules, seed)``; drive it with ``choose_misery`` and
    ``play`` (or ``apply``), each returning the events it caused; look at it through
    ``view(seat)``. Illegal actions raise a ``RuleError`` and change nothing.
    """

    __slots__ = (
        "_captured",
        "_dealer",
        "_hands",
        "_leader",
        "_log",
        "_masks",
        "_misery",
        "_next",
        "_orders",
        "_phase",
        "_players",
        "_round",
        "_round_scores",
        "_rounds",
        "_rules",
        "_seed",
        "_set_aside",
        "_start_events",
        "_swallowed",
        "_totals",
        "_trick",
        "_trick_no",
        "_tricks",
        "_turn",
        "_undealt",
        "_unpicked",
        "_views",
        "_views_at",
        "_winners",
    )

    _players: int
    _rules: Rules
    _seed: int
    _rounds: int
    _next: tuple[int, ...]
    _orders: tuple[tuple[int, ...], ...]
    _round: int
    _phase: Phase
    _dealer: int
    _leader: int
    _turn: int
    _trick_no: int
    _hands: list[list[Card]]
    _masks: list[int]
    _misery: list[Card | None]
    _unpicked: int
    _undealt: tuple[Card, ...]
    _trick: list[Card]
    _captured: list[list[Card]]
    _set_aside: list[Card]
    _tricks: list[CompletedTrick]
    _totals: list[int]
    _round_scores: list[tuple[int, ...]]
    _swallowed: list[int]
    _winners: tuple[int, ...]
    _log: array[int]
    _start_events: tuple[Event, ...]
    _views: dict[int | None, View]
    _views_at: int

    def __init__(self, players: int, rules: Rules | None = None, seed: int | None = None) -> None:
        """Same as ``Game.new``."""
        if rules is None:
            rules = Rules.preset("classic")
        elif not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if type(players) is not int or not rules.allows(players):
            raise ValueError(
                f"the {rules.preset} rules are for {rules.min_players}-{rules.max_players} players, "
                f"not {players!r}"
            )
        if seed is None:
            seed = _random_seed()
        elif type(seed) is not int:
            raise ValueError(f"seed must be a whole number or None, not {seed!r}")
        self._players = players
        self._rules = rules
        self._seed = seed
        self._rounds = rules.rounds_for(players)
        self._next = _NEXT[players]
        self._orders = _ORDERS[players]
        self._totals = [0] * players
        self._round_scores = []
        self._swallowed = [0] * players
        self._winners = ()
        self._log = array("H")
        self._views_at = -1
        self._dealer = 0
        self._start_events = (self._deal(1),)

    @classmethod
    def new(cls, players: int, rules: Rules | None = None, seed: int | None = None) -> Game:
        """A new game of ``players`` seats under ``rules`` (default: classic), round 1 dealt.

        ``seed`` (any int) fixes every deal; None draws a random seed, kept in ``game.seed``.
        Raises ValueError if the rules do not allow that many players.
        """
        return cls(players, rules, seed)

    # ----------------------------------------------------------------- dealing and scoring

    def _deal(self, round_no: int) -> RoundStarted:
        players = self._players
        cards = deck(players)
        size = len(cards)
        keys = _random_keys(self._seed, round_no, size + 1)
        if round_no == 1:
            self._dealer = keys[size] % players
        # Sorting positions by random keys is a uniformly random permutation (the 64-bit keys
        # are distinct but for a 1-in-10^15 chance, when the earlier position goes first).
        order = sorted(range(size), key=keys.__getitem__)
        # The deck is sorted, so sorting a block of positions sorts the hand.
        blocks = [
            sorted(order[start : start + HAND_SIZE])
            for start in range(0, players * HAND_SIZE, HAND_SIZE)
        ]
        self._hands = [[cards[i] for i in block] for block in blocks]
        bits = _DECK_BITS[players]
        self._masks = [sum([bits[i] for i in block]) for block in blocks]
        self._undealt = tuple([cards[i] for i in sorted(order[players * HAND_SIZE :])])
        self._misery = [None] * players
        self._unpicked = players
        self._captured = [[] for _ in range(players)]
        self._set_aside = []
        self._trick = []
        self._tricks = []
        self._round = round_no
        self._phase = _MISERY
        self._trick_no = 0
        self._leader = self._dealer
        self._turn = -1
        return RoundStarted(round_no, self._dealer, self._dealer, self._undealt)

    def _next_dealer(self, scores: tuple[int, ...]) -> int:
        """RULES section 5: the next seat clockwise (rotate) or ``lowest_score_dealer``."""
        if self._rules.first_lead == "rotate":
            return self._next[self._dealer]
        return lowest_score_dealer(self._totals, scores, self._dealer)

    def _end_round(self) -> list[Event]:
        misery = tuple(self._misery)
        captured = self._captured
        scores = tuple(map(round_score, misery, captured))  # type: ignore[arg-type]
        totals = self._totals
        for seat, score in enumerate(scores):
            totals[seat] += score
        self._round_scores.append(scores)
        colored = tuple(map(_misery_colored, misery, captured))  # type: ignore[arg-type]
        swallowed = self._swallowed
        for seat, cards in enumerate(colored):
            swallowed[seat] += len(cards)
        scored = RoundScored(
            self._round,
            scores,
            tuple(totals),
            misery,  # type: ignore[arg-type]
            colored,
            tuple(map(len, captured)),
        )
        if self._round == self._rounds:
            self._winners = winning_seats(totals)
            self._phase = _OVER
            self._turn = -1
            self._trick_no = 0
            return [scored, GameOver(tuple(totals), self._winners)]
        self._dealer = self._next_dealer(scores)
        return [scored, self._deal(self._round + 1)]

    # ------------------------------------------------------------------------ actions

    def choose_misery(self, seat: int, card: Card, *, round: int | None = None) -> list[Event]:
        """``seat`` secretly picks ``card`` from its hand as its misery card for this round.

        Returns ``[MiseryChosen(seat)]``, plus ``MiseryRevealed`` when it was the last pick.
        ``round`` (optional): the round the pick was meant for; another round raises RoundOver.
        Raises a RuleError (changing nothing) if the pick is not allowed.
        """
        if (
            self._phase is not _MISERY
            or type(seat) is not int
            or not 0 <= seat < self._players
            or (round is not None and round != self._round)
            or self._misery[seat] is not None
        ):
            raise self._rejection("misery", seat, card, round)
        if type(card) is not Card:
            if isinstance(card, str):
                return self.choose_misery(seat, self._parse(seat, card), round=round)
            raise self._card_rejection(seat, card)
        self._take(seat, card)
        self._misery[seat] = card
        self._log.append(seat << 8 | card.index)
        self._unpicked -= 1
        chosen = _MISERY_CHOSEN[seat]
        if self._unpicked:
            return [chosen]
        self._phase = _TRICKS
        self._trick_no = 1
        self._turn = self._leader
        return [chosen, MiseryRevealed(tuple(self._misery))]  # type: ignore[arg-type]

    def play(self, seat: int, card: Card, *, round: int | None = None) -> list[Event]:
        """``seat`` plays ``card`` from its hand to the current trick (any card is legal).

        Returns ``[CardPlayed]``; the last card of a trick adds ``TrickWon`` (or
        ``TrickSetAside``), the last trick of a round adds ``RoundScored`` and then
        ``RoundStarted`` or ``GameOver``. Raises a RuleError (changing nothing) if not allowed.
        """
        if (
            self._phase is not _TRICKS
            or seat != self._turn
            or type(seat) is not int
            or (round is not None and round != self._round)
        ):
            raise self._rejection("play", seat, card, round)
        if type(card) is not Card:
            if isinstance(card, str):
                return self.play(seat, self._parse(seat, card), round=round)
            raise self._card_rejection(seat, card)
        # inline of self._take(seat, card), the hottest path of the engine
        index = card.index
        mask = self._masks[seat]
        bit = _BIT[index]
        if not mask & bit:
            raise self._card_rejection(seat, card)
        self._masks[seat] = mask ^ bit
        del self._hands[seat][(mask & (bit - 1)).bit_count()]
        trick = self._trick
        trick.append(card)
        code = seat << 8 | index
        self._log.append(code | _PLAY_FLAG)
        key = self._trick_no << 11 | code
        played = _PLAYED[key] or _card_played(key, seat, card, self._trick_no)
        if len(trick) < self._players:
            self._turn = self._next[seat]
            return [played]
        return self._finish_trick(played)

    def _take(self, seat: int, card: Card) -> None:
        """Remove ``card`` from ``seat``'s hand, or raise CardNotInHand.

        Each hand is a sorted list plus a bitmask of card indexes: the mask answers "is it in
        the hand?" and, counting the bits below the card, where it sits in the list.
        """
        mask = self._masks[seat]
        bit = _BIT[card.index]
        if not mask & bit:
            raise self._card_rejection(seat, card)
        self._masks[seat] = mask ^ bit
        del self._hands[seat][(mask & (bit - 1)).bit_count()]  # cards below it come first

    def _finish_trick(self, played: CardPlayed) -> list[Event]:
        leader = self._leader
        order = self._orders[leader]
        trick = self._trick
        number = self._trick_no
        plays = tuple(zip(order, trick))  # noqa: B905 - both hold one entry per seat
        position = trick_winner(trick, self._rules)
        done: TrickWon | TrickSetAside
        if position is None:
            self._set_aside += trick
            done = TrickSetAside(plays, number, leader)
            winner = leader
        else:
            winner = order[position]
            self._captured[winner] += trick
            done = TrickWon(winner, plays, number)
        # kept as the views show it (immutable, shared by every view): a view is made several
        # times per move, and remaking each finished trick for it was a third of its cost
        self._tricks.append(_completed(done))
        self._trick = []
        if number == TRICKS_PER_ROUND:
            return [played, done, *self._end_round()]
        self._trick_no = number + 1
        self._leader = self._turn = winner
        return [played, done]

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` (a misery pick or a play); same as the matching method."""
        if action.kind == "misery":
            return self.choose_misery(action.seat, action.card)
        if action.kind == "play":
            return self.play(action.seat, action.card)
        raise ValueError(f"unknown action kind {action.kind!r}")

    # ------------------------------------------------------------------------ rejections

    def _parse(self, seat: int, text: str) -> Card:
        try:
            return Card.parse(text)
        except ValueError as error:
            raise CardNotInHand(str(error), seat=seat, awaited=self.awaiting, code="not_a_card") from None

    def _rejection(self, kind: str, seat: object, card: object, round: object) -> RuleError:
        """The error explaining why ``kind`` by ``seat`` is not allowed now."""
        awaited = self.awaiting
        the_card = card if isinstance(card, Card) else None
        valid = type(seat) is int and 0 <= seat < self._players
        actor = seat if valid else None
        assert actor is None or isinstance(actor, int)
        if self._phase is _OVER:
            return GameIsOver(
                "the game is over", seat=actor, awaited=awaited, card=the_card, code="game_over"
            )
        if not valid:
            return InvalidSeat(
                f"there is no seat {seat!r} in this game; seats are 0-{self._players - 1}",
                seat=None,
                awaited=awaited,
                card=the_card,
                code="no_seat",
            )
        if round is not None and round != self._round:
            late = type(round) is not int or round < self._round
            message = "the round is over" if late else f"round {round} has not started yet"
            code = "round_over" if late else "round_not_started"
            meant = None if late else round
            assert meant is None or isinstance(meant, int)
            return RoundOver(message, seat=actor, awaited=awaited, card=the_card, code=code, round=meant)
        if kind == "play":
            if self._phase is _MISERY:
                return WrongPhase(
                    "misery cards are still being picked; tricks start when everyone has picked",
                    seat=actor,
                    awaited=awaited,
                    card=the_card,
                    code="misery_pending",
                )
            return NotYourTurn(
                "it is not your turn", seat=actor, awaited=awaited, card=the_card, code="not_your_turn"
            )
        if self._phase is _TRICKS:
            return WrongPhase(
                "the misery cards are already revealed; now the tricks are played",
                seat=actor,
                awaited=awaited,
                card=the_card,
                code="misery_revealed",
            )
        return AlreadyChosen(
            "you have already picked your misery card; a pick is final",
            seat=actor,
            awaited=awaited,
            card=the_card,
            code="already_picked",
        )

    def _card_rejection(self, seat: int, card: object) -> RuleError:
        awaited = self.awaiting
        if not isinstance(card, Card):
            return CardNotInHand(f"{card!r} is not a card", seat=seat, awaited=awaited, code="not_a_card")
        if self._misery[seat] is card:
            message, code = f"{card} is your misery card; it is never played", "misery_card"
        else:
            message, code = f"{card} is not in your hand", "not_in_hand"
        return CardNotInHand(message, seat=seat, awaited=awaited, card=card, code=code)

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self._players:
            raise InvalidSeat(
                f"there is no seat {seat!r} in this game; seats are 0-{self._players - 1}",
                awaited=self.awaiting,
                code="no_seat",
            )

    # ------------------------------------------------------------------------ state

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def rules(self) -> Rules:
        """The rules, fixed for the whole game."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed every deal comes from."""
        return self._seed

    @property
    def phase(self) -> Phase:
        """MISERY, TRICKS or GAME_OVER."""
        return self._phase

    @property
    def round(self) -> int:
        """The current round, 1-based (the last round once the game is over)."""
        return self._round

    @property
    def rounds(self) -> int:
        """How many rounds this game lasts."""
        return self._rounds

    @property
    def trick_number(self) -> int:
        """The trick being played, 1-14; 0 outside the TRICKS phase."""
        return self._trick_no if self._phase is _TRICKS else 0

    @property
    def dealer(self) -> int:
        """The seat that dealt this round and leads (or led) its first trick."""
        return self._dealer

    @property
    def leader(self) -> int:
        """The seat leading the current trick (in MISERY: the seat that will lead the first)."""
        return self._leader

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Who must act: every seat yet to pick (MISERY), the seat to play (TRICKS), or ()."""
        if self._phase is _TRICKS:
            return _ALONE[self._turn]
        if self._phase is _MISERY:
            return tuple(seat for seat, card in enumerate(self._misery) if card is None)
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is _OVER

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick being played: (seat, card) in play order."""
        return tuple(zip(self._orders[self._leader], self._trick, strict=False))

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards left out of this round's deal (3 with 7 players), sorted; public."""
        return self._undealt

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """Cards of all-zero tricks set aside this round (``all_zero="nobody"``)."""
        return tuple(self._set_aside)

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s hand, sorted by color then value (a new list)."""
        self._check_seat(seat)
        return self._hands[seat][:]

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may pick or play now: its hand if it is awaited, else []."""
        if self._phase is _TRICKS:
            if seat == self._turn and type(seat) is int:
                return self._hands[seat][:]
            self._check_seat(seat)
            return []
        self._check_seat(seat)
        if self._phase is _MISERY and self._misery[seat] is None:
            return self._hands[seat][:]
        return []

    def hand_mask(self, seat: int) -> int:
        """``seat``'s hand as a bitmask: bit ``card.index`` is set for each card it holds."""
        self._check_seat(seat)
        return self._masks[seat]

    def misery_card(self, seat: int) -> Card | None:
        """``seat``'s misery pick this round (secret until revealed: not for players' eyes)."""
        self._check_seat(seat)
        return self._misery[seat]

    def captured(self, seat: int) -> list[Card]:
        """The cards ``seat`` has captured this round, in the order taken (secret to others)."""
        self._check_seat(seat)
        return self._captured[seat][:]

    @property
    def totals(self) -> list[int]:
        """Running totals, indexed by seat (a new list)."""
        return self._totals[:]

    @property
    def round_scores(self) -> list[list[int]]:
        """One list of scores (indexed by seat) per finished round."""
        return [list(scores) for scores in self._round_scores]

    @property
    def misery_swallowed(self) -> list[int]:
        """How many cards of their own misery card's color each seat has captured in the
        finished rounds (the cards that cost them points), indexed by seat (a new list)."""
        return self._swallowed[:]

    def actions_since(self, start: int) -> tuple[Action, ...]:
        """The actions from number ``start`` (counted from 0) on: ``actions[start:]`` without
        building the whole log (what a store of the log appends after each move).
        Raises ValueError for a negative ``start``."""
        if start < 0:
            raise ValueError(f"start must be 0 or more, not {start}")
        return tuple(
            Action("play", code >> 8, Card.from_index(code & 0x7F))
            if code & _PLAY_FLAG
            else Action("misery", code >> 8, Card.from_index(code & 0x7F))
            for code in self._log[start:]
        )

    @property
    def winners(self) -> list[int]:
        """The seats sharing the highest total once the game is over; [] before."""
        return list(self._winners)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action taken so far, in order (the game is its seed, rules and this log)."""
        return self.actions_since(0)

    @property
    def action_count(self) -> int:
        """How many actions have been taken."""
        return len(self._log)

    @property
    def start_events(self) -> list[Event]:
        """The events of ``Game.new`` (the first ``RoundStarted``)."""
        return list(self._start_events)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since the game began. Rebuilt by replaying the log: O(game) per call."""
        replay = Game(self._players, self._rules, self._seed)
        events: list[Event] = list(replay._start_events)
        for action in self.actions:
            events.extend(replay.apply(action))
        return tuple(events)

    # ------------------------------------------------------------------------ views

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see now (RULES section 8); ``None``: the public spectator view.

        Made once per seat and state and given again (a view is immutable): every change of
        the state is an action appended to the log, so the log's length names the state. A
        table's state is viewed several times per move (its message, the prompts, the
        computer's decision, the click's checks)."""
        made = len(self._log)
        if self._views_at != made:
            self._views = {}
            self._views_at = made
        elif seat is None or type(seat) is int:  # (not True for seat 1: that raises, below)
            view = self._views.get(seat)
            if view is not None:
                return view
        view = self._views[seat] = self._make_view(seat)
        return view

    def _make_view(self, seat: int | None) -> View:
        """:meth:`view`, made anew."""
        if seat is not None:
            self._check_seat(seat)
        phase = self._phase
        players = self._players
        own = seat is not None
        revealed = phase is not _MISERY
        misery: tuple[Card | None, ...] = tuple(self._misery) if revealed else (None,) * players
        trick = self.current_trick
        done = self._tricks
        return View(
            seat=seat,
            players=players,
            rules=self._rules,
            phase=phase,
            round=self._round,
            rounds=self._rounds,
            trick_number=self.trick_number,
            dealer=self._dealer,
            leader=self._leader,
            awaiting=self.awaiting,
            hand=tuple(self._hands[seat]) if seat is not None else None,
            misery_pick=self._misery[seat] if seat is not None else None,
            picked=tuple(card is not None for card in self._misery),
            misery_cards=misery,
            undealt=self._undealt,
            trick=trick,
            lead_color=trick[0][1].color if trick else None,
            last_trick=done[-1] if done else None,
            tricks=tuple(done),
            captured_counts=tuple(len(cards) for cards in self._captured),
            captured=tuple(self._captured[seat]) if seat is not None and own else None,
            hand_sizes=tuple(len(hand) for hand in self._hands),
            round_scores=tuple(self._round_scores),
            totals=tuple(self._totals),
            winners=self._winners,
        )

    # ------------------------------------------------------------------------ persistence

    def to_json(self) -> str:
        """The game as a JSON document: seed, rules, action log, a state check and a digest."""
        return dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game from ``to_json`` output by replaying its actions.

        Raises CorruptGameError (a ValueError) if the document is malformed, was edited, or
        replays into an illegal action or a different state than it recorded.
        """
        return loads(text, cls.new)

    def copy(self) -> Game:
        """An independent copy of this game (cheap: cards and events are shared, immutable)."""
        new = object.__new__(Game)
        new._players = self._players
        new._rules = self._rules
        new._seed = self._seed
        new._rounds = self._rounds
        new._next = self._next
        new._orders = self._orders
        new._round = self._round
        new._phase = self._phase
        new._dealer = self._dealer
        new._leader = self._leader
        new._turn = self._turn
        new._trick_no = self._trick_no
        new._hands = [hand[:] for hand in self._hands]
        new._masks = self._masks[:]
        new._misery = self._misery[:]
        new._unpicked = self._unpicked
        new._undealt = self._undealt
        new._trick = self._trick[:]
        new._captured = [cards[:] for cards in self._captured]
        new._set_aside = self._set_aside[:]
        new._tricks = self._tricks[:]
        new._totals = self._totals[:]
        new._round_scores = self._round_scores[:]
        new._swallowed = self._swallowed[:]
        new._winners = self._winners
        new._log = array("H", self._log)
        new._views_at = -1  # its own views, made when asked for
        new._start_events = self._start_events
        return new

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        """Games are equal when they have the same seats, rules, seed and actions (and so the
        same state: the engine is deterministic)."""
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self._players == other._players
            and self._seed == other._seed
            and self._rules == other._rules
            and self._log == other._log
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        where = (
            "over"
            if self._phase is _OVER
            else f"round {self._round}/{self._rounds}, {self._phase.value}"
        )
        return (
            f"<Game {self._players} players, {self._rules.preset}, {where}, "
            f"{self.action_count} actions, seed={self._seed}>"
        )


def _mask(cards: list[Card]) -> int:
    """The bitmask of ``cards``: bit ``card.index`` set for each card."""
    return sum([_BIT[card.index] for card in cards])


def _misery_colored(misery: Card, captured: list[Card]) -> tuple[Card, ...]:
    """The captured cards of the misery card's color, sorted."""
    color = misery.color
    return tuple(sorted([card for card in captured if card.color is color], key=_BY_INDEX))


def _completed(done: TrickWon | TrickSetAside) -> CompletedTrick:
    if isinstance(done, TrickWon):
        return CompletedTrick(done.trick, done.plays, done.winner)
    return CompletedTrick(done.trick, done.plays, None)
