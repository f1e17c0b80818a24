"""Stick Game as the host sees it: the :class:`tabletop.GameSpec` of this package.

Only this module of ``stickgame`` knows the game protocol; the engine does not depend on it.

Action texts are the engine's own (:mod:`stickgame.actions`): ``S`` draws from the stock, ``D``
the discard, ``L 4C 5C * 7C | 9S 9H 9H`` lays down a stick, ``O 3 8H`` lays off, ``X 7H``
discards, and so on. A turn is several decisions (draw, then lay down, lay off or discard), so
the stage is ``<round>.<actions so far>``: it changes with every action, and a prompt is stale as
soon as anything was played.

Options are the engine's :class:`stickgame.Rules`: ``scoring`` (``sticks``: most completed
sticks wins; ``points``: most points), ``sticks_to_win`` (1-7; fewer make a short game) and
``hand_size`` (11-15).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from stickgame.actions import decode
from stickgame.ai import LEVELS, make_player
from stickgame.ai import Player as StickGamePlayer
from stickgame.drawn_hand import drawn_hand
from stickgame.errors import RuleError
from stickgame.events import Event
from stickgame.game import Game
from stickgame.presentation import StickGamePresentation
from stickgame.refusals import rule_refusal
from stickgame.replay import REPLAY, StickGameReplay
from stickgame.rules import MAX_PLAYERS, MIN_PLAYERS, SCORING, Rules, RulesError
from stickgame.texts import CATALOG, t
from stickgame.views import View
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
from tabletop.catalog import Text
from tabletop.engine_match import EngineMatch, replayed
from tabletop.pictures import ArtModule

__all__ = ["GAME", "StickGameMatch", "StickGameSpec", "rules_for"]

_PER_SEAT_STATS: Final = ("completed", "frees", "points", "went_out")
"""The entries of ``Game.stats()`` that are counted by seat (the host stores those)."""


def rules_for(options: Mapping[str, OptionValue]) -> Rules:
    """The engine's :class:`stickgame.Rules` for resolved option values (:class:`OptionError`)."""
    try:
        return Rules(
            scoring=str(options["scoring"]),
            sticks_to_win=int(options["sticks_to_win"]),
            hand_size=int(options["hand_size"]),
        )
    except RulesError as exc:
        raise OptionError("not_allowed", rules_refusal(exc)) from exc
    except ValueError as exc:  # not a number at all: options the spec resolved never are
        raise OptionError("not_allowed", t("refusal.rules")) from exc


def rules_refusal(error: RulesError) -> Text:
    """What a player reads for rule options the engine refuses: a text by the error's ``code``
    and fields (:class:`stickgame.rules.RulesError`), in the reader's language."""
    fields = error.fields
    if error.code == "out_of_range":
        return t(
            "refusal.rules_range",
            option=str(fields["option"]),
            value=str(fields["value"]),
            low=str(fields["low"]),
            high=str(fields["high"]),
        )
    if error.code == "not_one_of":
        return t(
            "refusal.rules_one_of",
            option=str(fields["option"]),
            value=str(fields["value"]),
            allowed=str(fields["allowed"]),
        )
    return t("refusal.rules_option", option=str(fields["option"]), options=str(fields["options"]))


class StickGameMatch(EngineMatch[Game]):
    """One game of Stick Game behind the game protocol (:class:`tabletop.Match`)."""

    rule_errors = (RuleError,)

    @property
    def rounds(self) -> None:
        """Not known in advance: the game ends when someone has completed enough sticks."""
        return None

    @property
    def stage(self) -> str:
        """``<round>.<actions so far>`` (every action is a new decision), or ``over``."""
        game = self.game
        return "over" if game.is_over else f"{game.round}.{game.action_count}"

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every accepted action, as (seat, text)."""
        return tuple(self.game.log)

    def legal_actions(self, seat: int) -> tuple[str, ...]:
        """The draws, discards, single-card lay-offs, smallest new melds and one lay-down that
        ``seat`` may take now (longer melds and wild swaps are legal too but not listed)."""
        return tuple(action.encode() for action in self.game.legal_actions(seat))

    def apply(self, seat: int, action: str) -> tuple[object, ...]:
        """Apply ``seat``'s action; :class:`tabletop.Refused` (nothing changed) saying why in
        the reader's language (:mod:`stickgame.refusals`) if the rules do not allow it or the
        text is no action of the game."""
        try:
            return tuple(self.play(seat, action))
        except RuleError as exc:
            raise Refused(rule_refusal(exc), turn_of=exc.turn_of) from exc
        except ValueError as exc:
            raise Refused(t("refusal.not_a_move")) from exc

    def play(self, seat: int, action: str) -> list[Event]:
        """Apply ``seat``'s action text to the engine (ValueError if it names no action)."""
        return self.game.apply(seat, decode(action))

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (None: the public view): no other hand, no uncompleted stick."""
        return self.game.view(seat)

    def results(self) -> Results:
        """Completed sticks (or points) and winners, with completed sticks, Frees, points and
        goings out by seat."""
        game = self.game
        stats = game.stats()
        per_seat: dict[str, tuple[int, ...]] = {}
        for name in _PER_SEAT_STATS:
            values = stats[name]
            assert isinstance(values, list)
            per_seat[name] = tuple(int(value) for value in values)
        return Results(totals=tuple(game.totals), winners=tuple(game.winners), stats=per_seat)

    def copy(self) -> StickGameMatch:
        """An independent copy."""
        return StickGameMatch(self.game.copy(), self._options)


@dataclass(frozen=True)
class StickGameComputer:
    """A Stick Game computer player answering with action texts."""

    player: StickGamePlayer

    def decide(self, view: object) -> str:
        """The next action of the seat whose view this is (one step of its turn)."""
        if not isinstance(view, View):
            raise TypeError(f"a Stick Game player needs a Stick Game view, not {type(view).__name__}")
        return self.player.act(view).encode()


class StickGameSpec:
    """Stick Game described for the host (:class:`tabletop.GameSpec`)."""

    name: Final = "stickgame"
    title: Final = CATALOG.lazy("spec.title")
    """In the reader's language (the catalog's ``spec.*``), as the description."""
    description: Final = CATALOG.lazy("spec.description")
    min_players: Final = MIN_PLAYERS
    max_players: Final = MAX_PLAYERS
    levels: Final = LEVELS
    stand_in_level: Final = "normal"
    whole_turns: Final = True
    """A turn is a draw, then melds and lay-offs, then a discard: a stand-in plays it all."""
    shows_new_hands: Final = False
    stat_labels: Final = {name: CATALOG.lazy(f"stat.{name}") for name in _PER_SEAT_STATS}
    """The stats of :meth:`StickGameMatch.results`, named for players."""
    options: Final = (
        Option("scoring", CATALOG.lazy("option.scoring.help"), "sticks", SCORING),
        Option("sticks_to_win", CATALOG.lazy("option.sticks_to_win.help"), 7, (), 1, 7),
        Option("hand_size", CATALOG.lazy("option.hand_size.help"), 15, (), 11, 15),
    )
    presets: Final[tuple[Preset, ...]] = ()
    presentation: Final = StickGamePresentation()
    """Every message of the game, as plain data (:mod:`stickgame.presentation`)."""
    art: Final = ArtModule("stickgame.art", drawn_hand)
    """The hand, the table and the totals chart as pictures (:mod:`stickgame.art`, imported at the
    first picture: it is the package's one module that needs Pillow); a hand's picture is
    kept by what it shows (:func:`stickgame.drawn_hand.drawn_hand`)."""

    @property
    def replay_rules(self) -> StickGameReplay:
        """Replay steps and the JSON export (:mod:`stickgame.replay`)."""
        return REPLAY

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option's value for a table that asked for ``raw``; :class:`OptionError` if not allowed."""
        values = resolve_options(self.options, raw, self.presets)
        rules_for(values)
        return values

    def player_range(self, options: Mapping[str, OptionValue]) -> tuple[int, int]:
        """Always 2-8."""
        return MIN_PLAYERS, MAX_PLAYERS

    def new_match(self, players: int, options: Mapping[str, OptionValue], seed: int) -> StickGameMatch:
        """A new game, round 1 dealt; :class:`OptionError` for a player count out of 2-8."""
        rules = rules_for(options)
        try:
            game = Game.new(players, rules, seed=seed)
        except ValueError as exc:
            refusal = t("refusal.players", low=MIN_PLAYERS, high=MAX_PLAYERS, players=players)
            raise OptionError("players", refusal, players=players) from exc
        return StickGameMatch(game, options)

    def replay(
        self, players: int, options: Mapping[str, OptionValue], seed: int, log: Sequence[LogEntry]
    ) -> StickGameMatch:
        """The game the stored actions made; :class:`tabletop.CorruptLog` if they cannot have."""
        return replayed(
            str(self.title),
            lambda: self.new_match(players, options, seed),
            StickGameMatch.play,
            log,
            (RuleError,),
        )

    def computer_player(self, level: str, seed: int) -> ComputerPlayer:
        """A computer player of ``level``, reproducible from ``seed``."""
        return StickGameComputer(make_player(level, seed))


GAME: Final = StickGameSpec()
"""Stick Game, as :mod:`tabletop.registry` offers it."""


def _conforms(game: StickGameSpec, match: StickGameMatch) -> tuple[GameSpec, Match]:
    """Never called: mypy checks here that both classes meet the protocol."""
    return game, match
