"""Where each interaction's time goes, from Discord's side to the bot's and back
(``benchmarks/discord_load.py --journeys``).

Four points are stamped on one clock (``time.monotonic``, the same in both processes on Linux):
the emulator creating the interaction (its ``created_at``), the emulator's gateway writing the
event to the bot's socket (this module patches :meth:`Gateway._write`), the bot parsing the event
and the bot sending its initial response (``benchmarks/bot_probe.py`` with
``STICKEM_PROBE_JOURNEYS``), and the emulator receiving that response's request (this module
patches :meth:`InteractionService.callback`, before Discord's 3-second check). Their gaps:

- ``emulator queue``: created to written on the socket (the emulator's gateway writer waiting
  for its turn in the harness's loop, or for the bot's socket to take more: back-pressure);
- ``to the bot``: written to parsed in the bot (the socket's buffers and the bot's gateway
  reader, which takes one event per step of the bot's loop);
- ``in the bot``: parsed to the initial response sent (the handler, the table's lock, the
  answer built; a click waiting for a busy table is deferred at once or after 1.5 s);
- ``back``: response sent to its request handled by the emulator (the bot's HTTP client and
  the harness's HTTP server);
- ``total``: created to the response's request handled (over 3 s: failed).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from aiohttp import web

from benchmarks.bot_probe import percentile
from tests.discord_emulator.gateway import DISPATCH, RECONNECT, Gateway
from tests.discord_emulator.interactions import InteractionService

GAPS = ("emulator queue", "to the bot", "in the bot", "back", "total")


class Journeys:
    """The harness's stamps of each interaction (by id), on ``time.monotonic``."""

    def __init__(self) -> None:
        self.created: dict[int, float] = {}
        self.written: dict[int, float] = {}
        self.called_back: dict[int, float] = {}

    def install(self) -> None:
        """Patch the emulator's gateway writer and callback endpoint (this process only)."""
        journeys = self

        async def write(gateway: Gateway, ws: web.WebSocketResponse, queue: asyncio.Queue[Any]) -> None:
            while True:
                frame = await queue.get()
                if frame is None or ws.closed:
                    return
                if frame["op"] == DISPATCH and frame.get("t") == "INTERACTION_CREATE":
                    journeys.written[int(frame["d"]["id"])] = time.monotonic()
                await ws.send_str(json.dumps(frame))
                if frame["op"] == RECONNECT:
                    return

        callback = InteractionService.callback
        create = InteractionService.create

        def timed_callback(
            service: InteractionService, interaction_id: int, *args: Any, **kwargs: Any
        ) -> Any:
            journeys.called_back.setdefault(int(interaction_id), time.monotonic())
            return callback(service, interaction_id, *args, **kwargs)

        def timed_create(service: InteractionService, **kwargs: Any) -> Any:
            stamp = time.monotonic()
            record = create(service, **kwargs)
            journeys.created[record.id] = stamp
            return record

        Gateway._write = write  # type: ignore[method-assign,assignment]
        InteractionService.callback = timed_callback  # type: ignore[method-assign]
        InteractionService.create = timed_create  # type: ignore[method-assign]

    def clear(self) -> None:
        """Start a new window."""
        self.created.clear()
        self.written.clear()
        self.called_back.clear()

    def summary(self, bot: dict[str, list[float | None]], failed: set[int]) -> dict[str, Any]:
        """Each gap's median and p99 over the window's interactions, apart for the ``failed``
        ones (ids), with ``bot``: the bot's stamps by id (parsed, sent)."""
        rows: dict[str, dict[str, list[float]]] = {"all": {}, "failed": {}}
        for ident, created in self.created.items():
            stamps = bot.get(str(ident)) or [None, None]
            parsed, sent = stamps[0], stamps[1]
            written = self.written.get(ident)
            back = self.called_back.get(ident)
            gaps = {
                "emulator queue": (created, written),
                "to the bot": (written, parsed),
                "in the bot": (parsed, sent),
                "back": (sent, back),
                "total": (created, back),
            }
            for group in ("all", "failed") if ident in failed else ("all",):
                for name, (start, end) in gaps.items():
                    if start is not None and end is not None:
                        rows[group].setdefault(name, []).append(end - start)
        return {
            group: {
                name: {"n": len(values), "median": percentile(values, 0.5), "p99": percentile(values, 0.99)}
                for name, values in gaps_of.items()
            }
            for group, gaps_of in rows.items()
        } | {"failed_count": len(failed), "never_answered": len(failed - set(self.called_back))}


def print_journeys(summary: dict[str, Any]) -> None:
    """The gaps of every interaction and of the failed ones, in ms."""
    print(
        f"  journeys ({summary['failed_count']} failed, {summary['never_answered']} of them with no "
        "answer at all): gap median / p99 ms, all | failed"
    )
    for name in GAPS:
        cells = []
        for group in ("all", "failed"):
            row = summary[group].get(name)
            cells.append(
                f"{row['median'] * 1000:.0f} / {row['p99'] * 1000:.0f} (n={row['n']})" if row else "-"
            )
        print(f"    {name}: {cells[0]} | {cells[1]}")
