"""A game installed on its own words its replay's steps as the built-in games do: take-away
(the tests' fourth game), installed as its own distribution with its catalog beside its package
(:mod:`tests.tabletop.take_away_distribution`) and known to the host only through the
``stickem.games`` entry point, shows each step's full label, its variant (the round's last take)
and its turn within the round, in English and in German, by the one convention of
:class:`tabletop.replay.StepLabel`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.source_imports import REPO
from tests.tabletop.take_away_distribution import install

SHOWN = """
from bot.replays.step_message import ShownReplay, step_message
from bot.tables.payload import localized
from tabletop import registry
from tabletop.replay import replay_steps

spec = registry.game("tiny")
print(registry.entry("tiny"))
match = spec.new_match(2, spec.resolve_options({"tokens": 3, "rounds": 1}), 5)
for seat, action in [(0, "ready"), (1, "ready"), (0, "t1"), (1, "t2")]:
    match.apply(seat, action)
steps = replay_steps(spec, 2, match.options, match.seed, match.log)
shown = ShownReplay(spec.title, 1, ("ann", "bob"), steps, catalog=registry.catalog("tiny"))
for language in ("en", "de"):
    for index in range(len(steps)):
        (embed,) = localized(step_message(shown, index, language), language).embeds
        counted = [field.value.splitlines()[-1] for field in embed.fields]
        print(" | ".join([embed.description.splitlines()[0], *counted]))
"""


def test_a_game_known_only_by_its_entry_point_words_its_replay_steps(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(install(tmp_path))}
    command = [sys.executable, "-c", SHOWN]
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "take_away.hosting:GAME",
        "**Round 1, turn 1: ann takes 1** | 1 token taken | 0 tokens taken",
        "**Round 1, turn 2: bob takes 2, the last, and wins the round** | 1 token taken | 2 tokens taken",
        "**Runde 1, Zug 1: ann nimmt 1** | 1 Marke genommen | 0 Marken genommen",
        "**Runde 1, Zug 2: bob nimmt 2, die letzte, und gewinnt die Runde**"
        " | 1 Marke genommen | 2 Marken genommen",
    ]
