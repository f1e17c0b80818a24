"""Two sides of a comparison measured at the same time (``discord_load.py --concurrent``): each
side a process of its own running ``discord_load.py`` for one load (its own emulator, its own
emulated humans, its own bot and database), both windows opened together.

Run one after the other, the two runs of a pair meet different minutes of a shared machine: a
neighbour's burst lands in one and not the other, and a ratio of their tails says more about the
neighbours than about the code. Run at the same time, both meet the same minutes, and what the
machine does to one it does to the other (as far as two processes on the same processors can
share a fate: an A/A comparison, the same checkout on both sides, says how far; see
docs/benchmarks.md).

Each side starts, measures the machine's idle noise, opens its tables and then waits at a
barrier: it writes its ``ready`` file and waits for the ``go`` file, which this module writes
once both sides are ready. The side named first in the order is started first (the caller
alternates it by pair). A side's figures come back as JSON.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parent / "discord_load.py"
"""The load benchmark each side runs."""

READY_TIMEOUT = 600.0
"""How long a side may take to start its bot and open its tables (seconds)."""

FINISH_TIMEOUT = 300.0
"""How long a side may take after the window opened: the window, the report, the bot's stop."""


@dataclass(frozen=True)
class Side:
    """One side of a comparison: its name in the output, the checkout whose bot it runs, the
    environment variables for that bot only, and whether the benchmark's server has pictures
    (False: text-only tables stored in its database first; True: as the checkout makes it)."""

    name: str
    source: Path
    env: dict[str, str] = field(default_factory=dict)
    images: bool = True


class FileBarrier:
    """The side's half of the barrier: :meth:`meet` writes ``ready`` and waits (bounded) for
    ``go``."""

    def __init__(self, ready: Path, go: Path) -> None:
        self.ready = ready
        self.go = go

    async def meet(self, timeout: float = READY_TIMEOUT) -> None:
        """Say this side is ready and wait until every side is."""
        self.ready.write_text("ready")
        async with asyncio.timeout(timeout):
            while not self.go.exists():
                await asyncio.sleep(0.01)


def side_spec(side: Side, folder: Path) -> dict[str, Any]:
    """What a side's process is told (``--side-spec``): its checkout, environment, pictures,
    where to write its figures, and its barrier's two files."""
    return {
        "source": str(side.source),
        "env": side.env,
        "images": side.images,
        "out": str(folder / f"{side.name}.json"),
        "ready": str(folder / f"{side.name}.ready"),
        "go": str(folder / "go"),
    }


async def run_together(
    sides: Sequence[Side], common: Sequence[str], *, ready_timeout: float = READY_TIMEOUT
) -> dict[str, dict[str, Any]]:
    """Run each side (``discord_load.py`` with the arguments ``common`` and its own
    ``--side-spec``), in the order given, its windows opened together; each side's figures by
    name. A side that fails stops the other and raises with its output's end."""
    with tempfile.TemporaryDirectory(prefix="side-by-side-") as temp:
        folder = Path(temp)
        processes: dict[str, asyncio.subprocess.Process] = {}
        logs: dict[str, Path] = {}
        try:
            for side in sides:
                logs[side.name] = folder / f"{side.name}.log"
                with logs[side.name].open("wb") as log:
                    processes[side.name] = await asyncio.create_subprocess_exec(
                        sys.executable, str(SCRIPT), *common,
                        "--side-spec", json.dumps(side_spec(side, folder)),
                        stdout=log, stderr=asyncio.subprocess.STDOUT,
                    )
            await _all_ready(folder, sides, processes, logs, ready_timeout)
            (folder / "go").write_text("go")
            async with asyncio.timeout(FINISH_TIMEOUT):
                for name, process in processes.items():
                    if await process.wait() != 0:
                        raise RuntimeError(f"side {name} failed:\n{_tail(logs[name])}")
        finally:
            for process in processes.values():
                if process.returncode is None:
                    process.kill()
                    await process.wait()
        return {side.name: json.loads((folder / f"{side.name}.json").read_text()) for side in sides}


async def _all_ready(
    folder: Path,
    sides: Sequence[Side],
    processes: dict[str, asyncio.subprocess.Process],
    logs: dict[str, Path],
    timeout: float,
) -> None:
    """Wait (bounded) until every side has written its ready file; raise if one ended first."""
    async with asyncio.timeout(timeout):
        while not all((folder / f"{side.name}.ready").exists() for side in sides):
            for name, process in processes.items():
                if process.returncode is not None:
                    raise RuntimeError(f"side {name} ended before its window:\n{_tail(logs[name])}")
            await asyncio.sleep(0.05)


def _tail(log: Path, lines: int = 30) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
