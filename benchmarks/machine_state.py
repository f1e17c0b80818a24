"""What the machine was doing around a benchmark's run, read from Linux ``/proc`` (nothing where
it is not there): how busy all its processors were, whether another load benchmark was running
at the same time, the bot's major page faults (files read from disk, not the page cache), and
how many bytecode files a checkout holds (a run that compiled some met cold files).

These are the suspects of a first run slower than the next ones on the same machine; the load
benchmark prints them beside each run so that a slow run says which of them it met.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CpuTimes:
    """The machine's processor time so far, all processors together, in clock ticks: busy (user,
    nice, system, interrupts, steal) and the total (idle and waiting for the disk included)."""

    busy: int
    total: int


def cpu_times() -> CpuTimes:
    """The first line of ``/proc/stat``; zeros where it cannot be read."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(field) for field in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return CpuTimes(0, 0)
    idle = fields[3] + fields[4]  # idle, iowait
    return CpuTimes(sum(fields) - idle, sum(fields))


def busy_share(before: CpuTimes, after: CpuTimes) -> float:
    """The share of all the machine's processor time that was busy between two readings (0 to
    1; NaN without a reading): 1 means no processor was ever idle, every process waited for
    another's turn."""
    total = after.total - before.total
    return (after.busy - before.busy) / total if total > 0 else float("nan")


def major_faults(pid: int) -> int:
    """Major page faults of process ``pid`` so far (pages read from a file on disk because the
    page cache did not hold them); OSError once it has ended."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return int(fields[9])


def other_load_runs(script: str = "discord_load.py") -> list[int]:
    """Process ids of other processes running ``script`` (this process, its parent and its
    children left out): a second load benchmark on the same machine at the same time takes
    processor time from the one measured."""
    mine = {os.getpid(), os.getppid()}
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            pid = int(entry.name)
            if pid in mine:
                continue
            command = (entry / "cmdline").read_bytes().split(b"\0")
            parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile, or not readable
        if parent in mine:
            continue  # a side this process started
        if any(part.endswith(script.encode()) for part in command):
            found.append(pid)
    return sorted(found)


def bytecode_files(source: Path) -> int:
    """How many ``.pyc`` files the checkout ``source`` holds outside its virtual environment and
    git folder: compare before and after a run to see whether it compiled modules (a checkout's
    first run writes its bytecode; the next runs read it)."""
    count = 0
    for folder, subfolders, files in os.walk(source):
        subfolders[:] = [name for name in subfolders if name not in {".venv", ".git", "node_modules"}]
        if folder.endswith("__pycache__"):
            count += sum(1 for name in files if name.endswith(".pyc"))
    return count
