"""A canonical trace of random Stupid games, to prove that an engine change keeps behaviour.

``trace(package, spec)`` plays one game with the Stupid package ``package`` (``stupid``, or an
older copy of it imported under another name, see ``benchmarks/stupid_equivalence.py``) and
yields one text line per thing a host or a player could observe: every event (its repr and its
JSON), every refused action (error class, message, seat, awaited seats, ``forbidden`` /
``suit``), the state after each step (properties, hands, legal bids and cards of every seat,
``card_places``, views of the awaited seat, of a random seat and of a spectator, ``copy``) and,
now and then, ``to_json``, ``from_json`` of it and of tampered copies, ``replay``, pickle and
deepcopy (and a move of the thawed game) and ``Game.new`` refusals. Lines are plain text (cards
as codes, classes by name), so traces of two packages compare line by line and the hash of a
trace is a fingerprint of the behaviour.

The random choices depend only on the seed of the spec and on what the game shows, so two
engines that behave alike consume the same random numbers and give the same trace. Actions are
mostly legal (given as Card, text in several spellings, with or without the copy, as Action
objects through ``apply``) and about one in five is refused (wrong seat, no such seat, wrong
phase, bid out of range, the dealer's forbidden bid, a card not held, a card not following
suit, text that is not a card, a copy not held, anything after the game).
"""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
from collections.abc import Iterator
from dataclasses import dataclass
from random import Random
from types import ModuleType
from typing import Any

from cardkit.saved import digest as document_digest

__all__ = ["GameSpec", "digest", "specs", "trace"]

_CORRUPT = ("tampered digest", "illegal action", "wrong state")


@dataclass(frozen=True)
class GameSpec:
    """One traced game: seats, rules options (None: ``Rules()``), deal seed, choice seed."""

    players: int
    rules: dict[str, int | None] | None
    seed: int
    choices: int


def specs(count: int, seed: int, players: tuple[int, int] = (2, 14)) -> list[GameSpec]:
    """``count`` random game specs (2-14 players by default, random options and seeds)."""
    rng = Random(seed)
    out = []
    for _ in range(count):
        players_count = rng.randint(*players)
        rules: dict[str, int | None] | None = None
        if rng.random() < 0.5:
            fewest = -(-players_count // 7)
            decks = rng.choice([None, *range(fewest, 4)])
            cards = 52 * (fewest if decks is None else decks)
            largest = min(10, (cards - 1) // players_count)
            rules = {"decks": decks, "max_hand": rng.randint(1, largest)}
        deal_seed = rng.choice([rng.randrange(1000), rng.getrandbits(63), -rng.getrandbits(80)])
        out.append(GameSpec(players_count, rules, deal_seed, rng.getrandbits(32)))
    return out


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


def _codes(cards: Any) -> str:
    return " ".join(card.code for card in cards)


def _error(error: Exception) -> str:
    extra = ""
    if hasattr(error, "forbidden"):
        extra += f" forbidden={error.forbidden!r}"
    if hasattr(error, "suit"):
        extra += f" suit={error.suit!r}"
    seat = getattr(error, "seat", "-")
    awaited = getattr(error, "awaited", "-")
    return f"! {type(error).__name__}: {error} | seat={seat!r} awaited={awaited!r}{extra}"


def _events(events: list[Any]) -> Iterator[str]:
    yield f"= {len(events)} events ({type(events).__name__})"
    for event in events:
        yield f"> {event!r} {_json(event.to_dict())}"


def _state(game: Any, rng: Random, detail: float) -> Iterator[str]:
    """What is observable about ``game`` now: the properties every time, and with probability
    ``detail`` also every hand, legal option, ``card_places`` and views of three seats."""
    yield (
        f"s {game!r} {game.phase.value} aw={game.awaiting} r={game.round}/{game.rounds} "
        f"h={game.hand_size} d={game.dealer} l={game.leader} t={game.trump.code} "
        f"ts={game.trump_suit.value} bids={game.bids} taken={game.tricks_taken} "
        f"tn={game.trick_number} fb={game.forbidden_bid} over={game.is_over} n={game.action_count}"
    )
    yield f"s trick={game.current_trick!r} done={game.completed_tricks!r}"
    yield (
        f"s totals={game.totals} scores={game.round_scores} bh={game.bid_history} "
        f"th={game.taken_history} w={game.winners}"
    )
    if game.awaiting:
        seat = game.awaiting[0]
        legal = f"{game.legal_bids(seat)} | {_codes(game.legal_cards(seat))}"
        yield f"s {seat}: {_codes(game.hand(seat))} | {legal}"
    if rng.random() >= detail:
        return
    yield f"s stats={game.stats()}"
    twin = game.copy()
    yield f"s copy {twin!r} {twin == game} {twin.view(twin.awaiting[0] if twin.awaiting else None)!r}"
    for seat in range(game.players):
        yield (
            f"s {seat}: {_codes(game.hand(seat))} | {game.legal_bids(seat)} | "
            f"{_codes(game.legal_cards(seat))} | {[a.encode() for a in game.legal_actions(seat)]}"
        )
    yield "s places " + " ".join(f"{card.code}.{copy}@{place}" for (card, copy), place in game.card_places())
    seats = [None, rng.randrange(game.players)]
    if game.awaiting:
        seats.append(game.awaiting[0])
    for seat in seats:
        view = game.view(seat)
        yield f"v {view!r}"
        yield f"v {_json(view.to_dict())} {view.trump_suit.value}"


def _held_copies(game: Any, seat: int, card: Any) -> list[int]:
    return [copy for (c, copy), place in game.card_places() if c is card and place == f"hand {seat}"]


def _legal_move(pkg: ModuleType, game: Any, rng: Random) -> tuple[str, Any]:
    """A legal action for the awaited seat, in one of the ways a caller may write it."""
    seat = game.awaiting[0]
    style = rng.randrange(6)
    if game.phase is pkg.Phase.BIDDING:
        number = rng.choice(game.legal_bids(seat))
        if style == 0:
            action = pkg.Action.decode(f"b{number}")
            return f"apply {seat} {action.encode()}", lambda: game.apply(seat, action)
        return f"bid {seat} {number}", lambda: game.bid(seat, number)
    card = rng.choice(game.legal_cards(seat))
    if style == 0:
        return f"play {seat} {card.code}", lambda: game.play(seat, card)
    if style == 1:
        text = rng.choice([str(card), card.code, card.name, card.name.upper(), f" {card.code.lower()} "])
        return f"play {seat} {text!r}", lambda: game.play(seat, text)
    if style == 2:
        copy = rng.choice(_held_copies(game, seat, card))
        return f"play {seat} {card.code} copy {copy}", lambda: game.play(seat, card, copy)
    if style == 3:
        action = rng.choice(game.legal_actions(seat))
        return f"apply {seat} {action.encode()}", lambda: game.apply(seat, action)
    return f"play {seat} {card.code}", lambda: game.play(seat, card)


def _refused_move(pkg: ModuleType, game: Any, rng: Random) -> tuple[str, Any]:
    """An action the game should refuse (or, rarely, one that happens to be legal)."""
    players = game.players
    awaited = game.awaiting[0] if game.awaiting else 0
    other = (awaited + rng.randrange(1, players)) % players
    deck = pkg.full_deck()
    kind = rng.randrange(12)
    if game.forbidden_bid is not None and awaited == game.dealer and rng.random() < 0.5:
        kind = 4
    if kind == 0:  # another seat
        if rng.random() < 0.5:
            return f"bid {other} 0", lambda: game.bid(other, 0)
        card = rng.choice(game.hand(other) or list(deck))
        return f"play {other} {card.code}", lambda: game.play(other, card)
    if kind == 1:  # no such seat
        seat = rng.choice([-1, players, 99, "0", True, 1.0, None])
        if rng.random() < 0.5:
            return f"bid {seat!r} 0", lambda: game.bid(seat, 0)
        return f"play {seat!r} AS", lambda: game.play(seat, "AS")
    if kind == 2:  # the other phase
        if game.phase is pkg.Phase.BIDDING:
            card = rng.choice(game.hand(awaited) or list(deck))
            return f"play {awaited} {card.code}", lambda: game.play(awaited, card)
        return f"bid {awaited} 1", lambda: game.bid(awaited, 1)
    if kind == 3:  # a bid out of range
        number = rng.choice([-1, game.hand_size + 1, 11, "1", 1.5, True, None])
        return f"bid {awaited} {number!r}", lambda: game.bid(awaited, number)
    if kind == 4 and game.forbidden_bid is not None:  # the dealer's forbidden bid (maybe early)
        dealer, number = game.dealer, game.forbidden_bid
        return f"bid {dealer} {number} (forbidden)", lambda: game.bid(dealer, number)
    if kind == 5:  # a card not held
        held = set(game.hand(awaited))
        missing = [card for card in deck if card not in held] or list(deck)
        card = rng.choice(missing)
        return f"play {awaited} {card.code} (not held)", lambda: game.play(awaited, card)
    if kind == 6 and game.current_trick:  # not following suit
        lead = game.current_trick[0][1].suit
        others = [card for card in game.hand(awaited) if card.suit is not lead]
        if others:
            card = rng.choice(others)
            return f"play {awaited} {card.code} (off suit)", lambda: game.play(awaited, card)
    if kind == 7:  # not a card
        thing = rng.choice(["XX", "", "11C", "queen", 5, None, 12.0, "♣Q", "Q of C"])
        return f"play {awaited} {thing!r}", lambda: game.play(awaited, thing)
    if kind == 8:  # a copy not held or not a copy
        hand = game.hand(awaited)
        card = rng.choice(hand or list(deck))
        copy = rng.choice([3, -1, "0", 1.0, True, *range(game.decks)])
        return f"play {awaited} {card.code} copy {copy!r}", lambda: game.play(awaited, card, copy)
    if kind == 9:  # looking at a seat that is not there
        seat = rng.choice([-1, players, "1", None, 2.0])
        what = rng.choice(["hand", "view", "legal_bids", "legal_cards"])
        if what == "view" and seat is None:
            seat = players
        return f"{what} {seat!r}", lambda: getattr(game, what)(seat)
    if kind == 10:  # an Action of the wrong kind for the phase, through apply
        action = pkg.Action.bid(0) if game.phase is not pkg.Phase.BIDDING else pkg.Action.play(deck[0])
        return f"apply {awaited} {action.encode()}", lambda: game.apply(awaited, action)
    return _legal_move(pkg, game, rng) if game.awaiting else ("bid 0 0", lambda: game.bid(0, 0))


def _saved(pkg: ModuleType, game: Any, rng: Random) -> Iterator[str]:
    """JSON, reloading, copies and replays of the game, and reloading tampered documents."""
    text = game.to_json()
    yield f"j {text}"
    loaded = pkg.Game.from_json(text)
    yield f"j loaded {loaded!r} equal={loaded == game} json={loaded.to_json() == text}"
    twin = game.copy()
    yield f"j copy {twin!r} equal={twin == game}"
    replayed = pkg.Game.replay(game.players, game.rules, game.seed, game.actions)
    yield f"j replay {replayed!r} equal={replayed == game}"
    for how, thawed in (("pickle", pickle.loads(pickle.dumps(game))), ("deepcopy", copy.deepcopy(game))):
        seat = game.awaiting[0] if game.awaiting else None
        alike = thawed.view(seat) == game.view(seat) and thawed.to_json() == text
        yield f"j {how} {thawed!r} equal={thawed == game} alike={alike}"
        if thawed.awaiting:  # the thawed game plays on like the game would
            move = thawed.legal_actions(thawed.awaiting[0])[-1]
            yield f"j {how} then {move.encode()}: {thawed.apply(thawed.awaiting[0], move)!r}"
    yield f"j actions {[(seat, action.encode()) for seat, action in game.actions]}"
    yield f"j start {game.start_events!r}"
    document = json.loads(text)
    how = rng.choice(_CORRUPT)
    if how == "tampered digest":
        document["digest"] = "0" * 64
    elif how == "illegal action" and document["actions"]:
        document["actions"][-1][0] = (document["actions"][-1][0] + 1) % game.players
        body = {key: value for key, value in document.items() if key != "digest"}
        document["digest"] = document_digest(body)
    else:
        document["state"]["round"] += 1
        body = {key: value for key, value in document.items() if key != "digest"}
        document["digest"] = document_digest(body)
    try:
        pkg.Game.from_json(json.dumps(document))
        yield f"j {how}: loaded"
    except ValueError as error:
        yield f"j {how}: {type(error).__name__}: {error}"


def _refused_games(pkg: ModuleType) -> Iterator[str]:
    """What ``Game.new`` says to player counts, rules and seeds it refuses."""
    cases: list[tuple[Any, Any, Any]] = [
        (1, None, 0), (22, None, 0), ("4", None, 0), (4.0, None, 0), (True, None, 0),
        (8, {"decks": 1}, 0), (14, {"max_hand": 10}, 0), (21, {"decks": 3, "max_hand": 8}, 0),
        (4, None, 1.5), (4, None, "7"), (4, "rules", 0),
    ]  # fmt: skip
    for players, options, seed in cases:
        try:
            rules = pkg.Rules(**options) if isinstance(options, dict) else options
            game = pkg.Game.new(players, rules, seed)
            yield f"new {players!r} {options!r} {seed!r}: {game!r}"
        except (ValueError, TypeError) as error:
            yield f"new {players!r} {options!r} {seed!r}: {type(error).__name__}: {error}"


def trace(pkg: ModuleType, spec: GameSpec, detail: float = 1.0) -> Iterator[str]:
    """The trace of the game ``spec`` played with the Stupid package ``pkg`` (see the module);
    ``detail``: the share of steps after which hands, legal options and views are all traced."""
    rng = Random(spec.choices)
    rules = pkg.Rules(**spec.rules) if spec.rules is not None else None
    game = pkg.Game.new(spec.players, rules, spec.seed)
    yield f"game {spec} {game!r} decks={game.decks} rules={game.rules!r} {game.rules.describe(game.players)}"
    yield from _events(game.start_events)
    yield from _state(game, rng, detail)
    steps = 0
    while True:
        refused = game.is_over or rng.random() < 0.2
        label, move = _refused_move(pkg, game, rng) if refused else _legal_move(pkg, game, rng)
        yield f"a {label}"
        try:
            events = move()
        except Exception as error:
            if not isinstance(error, ValueError | TypeError | pkg.RuleError):
                raise
            yield _error(error)
        else:
            if isinstance(events, list):
                yield from _events(events)
            else:
                yield f"= {events!r}"
        yield from _state(game, rng, detail)
        steps += 1
        if rng.random() < 0.002:
            yield from _saved(pkg, game, rng)
        if game.is_over and rng.random() < 0.3:
            break
    yield from _saved(pkg, game, rng)
    if spec.seed % 5 == 0:
        yield from _refused_games(pkg)
    yield f"end after {steps} steps"


def digest(pkg: ModuleType, spec_list: list[GameSpec], detail: float = 1.0) -> str:
    """SHA-256 of the traces of ``spec_list`` (a fingerprint of the engine's behaviour)."""
    sha = hashlib.sha256()
    for spec in spec_list:
        for line in trace(pkg, spec, detail):
            sha.update(line.encode())
            sha.update(b"\n")
    return sha.hexdigest()
