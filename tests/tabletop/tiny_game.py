"""Take-away, a game written only for the tests: the host must seat it without knowing it.

Rules (a few lines): a pile of ``tokens`` (option, default 7); seats take turns, clockwise from
the round's starter, taking 1 or 2 tokens (``t1``, ``t2``); whoever takes the last token scores
a point. Before each round every seat says ``ready`` at once (several seats awaited together).
``rounds`` rounds (option, default 2); the starter moves one seat a round. Most points win.
Each seat also holds a secret number (its "hand": drawn from the seed) that only it may see,
so that views are information sets like a card game's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from tabletop import (
    CorruptLog,
    LogEntry,
    Option,
    OptionError,
    OptionValue,
    Refused,
    Results,
    resolve_options,
)
from tabletop.presentation import Act, Button, Message, Redraw
from tabletop.protocol import Match
from tabletop.replay import ReplayStep, StepLabel, TableSnapshot


@dataclass(frozen=True)
class TinyView:
    """What ``seat`` sees: the pile, the scores, whose turn; its own secret only."""

    seat: int | None
    pile: int
    round: int
    ready: tuple[bool, ...]
    awaiting: tuple[int, ...]
    scores: tuple[int, ...]
    secret: int | None


class TinyMatch:
    """One game of take-away."""

    def __init__(self, players: int, options: Mapping[str, OptionValue], seed: int) -> None:
        self.players = players
        self.seed = seed
        self.options: Mapping[str, OptionValue] = dict(options)
        self.rounds: int = int(options["rounds"])
        self.round = 1
        self.pile = int(options["tokens"])
        self.scores = [0] * players
        self.taken = [0] * players
        self.ready = [False] * players
        self.turn: int | None = None
        draw = random.Random(seed)
        self.secrets = tuple(draw.randrange(100) for _ in range(players))
        self.log: tuple[LogEntry, ...] = ()

    @property
    def is_over(self) -> bool:
        """Whether every round was played."""
        return self.round > self.rounds

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Everyone not yet ready, or the seat to take."""
        if self.is_over:
            return ()
        if self.turn is None:
            return tuple(seat for seat in range(self.players) if not self.ready[seat])
        return (self.turn,)

    @property
    def stage(self) -> str:
        """The round and the pile."""
        return "over" if self.is_over else f"{self.round}.{'r' if self.turn is None else self.pile}"

    def legal_actions(self, seat: int) -> tuple[str, ...]:
        """``ready``, or ``t1``/``t2`` as the pile allows."""
        if seat not in self.awaiting:
            return ()
        if self.turn is None:
            return ("ready",)
        return ("t1", "t2") if self.pile >= 2 else ("t1",)

    def apply(self, seat: int, action: str) -> tuple[object, ...]:
        """Apply one action; :class:`Refused` if it is not legal now."""
        if action not in self.legal_actions(seat):
            raise Refused("You cannot do that now.")
        self.log += ((seat, action),)
        if action == "ready":
            self.ready[seat] = True
            if all(self.ready):
                self.turn = (self.round - 1) % self.players
                return (("all ready",),)
            return (("ready", seat),)
        self.pile -= int(action[1])
        self.taken[seat] += int(action[1])
        if self.pile > 0:
            assert self.turn is not None
            self.turn = (self.turn + 1) % self.players
            return (("took", seat),)
        self.scores[seat] += 1
        self.round += 1
        self.pile = int(self.options["tokens"])
        self.ready = [False] * self.players
        self.turn = None
        return (("round won", seat),) if not self.is_over else (("round won", seat), ("game over",))

    def view(self, seat: int | None) -> TinyView:
        """What ``seat`` may see."""
        return TinyView(
            seat, self.pile, self.round, tuple(self.ready), self.awaiting, tuple(self.scores),
            None if seat is None else self.secrets[seat],
        )

    def results(self) -> Results:
        """Points and the seats with the most; the tokens each seat took (a per-game stat)."""
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best) if self.is_over else ()
        return Results(tuple(self.scores), winners, stats={"tokens_taken": tuple(self.taken)})

    def copy(self) -> TinyMatch:
        """An independent copy."""
        twin = TinyMatch(self.players, self.options, self.seed)
        for seat, action in self.log:
            twin.apply(seat, action)
        return twin


@dataclass(frozen=True)
class TinyComputer:
    """Takes 2 when that leaves a multiple of 3, else 1 (``random``: always 1)."""

    level: str

    def decide(self, view: object) -> str:
        """Ready, or a take."""
        assert isinstance(view, TinyView)
        if not all(view.ready):
            return "ready"
        if self.level != "random" and view.pile >= 2 and (view.pile - 2) % 3 == 0:
            return "t2"
        return "t1"


class TinyPresentation:
    """Take-away's messages: the pile on the table, Ready / Take 1 / Take 2 buttons."""

    def options_line(self, options: dict[str, OptionValue], players: int | None) -> str:
        """Tokens and rounds."""
        return f"{options['tokens']} tokens, {options['rounds']} rounds"

    def rules(self) -> Message:
        """The rules in two lines."""
        return Message("**Take-away**\nTake 1 or 2 tokens; whoever takes the last one scores.")

    def table(self, view: object, names: Sequence[str], *, notes: Sequence[str], stopped: bool) -> Message:
        """The pile, the scores, whose turn."""
        assert isinstance(view, TinyView)
        lines = [f"**Take-away** - round {view.round} - pile: {view.pile}"]
        if view.awaiting and not stopped:
            lines.append("Waiting for: " + ", ".join(names[s] for s in view.awaiting))
        lines += notes
        lines += [f"{names[s]}: {score}" for s, score in enumerate(view.scores)]
        return Message("\n".join(lines))

    def round_closed(self, events: Sequence[object], view: object, names: Sequence[str]) -> Message | None:
        """The winner of the round."""
        won = [e for e in events if isinstance(e, tuple) and e[:1] == ("round won",)]
        return Message(f"**Take-away** - {names[won[0][1]]} took the last token.") if won else None

    def reports(self, events: Sequence[object], view: object, names: Sequence[str]) -> tuple[Message, ...]:
        """A line when the game is over."""
        over = ("game over",) in events
        return (Message("**Take-away is over.**"),) if over else ()

    def prompt(self, view: object, names: Sequence[str], *, draft: str = "") -> Message:
        """The secret number and the buttons of the seat's decision."""
        assert isinstance(view, TinyView)
        lines = [f"Round {view.round}: the pile has {view.pile} tokens. Your secret: {view.secret}."]
        if view.seat not in view.awaiting:
            return Message("\n".join(lines))
        buttons: tuple[Button, ...]
        if not all(view.ready):
            buttons = (Button("Ready", "ready", style="success"),)
        else:
            buttons = tuple(
                Button(f"Take {n}", f"t{n}", style="primary") for n in (1, 2) if n <= view.pile
            )
        return Message("\n".join(lines), rows=(buttons,))

    def click(self, view: object, intent: str, values: Sequence[str]) -> Act | Redraw:
        """Every intent is its action."""
        if intent not in ("ready", "t1", "t2") or values:
            raise Refused("That button is not part of take-away.")
        return Act(intent)

    def acted(self, view: object, action: str, names: Sequence[str]) -> Message | None:
        """The prompt says what was done."""
        return Message("You are ready." if action == "ready" else f"You took {action[1]}.")

    def reply(self, action: str, view: object) -> str:
        """The same, privately."""
        return "You are ready." if action == "ready" else f"You took {action[1]}."

    def stale(self, stage: str, view: object) -> str | None:
        """Any earlier prompt is stale."""
        return "That prompt is out of date; use /hand."

    def todo(self, view: object) -> str:
        """Take tokens, or say ready."""
        return "take 1 or 2 tokens"

    def nudge(self, view: object) -> str:
        """Whose turn it is."""
        return "it is your turn to take"


class TinyReplay:
    """Take-away's replay: a step for every take (``take``; the round's last: ``take_last``),
    worded by the game's own catalog (written beside its package when it is installed on its
    own: :mod:`tests.tabletop.take_away_distribution`), with each seat's tokens taken."""

    def opening(self, match: Match) -> tuple[ReplayStep, ...]:
        """No step before the first take."""
        return ()

    def after(
        self, before: Match, after: Match, end: int, seat: int, events: tuple[object, ...]
    ) -> tuple[ReplayStep, ...]:
        """A take's step (a ``ready`` is none)."""
        assert isinstance(before, TinyMatch) and isinstance(after, TinyMatch)
        action = after.log[-1][1]
        if action == "ready":
            return ()
        last = after.round != before.round
        fields = {"round": before.round, "seat": seat, "tokens": int(action[1])}
        label = StepLabel("take", fields, "take_last" if last else "")
        snapshot = TableSnapshot(
            hands=tuple(() for _ in range(after.players)),
            table=(),
            scores=tuple(after.scores),
            counters={"tokens": tuple(after.taken)},
        )
        return (ReplayStep(end, before.round, label, snapshot),)

    def export(self, match: Match) -> str:
        """Seed, options and log as JSON."""
        assert isinstance(match, TinyMatch)
        return json.dumps({"seed": match.seed, "options": dict(match.options), "log": match.log})


class TinyGame:
    """Take-away described for the host."""

    name: Final = "tiny"
    title: Final = "Take-away"
    description: Final = "Take 1 or 2 tokens; whoever takes the last scores (a test game)."
    min_players: Final = 2
    max_players: Final = 4
    levels: Final = ("random", "normal")
    stand_in_level: Final = "normal"
    whole_turns: Final = False
    """A turn is one action."""
    shows_new_hands: Final = False
    stat_labels: Final = {"tokens_taken": "Tokens taken"}
    """The tokens each seat took in the whole game."""
    options: Final = (
        Option("tokens", "tokens on the pile each round", 7, (), 2, 30),
        Option("rounds", "how many rounds", 2, (), 1, 5),
    )
    presets: Final = ()
    presentation: Final = TinyPresentation()
    replay_rules: Final = TinyReplay()

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        """Defaults and validation."""
        return resolve_options(self.options, raw)

    def player_range(self, options: Mapping[str, OptionValue]) -> tuple[int, int]:
        """Always 2-4."""
        return self.min_players, self.max_players

    def new_match(self, players: int, options: Mapping[str, OptionValue], seed: int) -> TinyMatch:
        """A new game."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError("players", f"take-away is for 2-4 players, not {players}")
        return TinyMatch(players, options, seed)

    def replay(
        self, players: int, options: Mapping[str, OptionValue], seed: int, log: Sequence[LogEntry]
    ) -> TinyMatch:
        """The game the log made."""
        match = self.new_match(players, options, seed)
        try:
            for seat, action in log:
                match.apply(seat, action)
        except Refused as exc:
            raise CorruptLog(str(exc)) from exc
        return match

    def computer_player(self, level: str, seed: int) -> TinyComputer:
        """A computer player."""
        if level not in self.levels:
            raise ValueError(f"unknown level {level!r}")
        return TinyComputer(level)


GAME: Final = TinyGame()

