"""No log level prints what would spoil or hijack a game: a whole game is played with the real bot
process at LOG_LEVEL=DEBUG on each database, and its log is searched for the game's seed (which
re-deals every hand), the misery picks as they were written (before anyone may see them), hands
and the bot's token."""

from __future__ import annotations

import re

import pytest

from stickem.hosting import decode_action, encode_action
from tests.e2e.process_game import ProcessGame


@pytest.fixture
def game(three_players: ProcessGame) -> ProcessGame:
    """The three players of this module's games."""
    return three_players


async def test_a_debug_log_holds_no_seed_hidden_card_or_token(game: ProcessGame) -> None:
    g = game
    bot = await g.start_bot(LOG_LEVEL="DEBUG")
    await g.open_game(rounds=1)
    await g.play_to_the_end()
    stored = await g.stored()
    await g.kill_bot()
    log = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(g.logs))
    assert " DEBUG " in log  # the bot did log at DEBUG
    assert re.search(rf"(?<!\d){stored.record.seed}(?!\d)", log) is None, "the seed is in the log"
    assert g.emu.token not in log and g.emu.token.split(".")[-1] not in log
    picks = [decode_action(a.seat, a.action) for a in stored.actions]
    picks = [action for action in picks if action.kind == "misery"]
    assert len(picks) == 3  # one per seat: the search below is not empty
    for action in picks:
        # as stored ('m:red7') and as the engine writes it (misery, seat, red 7)
        stored_text = re.compile(rf"(?<![\w:]){re.escape(encode_action(action))}(?!\d)")
        assert stored_text.search(log) is None, f"the misery pick {action} is in the log"
        written = re.compile(rf"misery\W+{action.seat}\W+{re.escape(str(action.card))}", re.I)
        assert written.search(log) is None, f"the misery pick {action} is in the log"
    for statement in ("INSERT INTO", "UPDATE games", "SELECT "):
        assert statement not in log, f"database statements are in the log ({statement})"
    assert bot.process.returncode is not None
