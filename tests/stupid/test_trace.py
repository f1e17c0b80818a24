"""The engine behaves exactly as before its speed tuning: fingerprints of random games.

Each digest hashes the traces (``tests/stupid/trace.py``) of random games for 2-21 players:
every event, refused action and its message, state, hands, legal options, views, card places,
copies, saved game and reload, pickle and deepcopy. The expected values were computed with the
engine before the tuning of issue 13 (commit 451a8ea), then again when issue 27 reworded
sentences: the refusals of a player count ("Stupid is for 2-21 players, not 1"), of following
suit ("...; you have hearts in your hand") and of too few cards ("decks=2 gives 104 cards, ...")
and ``Rules.describe`` for one-card games ("1 round of 1 card"). A line-by-line diff of the
traces before and after showed those lines and no other. So any change of deals, events,
views, errors or JSON fails here; ``benchmarks/stupid_equivalence.py --rev 451a8ea`` compares
more games line by line and shows the first difference.
"""

from __future__ import annotations

from typing import Any

import pytest

import stupid

from .trace import GameSpec, digest, specs, trace

CASES = [
    # (spec seed, games, players, detail, digest of the traces)
    (2024, 16, (2, 14), 0.05, "55bfd8aa2849d7917bfcd041805ebb4e5f36b04b006d59364cdc71b9ebf9fe3d"),
    (7, 3, (2, 5), 1.0, "c35fbf19dbdbf01e6d8331915ef1dc2e4b2b9f1cf70fc0861c81b31c4a4632cd"),
    # 15-21 seats: three decks, the highest seats in the log codes
    (21, 4, (15, 21), 0.05, "42b53e685a44827d1f8c9f34c4af1084b1af60a8f063bbeffa9a57f7327dab34"),
]


@pytest.mark.parametrize(("seed", "games", "players", "detail", "expected"), CASES)
def test_random_games_trace_as_before(
    seed: int, games: int, players: tuple[int, int], detail: float, expected: str
) -> None:
    assert digest(stupid, specs(games, seed, players), detail) == expected


def test_the_trace_sees_refusals_and_saved_games() -> None:
    """The traced games do exercise what the digests are meant to guard."""
    lines = [line for spec in specs(3, 7, (2, 5)) for line in trace(stupid, spec)]
    errors = {line.split(":")[0] for line in lines if line.startswith("! ")}
    assert {"! NotYourTurn", "! InvalidSeat", "! WrongPhase", "! CardNotInHand", "! GameIsOver"} <= errors
    assert {"! BidOutOfRange", "! ForbiddenBid", "! MustFollowSuit"} <= errors
    assert any(line.startswith("> RoundScored(") for line in lines)
    assert any(line.startswith("> GameOver(") for line in lines)
    assert any(line.startswith("j {") for line in lines)
    assert any("CorruptGameError" in line for line in lines)


def test_a_changed_engine_changes_the_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-point change of the scoring shows in the digest (the fingerprint is sensitive)."""
    spec = GameSpec(players=3, rules={"decks": None, "max_hand": 2}, seed=11, choices=5)
    before = digest(stupid, [spec])
    real = stupid.Game._end_round

    def off_by_one(game: stupid.Game, *events: Any) -> list[stupid.Event]:
        game._taken[0] += 1
        return real(game, *events)

    monkeypatch.setattr(stupid.Game, "_end_round", off_by_one)
    assert digest(stupid, [spec]) != before


def test_the_deal_without_the_little_endian_shortcut_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The byte-by-byte reading of the SHAKE-256 keys (big-endian machines) deals alike."""
    seed, games, players, detail, expected = CASES[1]
    monkeypatch.setattr(stupid.game, "_LITTLE", False)
    assert digest(stupid, specs(games, seed, players), detail) == expected
