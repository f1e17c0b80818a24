"""Stupid engine equivalence: this checkout's engine against an older one, trace line by line.

Run from the repository root:
``python benchmarks/stupid_equivalence.py --rev 451a8ea [--games 300] [--seed 1] [--detail 1]``.

The ``stupid/`` package of git revision ``--rev`` is extracted into a temporary directory and
imported as ``stupid_old``; both engines then play the same random games (2-14 players, random
options and seeds, random legal actions in every spelling and about one refused action in
five) and ``tests/stupid/trace.py`` writes down everything observable after every step: events,
errors with their messages and fields, state, hands, legal options, views (with probability
``--detail``), card places, ``to_json``, reloads and tampered documents. The first differing
line is printed with the lines before it, and the exit status is 1; else a summary.
"""

from __future__ import annotations

import argparse
import importlib
import io
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stupid
from tests.stupid.trace import specs, trace

ROOT = Path(__file__).resolve().parent.parent


def extract(rev: str, into: Path) -> None:
    """Write ``stupid/`` of ``rev`` to ``into/stupid_old`` (a package of relative imports)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "stupid"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "stupid").rename(into / "stupid_old")


def main() -> int:
    """Compare the traces; print the first difference or a summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="git revision of the reference engine")
    parser.add_argument("--games", type=int, default=300, help="random games to compare")
    parser.add_argument("--seed", type=int, default=1, help="seed of the game specs")
    parser.add_argument("--detail", type=float, default=1.0, help="share of steps with views")
    parser.add_argument("--max-players", type=int, default=14, help="largest table (up to 21)")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        extract(args.rev, Path(tmp))
        sys.path.insert(0, tmp)
        old = importlib.import_module("stupid_old")
        kinds: Counter[str] = Counter()
        lines = 0
        game_specs = specs(args.games, args.seed, (2, args.max_players))
        for number, spec in enumerate(game_specs, 1):
            recent: list[str] = []
            for mine, theirs in zip(
                trace(stupid, spec, args.detail), trace(old, spec, args.detail), strict=True
            ):
                if mine != theirs:
                    print(f"game {number} {spec}: traces differ after {len(recent)} lines")
                    for line in recent[-8:]:
                        print(f"    {line[:300]}")
                    print(f"new {mine[:1000]}")
                    print(f"old {theirs[:1000]}")
                    return 1
                recent.append(mine)
                kinds[mine[:1]] += 1
            lines += len(recent)
            if number % 50 == 0:
                print(f"{number} games alike ({lines} lines, {time.perf_counter() - started:.0f} s)")
    print(
        f"{args.games} games (2-{args.max_players} players) alike with {args.rev}: {lines} trace lines, "
        f"{kinds['a']} actions of which {kinds['!']} refused, {kinds['>']} events, {kinds['v'] // 2} views, "
        f"{kinds['j']} save/load lines; {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
