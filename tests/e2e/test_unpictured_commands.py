"""/hand and /score at a server that turned pictures off (``/settings images off``) sketch no
picture at all (bot/tables/table_specs.py decides it for every pictured message, these
commands included), and their answers read as text only; at a server that shows pictures they
do sketch one (the spy sees it). A stopped game's totals, kept for /score after it, keep their
chart's sketch and show it once the server turns pictures on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.pictures import ArtModule, PictureKind
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import table_game


class SketchSpy:
    """Counts the sketches made: every one asks the game's art what its picture shows."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.kinds: list[str] = []
        subject = ArtModule.subject

        def counted(art: ArtModule, kind: PictureKind, view: object) -> object:
            self.kinds.append(kind)
            return subject(art, kind, view)

        monkeypatch.setattr(ArtModule, "subject", counted)


async def test_hand_and_score_sketch_nothing_for_a_text_only_server(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with table_game(emulator, tmp_path, 3, admin_seats=(0,)) as h:
        await h.seat_everyone()
        await h.start(rounds=1)
        spy = SketchSpy(monkeypatch)
        hand = await h.slash(h.users[1], "hand")
        score = await h.slash(h.users[1], "score")
        assert spy.kinds.count("hand") >= 1 and spy.kinds.count("table") >= 1  # pictures on: sketched
        assert hand.message is not None and score.message is not None
        assert hand.message.attachments and score.message.attachments
        off = await h.slash(h.users[0], "settings images", state="off")
        assert "text only" in off.content
        spy.kinds.clear()
        hand = await h.slash(h.users[1], "hand")
        score = await h.slash(h.users[1], "score")
        public = await h.slash(h.users[2], "score", public=True)
        assert spy.kinds == []
        for answer in (hand, score, public):
            assert answer.message is not None and not answer.message.attachments
        assert "Standings:" in score.content and "Standings:" in public.content


async def test_a_stopped_games_score_draws_its_chart_once_pictures_are_turned_on(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A game stopped after a round, with pictures off: its totals come as text only; once
    ``/settings images on``, /score after it shows them with the chart (the chart follows the
    setting when /score shows it, not the one when the game ended)."""
    async with table_game(emulator, tmp_path, 3, admin_seats=(0,)) as h:
        off = await h.slash(h.users[0], "settings images", state="off")
        assert "text only" in off.content
        await h.seat_everyone()
        await h.start(rounds=2)
        await h.play_round()
        asked = await h.slash(h.users[0], "stop")
        assert asked.message is not None
        stopped = await h.answer(emulator.driver.click(h.users[0], asked.message, "Stop"))
        assert stopped.content == "The game is stopped."
        await h.settle()
        assert not any(m.attachments for m in emulator.driver.channel_messages(h.channel))
        on = await h.slash(h.users[0], "settings images", state="on")
        assert "text only" not in on.content
        score = await h.slash(h.users[1], "score")
        assert score.message is not None and "stopped" in score.content
        assert [a.filename for a in score.message.attachments] == ["scores.png"]
