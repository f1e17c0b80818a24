"""Pictures: drawing time and PNG size of every kind of picture the games draw.

Run from the repository root: ``python benchmarks/images.py [--repeats N]``.

Each picture is drawn from a fixed position (the test scenes of ``tests/drawing/``: 15-card
Stick'em hands, a 7-player trick, a 14-player Stupid table, a 25-card Stick Game hand, melds
with wilds, charts of 20 rounds and of 14 players), ``--repeats`` times in this one process
(one core: Pillow draws and compresses on the calling thread). Printed per picture: its size in
pixels, the PNG's size, the first drawing with the card faces not yet drawn ("cold": a fresh
process), and the median and 90th percentile once they are (the card faces are drawn once per
process and kept), the time of the whole call: drawing, palette and PNG compression. Times are
CPU time of this process (``time.process_time``: the shared machine's other work is not
counted); the median wall-clock time is printed beside them.

Goals (issue 23): median under 20 ms a picture; PNG under 150 KB, a hand's under 60 KB.

``--compare OTHER`` (another checkout of the repository, e.g. the main branch in a git worktree)
measures this tree against OTHER in one run: ``--rounds`` rounds, in each a fresh process per
tree (their order alternating from round to round) draws every picture ``--repeats`` times
after one warm-up drawing (``--new-words``: with the caches of words emptied before each
drawing, as if every caption, name and score were new); printed per picture: the median CPU
time of each tree over all its drawings, the ratio this/OTHER, and both PNG sizes. Both trees
run on this interpreter (the same Pillow).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stickem import art as stickem_art
from stickgame import art as stickgame_art
from stupid import art as stupid_art
from tabletop.drawing import Picture
from tabletop.drawing.cards import back_image, face_image, slot_image
from tests.drawing import stickem_scenes, stickgame_scenes, stupid_scenes
from tests.drawing.test_charts import _stickem_20_rounds, _stupid_whole_game

TIME_GOAL_MS = 20.0
SIZE_GOAL_KB = 150.0
HAND_GOAL_KB = 60.0


def _cases() -> list[tuple[str, bool, Callable[[], Picture]]]:
    """(name, is a hand, draw) for every picture measured."""
    misery = stickem_scenes.misery_game().view(3)
    trick = stickem_scenes.mid_trick()
    trick_view = trick.view(None)
    turn_view = stickem_scenes.awaited_view(trick)
    scored = stickem_scenes.round_scored()
    stupid_table = stupid_scenes.tricks(14, cards=5, round_to=7).view(None)
    stupid_game = stupid_scenes.tricks(4, seed=1, cards=1, round_to=7)
    stupid_hand = stupid_game.view(stupid_game.awaiting[0])
    hand_25 = stickgame_scenes.hand_view()
    melds = stickgame_scenes.table_with_melds()
    chart_20 = _stickem_20_rounds()
    chart_14 = _stupid_whole_game()
    names7, names14, names4 = stickem_scenes.NAMES, stupid_scenes.NAMES, stickgame_scenes.NAMES[:4]
    return [
        ("stickem hand, 15 cards", True, lambda: stickem_art.hand_picture(misery)),
        ("stickem hand, its turn", True, lambda: stickem_art.hand_picture(turn_view)),
        ("stickem table, 7 players", False, lambda: stickem_art.table_picture(trick_view, names7)),
        ("stickem round end, 7", False, lambda: stickem_art.round_picture(scored, names7)),
        ("stupid hand, 7 cards", True, lambda: stupid_art.hand_picture(stupid_hand)),
        ("stupid table, 14 players", False, lambda: stupid_art.table_picture(stupid_table, names14)),
        ("stickgame hand, 25 cards", True, lambda: stickgame_art.hand_picture(hand_25)),
        ("stickgame table, melds", False, lambda: stickgame_art.table_picture(melds, names4)),
        ("chart, 20 rounds x 7", False, lambda: stickem_art.chart_picture(chart_20, names7)),
        ("chart, 13 rounds x 14", False, lambda: stupid_art.chart_picture(chart_14, names14)),
    ]


_DRIVER = """
import json, sys, time
sys.path.insert(0, ".")
from benchmarks.images import _cases
from tabletop.drawing import fonts
repeats, new_words = int(sys.argv[1]), sys.argv[2] == "1"
try:
    from tabletop.drawing.tiles import _text_tile
    forget = [fonts.text_mask, fonts.text_width, _text_tile]
except ImportError:
    forget = [fonts.text_mask, fonts.text_width]
found = {}
for name, _, draw in _cases():
    size = len(draw().png)
    times = []
    for _ in range(repeats):
        if new_words:
            for cached in forget:
                cached.cache_clear()
        start = time.process_time()
        draw()
        times.append(time.process_time() - start)
    found[name] = [size, times]
print(json.dumps(found))
"""
"""Run in a tree's own directory: each picture's PNG size and CPU times, warm."""


def _measure_tree(tree: Path, repeats: int, new_words: bool) -> dict[str, tuple[int, list[float]]]:
    done = subprocess.run(
        [sys.executable, "-c", _DRIVER, str(repeats), "1" if new_words else "0"],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    found: dict[str, tuple[int, list[float]]] = json.loads(done.stdout)
    return found


def compare(other: Path, rounds: int, repeats: int, new_words: bool = False) -> None:
    """Print this tree's picture CPU times against ``other``'s, measured alternately."""
    here = Path(__file__).resolve().parent.parent
    load = os.getloadavg()
    times: dict[str, dict[str, list[float]]] = {}
    sizes: dict[str, dict[str, int]] = {}
    for round_number in range(rounds):
        trees = [("new", here), ("old", other)]
        for label, tree in trees if round_number % 2 == 0 else trees[::-1]:
            for name, (size, measured) in _measure_tree(tree, repeats, new_words).items():
                times.setdefault(name, {}).setdefault(label, []).extend(measured)
                sizes.setdefault(name, {})[label] = size
    after = os.getloadavg()
    print(
        f"this tree (new) against {other} (old): {rounds} rounds x {repeats} drawings a picture and tree; "
        f"{'every word new (text caches emptied before each drawing); ' if new_words else ''}"
        f"load average {load[0]:.1f} before, {after[0]:.1f} after, {os.cpu_count()} cores"
    )
    print(f"{'picture':26} {'old ms':>7} {'new ms':>7} {'new/old':>8} {'old KB':>7} {'new KB':>7}")
    for name, measured in times.items():
        if "old" not in measured or "new" not in measured:
            print(f"{name:26} (only in one tree)")
            continue
        old, new = (statistics.median(measured[label]) * 1000 for label in ("old", "new"))
        old_kb, new_kb = (sizes[name][label] / 1000 for label in ("old", "new"))
        print(f"{name:26} {old:7.2f} {new:7.2f} {new / old:8.2f} {old_kb:7.1f} {new_kb:7.1f}")


def _forget_faces() -> None:
    for cached in (face_image, slot_image, back_image):
        cached.cache_clear()


def main(argv: list[str] | None = None) -> int:
    """Measure every picture and print the table; exit status 1 if a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=40, help="drawings of each picture (default 40)")
    parser.add_argument("--compare", type=Path, help="another checkout to measure against, alternately")
    parser.add_argument(
        "--rounds", type=int, default=6, help="with --compare: processes per tree (default 6)"
    )
    parser.add_argument(
        "--new-words",
        action="store_true",
        help="with --compare: empty the text caches before each drawing (every word new)",
    )
    args = parser.parse_args(argv)
    if args.compare:
        compare(args.compare.resolve(), args.rounds, args.repeats, args.new_words)
        return 0
    header = f"{'picture':26} {'pixels':>9} {'PNG KB':>7} {'cold ms':>8} {'median ms':>10} {'p90 ms':>7}"
    print(f"{header} {'wall ms':>8}  goals")
    missed = 0
    for name, is_hand, draw in _cases():
        _forget_faces()
        start = time.process_time()
        picture = draw()
        cold = (time.process_time() - start) * 1000
        times, walls = [], []
        for _ in range(args.repeats):
            start, wall = time.process_time(), time.perf_counter()
            again = draw()
            times.append((time.process_time() - start) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
            assert again.png == picture.png, f"{name}: not deterministic"
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1]
        wall_median = statistics.median(walls)
        kb = len(picture.png) / 1000
        size_goal = HAND_GOAL_KB if is_hand else SIZE_GOAL_KB
        met = median < TIME_GOAL_MS and kb < size_goal
        missed += not met
        pixels = f"{picture.width}x{picture.height}"
        verdict = "met" if met else "MISSED"
        print(
            f"{name:26} {pixels:>9} {kb:7.1f} {cold:8.1f} {median:10.1f} {p90:7.1f} {wall_median:8.1f}"
            f"  {verdict} (<{size_goal:.0f} KB)"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
