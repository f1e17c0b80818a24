"""The barrier of a side-by-side pair and the machine readings printed beside each run
(``benchmarks/side_by_side.py``, ``benchmarks/machine_state.py``)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from benchmarks.machine_state import CpuTimes, busy_share, bytecode_files
from benchmarks.side_by_side import FileBarrier, Side, side_spec


async def test_a_side_waits_at_the_barrier_until_told_to_go(tmp_path: Path) -> None:
    barrier = FileBarrier(tmp_path / "new.ready", tmp_path / "go")
    meeting = asyncio.create_task(barrier.meet(timeout=5.0))
    async with asyncio.timeout(5.0):
        while not barrier.ready.exists():
            await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    assert not meeting.done()
    barrier.go.write_text("go")
    await asyncio.wait_for(meeting, 5.0)


async def test_the_wait_at_the_barrier_is_bounded(tmp_path: Path) -> None:
    with pytest.raises(TimeoutError):
        await FileBarrier(tmp_path / "old.ready", tmp_path / "go").meet(timeout=0.1)


def test_each_side_has_its_own_files_and_shares_the_go(tmp_path: Path) -> None:
    new = side_spec(Side("new", Path("/a")), tmp_path)
    old = side_spec(Side("old", Path("/b"), {"X": "1"}, images=False), tmp_path)
    assert json.loads(json.dumps(old)) == old  # it travels on a command line
    assert old["source"] == "/b" and old["env"] == {"X": "1"} and old["images"] is False
    assert new["out"] != old["out"] and new["ready"] != old["ready"]
    assert new["go"] == old["go"]


def test_busy_share() -> None:
    assert busy_share(CpuTimes(100, 400), CpuTimes(250, 600)) == pytest.approx(0.75)
    assert busy_share(CpuTimes(1, 1), CpuTimes(1, 1)) != busy_share(CpuTimes(1, 1), CpuTimes(1, 1))


def test_bytecode_files_counts_the_checkouts_own(tmp_path: Path) -> None:
    for folder in ("bot/__pycache__", ".venv/lib/__pycache__", ".git/x/__pycache__", "__pycache__"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "module.cpython-311.pyc").write_bytes(b"")
    (tmp_path / "bot" / "__pycache__" / "notes.txt").write_text("")
    assert bytecode_files(tmp_path) == 2
