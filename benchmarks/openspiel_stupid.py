"""One round of Stupid as an OpenSpiel Python game, and an OpenSpiel ISMCTS seat for our engine.

Needs the optional ``bench`` extra (``pip install -e '.[bench]'``: the ``open-spiel`` package);
nothing else in the project imports this module.

The game (``python_stupid_round``) is one round of Stupid with its real scoring: a player who
took exactly the tricks bid scores ``10 + 5 * tricks``, anyone else -10 (the project's rules,
section 5). Its parameters fix the round's table: ``players``, ``hand_size``, ``trump_card``
(a card code 0-51: ``suit * 13 + rank step``), ``dealer``. The initial state is a chance node
that deals the hands card by card from the 51 cards left after the turned one; then the seats
bid from the dealer's left (the dealer may not make the bids add up to the hand size) and play
the tricks (follow suit if you can; highest trump, else highest card of the suit led). The
returns are the round scores. One deck (up to 7 players).

Actions: a bid ``n`` is action ``n`` (0..10); a card is ``CARD_BASE + code``.

``StupidRoundState.resample_from_infostate`` redeals the cards a player has not seen among the
other hands, keeping every void a hand has shown (a seat that failed to follow a suit gets none
of it) and the cards already played; the information state string holds exactly what the
player has seen (own hand, trump, bids, the plays), so a resampled state has the same key.

:class:`IsmctsSeat` plays a seat of a real :class:`stupid.game.Game` from ``game.view(seat)``
only: it builds the round's state from the view (the hidden hands dealt at random consistently
with the shown voids), runs OpenSpiel's own ``ISMCTSBot`` (random rollouts to the round's end)
and answers with the engine's action.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from stupid.actions import Action
from stupid.cards import Card
from stupid.game import Phase
from stupid.views import View

__all__ = ["CARD_BASE", "GAME_NAME", "IsmctsSeat", "StupidRoundGame", "StupidRoundState"]

GAME_NAME = "python_stupid_round"
MAX_HAND = 10
CARD_BASE = MAX_HAND + 1
"""Action of card ``code`` is ``CARD_BASE + code``; actions below it are bids."""
MAX_PLAYERS = 7

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Stupid (one round)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"players": 4, "hand_size": 7, "trump_card": 0, "dealer": 0},
)


def _score(bid: int, taken: int) -> int:
    """A round score: ``10 + 5 * tricks`` for an exact bid, else -10."""
    return 10 + 5 * taken if bid == taken else -10


def _strength(code: int, lead: int, trump: int) -> int:
    """How strongly a card bids for a trick led in ``lead``: trumps, then the suit led, else -1."""
    suit = code // 13
    if suit == trump:
        return 100 + code % 13
    return code % 13 if suit == lead else -1


class StupidRoundGame(pyspiel.Game):  # type: ignore[misc]
    """One round of Stupid (see the module docstring for the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(_GAME_TYPE.parameter_specification) | (params or {})
        self.players = int(params["players"])
        self.hand_size = int(params["hand_size"])
        self.trump_card = int(params["trump_card"])
        self.dealer = int(params["dealer"])
        if not 2 <= self.players <= MAX_PLAYERS or not 1 <= self.hand_size <= MAX_HAND:
            raise ValueError("players 2-7 and hand_size 1-10")
        if self.players * self.hand_size + 1 > 52:
            raise ValueError("one deck holds players * hand_size + 1 cards")
        info = pyspiel.GameInfo(
            num_distinct_actions=CARD_BASE + 52,
            max_chance_outcomes=52,
            num_players=self.players,
            min_utility=-10.0,
            max_utility=10.0 + 5 * self.hand_size,
            utility_sum=None,
            max_game_length=self.players * (self.hand_size + 1),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> StupidRoundState:
        """The round before the deal (a chance node)."""
        return StupidRoundState(self)


class StupidRoundState(pyspiel.State):  # type: ignore[misc]
    """A state of one round; the hands are lists of card codes."""

    def __init__(self, game: StupidRoundGame) -> None:
        super().__init__(game)
        self.n = game.players
        self.size = game.hand_size
        self.trump = game.trump_card // 13
        self.trump_card = game.trump_card
        self.dealer = game.dealer
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.dealt = 0
        self.bids: list[int] = []
        self.taken = [0] * self.n
        self.trick: list[int] = []
        self.leader = (self.dealer + 1) % self.n
        self.plays: list[tuple[int, int]] = []  # (seat, code) in play order, the whole round
        self.voids = [0] * self.n
        self.over = False

    def __deepcopy__(self, memo: dict[int, Any]) -> StupidRoundState:
        state = copy.copy(self)
        state.hands = [hand[:] for hand in self.hands]
        state.bids = self.bids[:]
        state.taken = self.taken[:]
        state.trick = self.trick[:]
        state.plays = self.plays[:]
        state.voids = self.voids[:]
        return state

    # -------------------------------------------------------------- the rules

    def _deal_target(self) -> int:
        return (self.dealer + 1 + self.dealt) % self.n

    def current_player(self) -> int:
        """The seat to act, or CHANCE while dealing, TERMINAL at the end."""
        if self.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dealt < self.n * self.size:
            return int(pyspiel.PlayerId.CHANCE)
        if len(self.bids) < self.n:
            return (self.dealer + 1 + len(self.bids)) % self.n
        return (self.leader + len(self.trick)) % self.n

    def _unseen_pool(self) -> list[int]:
        held = {code for hand in self.hands for code in hand}
        gone = {code for _, code in self.plays}
        return [c for c in range(52) if c != self.trump_card and c not in held and c not in gone]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Any card not yet dealt, uniformly."""
        pool = self._unseen_pool()
        return [(CARD_BASE + c, 1.0 / len(pool)) for c in pool]

    def _legal_actions(self, player: int) -> list[int]:
        if len(self.bids) < self.n:
            bids = list(range(self.size + 1))
            if len(self.bids) == self.n - 1:
                forbidden = self.size - sum(self.bids)
                bids = [b for b in bids if b != forbidden]
            return bids
        hand = self.hands[player]
        if self.trick:
            lead = self.trick[0] // 13
            follow = sorted({c for c in hand if c // 13 == lead})
            if follow:
                return [CARD_BASE + c for c in follow]
        return [CARD_BASE + c for c in sorted(set(hand))]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self.hands[self._deal_target()].append(action - CARD_BASE)
            self.dealt += 1
            return
        seat = self.current_player()
        if len(self.bids) < self.n:
            self.bids.append(action)
            return
        code = action - CARD_BASE
        self.hands[seat].remove(code)
        if self.trick and code // 13 != self.trick[0] // 13:
            self.voids[seat] |= 1 << (self.trick[0] // 13)
        self.trick.append(code)
        self.plays.append((seat, code))
        if len(self.trick) == self.n:
            lead = self.trick[0] // 13
            best, winner = -2, 0
            for position, card in enumerate(self.trick):
                value = _strength(card, lead, self.trump)
                if value > best:
                    best, winner = value, position
            self.leader = (self.leader + winner) % self.n
            self.taken[self.leader] += 1
            self.trick = []
            if not self.hands[self.leader]:
                self.over = True

    def _action_to_string(self, player: int, action: int) -> str:
        if action < CARD_BASE and player != pyspiel.PlayerId.CHANCE:
            return f"bid {action}"
        return str(Card.from_index(action - CARD_BASE))

    def is_terminal(self) -> bool:
        """After the last trick."""
        return self.over

    def returns(self) -> list[float]:
        """The round scores (zeros before the end)."""
        if not self.over:
            return [0.0] * self.n
        return [float(_score(self._bid_of(seat), self.taken[seat])) for seat in range(self.n)]

    def _bid_of(self, seat: int) -> int:
        return self.bids[(seat - self.dealer - 1) % self.n]

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` has seen: its hand, the trump card, the bids and the plays."""
        if player is None:
            player = self.current_player()
        hand = ",".join(map(str, sorted(self.hands[player])))
        plays = ",".join(f"{seat}:{code}" for seat, code in self.plays)
        return f"p{player}|h{hand}|t{self.trump_card}|b{self.bids}|{plays}"

    def __str__(self) -> str:
        return f"hands {self.hands} bids {self.bids} plays {self.plays} taken {self.taken}"

    # -------------------------------------------------------------- resampling

    def redeal(self, player: int, rng: random.Random) -> StupidRoundState:
        """A copy in which the cards ``player`` has not seen are dealt again among the other
        hands, keeping every shown void (most constrained hand first; a failed draw is drawn
        again, and after 100 failures the voids of the unluckiest seat are ignored)."""
        others = [s for s in range(self.n) if s != player]
        hidden = [code for s in others for code in self.hands[s]]
        stock = self._unseen_pool()
        pool = hidden + stock
        order = sorted(others, key=lambda s: -bin(self.voids[s]).count("1"))
        for _ in range(100):
            rng.shuffle(pool)
            hands = self._fill(order, pool)
            if hands is not None:
                break
        else:
            hands = {s: self.hands[s][:] for s in others}  # the true hands always fit
        state = copy.deepcopy(self)
        for seat, hand in hands.items():
            state.hands[seat] = hand
        return state

    def _fill(self, order: Sequence[int], pool: Sequence[int]) -> dict[int, list[int]] | None:
        left = list(pool)
        hands: dict[int, list[int]] = {}
        for seat in order:
            need = len(self.hands[seat])
            void = self.voids[seat]
            hand: list[int] = []
            kept: list[int] = []
            for code in left:
                if len(hand) < need and not void >> (code // 13) & 1:
                    hand.append(code)
                else:
                    kept.append(code)
            if len(hand) < need:
                return None
            hands[seat] = hand
            left = kept
        return hands

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> StupidRoundState:
        """OpenSpiel's resampling hook: :meth:`redeal` seeded from ``probability_sampler()``."""
        return self.redeal(player_id, random.Random(float(probability_sampler())))


pyspiel.register_game(_GAME_TYPE, StupidRoundGame)


def state_from_view(view: View, rng: random.Random) -> StupidRoundState:
    """The round as ``view``'s seat sees it, the hidden hands dealt at random (voids kept)."""
    assert view.seat is not None and view.hand is not None and view.decks == 1
    game = pyspiel.load_game(
        GAME_NAME,
        {
            "players": view.players,
            "hand_size": view.hand_size,
            "trump_card": view.trump.index,
            "dealer": view.dealer,
        },
    )
    state: StupidRoundState = game.new_initial_state()
    state.dealt = view.players * view.hand_size
    first = (view.dealer + 1) % view.players
    state.bids = [
        b for b in (view.bids[(first + i) % view.players] for i in range(view.players)) if b is not None
    ]
    state.hands[view.seat] = [card.index for card in view.hand]
    tricks = [done.plays for done in view.tricks]
    for done in view.tricks:
        for seat, card in done.plays:
            state.plays.append((seat, card.index))
    if view.trick:
        tricks.append(view.trick)
        state.plays.extend((seat, card.index) for seat, card in view.trick)
    for plays in tricks:
        lead = plays[0][1].suit.order
        for seat, card in plays:
            if card.suit.order != lead:
                state.voids[seat] |= 1 << lead
    state.taken = list(view.tricks_taken)
    state.trick = [card.index for _, card in view.trick]
    state.leader = view.leader
    # Placeholder hidden hands of the right sizes (the true ones are never read), then redealt.
    pool = state._unseen_pool()
    for seat in range(view.players):
        if seat != view.seat:
            size = view.hand_sizes[seat]
            state.hands[seat], pool = pool[:size], pool[size:]
    return state.redeal(view.seat, rng)


class IsmctsSeat:
    """A seat played by OpenSpiel's ``ISMCTSBot`` with random rollouts, from views only.

    ``iterations``: simulations per decision; ``uct_c``: the exploration constant (in points,
    the scale of the returns); every random choice (the search's, the rollouts', the redeals')
    comes from ``seed`` and the decision's place, so a game replays.
    """

    def __init__(self, seed: int, iterations: int, uct_c: float = 20.0) -> None:
        self.seed = seed
        self.iterations = iterations
        self.uct_c = uct_c

    def act(self, view: View) -> Action:
        """The bot's bid or card for the view's seat."""
        place = (
            f"{self.seed}/{view.seat}/{view.round}/{view.phase.value}/{len(view.tricks)}/{len(view.trick)}"
        )
        rng = random.Random(place)
        numpy_rng = np.random.RandomState(rng.getrandbits(32))
        state = state_from_view(view, rng)
        game = state.get_game()
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng),
            self.uct_c,
            self.iterations,
            random_state=numpy_rng,
            allow_inconsistent_action_sets=True,
        )
        resample: Callable[[StupidRoundState, int], StupidRoundState] = lambda s, p: s.redeal(p, rng)  # noqa: E731
        bot.set_resampler(resample)
        action = int(bot.step(state))
        if view.phase is Phase.BIDDING:
            return Action.bid(action)
        return Action.play(Card.from_index(action - CARD_BASE))
