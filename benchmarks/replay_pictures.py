"""Replay pictures: what the views cost the replay, and what a step's picture costs to draw.

Run from the repository root: ``python benchmarks/replay_pictures.py [--samples N]``.

For each game, one game played to the end by random computer players (fixed seeds, the test
games of ``tests/drawing/test_replay_pictures.py``):

- the replay rebuilt from its log (``replay_steps``, done on every click), with each step's
  views and without them (the views replaced by nothing, in this same process), as a ratio;
- ``--samples`` steps spread over the game drawn as the replay's picture (the table with every
  hand below it: the game's table and hand pictures, decoded, stacked and encoded again): the
  median and largest CPU time per picture, its size in pixels and its PNG's size.

Times are CPU time of this process (``time.process_time``), one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stickem.replay
import stickgame.replay
import stupid.replay
from tabletop import registry
from tabletop.pictures import Sketch, art_of
from tabletop.replay import Replayable, replay_steps
from tests.replay.played import play_out

GAMES = [("stickem", 4, 2024), ("stupid", 3, 8), ("stickgame", 3, 31)]
NAMES = ("Ann", "Bob", "Chidi", "Dana")
REPEATS = 5


def _cpu(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def _no_views(*_: object) -> None:
    return None


def main() -> None:
    """Print the figures for each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=12)
    samples = parser.parse_args().samples
    modules = (stickem.replay, stupid.replay, stickgame.replay)
    for game, players, seed in GAMES:
        spec = registry.game(game)
        assert isinstance(spec, Replayable)
        options = spec.resolve_options({})
        match, _ = play_out(spec, players, options, seed, "random")

        rebuild = partial(replay_steps, spec, players, options, seed, match.log)
        with_views = min(_cpu(rebuild) for _ in range(REPEATS))
        patches = [mock.patch.object(module, "views_of", _no_views) for module in modules] + [
            mock.patch.object(stickem.replay, "_taken_views", _no_views),
            mock.patch.object(stupid.replay, "_taken_views", _no_views),
            mock.patch.object(stickgame.replay, "_ended_views", _no_views),
        ]
        for patch in patches:
            patch.start()
        try:
            without = min(_cpu(rebuild) for _ in range(REPEATS))
        finally:
            for patch in patches:
                patch.stop()
        steps = replay_steps(spec, players, options, seed, match.log)  # type: ignore[arg-type]
        art = art_of(spec)
        assert art is not None
        chosen = [steps[i * (len(steps) - 1) // max(1, samples - 1)] for i in range(samples)]
        times, sizes, kb = [], set(), []
        for step in chosen:
            sketch = Sketch(art, "replay", step.views, NAMES[:players])
            start = time.process_time()
            picture = sketch.draw()
            times.append(time.process_time() - start)
            sizes.add((picture.width, picture.height))
            kb.append(len(picture.png) / 1024)
        heights = sorted(h for _, h in sizes)
        print(
            f"{game:9} {players} seats, {len(match.log)} actions, {len(steps)} steps: "
            f"replay {with_views * 1000:.0f} ms with views, {without * 1000:.0f} ms without "
            f"({with_views / without:.2f}x); picture median {statistics.median(times) * 1000:.0f} ms, "
            f"max {max(times) * 1000:.0f} ms, 800 x {heights[0]}-{heights[-1]} px, "
            f"median {statistics.median(kb):.0f} KB"
        )


if __name__ == "__main__":
    main()
