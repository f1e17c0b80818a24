"""A worker process's watch on the bot (host.workers.worker_init): it ends soon after the bot is
killed, and it does not wake up while it waits (an idle worker costs no CPU)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from host.workers import warm_up, worker_processes

WAIT = 20.0
"""Seconds a step may take at most on a loaded machine."""

ROOT = Path(__file__).resolve().parents[2]


def wake_ups(pid: int) -> int:
    """The voluntary context switches of every thread of process ``pid`` so far (a thread that
    sleeps and wakes up again counts one each time)."""
    total = 0
    for status in Path(f"/proc/{pid}/task").glob("*/status"):
        for line in status.read_text().splitlines():
            if line.startswith("voluntary_ctxt_switches"):
                total += int(line.split()[1])
    return total


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting for its parent counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_an_idle_worker_does_not_wake_up() -> None:
    """Idle for a second, a worker's threads sleep through it: a check of the bot every 0.2 s woke
    it 5 times a second (~0.2-0.3 ms of CPU a second for each worker of the bot)."""
    executor = worker_processes(1)
    try:
        executor.submit(warm_up).result(timeout=WAIT)
        (pid,) = executor._processes  # type: ignore[attr-defined]
        time.sleep(0.3)  # the worker's start-up settles (its watch thread started and waiting)
        before = wake_ups(pid)
        time.sleep(1.0)
        woke = wake_ups(pid) - before
    finally:
        executor.shutdown(wait=True)
    assert woke <= 1, f"an idle worker woke up {woke} times in a second"


def spin(seconds: float) -> None:
    """A computer player thinking for ``seconds`` (in Python: the watch's thread gets its turns)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds process ``pid`` spent so far (0 once it has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_workers_end_soon_after_the_bot_is_killed_busy_or_idle() -> None:
    """A bot killed with SIGKILL (nothing of it runs to close its pool): its workers end by
    themselves, the one thinking as well as the idle one (its main thread never goes back to
    wait for work, so only the watch's thread can end it)."""
    bot = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                """
                import time
                from host.workers import warm_up, worker_processes
                from tests.host.test_worker_watch import spin

                if __name__ == "__main__":
                    executor = worker_processes(2)
                    for started in [executor.submit(warm_up) for _ in range(2)]:
                        started.result()
                    executor.submit(spin, 120.0)
                    print(*executor._processes, flush=True)
                    time.sleep(120)
                """
            ),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    workers: list[int] = []
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert workers and all(alive(worker) for worker in workers)
        deadline = time.monotonic() + WAIT
        while sum(map(cpu_seconds, workers)) < 0.5 and time.monotonic() < deadline:
            time.sleep(0.05)  # until one of them is surely thinking
        assert sum(map(cpu_seconds, workers)) >= 0.5, "no worker started thinking"
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(timeout=WAIT)
        deadline = time.monotonic() + WAIT
        while any(map(alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(alive, workers)), "a worker outlived the killed bot"
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(timeout=WAIT)
        for worker in workers:
            if alive(worker):
                os.kill(worker, signal.SIGKILL)
