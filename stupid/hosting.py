"""Stupid as the host sees it: the :class:`tabletop.GameSpec` of this package.

Only this module of ``stupid`` knows the game protocol; the engine does not depend on it.

Action texts are the engine's own (:meth:`stupid.Action.encode`): ``b3`` bids three tricks,
``pQC`` plays the queen of clubs; in games of several decks the log names the copy played
(``pQC.1``), and a player's ``pQC`` plays any copy they hold. The stage is ``<round>b<bids
made>`` while bidding, ``<round>.<trick>.<cards in the trick>`` during the tricks and ``over``.

Options: ``decks`` (``auto``: one deck per seven players, the engine's ``decks=None``; or 1-3)
and ``max_hand`` (1-10). Decision: the host seats 2-14 players (``stupid.md`` section 1: a select
menu and a message stay readable), although the engine takes up to 21.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from stupid.actions import Action
from stupid.ai import LEVELS, make_player
from stupid.ai import Player as StupidPlayer
from stupid.drawn_hand import drawn_hand
from stupid.errors import RuleError
from stupid.events import Event
from stupid.game import Game, Phase
from stupid.presentation import StupidPresentation
from stupid.refusals import options_text, refused
from stupid.replay import REPLAY, StupidReplay
from stupid.rules import MAX_DECKS, MAX_HAND_LIMIT
from stupid.table_options import AUTO, rules_for
from stupid.texts import CATALOG, t
from stupid.views import View
from tabletop import (
    ComputerPlayer,
    GameSpec,
    LogEntry,
    Match,
    Option,
    OptionError,
    OptionValue,
    Preset,
    Refused,
    Results,
    resolve_options,
)
from tabletop.engine_match import EngineMatch, replayed
from tabletop.pictures import ArtModule

__all__ = ["GAME", "HOSTED_PLAYERS", "StupidGame", "StupidMatch", "rules_for"]

HOSTED_PLAYERS: Final = range(2, 15)
"""The player counts the host seats."""


class StupidMatch(EngineMatch[Game]):
    """One game of Stupid behind the game protocol (:class:`tabletop.Match`)."""

    rule_errors = (RuleError,)

    @property
    def rounds(self) -> int:
        """How many rounds the game lasts (13 by default)."""
        return self.game.rounds

    @property
    def stage(self) -> str:
        """``3b2`` (round 3, two bids made), ``3.2.1`` (round 3, trick 2, one card down), ``over``."""
        game = self.game
        if game.is_over:
            return "over"
        if game.phase is Phase.BIDDING:
            return f"{game.round}b{sum(bid is not None for bid in game.bids)}"
        return f"{game.round}.{game.trick_number}.{len(game.current_trick)}"

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every accepted action, as (seat, text); plays name their copy in games of several decks."""
        return tuple((seat, action.encode()) for seat, action in self.game.actions)

    def apply(self, seat: int, action: str) -> tuple[object, ...]:
        """Apply ``seat``'s action; :class:`tabletop.Refused` (nothing changed) with the reason in
        words of Stupid's catalog (:mod:`stupid.refusals`) if the rules do not allow it or the
        text is no action of the game."""
        try:
            return tuple(self.play(seat, action))
        except RuleError as exc:
            raise refused(exc) from exc
        except ValueError as exc:
            raise Refused(t("refusal.not_a_move")) from exc

    def legal_actions(self, seat: int) -> tuple[str, ...]:
        """The bids or cards ``seat`` may choose now (each card once, whatever its copies)."""
        if seat not in self.game.awaiting:
            return ()
        return tuple(action.encode() for action in self.game.legal_actions(seat))

    def play(self, seat: int, action: str) -> list[Event]:
        """Apply ``seat``'s action text to the engine (ValueError if it names no action)."""
        return self.game.apply(seat, Action.decode(action))

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (None: the public view)."""
        return self.game.view(seat)

    def results(self) -> Results:
        """Totals, winners, scores by round, and exact bids, tricks and zero bids made by seat."""
        game = self.game
        return Results(
            totals=tuple(game.totals),
            winners=tuple(game.winners),
            round_scores=tuple(tuple(scores) for scores in game.round_scores),
            stats={name: tuple(values) for name, values in game.stats().items()},
        )

    def copy(self) -> StupidMatch:
        """An independent copy."""
        return StupidMatch(self.game.copy(), self._options)


@dataclass(frozen=True)
class StupidComputer:
    """A Stupid computer player answering with action texts."""

    player: StupidPlayer

    def decide(self, view: object) -> str:
        """The bid or the card for the seat whose view this is."""
        if not isinstance(view, View):
            raise TypeError(f"a Stupid player needs a Stupid view, not {type(view).__name__}")
        return self.player.act(view).encode()


class StupidGame:
    """Stupid described for the host (:class:`tabletop.GameSpec`)."""

    name: Final = "stupid"
    title: Final = CATALOG.lazy("spec.title")
    description: Final = CATALOG.lazy("spec.description")
    """The title and description, in the reader's language (the catalog's ``spec.*``)."""
    min_players: Final = HOSTED_PLAYERS.start
    max_players: Final = HOSTED_PLAYERS.stop - 1
    levels: Final = LEVELS
    stand_in_level: Final = "normal"
    whole_turns: Final = False
    """A turn is one action (a card or a bid)."""
    shows_new_hands: Final = True
    """At a deal the people who do not bid first get their new hand by DM, to weigh their bid."""
    stat_labels: Final = {
        "bids_made": CATALOG.lazy("stat.bids_made"),
        "tricks": CATALOG.lazy("stat.tricks"),
        "zero_bids_made": CATALOG.lazy("stat.zero_bids_made"),
    }
    """The stats of :meth:`StupidMatch.results` (``Game.stats``), named for players."""
    options: Final = (
        Option(
            "decks",
            CATALOG.lazy("option.decks.help"),
            AUTO,
            (AUTO,),
            1,
            MAX_DECKS,
        ),
        Option(
            "max_hand",
            CATALOG.lazy("option.max_hand.help"),
            7,
            (),
            1,
            MAX_HAND_LIMIT,
        ),
    )
    presets: Final[tuple[Preset, ...]] = ()
    presentation: Final = StupidPresentation()
    art: Final = ArtModule("stupid.art", drawn_hand)
    """The hand, the table and the totals chart as pictures (:mod:`stupid.art`, imported at the
    first picture: it is the package's one module that needs Pillow); a hand's picture is
    kept by what it shows (:func:`stupid.drawn_hand.drawn_hand`)."""

    @property
    def replay_rules(self) -> StupidReplay:
        """Replay steps and the JSON export (:mod:`stupid.replay`)."""
        return REPLAY

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option's value for a table that asked for ``raw``; :class:`OptionError` if not allowed."""
        values = resolve_options(self.options, raw, self.presets)
        rules = rules_for(values)
        if not any(rules.allows(players) for players in HOSTED_PLAYERS):
            # No table could play: say why, for the fewest players.
            raise OptionError("not_allowed", options_text(rules.problem(HOSTED_PLAYERS.start)))
        return values

    def player_range(self, options: Mapping[str, OptionValue]) -> tuple[int, int]:
        """The fewest and most players these options take at a table (within 2-14)."""
        rules = rules_for(options)
        allowed = [players for players in HOSTED_PLAYERS if rules.allows(players)]
        if not allowed:
            return HOSTED_PLAYERS.start, HOSTED_PLAYERS.start - 1
        return allowed[0], allowed[-1]

    def new_match(self, players: int, options: Mapping[str, OptionValue], seed: int) -> StupidMatch:
        """A new game, round 1 dealt; :class:`OptionError` if the options do not take ``players``."""
        rules = rules_for(options)
        if players not in HOSTED_PLAYERS:
            text = t("options.refusal.seats", low=self.min_players, high=self.max_players, players=players)
            raise OptionError("players", text, players=players)
        problem = rules.problem(players)
        if problem is not None:
            raise OptionError("players", options_text(problem), players=players)
        try:
            game = Game.new(players, rules, seed=seed)
        except ValueError as exc:  # a seed the engine refuses: not the players' doing
            raise OptionError("players", options_text(None), players=players) from exc
        return StupidMatch(game, options)

    def replay(
        self, players: int, options: Mapping[str, OptionValue], seed: int, log: Sequence[LogEntry]
    ) -> StupidMatch:
        """The game the stored actions made; :class:`tabletop.CorruptLog` if they cannot have."""
        return replayed(
            "Stupid", lambda: self.new_match(players, options, seed), StupidMatch.play, log, (RuleError,)
        )

    def computer_player(self, level: str, seed: int) -> ComputerPlayer:
        """A computer player of ``level``, reproducible from ``seed``."""
        return StupidComputer(make_player(level, seed))


GAME: Final = StupidGame()
"""Stupid, as :mod:`tabletop.registry` offers it."""


def _conforms(game: StupidGame, match: StupidMatch) -> tuple[GameSpec, Match]:
    """Never called: mypy checks here that both classes meet the protocol."""
    return game, match
