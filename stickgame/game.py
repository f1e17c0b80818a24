"""The game state machine: sticks, deal, turns, melds, rounds and the end of the game.

A ``Game`` is fully determined by its player count, rules, seed and action log. Every random
draw comes from SHAKE-256 of ``"stickgame:<seed>:<label>"`` (the bag's order, each round's
shuffle, each stock rebuild), so replaying the log on a new game gives the same game.

Decisions where sticks.md is silent (see also the docstrings):

- Identical cards of the four decks are equal; hands are multisets and the log names cards by
  value (``7H``), so nothing needs to keep copies apart.
- ``Game.new`` starts round 1 at once. Sticks are drawn in seat order starting left of the
  dealer. The first turn begins in the "draw" phase.
- Taking a wild is one action with its use (``TakeWild(swaps, then)``): if ``then`` does not
  lay down at least as many wild cards as were taken, nothing happens and it is refused.
- A lay-down, added meld or lay-off that empties the hand goes out at once (no discard).
- A round ends when someone goes out or when the player to draw finds the stock empty even
  after rebuilding it from the discard pile. The game ends after a round in which a seat has
  ``rules.sticks_to_win`` completed sticks (Frees included).
- ``legal_actions`` lists draws, discards, single-card lay-offs, 3-card new melds and one
  lay-down of the stick when the hand holds one; other melds and wild swaps are not listed.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from collections.abc import Sequence
from typing import Final, TypeVar

from .actions import (
    Action,
    AddMeld,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    MeldPlay,
    TakeWild,
    decode,
)
from .cards import DECK, Card
from .errors import MeldError, Reason, RuleError
from .events import (
    CardDrawn,
    Discarded,
    Event,
    FreeDrawn,
    GameOver,
    LaidOff,
    MeldAdded,
    RoundEnded,
    RoundStarted,
    StickCompleted,
    StickDrawn,
    StockRebuilt,
    WildTaken,
)
from .legal import discardable, play_actions
from .melds import Meld, describe_cards, interpretations, make_meld
from .persist import dumps, loads
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .sticks import STICKS, Stick, match_stick
from .views import Completion, RoundEnd, TableMeld, View

__all__ = ["Game"]

T = TypeVar("T")
_DRAW: Final = "draw"
_PLAY: Final = "play"
_OVER: Final = "over"


def _keys(seed: int, label: str, count: int) -> list[int]:
    """``count`` random 64-bit ints, a pure function of the seed and ``label``."""
    stream = hashlib.shake_256(f"stickgame:{seed}:{label}".encode()).digest(8 * count)
    return [int.from_bytes(stream[i : i + 8], "little") for i in range(0, 8 * count, 8)]


def _shuffled(items: Sequence[T], seed: int, label: str) -> list[T]:
    keys = _keys(seed, label, len(items))
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


def _take_cards(hand: list[Card], cards: Sequence[Card], seat: int) -> None:
    """Remove ``cards`` from ``hand`` (a multiset) or raise RuleError changing nothing."""
    need = Counter(cards)
    have = Counter(hand)
    for card, count in need.items():
        if have[card] < count:
            held = f"you cannot play {count} of {card}: you hold {have[card]}"
            english = held if have[card] else f"{card} is not in your hand"
            fields = {"card": card, "count": count, "held": have[card]}
            raise RuleError(english, seat=seat, code="not_held", fields=fields)
    for card in cards:
        hand.remove(card)


class Game:
    """One game of Stick Game for 2-8 seats (0-based, clockwise).

    Create with ``Game.new(players, rules, seed)``; act with ``apply(seat, action)``, which
    returns the events it caused or raises ``RuleError`` changing nothing; look with
    ``view(seat)`` / ``public_view()``.
    """

    def __init__(self, players: int, rules: Rules | None = None, seed: int | None = None) -> None:
        """Same as ``Game.new``."""
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Stick Game is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}")
        if seed is None:
            seed = secrets.randbits(63)
        elif type(seed) is not int:
            raise ValueError(f"seed must be a whole number or None, not {seed!r}")
        self.players = players
        self.rules = rules
        self.seed = seed
        self.log: list[tuple[int, str]] = []
        self._bag: list[Stick] = _shuffled(STICKS, seed, "bag:0")
        self._refills = 0
        self._sticks: list[Stick | None] = [None] * players
        self._completed: list[list[Completion]] = [[] for _ in range(players)]
        self._round = 0
        self._dealer = _keys(seed, "dealer", 1)[0] % players
        self._turn = 0
        self._phase = _DRAW
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._stock: list[Card] = []
        self._discard: list[Card] = []
        self._melds: list[TableMeld] = []
        self._picked: list[list[Card]] = [[] for _ in range(players)]
        self._order = 0
        self._rebuilds = 0
        self._winners: tuple[int, ...] = ()
        self._went_out = [0] * players
        self._dry_rounds = 0
        self._round_end: RoundEnd | None = None
        self.start_events: tuple[Event, ...] = tuple(self._start_round())

    def copy(self) -> Game:
        """An independent copy of the game (sharing only immutable parts: cards, sticks, melds)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        for name in ("log", "_bag", "_sticks", "_stock", "_discard", "_melds", "_went_out"):
            setattr(twin, name, list(getattr(self, name)))
        for name in ("_completed", "_hands", "_picked"):
            setattr(twin, name, [list(part) for part in getattr(self, name)])
        return twin

    @classmethod
    def new(cls, players: int, rules: Rules | None = None, seed: int | None = None) -> Game:
        """A new game of ``players`` (2-8) seats; round 1 is dealt. ``seed`` None: random."""
        return cls(players, rules, seed)

    # ------------------------------------------------------------------ public state

    @property
    def round(self) -> int:
        """The current round (1-based)."""
        return self._round

    @property
    def phase(self) -> str:
        """``"draw"`` (the turn's seat must draw), ``"play"`` (lay down, lay off, discard) or ``"over"``."""
        return self._phase

    @property
    def turn(self) -> int:
        """The seat whose turn it is (meaningless when the game is over)."""
        return self._turn

    @property
    def dealer(self) -> int:
        """This round's dealer."""
        return self._dealer

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now: the turn's seat, or () when the game is over."""
        return () if self._phase == _OVER else (self._turn,)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase == _OVER

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s hand, sorted (secret: show it to its owner only)."""
        return tuple(sorted(self._hands[self._seat(seat)]))

    def stick(self, seat: int) -> Stick | None:
        """``seat``'s uncompleted stick (secret), or None once it is completed this round."""
        return self._sticks[self._seat(seat)]

    def completed(self, seat: int) -> tuple[Completion, ...]:
        """``seat``'s completed sticks, face up, in the order completed."""
        return tuple(self._completed[self._seat(seat)])

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        """Every meld on the table, in the order laid, each with its owner."""
        return tuple(self._melds)

    def melds_of(self, seat: int) -> tuple[TableMeld, ...]:
        """The melds ``seat`` laid down this round."""
        return tuple(meld for meld in self._melds if meld.owner == seat)

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile (None if it is empty)."""
        return self._discard[-1] if self._discard else None

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first (only its top is shown to players)."""
        return tuple(self._discard)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom first (secret; for tests and tools)."""
        return tuple(self._stock)

    @property
    def bag(self) -> tuple[Stick, ...]:
        """The sticks left in the bag (secret)."""
        return tuple(self._bag)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's completed sticks (``scoring="sticks"``) or their points (``"points"``)."""
        if self.rules.scoring == "points":
            return tuple(sum(c.stick.points for c in done) for done in self._completed)
        return tuple(len(done) for done in self._completed)

    def _last_round_end(self) -> tuple[int, int | None] | None:
        """A view's ``last_round_end``: when the last round ended and who went out."""
        end = self._round_end
        return None if end is None else (end.actions, end.went_out)

    @property
    def round_end(self) -> RoundEnd | None:
        """The table as the last finished round ended, before the next deal (every hand face
        up: for replays and reviews, not for players' eyes); None before the first round ends."""
        return self._round_end

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (ties may share), else ()."""
        return self._winners

    def stats(self) -> dict[str, object]:
        """Per-game statistics for hosts: rounds, actions, and per seat the completed sticks
        (Frees included), their points, how often the seat went out; and the rounds that
        ended with nobody going out."""
        return {
            "rounds": self._round,
            "actions": len(self.log),
            "completed": [len(done) for done in self._completed],
            "frees": [sum(c.stick.is_free for c in done) for done in self._completed],
            "points": [sum(c.stick.points for c in done) for done in self._completed],
            "went_out": list(self._went_out),
            "rounds_without_going_out": self._dry_rounds,
        }

    @property
    def action_count(self) -> int:
        """How many actions were applied."""
        return len(self.log)

    # ------------------------------------------------------------------ rounds

    def _draw_sticks(self) -> list[Event]:
        events: list[Event] = []
        for step in range(1, self.players + 1):
            seat = (self._dealer + step) % self.players
            while self._sticks[seat] is None:
                if not self._bag:
                    self._refill_bag()
                stick = self._bag.pop()
                if stick.is_free:
                    self._completed[seat].append(Completion(stick, self._round, 0))
                    events.append(FreeDrawn(seat))
                else:
                    self._sticks[seat] = stick
                    events.append(StickDrawn(seat))
        return events

    def _refill_bag(self) -> None:
        """Decision (sticks.md 4.2): every non-Free stick no player holds uncompleted."""
        self._refills += 1
        held = {stick.number for stick in self._sticks if stick is not None}
        refill = [stick for stick in STICKS if not stick.is_free and stick.number not in held]
        self._bag = _shuffled(refill, self.seed, f"bag:{self._refills}")

    def _start_round(self) -> list[Event]:
        self._round += 1
        if self._round > 1:
            self._dealer = (self._dealer + 1) % self.players
        events: list[Event] = []
        sticks = self._draw_sticks()
        cards = _shuffled(DECK, self.seed, f"deal:{self._round}")
        size = self.rules.hand_size
        first = (self._dealer + 1) % self.players
        self._hands = [[] for _ in range(self.players)]
        for index in range(size * self.players):
            self._hands[(first + index) % self.players].append(cards[index])
        self._discard = [cards[size * self.players]]
        self._stock = cards[size * self.players + 1 :]
        self._melds = []
        self._picked = [[] for _ in range(self.players)]
        self._order = 0
        self._rebuilds = 0
        self._turn = first
        self._phase = _DRAW
        events.append(RoundStarted(self._round, self._dealer, first, self._discard[-1]))
        events.extend(sticks)
        return events

    def _end_round(self, went_out: int | None) -> list[Event]:
        if went_out is None:
            self._dry_rounds += 1
        else:
            self._went_out[went_out] += 1
        counts = tuple(len(done) for done in self._completed)
        self._round_end = RoundEnd(
            self._round,
            len(self.log) + 1,  # the ending action is logged after this
            went_out,
            tuple(tuple(sorted(hand)) for hand in self._hands),
            tuple(self._melds),
            tuple(self._discard),
            self.totals,
            counts,
        )
        events: list[Event] = [RoundEnded(self._round, went_out, counts)]
        if max(counts) >= self.rules.sticks_to_win:
            self._winners = self._find_winners()
            self._phase = _OVER
            events.append(GameOver(self.totals, self._winners))
            return events
        events.extend(self._start_round())
        return events

    def _find_winners(self) -> tuple[int, ...]:
        """sticks.md section 6: the best total; under ``sticks`` the tie-breaks by completion."""
        totals = self.totals
        best = max(totals)
        tied = [seat for seat in range(self.players) if totals[seat] == best]
        if self.rules.scoring == "points" or len(tied) == 1:
            return tuple(tied)

        def key(seat: int) -> tuple[int, int]:
            last = self._completed[seat][-1]
            if last.round != self._round:
                return (-1, 0)  # cannot happen: the game would have ended earlier
            if last.order == 0:
                return (1, 0)  # at the top only through a Free drawn this round: shares
            return (0, last.order)

        first = min(map(key, tied))
        return tuple(seat for seat in tied if key(seat) == first)

    def _begin_turn(self, seat: int) -> list[Event]:
        """Start ``seat``'s turn; rebuild the stock if it is empty (sticks.md 5.1)."""
        self._turn = seat
        self._phase = _DRAW
        if self._stock:
            return []
        self._rebuilds += 1
        pile = self._discard[:-1]
        self._discard = self._discard[-1:]
        self._stock = _shuffled(pile, self.seed, f"stock:{self._round}:{self._rebuilds}")
        events: list[Event] = [StockRebuilt(len(self._stock))]
        if not self._stock:
            events.extend(self._end_round(None))
        return events

    # ------------------------------------------------------------------ actions

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Carry out ``action`` (or its encoded text) for ``seat``; returns the events.

        Raises RuleError (changing nothing) if the rules do not allow it.
        """
        if isinstance(action, str):
            try:
                action = decode(action)
            except ValueError as error:
                raise RuleError(str(error), seat=seat) from None
        if self._phase == _OVER:
            raise RuleError("the game is over", seat=seat, code="game_over")
        if type(seat) is not int or not 0 <= seat < self.players:
            raise RuleError(f"{seat!r} is not a seat of this game", seat=seat, code="not_a_seat")
        if seat != self._turn:
            raise RuleError("it is not your turn", seat=seat, turn_of=(self._turn,), code="not_your_turn")
        if isinstance(action, DrawStock | DrawDiscard):
            events = self._draw(seat, action)
        elif self._phase != _PLAY:
            raise RuleError(
                "draw a card first (from the stock or the discard pile)", seat=seat, code="draw_first"
            )
        elif isinstance(action, Discard):
            events = self._discard_card(seat, action.card)
        else:
            events = self._meld_action(seat, action)
        self.log.append((seat, action.encode()))
        return events

    def _draw(self, seat: int, action: DrawStock | DrawDiscard) -> list[Event]:
        if self._phase != _DRAW:
            raise RuleError(
                "you have drawn already this turn; lay down or discard", seat=seat, code="drawn_already"
            )
        if isinstance(action, DrawStock):
            card = self._stock.pop()
            self._hands[seat].append(card)
            self._phase = _PLAY
            return [CardDrawn(seat, "stock", None)]
        if not self._discard:
            raise RuleError("the discard pile is empty; draw from the stock", seat=seat, code="discard_empty")
        card = self._discard.pop()
        self._hands[seat].append(card)
        self._picked[seat].append(card)
        self._phase = _PLAY
        return [CardDrawn(seat, "discard", card)]

    def discardable(self, card: Card) -> bool:
        """Whether ``card`` may be discarded by anyone now (see ``legal.discardable``)."""
        return discardable(card, self._melds)

    def _discard_card(self, seat: int, card: Card) -> list[Event]:
        hand = self._hands[seat]
        if card not in hand:
            raise RuleError(
                f"you cannot discard {card}: it is not in your hand",
                seat=seat,
                code="discard_not_held",
                fields={"card": card},
            )
        if not self.discardable(card) and any(self.discardable(c) for c in hand):
            if card.is_wild:
                raise RuleError(
                    "a wild card may not be discarded", seat=seat, code="discard_wild", fields={"card": card}
                )
            reason = f"{card} could be laid off on the table, so it may not be discarded"
            raise RuleError(reason, seat=seat, code="discard_fits", fields={"card": card})
        hand.remove(card)
        self._discard.append(card)
        events: list[Event] = [Discarded(seat, card)]
        if not hand:
            events.extend(self._end_round(seat))
            return events
        events.extend(self._begin_turn((seat + 1) % self.players))
        return events

    def _meld_action(self, seat: int, action: Action) -> list[Event]:
        """Lay down, add a meld, lay off or take wilds: done on copies, committed at the end."""
        hand = list(self._hands[seat])
        table = list(self._melds)
        stick = self._sticks[seat]
        events: list[Event] = []
        if isinstance(action, TakeWild):
            wilds_before = sum(card.is_wild for card in hand)
            if not action.swaps:
                raise RuleError("name at least one wild to take", seat=seat, code="no_swap")
            for swap in action.swaps:
                events.append(self._swap(seat, hand, table, swap.meld, swap.card, swap.wild))
            stick = self._lay(seat, hand, table, stick, action.then, events)
            if sum(card.is_wild for card in hand) > wilds_before:
                raise RuleError(
                    "a wild card you take must be used this turn to complete your stick or in a "
                    "new set or run; this action does not use it, so the swap is refused",
                    seat=seat,
                    code="unused_wild",
                )
        else:
            stick = self._lay(seat, hand, table, stick, action, events)
        # commit
        if stick is None and self._sticks[seat] is not None:
            completed = self._sticks[seat]
            assert completed is not None
            self._order += 1
            self._completed[seat].append(Completion(completed, self._round, self._order))
        self._sticks[seat] = stick
        self._hands[seat] = hand
        self._melds = table
        if not hand:
            events.extend(self._end_round(seat))
        return events

    def _swap(
        self, seat: int, hand: list[Card], table: list[TableMeld], index: int, card: Card, wild: Card | None
    ) -> Event:
        target = self._table_meld(seat, table, index)
        if card.is_wild:
            raise RuleError(
                f"{card} is wild; only a natural card can replace a wild",
                seat=seat,
                code="swap_wild",
                fields={"card": card},
            )
        spot = target.meld.takeable(card)
        where = {"number": index + 1, "meld": target.meld}
        if spot is None:
            message = f"no wild in meld #{index + 1} ({target.meld}) stands for {card}"
            raise RuleError(message, seat=seat, code="swap_no_wild", fields={**where, "card": card})
        if wild is not None and target.meld.kind == "set":
            choices = [i for i, c in enumerate(target.meld.cards) if c == wild]
            if not choices:
                message = f"meld #{index + 1} ({target.meld}) holds no {wild}"
                raise RuleError(message, seat=seat, code="swap_holds_no", fields={**where, "wild": wild})
            spot = choices[0]
        _take_cards(hand, (card,), seat)
        taken = target.meld.cards[spot]
        hand.append(taken)
        table[index] = TableMeld(target.owner, target.meld.replaced(spot, card))
        return WildTaken(seat, index, card, taken)

    def _table_meld(self, seat: int, table: list[TableMeld], index: int) -> TableMeld:
        if type(index) is not int or not 0 <= index < len(table):
            number = index + 1 if type(index) is int else 0
            message = f"there is no meld #{index + 1} on the table"
            raise RuleError(message, seat=seat, code="no_meld", fields={"number": number})
        return table[index]

    def _lay(
        self,
        seat: int,
        hand: list[Card],
        table: list[TableMeld],
        stick: Stick | None,
        action: Action,
        events: list[Event],
    ) -> Stick | None:
        """Lay down, add a meld or lay off on the copies; returns the seat's stick afterwards."""
        if isinstance(action, LayDown):
            if stick is None:
                raise RuleError("your stick is completed already this round", seat=seat, code="stick_done")
            _take_cards(hand, [card for play in action.melds for card in play.cards], seat)
            melds = match_stick(stick, [_readings(play) for play in action.melds])
            first = len(table)
            table.extend(TableMeld(seat, meld) for meld in melds)
            events.append(StickCompleted(seat, stick, melds, first))
            return None
        if stick is not None:
            raise RuleError(
                "lay down your stick first: further melds and lay-offs come after completing it",
                seat=seat,
                code="stick_first",
            )
        if isinstance(action, AddMeld):
            play = action.meld
            if play.kind == "wild5" or (play.kind is None and all(c.is_wild for c in play.cards)):
                raise MeldError(
                    Reason("a new meld must be a set or a run", "new_meld"),
                    Reason("'5 wild cards' only completes its stick", "wild5_only"),
                )
            _take_cards(hand, play.cards, seat)
            meld = make_meld(play.cards, play.kind, play.placement)
            table.append(TableMeld(seat, meld))
            events.append(MeldAdded(seat, len(table) - 1, meld))
            return None
        if isinstance(action, LayOff):
            target = self._table_meld(seat, table, action.meld)
            if target.owner != seat and action.cards and all(c.is_wild for c in action.cards):
                raise RuleError(
                    "a wild card may be laid off alone only on your own melds, never alone on "
                    "another player's",
                    seat=seat,
                    code="lone_wild",
                )
            _take_cards(hand, action.cards, seat)
            meld = target.meld.extended(action.cards, action.placement)
            table[action.meld] = TableMeld(target.owner, meld)
            events.append(LaidOff(seat, action.meld, action.cards, meld))
            return None
        raise RuleError(f"{action!r} is not an action of this game", seat=seat, code="not_an_action")

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        """Draws; or discards, single-card lay-offs, the smallest new melds the hand can make
        (after completing) and one lay-down of the stick (when the hand holds one).

        Longer melds, other lay-downs and wild swaps may also be legal; they are not listed.
        """
        if self._phase == _OVER or seat != self._turn:
            return []
        if self._phase == _DRAW:
            actions: list[Action] = [DrawStock()]
            if self._discard:
                actions.append(DrawDiscard())
            return actions
        return play_actions(seat, self._hands[seat], self._sticks[seat], self._melds)

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (None: the public view): no other hand, no other stick."""
        own = None if seat is None else self._seat(seat)
        return View(
            seat=own,
            players=self.players,
            rules=self.rules,
            actions=len(self.log),
            round=self._round,
            dealer=self._dealer,
            turn=self._turn,
            phase=self._phase,
            awaiting=self.awaiting,
            hand=None if own is None else self.hand(own),
            stick=None if own is None else self._sticks[own],
            has_stick=tuple(stick is not None for stick in self._sticks),
            completed=tuple(tuple(done) for done in self._completed),
            melds=tuple(self._melds),
            discard_top=self.discard_top,
            discard_size=len(self._discard),
            stock_size=len(self._stock),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            picked_up=tuple(tuple(cards) for cards in self._picked),
            totals=self.totals,
            winners=self._winners,
            last_round_end=None
            if self._round_end is None
            else (self._round_end.actions, self._round_end.went_out),
        )

    def public_view(self) -> View:
        """What everyone may see."""
        return self.view(None)

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"{seat!r} is not a seat; seats are 0-{self.players - 1}")
        return seat

    # ------------------------------------------------------------------ saving

    def to_json(self) -> str:
        """The game as JSON: seed, rules and action log, with a digest (see ``persist``)."""
        return dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game saved by ``to_json``; CorruptGameError if anything is wrong."""
        return loads(text, cls.new)

    def __repr__(self) -> str:
        return f"Game(players={self.players}, seed={self.seed}, round={self._round}, phase={self._phase!r})"


def _readings(play: MeldPlay) -> Meld | list[Meld]:
    """A played meld as the stick checker takes it: every reading its kind and placement allow."""
    if play.placement is not None:
        if play.kind not in (None, "run"):
            raise MeldError(
                Reason(f"a {play.kind} has no placement", "no_placement", {"kind": str(play.kind)}),
                Reason(f"{describe_cards(play.cards)} was given {play.placement!r}", "placement"),
            )
        return make_meld(play.cards, "run", play.placement)
    readings = interpretations(play.cards, play.kind)
    if not readings:
        return make_meld(play.cards, play.kind)  # raises the MeldError that says why
    return readings
