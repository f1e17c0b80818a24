"""Stick'em as the host sees it: the :class:`tabletop.GameSpec` of this package.

Only this module, the presentation (:mod:`stickem.presentation` with
:mod:`stickem.channel_messages` and :mod:`stickem.rules_message`) and what both share (the
action texts, :mod:`stickem.action_text`, and the option values, :mod:`stickem.table_options`)
know the game protocol; the engine (``from stickem import Game``) does not depend on them.

Action texts: ``m:<card>`` picks a misery card, ``p:<card>`` plays a card; a card is its color
and value run together (``m:red7``, ``p:violet12``), short enough for a button's custom id.
The stage is ``<round>m`` during the misery choice, ``<round>.<trick>.<cards in the trick>``
during the tricks and ``over`` at the end.

A refusal of the engine (:class:`stickem.errors.RuleError`) reaches the host as
:class:`tabletop.Refused` with a catalog text chosen by its ``code`` (:mod:`stickem.refusals`), in
the player's language; its English ``str()`` stays the engine's concern. The spec's title,
description and help texts are catalog texts (:data:`stickem.texts.SPEC_TEXTS`), shown in the
reader's language.

Options mirror :class:`stickem.Rules`: ``preset`` (classic, amigo, online) sets every other
option, and each may be overridden. Decision: "one round per player" (``rounds=None`` in
``Rules``) is the word ``per-player`` here, since option values are never None.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from stickem.action_text import (
    action_text,
    card_token,
    decode_action,
    encode_action,
    parse_card_token,
)
from stickem.ai import LEVELS, make_player
from stickem.ai import Player as StickemPlayer
from stickem.drawn_hand import drawn_hand
from stickem.errors import RuleError
from stickem.events import Event
from stickem.game import Game, Phase
from stickem.presentation import PRESENTATION, StickemPresentation
from stickem.refusals import not_a_move, refusal_text
from stickem.replay import REPLAY, StickemReplay
from stickem.rules import ALL_ZERO_OPTIONS, FIRST_LEAD_OPTIONS, MAX_ROUNDS, PRESETS, Rules
from stickem.table_options import PER_PLAYER, options_for, rules_for
from stickem.texts import spec_text, t
from stickem.views import View
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

__all__ = [
    "GAME",
    "StickemGame",
    "StickemMatch",
    "card_token",
    "decode_action",
    "encode_action",
    "options_for",
    "parse_card_token",
    "rules_for",
]


def _preset_values(name: str) -> dict[str, OptionValue]:
    values = options_for(Rules.preset(name))
    del values["preset"]
    return values


_PRESET_HELP: Final = {name: spec_text(f"preset.{name}.help") for name in PRESETS}


_ENTRIES: dict[LogEntry, LogEntry] = {}
"""Every log entry (seat, action text) made so far, one object each, shared by all matches."""


def _entry(seat: int, text: str) -> LogEntry:
    """The shared entry for ``seat``'s action ``text``."""
    entry = (seat, text)
    return _ENTRIES.setdefault(entry, entry)


class StickemMatch(EngineMatch[Game]):
    """One game of Stick'em behind the game protocol (:class:`tabletop.Match`)."""

    rule_errors = (RuleError,)

    def __init__(
        self, game: Game, options: Mapping[str, OptionValue], log: tuple[LogEntry, ...] = ()
    ) -> None:
        # The options are the game's rules, written out (options_for): read from them when
        # asked, not kept as a second copy in every table (the load benchmark's memory per table).
        self.game = game
        self._log = log
        """The log as last read (see :attr:`log`): a prefix of the game's, shared with copies."""

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option's value (the game's rules as options)."""
        return options_for(self.game.rules)

    @property
    def rounds(self) -> int:
        """How many rounds the game lasts."""
        return self.game.rounds

    @property
    def stage(self) -> str:
        """``3m`` (misery choice of round 3), ``3.5.2`` (round 3, trick 5, 2 cards down), ``over``."""
        game = self.game
        if game.is_over:
            return "over"
        if game.phase is Phase.MISERY:
            return f"{game.round}m"
        return f"{game.round}.{game.trick_number}.{len(game.current_trick)}"

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every accepted action, as (seat, text).

        The host reads it several times per move (to store the new actions, to see whether the
        game moved): built anew each time it cost a tenth of a millisecond and more late in a
        game. The engine's log only grows, so only the actions since the last reading are
        encoded; the entries are shared by every match (:data:`_ENTRIES`: a few hundred
        possible ones), so the kept tuple costs a pointer per action."""
        log = self._log
        if len(log) != self.game.action_count:
            new = (_entry(action.seat, encode_action(action)) for action in self.game.actions_since(len(log)))
            log = self._log = log + tuple(new)
        return log

    def apply(self, seat: int, action: str) -> tuple[object, ...]:
        """Apply ``seat``'s action; :class:`tabletop.Refused` (nothing changed) if the rules do
        not allow it or the text is no action of the game, its message a catalog text by the
        engine's refusal code (:mod:`stickem.refusals`), shown in the player's language."""
        try:
            return tuple(self.play(seat, action))
        except RuleError as exc:
            raise Refused(refusal_text(exc), turn_of=tuple(getattr(exc, "turn_of", ()))) from exc
        except ValueError as exc:
            raise Refused(not_a_move()) from exc

    def legal_actions(self, seat: int) -> tuple[str, ...]:
        """The actions ``seat`` may take now."""
        game = self.game
        if seat not in game.awaiting:
            return ()
        misery = game.phase is Phase.MISERY
        kind = "m" if misery else "p"
        return tuple(
            action_text(kind, card) for card in (game.hand(seat) if misery else game.legal_cards(seat))
        )

    def play(self, seat: int, action: str) -> list[Event]:
        """Apply ``seat``'s action text to the engine (ValueError if it names no action)."""
        return self.game.apply(decode_action(seat, action))

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (None: the public view)."""
        return self.game.view(seat)

    def results(self) -> Results:
        """Totals, winners, scores by round and the misery cards each seat swallowed."""
        game = self.game
        return Results(
            totals=tuple(game.totals),
            winners=tuple(game.winners),
            round_scores=tuple(tuple(scores) for scores in game.round_scores),
            stats={"misery_swallowed": tuple(game.misery_swallowed)},
        )

    def copy(self) -> StickemMatch:
        """An independent copy (the log read so far is shared: a tuple, never changed)."""
        return StickemMatch(self.game.copy(), self.options, self._log)


@dataclass(frozen=True)
class StickemComputer:
    """A Stick'em computer player answering with action texts."""

    player: StickemPlayer

    def decide(self, view: object) -> str:
        """The misery pick or the card to play for the seat whose view this is."""
        if not isinstance(view, View):
            raise TypeError(f"a Stick'em player needs a Stick'em view, not {type(view).__name__}")
        if view.phase is Phase.MISERY:
            return action_text("m", self.player.choose_misery(view))
        return action_text("p", self.player.play(view))


class StickemGame:
    """Stick'em described for the host (:class:`tabletop.GameSpec`)."""

    name: Final = "stickem"
    title: Final = spec_text("spec.title")
    """"Stick'em", and "Sticheln" to a German reader (the catalog's ``spec.*``)."""
    description: Final = spec_text("spec.description")
    min_players: Final = 3
    max_players: Final = 7
    levels: Final = LEVELS
    stand_in_level: Final = "normal"
    whole_turns: Final = False
    """A turn is one action (a misery card or a card)."""
    shows_new_hands: Final = False
    stat_labels: Final = {"misery_swallowed": spec_text("stat.misery_swallowed")}
    """The stat of :meth:`StickemMatch.results`: cards of a seat's own misery color it captured."""
    options: Final = (
        Option("rounds", spec_text("option.rounds.help"), 5, (PER_PLAYER,), 1, MAX_ROUNDS),
        Option("all_zero", spec_text("option.all_zero.help"), "first", ALL_ZERO_OPTIONS),
        Option("first_lead", spec_text("option.first_lead.help"), "lowest_score", FIRST_LEAD_OPTIONS),
        Option("min_players", spec_text("option.min_players.help"), 3, (), 3, 7),
        Option("max_players", spec_text("option.max_players.help"), 7, (), 3, 7),
    )
    presets: Final = tuple(Preset(name, _PRESET_HELP[name], _preset_values(name)) for name in PRESETS)

    art: Final = ArtModule("stickem.art", drawn_hand)
    """The hand, the table and the totals chart as pictures (:mod:`stickem.art`, imported at the
    first picture: it is the package's one module that needs Pillow); a hand's picture is
    kept by what it shows (:func:`stickem.drawn_hand.drawn_hand`)."""

    @property
    def presentation(self) -> StickemPresentation:
        """Every message of a game (:mod:`stickem.presentation`)."""
        return PRESENTATION

    @property
    def replay_rules(self) -> StickemReplay:
        """Replay steps and the JSON export (:mod:`stickem.replay`)."""
        return REPLAY

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option's value for a table that asked for ``raw``; :class:`OptionError` if not allowed."""
        values = resolve_options(self.options, raw, self.presets)
        rules_for(values)  # the options must also agree with each other (min <= max)
        return values

    def player_range(self, options: Mapping[str, OptionValue]) -> tuple[int, int]:
        """The fewest and most players these options take."""
        rules = rules_for(options)
        return rules.min_players, rules.max_players

    def new_match(self, players: int, options: Mapping[str, OptionValue], seed: int) -> StickemMatch:
        """A new game, dealt; :class:`OptionError` if the options do not take ``players``."""
        rules = rules_for(options)
        try:
            game = Game.new(players, rules, seed=seed)
        except ValueError as exc:
            sentence = t(
                "option.players",
                preset=rules.preset,
                players=players,
                low=rules.min_players,
                high=rules.max_players,
            )
            raise OptionError("players", sentence, players=players) from exc
        return StickemMatch(game, options)

    def replay(
        self, players: int, options: Mapping[str, OptionValue], seed: int, log: Sequence[LogEntry]
    ) -> StickemMatch:
        """The game the stored actions made; :class:`tabletop.CorruptLog` if they cannot have."""
        return replayed(
            "Stick'em", lambda: self.new_match(players, options, seed), StickemMatch.play, log, (RuleError,)
        )

    def computer_player(self, level: str, seed: int) -> ComputerPlayer:
        """A computer player of ``level``, reproducible from ``seed``."""
        return StickemComputer(make_player(level, seed))


GAME: Final = StickemGame()
"""Stick'em, as :mod:`tabletop.registry` offers it."""


def _conforms(game: StickemGame, match: StickemMatch) -> tuple[GameSpec, Match]:
    """Never called: mypy checks here that both classes meet the protocol."""
    return game, match
