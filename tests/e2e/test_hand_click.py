"""A click in /hand's private answer, by a player whose DMs are open: afterwards the player has
exactly one live prompt in their DMs (with the "Stick Game at #channel" header every DM prompt
carries), their other DMs of the table offer nothing to click, and no second DM came for the
same decision (the DM prompt they had goes on in place, edited, as the private answer does).
"""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Message, User
from tests.e2e.dm_count import dm_counts
from tests.e2e.seat_helpers import WAIT, settle_channel
from tests.e2e.stickgame_play import (
    ambiguous_last_meld,
    hand_command,
    reach,
    resumed_table,
)

SHORT = {"sticks_to_win": 1, "hand_size": 11}
NAMES = ("ann", "bob", "Bot Ada (normal)")
PLACEMENT_SEED = 140
"""ann is to draw after bob's and the computer's first turns (see test_stickgame_table)."""


def live_dms(emulator: Emulator, user: User) -> list[Message]:
    """The user's DMs that still offer components."""
    return [m for m in emulator.driver.dm_messages(user) if m.raw_components]


async def test_draw_from_hand_answer_leaves_one_live_dm_prompt_with_its_header(
    emulator: Emulator, tmp_path: Path
) -> None:
    """ann, whose DM prompt asks her to draw, types /hand and clicks "Draw from stock" in the
    private answer: her DM prompt becomes the prompt of the rest of her turn (header, "Lay down"
    buttons, the game's new stage) in place; no new DM arrives, and it is her only DM with
    components."""
    found = reach(PLACEMENT_SEED, SHORT, lambda view: ambiguous_last_meld(view, NAMES), names=NAMES)
    assert found is not None
    async with resumed_table(emulator, tmp_path, found, SHORT, names=NAMES) as game:
        ann = game.humans[0]
        seat, prompt = await game.next_turn()
        assert seat == 0
        created = dm_counts(emulator, [ann])["ann"].created
        shown = await hand_command(emulator, ann, game.channel_id)
        before = (shown.content, shown.raw_components)
        count = len(game.shadow.log)
        result = await emulator.driver.click(ann, shown, "Draw from stock")
        await result.response(timeout=WAIT)
        await emulator.driver.wait_until(
            lambda: (shown.content, shown.raw_components) != before or None, timeout=WAIT, what="the answer"
        )
        assert "Lay down your stick" in [b.label for b in shown.buttons]  # the turn goes on there
        await game.wait(lambda: len(game.shadow.log) > count, timeout=WAIT, what="the draw")
        assert game.shadow.log[count] == (0, "S")
        await settle_channel(emulator, emulator.world.channels[game.channel_id])  # all shown
        live = live_dms(emulator, ann)
        assert [m.id for m in live] == [prompt.id]
        game.check_prompt(0, prompt)  # the header, the hand after the draw, the same components
        assert prompt.content.startswith(f"{game.header}\n")
        assert dm_counts(emulator, [ann])["ann"].created == created  # no second DM for the turn
        assert "Lay down your stick" in [b.label for b in prompt.buttons]
        # the prompt stays the live one: the turn goes on in it, to its end
        await game.play_until(lambda: game.shadow.awaiting != (0,), timeout=10)
        assert not live_dms(emulator, ann)
