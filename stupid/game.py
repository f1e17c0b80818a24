"""The game state machine: deal and turn trump, bidding, tricks, scoring, next round, game over.

A ``Game`` is fully determined by its player count, rules, seed and action log: the deal of
round ``r`` comes from SHAKE-256 of ``"stupid:<seed>:<r>"`` (see ``_deal``), so replaying the
same actions on a new game gives the same game (``Game.from_json``).

Decisions this module takes where the rules are silent (see also the docstrings below):

- ``Game.new`` deals round 1 at once; the game starts in the bidding. ``seed=None`` draws a
  random 63-bit seed, kept in ``game.seed``. Round 1's dealer is drawn from the seed; the deal
  passes one seat clockwise each round.
- Each physical card has a copy number (0 for the first deck's, 1, 2). Players see equal
  cards; a play that does not name a copy takes the lowest-numbered copy in the hand, and the
  log records it (see ``stupid.actions``). The cards a seat holds are dealt in blocks of the
  shuffled decks, the turned card is the next one, the rest stays face down (``stock``).
- The next round is dealt in the step that scores the last trick: its events end with
  ``TrickWon, RoundScored, RoundStarted`` (or ``..., RoundScored, GameOver`` after the last).
- At the end of the game the last round's state stays visible (trump, bids, its tricks);
  ``awaiting`` is ().
- A rejected action is checked in this order: game over, seat, phase, turn, then the bid or
  card itself; the first failing check names the error.
- Card text is accepted wherever a card is: ``game.play(2, "Q♣")``.
"""

from __future__ import annotations

import hashlib
import secrets
import sys
from bisect import bisect_left
from collections.abc import Sequence
from operator import add, attrgetter, getitem
from typing import TYPE_CHECKING, Final

from .actions import Action
from .cards import Card, Suit
from .errors import (
    BidOutOfRange,
    CardNotInHand,
    ForbiddenBid,
    GameIsOver,
    InvalidSeat,
    MustFollowSuit,
    NotYourTurn,
    RuleError,
    WrongPhase,
)
from .events import (
    CardPlayed,
    Event,
    RoundStarted,
    TrickWon,
    bidding_done,
    game_over,
    round_scored,
    round_started,
    trick_won,
)
from .persist import dumps, loads
from .phase import Phase
from .rules import MAX_HAND_LIMIT, Rules
from .tables import (
    ALONE,
    BID,
    BID_CODE,
    BID_MADE,
    BLOCKS,
    CARD_LOOKUP,
    CARD_OF,
    COPIES,
    DEALER_BIDS,
    LOW_BITS,
    PHYSICAL,
    PLAYED,
    RANGES,
    SEAT_BITS,
    SEAT_SHIFT,
    SEATING,
    SUIT_LOW,
    SUIT_SPAN,
    VALUES,
    played_row,
)
from .views import CompletedTrick, View

__all__ = ["Game", "Phase"]

_NOBODY: Final = object()
"""The ``_bidder`` outside the bidding and the ``_player`` outside the tricks: no argument is
this very object, so ``seat is game._bidder`` holds only for the seat to bid.

The turn invariant, kept by every step and checked after each in
``tests/stupid/test_representation.py``: while bidding, ``_bidder`` is the int in ``_awaiting``
and ``_player`` is ``_NOBODY``; while playing tricks, ``_player`` is that int, ``_bidder`` is
``_NOBODY`` and ``_closer`` is the seat before ``_leader``; once over, both are ``_NOBODY`` and
``_awaiting`` is (). ``seat is self._bidder`` is only the fast way to say "this is the seat to
bid" (CPython shares small ints, so it nearly always holds for the right seat); whatever fails
it takes the full check ``_is_turn``, so no seat is refused for its identity."""


_BIDDING: Final = Phase.BIDDING
_TRICKS: Final = Phase.TRICKS
_OVER: Final = Phase.GAME_OVER


def _random_seed() -> int:
    return secrets.randbits(63)


def _prefix(seed: int) -> bytes:
    """What the SHAKE-256 input of every deal of ``seed`` starts with: ``b"stupid:<seed>:"``."""
    return f"stupid:{seed}:".encode()


_shake: Final = hashlib.shake_256
_LITTLE: Final = sys.byteorder == "little"


def _stream_keys(data: bytes, count: int) -> list[int]:
    """The first ``count`` 64-bit little-endian ints of SHAKE-256 of ``data``. The output of
    SHAKE is one stream: the first keys are the same whatever ``count`` asks for."""
    stream = _shake(data).digest(8 * count)
    if _LITTLE:
        return memoryview(stream).cast("Q").tolist()
    return [int.from_bytes(stream[i : i + 8], "little") for i in range(0, 8 * count, 8)]


_ROUND_TEXT: Final = tuple(str(round_no).encode() for round_no in range(2 * MAX_HAND_LIMIT))
"""``_ROUND_TEXT[r]`` is ``str(r).encode()``, the end of the SHAKE-256 input of round ``r``."""


def _distinct(hand: list[Card]) -> list[Card]:
    """The distinct cards of a sorted hand (equal cards are neighbours), in order."""
    cards: list[Card] = []
    last = None
    for card in hand:
        if card is not last:
            cards.append(card)
            last = card
    return cards


_MUTABLE_LISTS: Final = (
    "_bid_history", "_bids", "_completed", "_log", "_round_scores", "_taken",
    "_taken_history", "_totals", "_trick",
)  # fmt: skip
"""The list attributes of a game that :meth:`Game.copy` copies (``_hands`` is copied deeper)."""
_SHARED: Final = frozenset(
    {"_next", "_orders", "_pair_rows", "_after", "_values", "_led", "_played", "_key_of"}
)
"""The attributes a pickled game leaves out: shared tables (and a scratch list) found again."""

_DEFAULT_RULES: Final = Rules()


class Game:
    """One game of Stupid for 2-21 seats (0-based, clockwise).

    Create it with ``Game.new(players, rules, seed)``; drive it with ``bid`` and ``play`` (or
    ``apply``), each returning the events it caused; look at it through ``view(seat)``.
    Illegal actions raise a ``RuleError`` and change nothing.
    """

    __slots__ = (
        "_after",
        "_awaiting",
        "_best",
        "_bid_history",
        "_bid_sum",
        "_bidder",
        "_bids",
        "_closer",
        "_completed",
        "_dealer",
        "_decks",
        "_hand_size",
        "_hands",
        "_held",
        "_key_of",
        "_leader",
        "_led",
        "_log",
        "_low",
        "_next",
        "_one_deck",
        "_orders",
        "_pair_rows",
        "_phase",
        "_played",
        "_player",
        "_players",
        "_prefix",
        "_round",
        "_round_scores",
        "_rules",
        "_seed",
        "_shuffled",
        "_sizes",
        "_start_events",
        "_taken",
        "_taken_history",
        "_taker",
        "_totals",
        "_trick",
        "_trick_no",
        "_trump",
        "_values",
        "_winners",
    )

    _players: int
    _rules: Rules
    _seed: int
    _prefix: bytes
    _decks: int
    _one_deck: bool
    _sizes: tuple[int, ...]
    _round: int
    _hand_size: int
    _phase: Phase
    _dealer: int
    _leader: int
    _next: tuple[int, ...]
    _after: tuple[tuple[int, tuple[int]], ...]  # by seat: (the seat after it, its awaiting)
    _orders: tuple[tuple[int, ...], ...]
    # _pair_rows[leader][i] is PAIRS[seat] of the i-th seat to play after ``leader`` leads: mapped
    # with getitem over a full trick's physical ids, it gives the trick's (seat, card) pairs.
    _pair_rows: tuple[tuple[list[tuple[int, Card]], ...], ...]
    _key_of: list[int]  # the deal's scratch list: the key of each physical card
    _bid_sum: int
    _awaiting: tuple[int, ...]  # (the seat to act,), or () once the game is over
    _bidder: object  # the seat to bid, or _NOBODY outside the bidding
    _player: object  # the seat to play a card, or _NOBODY outside the tricks
    _closer: int  # the seat playing the last card of the trick (the one before its leader)
    _hands: list[list[int]]
    _held: list[list[Card]]  # _hands[seat] as cards, position for position
    _trump: int
    _values: list[list[int]]  # VALUES[this round's trump suit]
    # While a trick has cards: its card values, _values[_low]. Between tricks _led, _low, _best
    # and _taker keep the last trick's (unused: the next first card sets them).
    _led: list[int]
    _best: int  # while a trick has cards: the highest value played to it
    _taker: int  # while a trick has cards: who played that value first, so far taking it
    _shuffled: list[int]  # this round's shuffled decks: hands, then the trump card, then the stock
    _bids: list[int | None]
    _taken: list[int]
    _trick: list[int]
    _low: int  # while a trick has cards: the lowest physical id of the suit led
    _trick_no: int  # the trick being played, 1-based
    _played: list[CardPlayed | None]  # PLAYED[_trick_no]
    _completed: list[TrickWon]  # this round's finished tricks: see completed_tricks
    _totals: list[int]
    _round_scores: list[tuple[int, ...]]
    _bid_history: list[tuple[int, ...]]
    _taken_history: list[tuple[int, ...]]
    _winners: tuple[int, ...]
    _log: list[int]
    _start_events: tuple[Event, ...]

    def __init__(self, players: int, rules: Rules | None = None, seed: int | None = None) -> None:
        """Same as ``Game.new``."""
        if rules is None:
            rules = _DEFAULT_RULES
        elif not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        self._decks = rules.decks_for(players)  # ValueError for a refused player count
        self._one_deck = self._decks == 1
        if seed is None:
            seed = _random_seed()
        elif type(seed) is not int:
            raise ValueError(f"seed must be a whole number or None, not {seed!r}")
        self._players = players
        self._next, self._orders, self._pair_rows, self._after = SEATING[players]
        self._key_of = [0] * (52 * COPIES)
        self._rules = rules
        self._seed = seed
        self._prefix = _prefix(seed)
        self._sizes = rules.hand_sizes
        self._totals = [0] * players
        self._round_scores = []
        self._bid_history = []
        self._taken_history = []
        self._winners = ()
        self._log = []
        self._dealer = 0
        self._trick = []  # emptied after each trick
        self._low = self._best = self._taker = 0  # set by each trick's first card
        self._led = VALUES[0][0]
        self._closer = -1  # set when the tricks start
        self._start_events = (self._deal(1),)

    def copy(self) -> Game:
        """An independent copy of the game: playing on either leaves the other as it was.

        It shares immutable parts (rules, events, cards), the module's tables and this round's
        ``_shuffled`` list, which no step changes. Also ``copy.copy(game)``; ``deepcopy`` and
        pickle go through ``__getstate__``."""
        twin = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(twin, name, getattr(self, name))
        twin._hands = [list(hand) for hand in self._hands]
        twin._held = [list(cards) for cards in self._held]
        twin._key_of = [0] * (52 * COPIES)
        for name in _MUTABLE_LISTS:
            setattr(twin, name, list(getattr(self, name)))
        return twin

    __copy__ = copy

    def __getstate__(self) -> dict[str, object]:
        """The game's own state, for pickle and deepcopy: the shared tables it points into
        (seat orders, trick values, CardPlayed rows) and its scratch list are left out and
        found again by ``__setstate__``. A pickle is for this version of the engine only (a
        saved game that lasts is ``to_json``)."""
        state = {name: getattr(self, name) for name in Game.__slots__ if name not in _SHARED}
        for name in ("_bidder", "_player"):
            if state[name] is _NOBODY:
                state[name] = None
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        """Restore a game from ``__getstate__``."""
        for name, value in state.items():
            setattr(self, name, _NOBODY if value is None and name in ("_bidder", "_player") else value)
        self._next, self._orders, self._pair_rows, self._after = SEATING[self._players]
        self._values = VALUES[self._trump // SUIT_SPAN]
        self._led = self._values[self._low]
        self._played = PLAYED[self._trick_no] or played_row(self._trick_no)
        self._key_of = [0] * (52 * COPIES)

    @classmethod
    def new(cls, players: int, rules: Rules | None = None, seed: int | None = None) -> Game:
        """A new game of ``players`` seats (2-21) under ``rules`` (default ``Rules()``), round 1
        dealt. ``seed`` (any int) fixes every deal; None draws a random seed (``game.seed``).
        Raises ValueError if the rules refuse that many players."""
        return cls(players, rules, seed)

    # ----------------------------------------------------------------- dealing and scoring

    def _deal(self, round_no: int) -> RoundStarted:
        players = self._players
        decks = self._decks
        size = 52 * decks
        count = size + 1 if round_no == 1 else size  # round 1 also draws its dealer
        data = self._prefix + _ROUND_TEXT[round_no]
        if _LITTLE:  # _stream_keys, inlined
            keys = memoryview(_shake(data).digest(8 * count)).cast("Q").tolist()
        else:
            keys = _stream_keys(data, count)
        if round_no == 1:
            self._dealer = keys.pop() % players  # the key after the cards' draws round 1's dealer
        # Sorting the cards (in deck order: deck 0 first) by random keys is a uniformly random
        # permutation; the key of the card at position i of the decks is keys[i]. Keyed by
        # physical id (card index * 3 + copy), sorted() looks them up without an index list.
        key_of = self._key_of  # every key the sort looks up is written here first
        if decks == 1:
            key_of[::COPIES] = keys
        else:
            for copy in range(decks):
                key_of[copy::COPIES] = keys[52 * copy : 52 * copy + 52]
        shuffled = sorted(PHYSICAL[decks], key=key_of.__getitem__)  # stable: ties keep deck order
        hand = self._sizes[round_no - 1]
        self._hands = hands = list(map(sorted, map(shuffled.__getitem__, BLOCKS[players][hand])))
        self._held = [[*map(CARD_LOOKUP, physical)] for physical in hands]
        self._shuffled = shuffled
        self._trump = trump = shuffled[players * hand]
        self._values = VALUES[trump // SUIT_SPAN]
        self._round = round_no
        self._hand_size = hand
        self._bids = [None] * players
        self._bid_sum = 0
        self._taken = [0] * players
        self._completed = []
        self._trick_no = 1
        self._played = PLAYED[1] or played_row(1)
        self._phase = _BIDDING
        first = self._next[self._dealer]
        self._leader = self._bidder = first
        self._player = _NOBODY
        self._awaiting = ALONE[first]
        return round_started(round_no, self._dealer, hand, CARD_OF[trump], first)

    def _end_round(self) -> list[Event]:
        """Score the round after its last trick (rules section 5); deal the next or end the game.
        Returns the new events: ``RoundScored``, then ``RoundStarted`` or ``GameOver``."""
        bids: tuple[int, ...] = tuple(self._bids)  # type: ignore[arg-type]  # every seat has bid
        taken = tuple(self._taken)
        # round_score, inlined: 10 + 5 * taken for an exact bid, else -10 (bids and taken have
        # a place per seat; zip's strict=True, a keyword argument, costs more than it checks here)
        scores = tuple([10 + 5 * got if bid == got else -10 for bid, got in zip(bids, taken)])  # noqa: B905
        totals = self._totals
        totals[:] = map(add, totals, scores)
        self._round_scores.append(scores)
        self._bid_history.append(bids)
        self._taken_history.append(taken)
        round_no = self._round
        scored = round_scored(round_no, bids, taken, scores, tuple(totals))
        if round_no == len(self._sizes):
            best = max(totals)
            self._winners = tuple(seat for seat, total in enumerate(totals) if total == best)
            self._phase = _OVER
            self._player = _NOBODY
            self._awaiting = ()
            return [scored, game_over(tuple(totals), self._winners)]
        self._dealer = self._next[self._dealer]
        return [scored, self._deal(round_no + 1)]

    # ------------------------------------------------------------------------ actions

    def bid(self, seat: int, number: int) -> list[Event]:
        """``seat`` bids ``number`` tricks (0 to the hand size; the dealer bids last and may not
        make the bids add up to the hand size). Returns ``[BidMade]``, plus ``BiddingDone``
        after the dealer's bid. Raises a RuleError (changing nothing) if not allowed."""
        if seat is not self._bidder and not self._is_turn(_BIDDING, seat):
            raise self._rejection("bid", seat)
        hand = self._hand_size
        if type(number) is not int or not 0 <= number <= hand:
            raise BidOutOfRange(
                f"a bid is a whole number from 0 to {hand} (the cards in your hand), not {number!r}",
                seat=seat,
                awaited=self.awaiting,
                details={"bid": number, "hand": hand},
            )
        dealer = seat == self._dealer
        if dealer and number == hand - self._bid_sum:  # the forbidden bid
            raise ForbiddenBid(
                f"as the dealer you may not bid {number}: with the {self._bid_sum} already bid the "
                f"bids would add up to {hand}, the tricks in this round, and someone must "
                "miss their bid",
                forbidden=number,
                seat=seat,
                awaited=self.awaiting,
                details={"bid": number, "bid_sum": self._bid_sum, "hand": hand},
            )
        self._bids[seat] = number
        self._bid_sum += number
        self._log.append(BID_CODE[seat] | number)
        made = BID_MADE[seat][number]
        if not dealer:
            self._bidder, self._awaiting = self._after[seat]
            return [made]
        self._phase = _TRICKS
        self._bidder = _NOBODY
        self._player = leader = self._leader
        self._closer = self._orders[leader][-1]
        self._awaiting = ALONE[leader]
        return [made, bidding_done(tuple(self._bids), self._leader)]  # type: ignore[arg-type]

    def play(self, seat: int, card: Card | str, copy: int | None = None) -> list[Event]:
        """``seat`` plays ``card`` (a Card or its text) to the current trick. It must follow the
        suit led if it can. ``copy`` (several decks) names which copy; None takes the lowest
        held. Returns ``[CardPlayed]``; the last card of a trick adds ``TrickWon``, the last
        trick of a round ``RoundScored`` and then ``RoundStarted`` or ``GameOver``.
        Raises a RuleError (changing nothing) if not allowed."""
        if seat is not self._player and not self._is_turn(_TRICKS, seat):
            raise self._rejection("play", seat)
        if type(card) is not Card:
            card = self._parse(seat, card)
        hand = self._hands[seat]
        if copy is None:
            physical = card.index * COPIES  # copy 0, the lowest, if held
            try:
                at = hand.index(physical)  # hands are sorted lists of physical ids
            except ValueError:
                at = self._lowest_copy(seat, hand, card)
                physical = hand[at]
        else:
            at = self._position(seat, hand, card, copy)
            physical = hand[at]
        trick = self._trick
        if trick:
            low = self._low  # the suit led's run of physical ids
            if SUIT_LOW[physical] != low:
                held = bisect_left(hand, low)
                if held < len(hand) and hand[held] < low + SUIT_SPAN:
                    lead = CARD_OF[low].suit
                    raise MustFollowSuit(
                        f"you must follow suit: play a {lead.symbol} ({lead.value}); "
                        f"you have {lead.value} in your hand",
                        suit=lead,
                        seat=seat,
                        awaited=self.awaiting,
                    )
            value = self._led[physical]  # rules section 4: the highest trump, else the highest
            if value > self._best:  # card of the suit led; of equal cards the first played
                self._best = value
                self._taker = seat
        else:  # the trick's first card
            self._low = low = SUIT_LOW[physical]
            self._led = led = self._values[low]
            self._best = led[physical]
            self._taker = seat
        del hand[at]
        del self._held[seat][at]
        trick.append(physical)
        code = seat << 8 | physical
        self._log.append(code)
        played = self._played[code]
        if played is None:
            played = self._played[code] = CardPlayed(seat, card, self._trick_no)
        if seat != self._closer:  # not the trick's last card
            self._player, self._awaiting = self._after[seat]
            return [played]
        # The trick is full: it goes to the _taker, the seat of the first of its highest values
        # (the same as stupid.tricks.trick_winner, on physical ids).
        leader = self._leader
        winner = self._taker
        number = self._trick_no
        plays = tuple(map(getitem, self._pair_rows[leader], trick))  # its (seat, card) pairs
        done = trick_won(winner, plays, number)
        self._completed.append(done)  # the same facts as a CompletedTrick, one object fewer
        self._taken[winner] += 1
        trick.clear()  # (a game's trick list is its own: copy() copies it)
        if number == self._hand_size:
            return [played, done, *self._end_round()]
        self._trick_no = number = number + 1
        self._played = PLAYED[number] or played_row(number)
        self._leader = self._player = winner
        self._closer = self._orders[winner][-1]
        self._awaiting = ALONE[winner]
        return [played, done]

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out ``action`` for ``seat``: the matching ``bid`` or ``play``."""
        if action.kind == "bid":
            assert action.number is not None
            return self.bid(seat, action.number)
        assert action.card is not None
        return self.play(seat, action.card, action.copy)

    def _lowest_copy(self, seat: int, hand: list[int], card: Card) -> int:
        """Where the lowest copy of ``card`` that ``seat`` holds sits in ``hand`` (copy 0 is not
        there), or raise CardNotInHand."""
        base = card.index * COPIES
        at = bisect_left(hand, base)
        if at == len(hand) or hand[at] >= base + COPIES:
            raise self._not_in_hand(seat, card, None)
        return at

    def _position(self, seat: int, hand: list[int], card: Card, copy: object) -> int:
        """Where copy ``copy`` of ``card`` sits in ``hand``, or raise CardNotInHand."""
        if type(copy) is int and 0 <= copy < COPIES:
            physical = card.index * COPIES + copy
            at = bisect_left(hand, physical)
            if at < len(hand) and hand[at] == physical:
                return at
        raise self._not_in_hand(seat, card, copy)

    def _not_in_hand(self, seat: int, card: Card, copy: object) -> CardNotInHand:
        which = "" if copy is None else f" (copy {copy!r})"
        return CardNotInHand(
            f"{card}{which} is not in your hand", seat=seat, awaited=self.awaiting, details={"card": card}
        )

    def _forbidden(self) -> int | None:
        rest = self._hand_size - self._bid_sum
        return rest if rest >= 0 else None

    # ------------------------------------------------------------------------ rejections

    def _parse(self, seat: int, text: object) -> Card:
        if not isinstance(text, str):
            raise CardNotInHand(
                f"{text!r} is not a card", seat=seat, awaited=self.awaiting, code="not_a_card"
            )
        try:
            return Card.parse(text)
        except ValueError as error:
            raise CardNotInHand(str(error), seat=seat, awaited=self.awaiting, code="not_a_card") from None

    def _rejection(self, kind: str, seat: object) -> RuleError:
        """The error explaining why a ``kind`` ("bid" or "play") by ``seat`` is not allowed now."""
        awaited = self.awaiting
        valid = type(seat) is int and 0 <= seat < self._players
        actor = seat if valid and isinstance(seat, int) else None
        if self._phase is _OVER:
            return GameIsOver("the game is over", seat=actor, awaited=awaited)
        if not valid:
            return InvalidSeat(
                f"there is no seat {seat!r} in this game; seats are 0-{self._players - 1}",
                awaited=awaited,
                details={"players": self._players},
            )
        if kind == "play" and self._phase is _BIDDING:
            return WrongPhase(
                "the bidding is not over yet; cards are played once everyone has bid",
                seat=actor,
                awaited=awaited,
            )
        if kind == "bid" and self._phase is _TRICKS:
            return WrongPhase(
                "the bidding is over; now the tricks are played",
                seat=actor,
                awaited=awaited,
                code="bidding_over",
            )
        doing = "bid" if self._phase is _BIDDING else "play"
        return NotYourTurn(
            f"it is not your turn; seat {awaited[0]} is to {doing}",
            seat=actor,
            awaited=awaited,
            code=f"not_your_turn_{doing}",
        )

    def _is_turn(self, phase: Phase, seat: object) -> bool:
        """Whether ``seat`` is the awaited seat in ``phase``: what the fast identity tests of
        ``bid``, ``play`` and ``legal_*`` (``seat is self._bidder``) leave open, an equal int
        that is another object."""
        return self._phase is phase and type(seat) is int and self._awaiting == (seat,)

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self._players:
            raise InvalidSeat(
                f"there is no seat {seat!r} in this game; seats are 0-{self._players - 1}",
                awaited=self.awaiting,
                details={"players": self._players},
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
    def decks(self) -> int:
        """How many decks are shuffled together."""
        return self._decks

    if TYPE_CHECKING:

        @property
        def phase(self) -> Phase:
            """BIDDING, TRICKS or GAME_OVER."""
            return self._phase

        @property
        def awaiting(self) -> tuple[int, ...]:
            """Who must act: the one seat to bid or play, or () once the game is over."""
            return self._awaiting

    else:
        # The same read-only properties with C getters (operator.attrgetter), which are about
        # twice as fast as a Python function: hosts read both before every action (about 1.5% of
        # benchmarks/stupid_engine.py). The TYPE_CHECKING branch above is what mypy and readers
        # see; this one is what runs.
        phase = property(attrgetter("_phase"), doc="BIDDING, TRICKS or GAME_OVER.")
        awaiting = property(
            attrgetter("_awaiting"),
            doc="Who must act: the one seat to bid or play, or () once the game is over.",
        )

    @property
    def round(self) -> int:
        """The current round, 1-based (the last round once the game is over)."""
        return self._round

    @property
    def rounds(self) -> int:
        """How many rounds this game lasts (13 with the default ``max_hand``)."""
        return len(self._sizes)

    @property
    def hand_size(self) -> int:
        """The cards dealt to each seat this round."""
        return self._hand_size

    @property
    def dealer(self) -> int:
        """The seat that dealt this round: it bids last."""
        return self._dealer

    @property
    def leader(self) -> int:
        """The seat leading the current trick (while bidding: the seat that will lead first)."""
        return self._leader

    @property
    def trump(self) -> Card:
        """The card turned after this round's deal; its suit is trump."""
        return CARD_OF[self._trump]

    @property
    def trump_suit(self) -> Suit:
        """This round's trump suit."""
        return CARD_OF[self._trump].suit

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is _OVER

    @property
    def bids(self) -> list[int | None]:
        """This round's bids by seat, None for a seat yet to bid (a new list)."""
        return self._bids[:]

    @property
    def tricks_taken(self) -> list[int]:
        """Tricks each seat has taken this round (a new list)."""
        return self._taken[:]

    @property
    def trick_number(self) -> int:
        """The trick being played, 1-based; 0 outside the TRICKS phase."""
        return len(self._completed) + 1 if self._phase is _TRICKS else 0

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick being played: (seat, card) in play order."""
        leader, players = self._leader, self._players
        return tuple(((leader + i) % players, CARD_OF[p]) for i, p in enumerate(self._trick))

    @property
    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        """The finished tricks of this round, in order."""
        return tuple([CompletedTrick(done.trick, done.plays, done.winner) for done in self._completed])

    @property
    def forbidden_bid(self) -> int | None:
        """The number the dealer may not bid (None if unrestricted or not bidding)."""
        return self._forbidden() if self._phase is _BIDDING else None

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s hand sorted by suit then rank, equal cards repeated (a new list)."""
        self._check_seat(seat)
        return self._held[seat][:]

    def legal_bids(self, seat: int) -> list[int]:
        """The bids ``seat`` may make now: 0..hand size, minus the dealer's forbidden number;
        [] if it is not the seat's turn to bid."""
        if seat is not self._bidder and not self._is_turn(_BIDDING, seat):
            self._check_seat(seat)
            return []
        if seat == self._dealer:  # all but the forbidden bid, if there is one
            return list(DEALER_BIDS[self._hand_size][self._bid_sum])
        return list(RANGES[self._hand_size])

    def legal_cards(self, seat: int) -> list[Card]:
        """The distinct cards ``seat`` may play now, sorted (the suit led if it holds one, else
        its whole hand); [] if it is not the seat's turn to play."""
        if seat is not self._player and not self._is_turn(_TRICKS, seat):
            self._check_seat(seat)
            return []
        cards = self._held[seat]
        if self._trick:  # the suit led is one run of the sorted hand
            hand = self._hands[seat]
            low = self._low
            start = bisect_left(hand, low)
            end = bisect_left(hand, low + SUIT_SPAN, start)
            if start < end:
                cards = cards[start:end]  # a new list
                return cards if self._one_deck else _distinct(cards)
        return cards[:] if self._one_deck else _distinct(cards)  # no copies: all distinct

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (bids or plays, copies not named); [] if none."""
        if self._phase is _BIDDING:
            return [Action("bid", number=n) for n in self.legal_bids(seat)]
        return [Action("play", card=card) for card in self.legal_cards(seat)]

    def card_places(self) -> list[tuple[tuple[Card, int], str]]:
        """Where every physical card is: ((card, copy), place) with place ``"hand <seat>"``,
        ``"trick"``, ``"taken <seat>"`` (a completed trick of this round), ``"trump"`` or
        ``"stock"``. Secret information, for tests and audits, never for players."""
        places: list[tuple[tuple[Card, int], str]] = []

        def add(physical: int, place: str) -> None:
            places.append(((CARD_OF[physical], physical % COPIES), place))

        for seat, hand in enumerate(self._hands):
            for physical in hand:
                add(physical, f"hand {seat}")
        for physical in self._trick:
            add(physical, "trick")
        for played, winner in self._played_this_round():
            add(played, f"taken {winner}")
        add(self._trump, "trump")
        for physical in self._shuffled[self._players * self._hand_size + 1 :]:
            add(physical, "stock")
        return places

    def _played_this_round(self) -> list[tuple[int, int]]:
        """(physical card, winner) of every card in this round's completed tricks, from the log."""
        plays = self._players * len(self._completed)
        if not plays:
            return []
        moves = [code & LOW_BITS for code in self._log if not code & BID]
        end = len(moves) - len(self._trick)
        return [
            (physical, self._completed[position // self._players].winner)
            for position, physical in enumerate(moves[end - plays : end])
        ]

    @property
    def totals(self) -> list[int]:
        """Running totals by seat (a new list)."""
        return self._totals[:]

    @property
    def round_scores(self) -> list[list[int]]:
        """One list of scores (by seat) per finished round."""
        return [list(scores) for scores in self._round_scores]

    @property
    def bid_history(self) -> list[list[int]]:
        """One list of bids (by seat) per finished round."""
        return [list(bids) for bids in self._bid_history]

    @property
    def taken_history(self) -> list[list[int]]:
        """One list of tricks taken (by seat) per finished round."""
        return [list(taken) for taken in self._taken_history]

    @property
    def winners(self) -> list[int]:
        """The seats sharing the highest total once the game is over; [] before."""
        return list(self._winners)

    def stats(self) -> dict[str, list[int]]:
        """Per-seat statistics of the finished rounds: ``bids_made`` (exact bids), ``tricks``
        (taken in all), ``zero_bids_made`` (bids of 0 made)."""
        seats = range(self._players)
        pairs = list(zip(self._bid_history, self._taken_history, strict=True))
        return {
            "bids_made": [sum(b[s] == t[s] for b, t in pairs) for s in seats],
            "tricks": [sum(t[s] for _, t in pairs) for s in seats],
            "zero_bids_made": [sum(b[s] == t[s] == 0 for b, t in pairs) for s in seats],
        }

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every action taken so far as (seat, action), in order: the game is its seats, rules,
        seed and this log. In games of several decks, plays name the copy taken."""
        return tuple(self._decode(code) for code in self._log)

    def _decode(self, code: int) -> tuple[int, Action]:
        """(seat, action) of one log entry."""
        seat = code >> SEAT_SHIFT & SEAT_BITS
        if code & BID:
            return seat, Action("bid", number=code & LOW_BITS)
        physical = code & LOW_BITS
        copy = physical % COPIES if self._decks > 1 else None
        return seat, Action("play", card=CARD_OF[physical], copy=copy)

    @property
    def action_count(self) -> int:
        """How many actions have been taken."""
        return len(self._log)

    @property
    def start_events(self) -> list[Event]:
        """The events of ``Game.new`` (the first ``RoundStarted``)."""
        return list(self._start_events)

    @classmethod
    def replay(
        cls,
        players: int,
        rules: Rules | None,
        seed: int,
        actions: Sequence[tuple[int, Action]],
    ) -> Game:
        """The game reached by applying ``actions`` to a new game (RuleError if one is illegal)."""
        game = cls(players, rules, seed)
        for seat, action in actions:
            game.apply(seat, action)
        return game

    # ------------------------------------------------------------------------ views

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see now (rules section 6); ``None``: the public spectator view."""
        if seat is not None:
            self._check_seat(seat)
        trick = self.current_trick
        completed = self.completed_tricks
        legal: tuple[int, ...] | tuple[Card, ...] = ()
        if seat is not None:
            legal = tuple(self.legal_bids(seat)) if self._phase is _BIDDING else tuple(self.legal_cards(seat))
        return View(
            seat=seat,
            players=self._players,
            rules=self._rules,
            decks=self._decks,
            phase=self._phase,
            round=self._round,
            rounds=len(self._sizes),
            hand_size=self._hand_size,
            dealer=self._dealer,
            trump=CARD_OF[self._trump],
            awaiting=self.awaiting,
            hand=None if seat is None else tuple(self._held[seat]),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            bids=tuple(self._bids),
            forbidden_bid=self.forbidden_bid,
            tricks_taken=tuple(self._taken),
            leader=self._leader,
            trick=trick,
            lead_suit=trick[0][1].suit if trick else None,
            tricks=completed,
            last_trick=completed[-1] if completed else None,
            legal=legal,
            round_scores=tuple(self._round_scores),
            totals=tuple(self._totals),
            winners=self._winners,
        )

    def public_view(self) -> View:
        """What everyone may see (a spectator's view): ``view(None)``."""
        return self.view(None)

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
            "over" if self._phase is _OVER else f"round {self._round}/{len(self._sizes)}, {self._phase.value}"
        )
        return f"<Game {self._players} players, {where}, {len(self._log)} actions, seed={self._seed}>"
