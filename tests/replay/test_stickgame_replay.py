"""Stick Game replays: every step of a stored game shows the engine's own hands, melds and scores.

A turn that ends a round is checked against the engine's state captured as the round ended,
just before the next deal (the test wraps the engine's deal to see it; the replay reads
``Game.round_end``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from host.replays import stored_replay
from host.storage import Storage
from stickgame import Game
from stickgame.events import Discarded, RoundEnded, RoundStarted
from stickgame.hosting import GAME
from stickgame.replay import engine
from tabletop.replay import ReplayStep, replay_steps
from tests.replay.played import Played, play_out, store

Table = tuple[Any, ...]


def table(game: Game) -> Table:
    """Everything a step shows, read from the engine now."""
    return (
        tuple(tuple(str(c) for c in game.hand(seat)) for seat in range(game.players)),
        tuple((m.owner, str(m.meld)) for m in game.melds),
        () if game.discard_top is None else (str(game.discard_top),),
        game.totals,
        tuple(len(game.completed(seat)) for seat in range(game.players)),
    )


def shown(step: ReplayStep) -> Table:
    s = step.snapshot
    return (s.hands, s.table, s.extras["discard"], s.scores, s.counters["completed"])


def play_capturing_round_ends(
    monkeypatch: pytest.MonkeyPatch, players: int, options: dict[str, Any], seed: int
) -> tuple[Any, list[Played], dict[int, Table]]:
    """Play a game, capturing the table each time a round ends (keyed by the action's number)."""
    ends: dict[int, Table] = {}
    deal = Game._start_round

    def capturing(self: Game) -> Any:
        if self.round >= 1:  # not the first deal: a round just ended
            ends[len(self.log) + 1] = table(self)
        return deal(self)

    monkeypatch.setattr(Game, "_start_round", capturing)
    match, played = play_out(GAME, players, options, seed, "normal")
    monkeypatch.undo()
    return match, played, ends


def check_steps(steps: tuple[ReplayStep, ...], played: list[Played], ends: dict[int, Table]) -> None:
    assert {s.label.key for s in steps} == {"deal", "turn"}
    deals = [s for s in steps if s.label.key == "deal"]
    turns = [s for s in steps if s.label.key == "turn"]
    live_deals = [p for p in played if any(isinstance(e, RoundStarted) for e in p.events)]
    live_turns = [p for p in played if any(isinstance(e, Discarded | RoundEnded) for e in p.events)]
    final = engine(played[-1].after)
    assert len(deals) == final.round == 1 + len(live_deals) == 1 + len(ends)
    assert len(turns) == len(live_turns)
    assert [s.end for s in steps] == sorted(s.end for s in steps) and steps[-1].end == len(played)
    assert deals[0].end == 0 and shown(deals[0]) == table(engine(played[0].before))
    for step, p in zip(deals[1:], live_deals, strict=True):
        assert step.end == p.end and step.round == engine(p.after).round
        assert shown(step) == table(engine(p.after))
    for step, p in zip(turns, live_turns, strict=True):
        old = engine(p.before)
        ended = any(isinstance(e, RoundEnded) for e in p.events)
        assert step.end == p.end and step.round == old.round
        assert step.label.fields == {"round": old.round, "seat": p.seat, "out": int(ended)}
        if ended and p.end in ends:  # the table before the next deal
            assert shown(step) == ends[p.end]
        else:  # a turn within the round, or the game's last
            assert shown(step) == table(engine(p.after))
    assert sum(1 for s in turns if s.label.fields["out"]) == final.round


@pytest.mark.parametrize("players, seed", [(3, 11), (5, 4)])
async def test_every_step_of_a_stored_game_matches_the_engine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, players: int, seed: int
) -> None:
    options = GAME.resolve_options({"sticks_to_win": 2, "hand_size": 11})
    match, played, ends = play_capturing_round_ends(monkeypatch, players, options, seed)
    assert ends, "the game should last more than one round"
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickgame.sqlite3'}")
    try:
        stored = await store(storage, GAME, match)
    finally:
        await storage.close()
    replay = stored_replay(stored)
    check_steps(replay.steps, played, ends)
    assert replay.steps[-1].snapshot.scores == match.results().totals
    # Laying down happened, so the melds on the table were checked too.
    assert any(step.snapshot.table for step in replay.steps)


def test_round_end_is_the_table_before_the_next_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    options = GAME.resolve_options({"sticks_to_win": 2, "hand_size": 11})
    match, played, ends = play_capturing_round_ends(monkeypatch, 4, options, 21)
    steps = replay_steps(GAME, 4, options, 21, match.log)
    check_steps(steps, played, ends)
    out = [s for s in steps if s.label.key == "turn" and s.label.fields["out"]]
    # Someone's hand is empty when they went out; the next deal refilled every hand.
    for step in out[:-1]:
        nxt = steps[steps.index(step) + 1]
        assert nxt.label.key == "deal" and nxt.end == step.end
        assert all(len(hand) == 11 for hand in nxt.snapshot.hands)
        assert nxt.snapshot.hands != step.snapshot.hands


def test_export_is_the_engines_json_that_from_json_reads_back() -> None:
    options = GAME.resolve_options({"sticks_to_win": 1, "hand_size": 11})
    match, _ = play_out(GAME, 2, options, seed=6, level="normal")
    text = GAME.replay_rules.export(match)
    assert json.loads(text)["seed"] == 6
    again = Game.from_json(text)
    assert again.totals == match.results().totals and again.is_over
