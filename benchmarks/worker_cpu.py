"""The CPU time of a process's children, read from outside (Linux ``/proc``): what the bot's
worker processes (the computer players' thinking, the pictures' drawing) spend, which the bot's
own probe (``time.process_time`` in the bot) does not count."""

from __future__ import annotations

import os
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def children_cpu(pid: int) -> dict[int, float]:
    """CPU seconds (user and system) of each living child of ``pid``; empty where ``/proc`` is not
    there."""
    children: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children.update(int(child) for child in (task / "children").read_text().split())
        except OSError:
            continue
    spent = {}
    for child in children:
        try:
            user, system, _ = process_cpu(child)
        except OSError:
            continue  # ended meanwhile
        spent[child] = user + system
    return spent


def _stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command's name (which may hold spaces), from
    the state on; OSError once the process has ended."""
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()


def process_cpu(pid: int) -> tuple[float, float, int]:
    """The user and system CPU seconds of process ``pid`` so far (all its threads) and its minor
    page faults, read from outside it (``/proc/<pid>/stat``); OSError once it has ended."""
    fields = _stat_fields(pid)
    return int(fields[11]) / _TICKS, int(fields[12]) / _TICKS, int(fields[7])  # utime, stime, minflt


def spent_by_child(pid: int, before: dict[int, float]) -> dict[int, float]:
    """CPU seconds each living child of ``pid`` spent since ``before`` (:func:`children_cpu`),
    by process id (a child started since counts whole, one ended since is not there: it took
    its figures along)."""
    return {child: seconds - before.get(child, 0.0) for child, seconds in children_cpu(pid).items()}


def child_kind(pid: int) -> str:
    """What the child process ``pid`` is, from its command line: multiprocessing's resource
    tracker (``tracker``), a pool's worker (``worker``: a computer player's or a drawing one,
    both started by ``spawn``) or something else (``other``); ``gone`` once it has ended."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        return "gone"
    if b"resource_tracker" in command:
        return "tracker"
    return "worker" if b"multiprocessing" in command else "other"


def busy(pid: int) -> bool:
    """Whether process ``pid`` runs or waits for a processor now (``R``; or waits for the disk,
    ``D``), as opposed to sleeping until something comes; False once it has ended. A worker
    starved of CPU on a busy machine is busy by this, though it spends no CPU."""
    try:
        return _stat_fields(pid)[0] in ("R", "D")
    except OSError:
        return False
