"""Stick'em replays: every step of a stored game shows the engine's own hands, tricks and scores."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from host.replays import stored_replay
from host.storage import Storage
from stickem import Game
from stickem.events import CardPlayed, MiseryRevealed, RoundScored, RoundStarted, TrickSetAside, TrickWon
from stickem.game import TRICKS_PER_ROUND
from stickem.hosting import GAME
from stickem.replay import engine
from tabletop.replay import ReplayStep, replay_steps
from tests.replay.played import Played, play_out, store

RELEASE_V2 = Path(__file__).parents[1] / "storage" / "release_v2" / "release.sqlite3"


def cards(hand: list[object] | tuple[object, ...]) -> tuple[str, ...]:
    return tuple(str(card) for card in hand)


def check_steps(steps: tuple[ReplayStep, ...], played: list[Played], first: Game) -> None:
    """Each step against the engine's state around the action that ended it."""
    assert {s.label.key for s in steps} == {"deal", "misery", "trick"}
    deals = [s for s in steps if s.label.key == "deal"]
    tricks = [s for s in steps if s.label.key == "trick"]
    miseries = [s for s in steps if s.label.key == "misery"]
    live_deals = [p for p in played for e in p.events if isinstance(e, RoundStarted)]
    live_tricks = [(p, e) for p in played for e in p.events if isinstance(e, TrickWon | TrickSetAside)]
    live_reveals = [p for p in played for e in p.events if isinstance(e, MiseryRevealed)]
    rounds = engine(played[-1].after).round
    assert len(deals) == rounds == 1 + len(live_deals)
    assert len(tricks) == len(live_tricks) == rounds * TRICKS_PER_ROUND
    assert len(miseries) == len(live_reveals) == rounds
    # The steps are in log order, and every action belongs to some step.
    assert [s.end for s in steps] == sorted(s.end for s in steps)
    assert steps[-1].end == len(played)

    opening = deals[0]
    assert opening.end == 0 and opening.round == 1
    assert opening.snapshot.hands == tuple(cards(first.hand(seat)) for seat in range(first.players))
    for step, p in zip(deals[1:], live_deals, strict=True):
        new = engine(p.after)
        assert step.end == p.end and step.round == new.round == step.label.fields["round"]
        assert step.snapshot.hands == tuple(cards(new.hand(seat)) for seat in range(new.players))
        assert step.snapshot.table == () and step.snapshot.scores == tuple(new.totals)
    for step, p in zip(miseries, live_reveals, strict=True):
        new = engine(p.after)
        assert step.end == p.end
        assert step.snapshot.hands == tuple(cards(new.hand(seat)) for seat in range(new.players))
        assert step.snapshot.extras["misery"] == tuple(str(new.misery_card(s)) for s in range(new.players))
    for step, (p, done) in zip(tricks, live_tricks, strict=True):
        old, new = engine(p.before), engine(p.after)
        (card,) = [e.card for e in p.events if isinstance(e, CardPlayed)]
        assert step.end == p.end
        assert step.label.fields["round"] == old.round == step.round
        assert step.label.fields["trick"] == old.trick_number
        assert step.label.fields["winner"] == (done.winner if isinstance(done, TrickWon) else -1)
        # The whole trick: the engine's trick before its last card, and that card.
        trick = (*old.current_trick, (p.seat, card))
        assert step.snapshot.table == tuple((seat, str(c)) for seat, c in trick)
        assert step.snapshot.scores == tuple(new.totals)
        expected = [old.hand(seat) for seat in range(old.players)]
        expected[p.seat].remove(card)
        assert step.snapshot.hands == tuple(cards(hand) for hand in expected)
        scored = any(isinstance(e, RoundScored) for e in p.events)
        assert step.label.fields["last"] == int(scored)
        if scored:  # every card was played; the round's scores are the engine's
            assert all(hand == () for hand in step.snapshot.hands)
            assert step.snapshot.counters["round_scores"] == tuple(new.round_scores[-1])
        else:
            assert step.snapshot.hands == tuple(cards(new.hand(seat)) for seat in range(new.players))
            assert step.snapshot.counters["captured"] == tuple(
                len(new.captured(s)) for s in range(new.players)
            )


async def test_every_step_of_a_stored_game_matches_the_engine(tmp_path: Path) -> None:
    options = GAME.resolve_options({"rounds": 2})
    match, played = play_out(GAME, 4, options, seed=2024, level="normal")
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        stored = await store(storage, GAME, match)
    finally:
        await storage.close()
    replay = stored_replay(stored)
    first = engine(GAME.new_match(4, options, 2024))
    check_steps(replay.steps, played, first)
    assert replay.steps[-1].snapshot.scores == match.results().totals


def test_seven_players_with_undealt_cards() -> None:
    options = GAME.resolve_options({"rounds": 1})
    match, played = play_out(GAME, 7, options, seed=77, level="random")
    steps = replay_steps(GAME, 7, options, 77, match.log)
    check_steps(steps, played, engine(GAME.new_match(7, options, 77)))
    assert steps[0].snapshot.extras["undealt"] == cards(engine(GAME.new_match(7, options, 77)).undealt)
    assert len(steps[0].snapshot.extras["undealt"]) == 3


def test_a_trick_that_nobody_takes() -> None:
    """``all_zero="nobody"``: a trick of zeros is set aside (seed 22 deals one)."""
    options = GAME.resolve_options({"rounds": 3, "all_zero": "nobody"})
    match, played = play_out(GAME, 3, options, seed=22, level="random")
    steps = replay_steps(GAME, 3, options, 22, match.log)
    check_steps(steps, played, engine(GAME.new_match(3, options, 22)))
    assert any(s.label.fields.get("winner") == -1 for s in steps)


def test_export_is_the_engines_json_that_from_json_reads_back() -> None:
    options = GAME.resolve_options({"rounds": 1})
    match, _ = play_out(GAME, 3, options, seed=5, level="random")
    text = GAME.replay_rules.export(match)
    document = json.loads(text)
    assert document["seed"] == 5 and document["state"]["totals"] == list(match.results().totals)
    again = Game.from_json(text)
    assert again.totals == list(match.results().totals) and again.is_over


async def test_a_game_stored_by_the_schema_2_release_replays(tmp_path: Path) -> None:
    """The old release's finished game (hal and three computer seats, one round) replays from
    its stored log to the totals its results row kept."""
    copy = tmp_path / "release.sqlite3"
    shutil.copyfile(RELEASE_V2, copy)
    storage = await Storage.open(f"sqlite:///{copy}")
    try:
        (finished,) = await storage.stats.finished_games()
        stored = await storage.games.load_game(finished.game_id)
    finally:
        await storage.close()
    replay = stored_replay(stored)
    assert [s.label.key for s in replay.steps].count("trick") == TRICKS_PER_ROUND
    last = replay.steps[-1]
    assert last.end == len(stored.actions) and last.label.fields["last"] == 1
    assert last.snapshot.scores == tuple(seat.total for seat in finished.seats) == (3, -29, -46, -17)
    assert Game.from_json(replay.export()).totals == [3, -29, -46, -17]
