"""Stupid replays: every step of a stored game shows the engine's own hands, tricks, bids and scores."""

from __future__ import annotations

import json
from pathlib import Path

from host.replays import stored_replay
from host.storage import Storage
from stupid import Game
from stupid.events import BiddingDone, CardPlayed, RoundScored, RoundStarted, TrickWon
from stupid.hosting import GAME
from stupid.replay import engine
from tabletop.replay import ReplayStep, replay_steps
from tests.replay.played import Played, play_out, store


def cards(hand: list[object] | tuple[object, ...]) -> tuple[str, ...]:
    return tuple(str(card) for card in hand)


def hands(game: Game) -> tuple[tuple[str, ...], ...]:
    return tuple(cards(game.hand(seat)) for seat in range(game.players))


def check_steps(steps: tuple[ReplayStep, ...], played: list[Played], first: Game) -> None:
    """Each step against the engine's state around the action that ended it."""
    assert {s.label.key for s in steps} == {"deal", "bids", "trick"}
    deals = [s for s in steps if s.label.key == "deal"]
    bids = [s for s in steps if s.label.key == "bids"]
    tricks = [s for s in steps if s.label.key == "trick"]
    live_deals = [p for p in played for e in p.events if isinstance(e, RoundStarted)]
    live_bids = [p for p in played for e in p.events if isinstance(e, BiddingDone)]
    live_tricks = [(p, e) for p in played for e in p.events if isinstance(e, TrickWon)]
    final = engine(played[-1].after)
    assert len(deals) == final.rounds == 1 + len(live_deals)
    assert len(bids) == len(live_bids) == final.rounds
    # One trick per card dealt to a seat: 1 + 2 + ... over the rounds.
    sizes = [len(first.hand(0))] + [dealt_size(p) for p in live_deals]
    assert len(tricks) == len(live_tricks) == sum(sizes)
    assert [s.end for s in steps] == sorted(s.end for s in steps) and steps[-1].end == len(played)

    assert deals[0].end == 0 and deals[0].snapshot.hands == hands(first)
    assert deals[0].snapshot.extras["trump"] == (str(first.trump),)
    for step, p in zip(deals[1:], live_deals, strict=True):
        new = engine(p.after)
        assert step.end == p.end and step.round == new.round
        assert step.snapshot.hands == hands(new) and step.snapshot.extras["trump"] == (str(new.trump),)
    for step, p in zip(bids, live_bids, strict=True):
        new = engine(p.after)
        assert step.end == p.end and step.snapshot.hands == hands(new)
        assert step.snapshot.counters["bids"] == tuple(new.bids)
    for step, (p, done) in zip(tricks, live_tricks, strict=True):
        old, new = engine(p.before), engine(p.after)
        (card,) = [e.card for e in p.events if isinstance(e, CardPlayed)]
        assert step.end == p.end and step.round == old.round
        assert step.label.fields["trick"] == old.trick_number and step.label.fields["winner"] == done.winner
        trick = (*old.current_trick, (p.seat, card))
        assert step.snapshot.table == tuple((seat, str(c)) for seat, c in trick)
        assert step.snapshot.scores == tuple(new.totals)
        expected = [old.hand(seat) for seat in range(old.players)]
        expected[p.seat].remove(card)
        assert step.snapshot.hands == tuple(cards(hand) for hand in expected)
        scored = any(isinstance(e, RoundScored) for e in p.events)
        assert step.label.fields["last"] == int(scored)
        if scored:
            assert all(hand == () for hand in step.snapshot.hands)
            assert step.snapshot.counters["round_scores"] == tuple(new.round_scores[-1])
            assert step.snapshot.counters["bids"] == tuple(new.bid_history[-1])
            assert step.snapshot.counters["taken"] == tuple(new.taken_history[-1])
        else:
            assert step.snapshot.hands == hands(new)
            assert step.snapshot.counters["taken"] == tuple(new.tricks_taken)


def dealt_size(p: Played) -> int:
    """The hand size of the round an action dealt."""
    return next(e.hand_size for e in p.events if isinstance(e, RoundStarted))


async def test_every_step_of_a_stored_game_matches_the_engine(tmp_path: Path) -> None:
    options = GAME.resolve_options({"max_hand": 3})
    match, played = play_out(GAME, 4, options, seed=99, level="normal")
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stupid.sqlite3'}")
    try:
        stored = await store(storage, GAME, match)
    finally:
        await storage.close()
    replay = stored_replay(stored)
    check_steps(replay.steps, played, engine(GAME.new_match(4, options, 99)))
    assert replay.steps[-1].snapshot.scores == match.results().totals


def test_two_decks() -> None:
    """Nine players share two decks: equal cards in hands and tricks replay exactly too."""
    options = GAME.resolve_options({"max_hand": 5})
    match, played = play_out(GAME, 9, options, seed=3, level="random")
    assert engine(match).decks == 2
    steps = replay_steps(GAME, 9, options, 3, match.log)
    check_steps(steps, played, engine(GAME.new_match(9, options, 3)))


def test_export_is_the_engines_json_that_from_json_reads_back() -> None:
    options = GAME.resolve_options({"max_hand": 2})
    match, _ = play_out(GAME, 3, options, seed=8, level="random")
    text = GAME.replay_rules.export(match)
    assert json.loads(text)["seed"] == 8
    again = Game.from_json(text)
    assert tuple(again.totals) == match.results().totals and again.is_over
