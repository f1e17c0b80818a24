"""The worker processes' CPU for the same computer decisions, this checkout's code path against
another checkout's (e.g. the release: ``git worktree add /tmp/release5 ea8ce3c``), in one run.

Run from the repository root: ``python benchmarks/decision_cpu.py --compare /tmp/release5
[--decisions 600] [--rounds 4] [--gap 0.02] [--level normal] [--idle 5] [--probe-imports]``.

Each checkout runs in a process of its own (``PYTHONPATH`` its tree): it makes the positions of
3-player Stick'em games played by its ``--level`` player (the same seeds; the same positions as
long as the engine and the player decide alike, which the digest of the actions shows), starts
its bot's pool of computer-player workers as its bot does (``host.autoplay.make_executor``, one
process) and hands the pool each decision as its bot does (``host.thinking.decide``: game, registry
entry, view, level, seed). Figures, per decision, for each side and as ratios new/old:

- counts, which do not depend on the machine's load: the function calls of one decision in the
  worker (unpickling the task, deciding; cProfile in the side's own process) and the bytes of the
  task as pickled;
- the worker's CPU (all its threads, in nanoseconds from ``/proc/<pid>/task/*/schedstat``), the
  decisions handed over one at a time ``--gap`` seconds apart, as a bot's moves arrive (the worker
  sleeps between two), in ``--rounds`` rounds, the two sides alternating (which one goes first
  alternates too); the median of the rounds' ratios is the figure;
- the CPU of an idle worker per second (``--idle`` seconds with nothing to do) and the wake-ups
  that cost it (voluntary context switches): what every worker process of a bot spends while no
  decision (or no picture) comes, however few cards are played.

``--probe-imports`` has each worker import ``bot.boot.app`` first, as the load benchmark's probe
hook does in every process of the bot (``benchmarks/discord_load.py``): a bigger heap.

Linux only (``/proc``). Measured figures: docs/benchmarks.md ("The workers' CPU per card").
"""

from __future__ import annotations

import argparse
import cProfile
import glob
import hashlib
import json
import os
import pickle
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAME = "stickem"
ENTRY = "stickem.hosting:GAME"


def thread_ns(pid: int) -> int:
    """Nanoseconds of CPU process ``pid`` ran so far, all its threads (``schedstat``)."""
    total = 0
    for stat in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            total += int(Path(stat).read_text().split()[0])
        except OSError:
            continue  # a thread that ended meanwhile
    return total


def wake_ups(pid: int) -> int:
    """Voluntary context switches of process ``pid`` so far, all its threads."""
    total = 0
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            lines = Path(status).read_text().splitlines()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in lines if line.startswith("voluntary_ctxt_switches"))
    return total


def probe_imports() -> None:
    """Import what the load benchmark's probe hook imports into every process of the bot."""
    import bot.boot.app  # noqa: F401


class Side:
    """One checkout's positions and pool, in this (side) process."""

    def __init__(self, decisions: int, level: str, heavy: bool) -> None:
        from host.autoplay import make_executor
        from host.thinking import decide
        from tabletop import registry

        try:
            registry.entry(GAME)
        except registry.GameNotOffered:  # not installed as a distribution: found by its module
            registry.register(GAME, ENTRY)
        self.decide = decide
        self.entry = registry.entry(GAME)
        self.level = level
        game = registry.game(GAME)
        options: dict[str, Any] = {option.name: option.default for option in game.options}
        if game.presets:
            options["preset"] = game.presets[0].name
        self.cases: list[tuple[object, int]] = []
        actions = hashlib.sha256()
        seed = 0
        while len(self.cases) < decisions:
            seed += 1
            match = game.new_match(3, options, seed)
            while not match.is_over and len(self.cases) < decisions:
                seat = next(iter(match.awaiting))
                view = match.view(seat)
                case_seed = seed * 1000 + len(self.cases)
                action = decide(GAME, self.entry, view, level, case_seed)
                actions.update(action.encode())
                self.cases.append((view, case_seed))
                match.apply(seat, action)
        self.digest = actions.hexdigest()[:12]
        self.pool = make_executor(1)
        if heavy:
            self.pool.submit(probe_imports).result()
        self.pool.submit(decide, GAME, self.entry, self.cases[0][0], level, 1).result()
        self.pid = next(iter(self.pool._processes))  # type: ignore[attr-defined]

    def counts(self) -> dict[str, float]:
        """Calls per decision in the worker's part (unpickle the task, decide) and bytes a task."""
        tasks = [
            pickle.dumps((self.decide, GAME, self.entry, view, self.level, seed), pickle.HIGHEST_PROTOCOL)
            for view, seed in self.cases
        ]
        profile = cProfile.Profile()
        profile.enable()
        for task in tasks:
            function, *arguments = pickle.loads(task)
            function(*arguments)
        profile.disable()
        calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
        return {
            "calls": calls / len(tasks),
            "bytes": sum(map(len, tasks)) / len(tasks),
        }

    def trickle(self, gap: float) -> float:
        """The worker's CPU nanoseconds per decision, handed over one at a time ``gap`` apart."""
        before = thread_ns(self.pid)
        for view, seed in self.cases:
            self.pool.submit(self.decide, GAME, self.entry, view, self.level, seed).result()
            time.sleep(gap)
        return (thread_ns(self.pid) - before) / len(self.cases)

    def idle(self, seconds: float) -> dict[str, float]:
        """The idle worker's CPU microseconds and wake-ups per second over ``seconds``."""
        cpu, woke = thread_ns(self.pid), wake_ups(self.pid)
        time.sleep(seconds)
        return {
            "idle_us_per_s": (thread_ns(self.pid) - cpu) / 1000 / seconds,
            "idle_wakeups_per_s": (wake_ups(self.pid) - woke) / seconds,
        }


def run_side(args: argparse.Namespace) -> None:
    """A side process: answer the commands on stdin (one JSON line each) with JSON lines."""
    side = Side(args.decisions, args.level, args.probe_imports)
    print(json.dumps({"digest": side.digest, **side.counts()}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        if command["do"] == "trickle":
            print(json.dumps({"ns": side.trickle(command["gap"])}), flush=True)
        elif command["do"] == "idle":
            print(json.dumps(side.idle(command["seconds"])), flush=True)
        else:
            break
    side.pool.shutdown()


class SideProcess:
    """A side process of checkout ``source`` (its ``PYTHONPATH``), run by this script's file."""

    def __init__(self, source: Path, args: argparse.Namespace) -> None:
        command = [
            sys.executable, str(Path(__file__).resolve()), "--side", "--decisions", str(args.decisions),
            "--level", args.level, *(["--probe-imports"] if args.probe_imports else []),
        ]
        env = {**os.environ, "PYTHONPATH": str(source)}
        self.process = subprocess.Popen(
            command, cwd=source, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.first = self.read()

    def read(self) -> dict[str, Any]:
        """The side's next answer."""
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the side process ended (exit code {self.process.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ask(self, **command: Any) -> dict[str, Any]:
        """Send ``command`` and read the answer."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        """End the side process."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"do": "stop"}) + "\n")
        self.process.stdin.close()
        self.process.wait(timeout=60)


def main() -> None:
    """Parse the arguments, run both sides and print their figures and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="OLD_CHECKOUT", help="the other checkout (default: this one)")
    parser.add_argument("--decisions", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--gap", type=float, default=0.02, help="seconds between two decisions")
    parser.add_argument("--level", default="normal", choices=("random", "normal", "hard"))
    parser.add_argument("--idle", type=float, default=5.0, help="seconds the idle workers are watched")
    parser.add_argument("--probe-imports", action="store_true")
    parser.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        run_side(args)
        return
    here = Path(__file__).resolve().parent.parent
    old_source = Path(args.compare).resolve() if args.compare else here
    print(
        f"game={GAME} level={args.level} decisions={args.decisions} rounds={args.rounds} "
        f"gap={args.gap} s idle={args.idle} s probe-imports={args.probe_imports} compare={old_source}",
        flush=True,
    )
    sides = {"new": SideProcess(here, args), "old": SideProcess(old_source, args)}
    try:
        new, old = sides["new"].first, sides["old"].first
        same = "the same decisions" if new["digest"] == old["digest"] else "DIFFERENT decisions"
        print(f"actions' digest new {new['digest']}, old {old['digest']}: {same}")
        counted = (("calls", "function calls a decision (unpickle, decide)"), ("bytes", "bytes a task"))
        for key, what in counted:
            print(f"  {what}: new {new[key]:.0f}, old {old[key]:.0f}, {new[key] / old[key]:.3f}x")
        ratios = []
        for number in range(args.rounds):
            order = ("new", "old") if number % 2 == 0 else ("old", "new")
            spent = {name: sides[name].ask(do="trickle", gap=args.gap)["ns"] for name in order}
            ratios.append(spent["new"] / spent["old"])
            print(
                f"  round {number + 1}: worker CPU a decision new {spent['new'] / 1000:.0f} us, "
                f"old {spent['old'] / 1000:.0f} us, {ratios[-1]:.2f}x",
                flush=True,
            )
        print(f"  worker CPU a decision: median of the rounds' ratios {statistics.median(ratios):.2f}x")
        idle = {name: side.ask(do="idle", seconds=args.idle) for name, side in sides.items()}
        for key, what in (("idle_us_per_s", "an idle worker's CPU, us a second"),
                          ("idle_wakeups_per_s", "an idle worker's wake-ups a second")):
            print(f"  {what}: new {idle['new'][key]:.1f}, old {idle['old'][key]:.1f}")
    finally:
        for side in sides.values():
            side.close()


if __name__ == "__main__":
    main()
