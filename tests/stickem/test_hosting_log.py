"""The Stick'em match's log (stickem/hosting.py): read again and again by the host, encoded
only for the actions since the last reading, and always exactly the engine's actions."""

from __future__ import annotations

import random

from stickem.hosting import GAME, StickemMatch, encode_action


def fresh_log(match: StickemMatch) -> tuple[tuple[int, str], ...]:
    """The log built from the engine's actions, the long way."""
    return tuple((action.seat, encode_action(action)) for action in match.game.actions)


def play_some(match: StickemMatch, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        seat = match.awaiting[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def test_the_log_follows_every_action_and_copies_go_their_own_way() -> None:
    rng = random.Random(3)
    match = GAME.new_match(4, GAME.resolve_options({}), 7)
    assert isinstance(match, StickemMatch)
    assert match.log == ()
    for _ in range(12):
        play_some(match, 3, rng)
        assert match.log == fresh_log(match)
        assert match.log is match.log  # unchanged game: the same tuple, nothing encoded again

    copy = match.copy()
    play_some(copy, 5, rng)
    assert copy.log == fresh_log(copy) and len(copy.log) == len(match.log) + 5
    assert match.log == fresh_log(match)  # the original did not move
    play_some(match, 2, rng)
    assert match.log == fresh_log(match) and match.log[:-2] == copy.log[: len(match.log) - 2]

    replayed = GAME.replay(4, match.options, 7, match.log)
    assert replayed.log == match.log


def test_equal_entries_are_one_object_whatever_the_match() -> None:
    first = GAME.new_match(3, GAME.resolve_options({}), 11)
    second = GAME.replay(3, first.options, 11, ())
    play_some(first, 6, random.Random(5))
    replayed = GAME.replay(3, first.options, 11, first.log)
    assert all(a is b for a, b in zip(first.log, replayed.log, strict=True))
    assert second.log == ()
