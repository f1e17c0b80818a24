"""The same view gives the same bytes in another process too: nothing in a picture depends on
the order of a set, a hash seed or what an earlier picture left in a cache."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

from stickem import art as stickem_art
from stickgame import art as stickgame_art
from stupid import art as stupid_art
from tests.drawing import stickem_scenes, stickgame_scenes, stupid_scenes
from tests.source_imports import REPO


def digest() -> str:
    """The SHA-256 of a few pictures of every game."""
    hashed = hashlib.sha256()
    game = stickem_scenes.mid_trick()
    hashed.update(stickem_art.table_picture(game.view(None), stickem_scenes.NAMES).png)
    hashed.update(stickem_art.hand_picture(stickem_scenes.awaited_view(game)).png)
    table = stupid_scenes.tricks(14, cards=5, round_to=7).view(None)
    hashed.update(stupid_art.table_picture(table, stupid_scenes.NAMES).png)
    hashed.update(
        stickgame_art.table_picture(stickgame_scenes.table_with_melds(), stickgame_scenes.NAMES[:4]).png
    )
    hashed.update(stickgame_art.hand_picture(stickgame_scenes.hand_view()).png)
    return hashed.hexdigest()


def _in_a_fresh_process(hash_seed: str) -> str:
    code = "from tests.drawing.test_determinism import digest; print(digest())"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


def test_pictures_are_the_same_bytes_in_other_processes() -> None:
    here = digest()  # in this process, after whatever it has drawn before
    assert _in_a_fresh_process("1") == here
    assert _in_a_fresh_process("2") == here
