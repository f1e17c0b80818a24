"""Games with computer seats and turn timers against the real bot process, killed on the way.

The test never asks the bot what happened: it reads the stored game (the database the bot
process writes, opened on the side) and replays it with the engine, the way a restart does. The
humans act from their DMs whenever the replay says they are awaited; what they did is compared
with the stored log at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from host.journal import TURN_TIMER
from host.storage import StoredGame
from host.table.record import stored_names
from stickem import Game, Phase
from stickem.hosting import decode_action, encode_action
from tests.discord_emulator.state import Message
from tests.e2e.process_game import ProcessGame, replay

T = TypeVar("T")

POLL = 0.05
"""Seconds between two looks at the stored game."""


@dataclass(frozen=True)
class Snapshot:
    """The stored game at one moment, and the engine's replay of it."""

    stored: StoredGame
    game: Game

    @property
    def finished(self) -> bool:
        """Whether the stored game is over (its record says so, and so does the replay)."""
        return self.stored.record.status == "finished"

    @property
    def deadline(self) -> datetime | None:
        """The stored turn timer's deadline, if one runs."""
        return next((t.due_at for t in self.stored.timers if t.kind == TURN_TIMER), None)


async def snapshot(g: ProcessGame) -> Snapshot:
    """The stored game now, replayed."""
    stored = await g.stored()
    return Snapshot(stored, replay(stored))


async def wait_stored(
    g: ProcessGame, check: Callable[[Snapshot], T | None], *, timeout: float, what: str
) -> T:
    """Look at the stored game every :data:`POLL` seconds until ``check`` gives a truthy value."""
    try:
        async with asyncio.timeout(timeout):
            while True:
                value = check(await snapshot(g))
                if value:
                    return value
                await asyncio.sleep(POLL)
    except TimeoutError:
        raise AssertionError(f"timed out after {timeout:g} s waiting for {what}") from None


@dataclass
class Humans:
    """The human seats of a game with computer seats, and every move of theirs the bot accepted."""

    g: ProcessGame
    seats: tuple[int, ...]
    moves: list[tuple[int, str]] = field(default_factory=list)

    async def act(self, snap: Snapshot, seat: int) -> None:
        """``seat`` (awaited in ``snap``) picks its misery card or plays a card from its DM."""
        g = self.g
        g.shadow = snap.game  # the helpers of ProcessGame read the turn from the shadow
        if snap.game.phase is Phase.MISERY:
            await g.pick_misery(seat)
        else:
            await g.play_turn()
        self.moves.append((seat, encode_action(g.shadow.actions[-1])))

    async def play_until(self, done: Callable[[Snapshot], bool], *, timeout: float) -> Snapshot:
        """The humans act whenever they are awaited, until ``done`` holds for the stored game."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    snap = await snapshot(self.g)
                    if done(snap):
                        return snap
                    awaited = [seat for seat in snap.game.awaiting if seat in self.seats]
                    if awaited:
                        await self.act(snap, awaited[0])
                    else:
                        await asyncio.sleep(POLL)
        except TimeoutError:
            raise AssertionError(f"the game did not get there within {timeout:g} s") from None

    def stored_moves(self, stored: StoredGame) -> list[tuple[int, str]]:
        """The stored moves of the human seats: (seat, action text)."""
        return [(a.seat, a.action) for a in stored.actions if a.seat in self.seats]


def check_the_end(g: ProcessGame, snap: Snapshot) -> None:
    """The game is over in storage; its replay is over too (every card dealt played exactly once,
    none twice: the engine refuses a card that is not in the hand) and gives the standings the
    channel shows."""
    assert snap.finished, snap.stored.record.status
    assert snap.game.phase is Phase.GAME_OVER
    actions = snap.stored.actions
    assert [a.seq for a in actions] == list(range(len(actions)))
    rounds: list[list[tuple[int, str]]] = []
    for before, action in zip((None, *actions), actions, strict=False):
        misery = decode_action(action.seat, action.action).kind == "misery"
        if misery and (before is None or decode_action(before.seat, before.action).kind == "play"):
            rounds.append([])  # a round starts with the misery choices
        if not misery:
            rounds[-1].append((action.seat, action.action))
    assert len(rounds) == snap.game.round
    players = snap.game.players
    for number, plays in enumerate(rounds, start=1):
        cards = [card for _, card in plays]
        assert len(cards) == len(set(cards)), f"a card played twice in round {number}"
        per_seat = [sum(1 for seat, _ in plays if seat == s) for s in range(players)]
        assert len(set(per_seat)) == 1, f"round {number}: seats played {per_seat} cards"
    names = list(stored_names(snap.stored.record))
    assert standings(g, names) == snap.game.totals


def standings(g: ProcessGame, names: list[str]) -> list[int]:
    """The totals of the final standings message, in the order of ``names``."""
    message = next(
        m for m in reversed(g.emu.driver.channel_messages(g.channel)) if "Game over" in m.content
    )
    text = message.embeds[0].description or ""
    by_name = {
        match["name"]: int(match["total"])
        for match in re.finditer(r"^\d+\. (?P<name>.+): (?P<total>-?\d+)$", text, re.M)
    }
    assert sorted(by_name) == sorted(names), text
    return [by_name[name] for name in names]


async def message_time(g: ProcessGame, text: str, *, timeout: float) -> tuple[Message, datetime]:
    """The first channel message containing ``text`` (waited for, bounded) and when it was sent."""
    message = await g.emu.driver.wait_for_message(g.channel, lambda m: text in m.content, timeout=timeout)
    return message, datetime.fromisoformat(message.timestamp)


# --- processes ---------------------------------------------------------------------------------


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (None once the process is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return text[text.rindex(")") + 2 :].split()


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children, ...), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None:
                children.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    todo = [pid]
    while todo:
        kids = children.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, dead but not yet reaped by its new parent, does not)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def cpu_ticks(pid: int) -> int:
    """The CPU time ``pid`` has used so far, in clock ticks (0 once it is gone)."""
    fields = _stat(pid)
    return 0 if fields is None else int(fields[11]) + int(fields[12])


async def wait_gone(pids: list[int], *, timeout: float) -> list[int]:
    """Wait (bounded) until none of ``pids`` runs; the ones still running at the end."""
    end = time.monotonic() + timeout
    while True:
        left = [pid for pid in pids if alive(pid)]
        if not left or time.monotonic() >= end:
            return left
        await asyncio.sleep(0.05)


def kill_all(pids: list[int]) -> None:
    """SIGKILL the worker processes of a killed bot that a failed test left running (only those
    still running Python's multiprocessing: a pid reused meanwhile is left alone)."""
    for pid in pids:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if alive(pid) and b"multiprocessing" in command:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
