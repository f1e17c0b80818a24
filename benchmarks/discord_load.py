"""N tables at once: the real bot process against the emulated Discord, each table with one
emulated human and two computer players.

Run from the repository root: ``python benchmarks/discord_load.py [--tables 10 100 1000]
[--seconds 20] [--level normal] [--delay 1.0] [--think 1.0] [--workers 2]
[--database sqlite|postgres] [--compare OLD_CHECKOUT [--pairs 2] [--old-env NAME=VALUE ...]]
[--images on|off|both] [--hand-every SECONDS] [--old-images default|same] [--concurrent]
[--warm-up SECONDS] [--settle SECONDS]``.

``--compare`` runs, for each N, this checkout's bot and the bot of another checkout (e.g. a
``git worktree`` of an earlier commit: ``git worktree add /tmp/old <commit>``) one after the
other, ``--pairs`` times in alternating order, on the same emulator code, and prints each row
and, per figure, each pair's ratio new/old, the median of those ratios and the ratio of the
medians: a change measured against what it replaced in the same run on the same noisy machine
(a pair the machine disturbed shows as such, beside the others). ``--old-env`` sets environment
variables for the old bot only: with ``--compare .`` it measures a configuration against
another on the same code, e.g. ``--old-env STICKEM_TEST_HIDDEN_MODULES=uvloop`` (the old bot
runs as if uvloop were not installed: asyncio's own loop) or ``=orjson`` (discord.py's JSON
through the standard library). ``--images both`` does the same with this checkout's bot twice,
its server's pictures on and off (``/settings images``, stored in the bot's fresh database
before it starts), and prints the ratios on/off: what drawing and uploading the pictures costs.

A comparison first runs an uncounted warm-up pair with a ``--warm-up`` seconds window (default
10; 0: none): the first run of a harness can meet cold files, bytecode not yet compiled and the
end of whatever ran before. ``--concurrent`` runs the two sides of each pair at the same time
(``benchmarks/side_by_side.py``: each side a process of this script with its own emulator,
humans, bot and database, the two windows opened together), so that both meet the same noise of
a shared machine; the side started first alternates by pair (``benchmarks/pairing.py``). After
each pair a line gives each side's CPU in cores (bot, workers, harness), how busy the machine's
processors were, and what else it met (another ``discord_load.py`` running, pages the bot read
from disk, bytecode its checkout compiled). The ratios come with their spread over the pairs;
the same checkout on both sides (``--compare . --old-images same``) is an A/A check whose spread
is the method's resolution.

For each N the bot runs as ``python -m bot`` in its own process (as in production; SQLite in a
temporary folder, or a fresh PostgreSQL database on the server named by
``STICKEM_TEST_POSTGRES_URL``), while the emulator and the N emulated humans run in this
process. A ``sitecustomize`` hook points the bot at the emulator and installs
``benchmarks/bot_probe.py``, which measures inside the bot process only. N humans /join and
/start their tables (filled with two computer players of ``--level``, no turn timer); then for
``--seconds`` every human answers each prompt after 0.5 to 1.5 times ``--think`` seconds, while the
computer players move after their pause of ``--delay`` seconds (the bot's default is 1 s).
The window opens once the computers' opening moves are made (their worker processes quiet for
``--delay`` and one more second, at most ``--settle`` seconds; 0: at once): both bots' windows
then begin at the same point of their games.
With ``--hand-every`` every human also asks for ``/hand`` (their hand, drawn: the picture a
player looks at again) every 0.5 to 1.5 times that many seconds.

Printed per N:

- interaction latency as Discord sees it (the emulator stamps the interaction's creation and the
  arrival of the bot's initial response): median and p99 over the window, opening apart;
- the bot's event loop: the longest lag of a 1 ms sleep (and its p99), the longest time one
  callback held the loop in CPU time (the bot's own doing, a garbage collection included) and
  in wall time (also the operating system giving the core to another process), how many
  callbacks ran over 5 ms, the longest garbage collection;
- the machine's own noise: the same 1 ms probe in this process for 2 s with nothing running;
- the bot's CPU time per card (and, read by this process from /proc, its user and system
  parts, with its minor page faults per card), and its worker processes' (the computer players'
  thinking, the pictures' drawing; read from ``/proc``, Linux only), REST calls per card (every
  REST call the bot made in the window divided by the cards played; with ``--verbose`` also
  by route), cards per second;
- the gateway events the emulator sent the bot in the window, per second and per card, by type
  (what the bot's gateway connection has to read and parse);
- memory per table: growth of the bot process's resident memory while the N tables opened,
  divided by N, and the deep size of one table object. The bot's first table is opened before
  them, uncounted (its human never answers): what the bot pays once (modules imported on first
  use, SQL compiled, texts parsed) shows apart as "first table RSS", not spread over the N.
  Read right after the opening, the figure also holds what the tables did while they opened
  (a slower opening: more moves played and stored while it lasts), so the growth from the
  first table to the end of the window (both bots having played the same seconds) is printed
  beside it;
- the machine's 1-minute load average when the window ended;
- pictures (when on): drawings per card in the window, the share of the pictures asked for
  that the painter's cache answered, and what the cache holds at the end, per table;
- failed: interactions Discord gave up on (no answer within 3 s) and tables that did not open;
  problems: what else the emulator reported (errors logged by the bot, late answers).

Measured figures, with their commands and the machine's state: docs/benchmarks.md ("Many tables
at once"; uvloop, orjson and the match's log in "CPU per card").
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bot_probe import SLOW, percentile
from benchmarks.bot_setup import emulated_bot
from benchmarks.interaction_journeys import Journeys, print_journeys
from benchmarks.machine_state import busy_share, bytecode_files, cpu_times, major_faults, other_load_runs
from benchmarks.pairing import Ratios, plan, ratio_of, ratios
from benchmarks.rest_kinds import Reuploads
from benchmarks.rest_kinds import kinds as rest_kinds
from benchmarks.side_by_side import FileBarrier, Side, run_together
from benchmarks.worker_cpu import busy, child_kind, children_cpu, process_cpu, spent_by_child
from tests.discord_emulator import Emulator
from tests.discord_emulator.errors import EmulatorTimeout, InteractionFailed
from tests.discord_emulator.state import Channel, User
from tests.e2e.bot_process import REPO, BotProcess
from tests.e2e.load_driver import Latencies, LoopLagProbe, add_tables, human_loop, open_table
from tests.e2e.process_game import TOKEN

EXPERIMENTS = (
    "STICKEM_GC_THRESHOLD", "STICKEM_SWITCH_INTERVAL", "STICKEM_PROBE_NO_CALLBACKS", "STICKEM_PROFILE_CLOCK",
)
"""Environment variables passed on to the probe (see benchmarks/bot_probe.py)."""

STAGES_MODULE = Path(__file__).resolve().parent / "click_stages.py"
"""The click's stage tracer (``--stages``), loaded by its path into whichever checkout's bot."""

OPEN_BATCH = 25
"""Tables opened at the same time while setting up."""

PROBE_HOOK = """
if os.environ.get("STICKEM_PROBE_FILE"):
    import benchmarks.bot_probe

    benchmarks.bot_probe.install()
    if os.environ.get("STICKEM_STAGES_FILE"):  # --stages: this checkout's tracer, in any bot
        import importlib.util

        _spec = importlib.util.spec_from_file_location("click_stages", os.environ["STICKEM_STAGES_MODULE"])
        assert _spec is not None and _spec.loader is not None
        _stages = importlib.util.module_from_spec(_spec)
        _spec.loader.exec_module(_stages)
        _stages.install()
"""


class ProbedBot:
    """The bot process and the figures its probe writes on request."""

    def __init__(self, process: BotProcess, report_file: Path, stages_file: Path | None = None) -> None:
        self.process = process
        self.report_file = report_file
        self.stages_file = stages_file

    def rss(self) -> int:
        """The bot process's resident memory now, in bytes, read from outside it (the same way
        whichever checkout's probe the bot runs, and before a report's own work in the bot)."""
        with open(f"/proc/{self.process.process.pid}/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    def cpu(self) -> tuple[float, float, int]:
        """The bot process's user and system CPU seconds so far (all its threads) and its minor
        page faults, read from outside it (/proc/<pid>/stat)."""
        return process_cpu(self.process.process.pid)

    def reset(self) -> None:
        """Start a new measuring window in the bot process."""
        os.kill(self.process.process.pid, signal.SIGUSR1)

    async def report(self) -> dict[str, Any]:
        """The figures of the bot's current window (bounded wait for the file)."""
        self.report_file.unlink(missing_ok=True)
        os.kill(self.process.process.pid, signal.SIGUSR2)
        try:
            async with asyncio.timeout(30.0):
                while not self.report_file.exists():
                    await asyncio.sleep(0.05)
        except TimeoutError:
            tail = "\n".join(self.process.log.splitlines()[-30:])
            raise RuntimeError(f"the bot's probe wrote no report in 30 s; its log ends:\n{tail}") from None
        figures: dict[str, Any] = json.loads(self.report_file.read_text())
        if self.stages_file is not None:  # written just before the probe's report
            figures["click_stages"] = json.loads(self.stages_file.read_text())
        return figures


@asynccontextmanager
async def probed_bot(
    emu: Emulator,
    folder: Path,
    guild_id: int,
    args: argparse.Namespace,
    source: Path,
    extra_env: dict[str, str] | None = None,
    *,
    images: bool = True,
) -> AsyncIterator[ProbedBot]:
    """Start ``python -m bot`` of the checkout ``source`` with its probe, wait until it is
    connected; stop it on exit. Not ``images``: the server chose text-only tables first."""
    report_file = folder / "probe.json"
    stages_file = folder / "stages.json" if args.stages else None
    stages_env = (
        {"STICKEM_STAGES_FILE": str(stages_file), "STICKEM_STAGES_MODULE": str(STAGES_MODULE)}
        if stages_file is not None
        else {}
    )
    async with emulated_bot(
        emu,
        folder,
        guild_id,
        database=args.database,
        source=source,
        hook=PROBE_HOOK,
        images=images,
        keep_log=Path(args.keep_logs) if args.keep_logs else None,
        BOT_MOVE_DELAY=str(args.delay),
        BOT_WORKERS=str(args.workers),
        STICKEM_PROBE_FILE=str(report_file),
        **({"STICKEM_PROFILE_FILE": str(Path(args.profile).resolve())} if args.profile else {}),
        **({"STICKEM_GC_CENSUS": "1"} if args.gc_census else {}),
        **({"STICKEM_PROBE_JOURNEYS": "1"} if args.journeys else {}),
        **({"STICKEM_STALL_STACKS": str(args.stacks / 1000)} if args.stacks else {}),
        **{name: os.environ[name] for name in EXPERIMENTS if os.environ.get(name)},
        **stages_env,
        **(extra_env or {}),
    ) as process:
        yield ProbedBot(process, report_file, stages_file)


async def hand_looker(
    emu: Emulator, user: User, channel: Channel, stop: asyncio.Event, every: float, latencies: Latencies
) -> None:
    """``user`` asks for /hand every 0.5 to 1.5 times ``every`` seconds until ``stop`` is set (an
    interaction the bot failed to answer counts in ``latencies.failures``; not timed: the
    latencies stay the prompts')."""
    pace = random.Random(user.id + 1)
    while not stop.is_set():
        await asyncio.sleep(every * (0.5 + pace.random()))
        if stop.is_set():
            return
        try:
            asked = await emu.driver.slash(user, channel, "hand")
            await asked.response()
        except (InteractionFailed, EmulatorTimeout):
            latencies.failures += 1


CONTROL_SECONDS = 10.0
"""How long :func:`host_inflation` runs its fixed work before each N."""


@dataclass(frozen=True)
class HostInflation:
    """What the machine does to CPU-time figures: a fixed ~0.1 ms piece of pure arithmetic run
    back to back on one thread for :data:`CONTROL_SECONDS`, each piece timed in thread CPU time.

    On a virtual machine a thread's CPU time can include time the host spent elsewhere (and a
    neighbour's load slows the same instructions down): a piece that takes 0.1 ms seen taking
    several is the host's doing. ``over_slow / seconds`` is how many callbacks over 5 ms a thread
    that is always busy would see per second from the host alone; the bot's loop thread, busy a
    share of the time, would see that share of it."""

    pieces: int
    median: float
    longest: float
    over_slow: int
    seconds: float


def host_inflation(seconds: float = CONTROL_SECONDS) -> HostInflation:
    """Run the control (see :class:`HostInflation`), blocking this thread for ``seconds``."""
    took: list[float] = []
    cpu = time.thread_time
    started = cpu()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        before = cpu()
        total = 0
        for number in range(4000):
            total += number
        took.append(cpu() - before)
    took.sort()
    return HostInflation(
        len(took), took[len(took) // 2], took[-1], sum(1 for t in took if t > SLOW), cpu() - started
    )


def steal_ms() -> float:
    """Milliseconds the host has taken the virtual machine's processors away (all of them, since
    boot; /proc/stat's "steal"); 0 where the kernel does not say."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
        return int(fields[8]) * 1000 / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


async def idle_noise() -> float:
    """The longest lag of a 1 ms sleep in this process for 2 s with nothing else running."""
    idle = LoopLagProbe()
    idle.start()
    await asyncio.sleep(2.0)
    await idle.stop()
    return idle.max_lag


async def run(
    count: int,
    args: argparse.Namespace,
    source: Path = REPO,
    extra_env: dict[str, str] | None = None,
    *,
    images: bool = True,
    seconds: float | None = None,
    barrier: FileBarrier | None = None,
) -> dict[str, Any]:
    """Measure ``count`` tables for ``seconds`` (by default ``args.seconds``) with the bot of
    the checkout ``source`` (``extra_env``: more environment variables for it; pictures
    ``images`` on or off). With a ``barrier`` the window opens once the other side of a
    side-by-side comparison has opened its tables too."""
    window_seconds = args.seconds if seconds is None else seconds
    others = other_load_runs()
    bytecode_before = bytecode_files(source)
    idle_lag = await idle_noise()
    control = host_inflation()
    journeys = Journeys()
    if args.journeys:
        journeys.install()
    emu = Emulator(token=TOKEN)  # a token of the real format: the bot checks it
    await emu.start()
    try:
        with tempfile.TemporaryDirectory() as data_dir:
            warm_up, *tables = add_tables(emu, count + 1)
            guild = emu.world.guild_of(tables[0].channel)
            assert guild is not None
            measured = False
            stopped_in_time = True
            try:
                async with probed_bot(
                    emu, Path(data_dir), guild.id, args, source, extra_env, images=images
                ) as bot:
                    connected = bot.rss()
                    # The bot's first table pays what the bot pays once (modules imported on first
                    # use, SQL statements compiled, catalog texts parsed): opened first, uncounted,
                    # its human never answers, so the memory per table is the tables' own.
                    await open_table(emu, warm_up, args.level, Latencies())
                    before = bot.rss()
                    await bot.report()
                    opening = Latencies()
                    opened = time.perf_counter()
                    for start in range(0, count, OPEN_BATCH):
                        batch = tables[start:start + OPEN_BATCH]
                        results = await asyncio.gather(
                            *(open_table(emu, t, args.level, opening) for t in batch), return_exceptions=True
                        )
                        opening.failures += sum(1 for result in results if isinstance(result, Exception))
                    open_time = time.perf_counter() - opened
                    opened_rss = bot.rss()
                    opened_figures = await bot.report()
                    settled = await settle_computers(bot.process.process.pid, args.settle, args.delay + 1.0)
                    if barrier is not None:
                        await barrier.meet()

                    harness = LoopLagProbe()
                    latencies = Latencies()
                    stop = asyncio.Event()
                    calls_before = len(emu.rest_calls)
                    reuploads = Reuploads()
                    reuploads.install(emu)
                    frames_before = {session.id: len(session.events) for session in emu.gateway.live}
                    # The emulator keeps every message and REST call: its collections would stall this
                    # process (and so the stamps of the latencies). No collection in the window; this
                    # process is the stand-in for Discord, not what is measured.
                    gc.collect()
                    gc.freeze()
                    gc.disable()
                    bot.reset()
                    journeys.clear()
                    cpu_before = bot.cpu()
                    stolen = steal_ms()
                    machine_before = cpu_times()
                    majors_before = major_faults(bot.process.process.pid)
                    harness.start()
                    harness_cpu = time.process_time()
                    workers_before = children_cpu(bot.process.process.pid)
                    humans = [
                        asyncio.create_task(
                            human_loop(emu, t.human, latencies, stop, tolerate=True, think=args.think)
                        )
                        for t in tables
                    ]
                    if args.hand_every:
                        humans += [
                            asyncio.create_task(
                                hand_looker(emu, t.human, t.channel, stop, args.hand_every, latencies)
                            )
                            for t in tables
                        ]
                    await asyncio.sleep(window_seconds)
                    stop.set()
                    await asyncio.gather(*humans)  # no interaction waits while the probe reports
                    played_rss = bot.rss()
                    cpu_after = bot.cpu()
                    window = await bot.report()
                    workers_by_process = spent_by_child(bot.process.process.pid, workers_before)
                    workers_cpu = sum(workers_by_process.values())
                    worker_kinds = {child: child_kind(child) for child in workers_by_process}
                    stolen = steal_ms() - stolen
                    machine_busy = busy_share(machine_before, cpu_times())
                    majors = major_faults(bot.process.process.pid) - majors_before
                    harness_cpu = time.process_time() - harness_cpu
                    calls = len(emu.rest_calls) - calls_before
                    calls_by_route = Counter(call.key for call in emu.rest_calls[calls_before:])
                    calls_by_kind = rest_kinds(emu, emu.rest_calls[calls_before:])
                    events = gateway_events(emu, frames_before)
                    await harness.stop()
                    records = emu.interactions.records
                    journey_summary = journeys.summary(
                        window.get("journeys") or {},
                        {ident for ident in journeys.created if records[ident].response_type is None},
                    ) if args.journeys else None
                    problems = len(emu.problems)
                    emu.problems.clear()
                    gc.enable()
                    gc.unfreeze()  # the next N starts from a clean slate
                    measured = True
            except TimeoutError:
                # The bot did not end within a minute of SIGTERM (it was killed): the window's
                # figures stand, and the row says so.
                if not measured:
                    raise
                stopped_in_time = False
        cards = window["cards"] - opened_figures["cards"]
        values = latencies.values or [0.0]
        return {
            "tables": count,
            "open_s": open_time,
            "settle_s": settled,
            "interactions": len(latencies.values),
            "median_ms": statistics.median(values) * 1000,
            "p99_ms": percentile(values, 0.99) * 1000,
            "max_ms": max(values) * 1000,
            "bot_median_ms": window["answer_median"] * 1000,
            "bot_p99_ms": window["answer_p99"] * 1000,
            "bot_max_ms": window["answer_max"] * 1000,
            "lag_ms": window["lag_max"] * 1000,
            "lag_p99_ms": window["lag_p99"] * 1000,
            "cpu_hold_ms": window["longest_cpu"] * 1000,
            "wall_hold_ms": window["longest_wall"] * 1000,
            "cpu_hold_what": window["longest_cpu_what"],
            "slow_callbacks": window["slow_cpu"],
            "slow_wall_callbacks": window["slow_wall"],
            "holds_over": window["holds_over"],
            "notable": window["notable"],
            "stall_stacks": window.get("stall_stacks", []),
            "callbacks": window["callbacks"],
            "gc_ms": max(window["gc_longest"]) * 1000,
            "gc_count": window["gc_count"],
            "gc_gen_ms": [round(t * 1000, 1) for t in window["gc_longest"]],
            "gc_gen_cpu_ms": [round(t * 1000, 1) for t in window["gc_longest_cpu"]],
            "gc_objects": window["gc_objects"],
            "gc_collected": window["gc_longest_collected"],
            "gc_census": window.get("gc_census", []),
            "writes": window["writes"],
            "statements": window["statements"],
            "write_wait_p99_ms": window["write_wait_p99"] * 1000,
            "write_hold_median_ms": window["write_hold_median"] * 1000,
            "write_hold_p99_ms": window["write_hold_p99"] * 1000,
            "writer_busy": window["writer_busy"],
            "gc_cycles": window.get("gc_cycles", []),
            "gc_alive": window.get("gc_alive", []),
            "idle_lag_ms": idle_lag * 1000,
            "steal_ms": stolen,
            "control": control,
            "host_expected": control.over_slow / control.seconds * window["main_cpu_seconds"],
            "harness_lag_ms": harness.max_lag * 1000,
            "harness_cpu_share": harness_cpu / window["seconds"],
            "workers_cpu_share": workers_cpu / window["seconds"],
            "side_cores": (window["cpu_seconds"] + workers_cpu + harness_cpu) / window["seconds"],
            "machine_busy": machine_busy,
            "bot_major_faults": majors,
            "other_runs": others,
            "bytecode_written": bytecode_files(source) - bytecode_before,
            "cards": cards,
            "cards_per_s": cards / window["seconds"],
            "cpu_ms_per_card": window["cpu_seconds"] * 1000 / cards if cards else float("nan"),
            "workers_cpu_ms_per_card": workers_cpu * 1000 / cards if cards else float("nan"),
            "workers_by_process": [  # in the order they were started (process ids)
                (worker_kinds[child], per_card(seconds, cards) * 1000)
                for child, seconds in sorted(workers_by_process.items())
            ],
            "all_cpu_ms_per_card": (
                (window["cpu_seconds"] + workers_cpu) * 1000 / cards if cards else float("nan")
            ),
            "bot_cpu_share": window["cpu_seconds"] / window["seconds"],
            "loop_cpu_share": window["main_cpu_seconds"] / window["seconds"],
            "calls_per_card": calls / cards if cards else float("nan"),
            "events_per_card": events.total() / cards if cards else float("nan"),
            "events_per_s": events.total() / window["seconds"],
            "events_by_type": {
                name: (number / window["seconds"], number / cards if cards else float("nan"))
                for name, number in events.most_common()
            },
            "calls_by_route": {
                key: number / cards for key, number in calls_by_route.most_common()
            } if cards else {},
            "edit_uploads_per_card": reuploads.uploads / cards if cards else float("nan"),
            "same_uploads_per_card": reuploads.same / cards if cards else float("nan"),
            "calls_by_kind": {
                key: number / cards for key, number in calls_by_kind.most_common()
            } if cards else {},
            "user_ms_per_card": per_card(cpu_after[0] - cpu_before[0], cards) * 1000,
            "system_ms_per_card": per_card(cpu_after[1] - cpu_before[1], cards) * 1000,
            "faults_per_card": per_card(cpu_after[2] - cpu_before[2], cards),
            "rss_kib_per_table": (opened_rss - before) / count / 1024,
            "rss_first_kib": (before - connected) / 1024,
            "rss_played_kib_per_table": (played_rss - before) / count / 1024,
            "load": os.getloadavg()[0],
            **picture_figures(opened_figures, window, cards, count),
            "table_kib": opened_figures["table_bytes"] / 1024,
            "problems": problems,
            "failed": latencies.failures + opening.failures,
            "busy_refusals": opening.busy,
            "behind_episodes": window.get("behind_episodes", 0) - opened_figures.get("behind_episodes", 0),
            "dropped": window.get("dropped", 0) - opened_figures.get("dropped", 0),
            "opening_dropped": opened_figures.get("dropped", 0),
            "click_stages": window.get("click_stages"),
            "journeys": journey_summary,
            "stopped_in_time": stopped_in_time,
        }
    finally:
        await emu.stop()


def main() -> None:
    """Parse the arguments, run each N and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--level", default="normal", choices=("random", "normal", "hard"))
    parser.add_argument("--delay", type=float, default=1.0, help="pause before a computer move (s)")
    parser.add_argument("--think", type=float, default=1.0, help="a human's time to answer a prompt (s)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--profile", help="write a cProfile of the bot's window to this file")
    parser.add_argument(
        "--gc-census", action="store_true",
        help="keep what the garbage collector frees in the window and print its commonest types",
    )
    parser.add_argument(
        "--stacks", type=float, nargs="?", const=4.0, default=None, metavar="MS",
        help="sample where callbacks holding the loop over MS ms (default 4) are, with a thread "
        "in the bot (it costs the bot a little)",
    )
    parser.add_argument(
        "--stages", action="store_true",
        help="time each stage of every click in the bot (benchmarks/click_stages.py) and print "
        "their tails, and the ratios new/old of their p99 with --compare",
    )
    parser.add_argument(
        "--journeys", action="store_true",
        help="split each interaction's time: the emulator's queue, to the bot, in the bot, back "
        "(benchmarks/interaction_journeys.py), for all and for the failed ones",
    )
    parser.add_argument("--verbose", action="store_true", help="also print what held the loop longest")
    parser.add_argument("--keep-logs", metavar="DIR", help="write each bot process's log to DIR")
    parser.add_argument(
        "--compare", metavar="OLD_CHECKOUT", help="also run the bot of this checkout; print new/old"
    )
    parser.add_argument("--pairs", type=int, default=2, help="new/old (or on/off) runs per N with --compare")
    parser.add_argument(
        "--images", default="on", choices=("on", "off", "both"),
        help="the server's pictures (/settings images); both: on and off in turn, ratios on/off",
    )
    parser.add_argument(
        "--hand-every", type=float, default=None, metavar="SECONDS",
        help="every human also asks for /hand about this often (a picture looked at again)",
    )
    parser.add_argument(
        "--old-images", default="default", choices=("default", "same"),
        help="the old bot's pictures with --compare: its database as it makes it (default: a "
        "release before pictures had no setting), or the same as --images (a checkout of today)",
    )
    parser.add_argument(
        "--old-env", nargs="+", default=[], metavar="NAME=VALUE",
        help="environment variables for the old bot only (with --compare)",
    )
    parser.add_argument(
        "--concurrent", action="store_true",
        help="with --compare or --images both: run the two sides of each pair at the same time, "
        "each with its own emulator, humans, bot and database, their windows opened together",
    )
    parser.add_argument(
        "--warm-up", type=float, default=10.0, metavar="SECONDS",
        help="with --compare or --images both: a first pair of this window, not counted (cold "
        "files, bytecode, the harness's first run); 0: none",
    )
    parser.add_argument(
        "--settle", type=float, default=30.0, metavar="SECONDS",
        help="before the window, wait at most this long for the computers' opening moves (their "
        "workers quiet for --delay and one more second); 0: open the window at once, as before",
    )
    parser.add_argument("--side-spec", help=argparse.SUPPRESS)  # one side of --concurrent
    args = parser.parse_args()
    if args.side_spec:
        run_side(args)
        return
    header = (
        "| tables | open (s) | interactions | median ms | p99 ms | max ms | in the bot: median ms "
        "| p99 ms | max ms | loop lag max ms "
        "| lag p99 ms | longest callback CPU ms | wall ms | callbacks > 5 ms CPU (wall) | longest GC ms "
        "| idle lag ms | harness lag ms (CPU share) | cards/s | bot CPU ms/card "
        "| bot CPU share (loop thread) | REST calls/card "
        "| RSS KiB/table opened (after the window) | first table RSS KiB | table object KiB | failed "
        "| problems | load (1 min) |"
    )
    print(
        f"level={args.level} delay={args.delay} s think={args.think} s workers={args.workers} "
        f"database={args.database} window={args.seconds} s settle<={args.settle:g} s images={args.images}"
        + (f" hand-every={args.hand_every} s" if args.hand_every else "")
        + (f" compare={args.compare} old-env={' '.join(args.old_env)}" if args.compare else "")
        + (f" pairs={args.pairs} warm-up={args.warm_up:g} s" if args.compare or args.images == "both" else "")
        + (" concurrent" if args.concurrent else "")
    )
    print(header)
    print("|" + " --- |" * (header.count("|") - 1))
    for count in args.tables:
        if args.compare is None and args.images != "both":
            print_row(asyncio.run(run(count, args, images=args.images == "on")), args)
            continue
        compare(count, args)


def comparison_sides(args: argparse.Namespace) -> tuple[Side, Side]:
    """The two sides ``args`` asks to compare: this checkout's bot with pictures on and off
    (``--images both``), or this checkout's bot and the bot of ``--compare`` (with ``--old-env``;
    its pictures as it makes them, or as ``--images`` says with ``--old-images same``: a release
    before pictures had no setting, so its database is its own to make)."""
    if args.images == "both":
        return Side("on", REPO, {}, True), Side("off", REPO, {}, False)
    images = args.images == "on"
    old_env = dict(item.partition("=")[::2] for item in args.old_env)
    old_images = images if args.old_images == "same" else True
    return Side("new", REPO, {}, images), Side("old", Path(args.compare).resolve(), old_env, old_images)


def compare(count: int, args: argparse.Namespace) -> None:
    """``count`` tables on both sides of the comparison, ``args.pairs`` counted pairs after an
    uncounted warm-up pair of ``args.warm_up`` seconds (none if 0), which side first alternating
    by pair; one after the other, or at the same time (``--concurrent``); each run's row, and
    per figure each pair's ratio and the median of the ratios."""
    first, second = comparison_sides(args)
    by_name = {first.name: first, second.name: second}
    mode = "at the same time" if args.concurrent else "one after the other"
    same = first.source == second.source and first.env == second.env and first.images == second.images
    aa = "; the same bot on both sides: an A/A check, its spread is the method's resolution"
    print(
        f"{count} tables, {first.name} against {second.name} {mode}: {args.pairs} counted pair(s)"
        + (f" after a warm-up pair of {args.warm_up:g} s, not counted" if args.warm_up else ", no warm-up")
        + (aa if same else ""),
        flush=True,
    )
    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for step in plan(args.pairs, (first.name, second.name), warm_up=args.warm_up > 0):
        seconds = args.seconds if step.counted else args.warm_up
        sides = [by_name[name] for name in step.order]
        if args.concurrent:
            measured = asyncio.run(run_together(sides, side_arguments(count, args, seconds)))
            for figures in measured.values():
                figures["control"] = HostInflation(**figures["control"])
        else:
            measured = {
                side.name: asyncio.run(
                    run(count, args, side.source, side.env, images=side.images, seconds=seconds)
                )
                for side in sides
            }
        label = "warm-up, not counted" if step.pair is None else f"pair {step.pair + 1}"
        for side in sides:
            print(f"{side.name} ({label}, {'started first' if side is sides[0] else 'second'}):", end=" ")
            print_row(measured[side.name], args)
        print_shares(measured, step.order)
        if step.counted:
            pairs.append((measured[first.name], measured[second.name]))
    print_ratios(count, pairs, (first.name, second.name))


def side_arguments(count: int, args: argparse.Namespace, seconds: float) -> list[str]:
    """The command line of one side of a side-by-side pair: the same load as this run's."""
    arguments = [
        "--tables", str(count), "--seconds", str(seconds), "--level", args.level,
        "--delay", str(args.delay), "--think", str(args.think), "--workers", str(args.workers),
        "--database", args.database, "--settle", str(args.settle),
    ]
    if args.hand_every:
        arguments += ["--hand-every", str(args.hand_every)]
    if args.stages:
        arguments.append("--stages")
    if args.keep_logs:
        arguments += ["--keep-logs", args.keep_logs]
    return arguments


def run_side(args: argparse.Namespace) -> None:
    """One side of a side-by-side pair (``--side-spec``, started by :mod:`benchmarks.side_by_side`):
    measure, meeting the other side at the barrier before the window, and write the figures."""
    spec = json.loads(args.side_spec)
    figures = asyncio.run(
        run(
            args.tables[0], args, Path(spec["source"]), spec["env"], images=spec["images"],
            barrier=FileBarrier(Path(spec["ready"]), Path(spec["go"])),
        )
    )
    figures["control"] = asdict(figures["control"])
    Path(spec["out"]).write_text(json.dumps(figures))


def print_shares(measured: dict[str, dict[str, Any]], order: tuple[str, str]) -> None:
    """What each side took of the machine in its window (the bot, its workers, its harness: the
    emulator and the humans; in cores), how busy the whole machine was, and what else might have
    disturbed the run (another load benchmark running, the bot reading files from disk, a
    checkout compiling its bytecode)."""
    shares = "; ".join(
        f"{name} {r['side_cores']:.2f} cores (bot {r['bot_cpu_share']:.2f}, "
        f"workers {r['workers_cpu_share']:.2f}, harness {r['harness_cpu_share']:.2f})"
        for name, r in ((name, measured[name]) for name in order)
    )
    busy = ", ".join(f"{measured[name]['machine_busy']:.0%}" for name in order)
    pieces = ", ".join(f"{measured[name]['control'].median * 1e6:.0f}" for name in order)
    print(
        f"  CPU in the window: {shares}; the machine's processors busy (all processes) {busy}; "
        f"before it, the fixed piece of work took {pieces} us of CPU (median; a slower machine, "
        "a slower clock or a busier host reads higher)"
    )
    suspects = []
    for name in order:
        r = measured[name]
        if r["other_runs"]:
            suspects.append(f"{name}: another discord_load.py was running (pids {r['other_runs']})")
        if r["bot_major_faults"]:
            suspects.append(f"{name}: the bot read {r['bot_major_faults']} pages from disk in the window")
        if r["bytecode_written"]:
            suspects.append(f"{name}: its checkout compiled {r['bytecode_written']} bytecode files")
        if r["failed"] * 100 > r["interactions"]:
            suspects.append(
                f"{name}: {r['failed']} interactions failed (no answer within Discord's 3 s): its "
                "p99 is that limit's, and this pair's tail ratios say nothing about the code"
            )
    print("  " + ("; ".join(suspects) if suspects else "nothing else seen running or warming up"), flush=True)


def gateway_events(emu: Emulator, frames_before: dict[str, int]) -> Counter[str]:
    """The gateway events the emulator sent the bot's sessions since ``frames_before`` (each
    session's count of frames then), by type: every frame a session was sent is kept for its
    RESUME, so this is exact."""
    events: Counter[str] = Counter()
    for session in emu.gateway.live:
        events.update(frame["t"] for frame in session.events[frames_before.get(session.id, 0):])
    return events


SETTLED_CPU = 0.02
"""CPU seconds the worker processes may spend in a second and still count as settled: no
computer decision under way (an idle worker spends well under a millisecond a second)."""

SETTLE_SAMPLE = 0.05
"""Seconds between two looks at the worker processes' states while settling."""


async def settle_computers(bot_pid: int, bound: float, quiet: float) -> float:
    """Wait (at most ``bound`` seconds) until the computer players have made their opening moves:
    for ``quiet`` seconds (longer than a computer's pause before its move, or the pause reads as
    settled) no worker process of the bot was seen running or waiting for a processor (one
    starved on a busy machine spends no CPU, but waits), and together they spent less than
    :data:`SETTLED_CPU` a second. Until the window opens the humans answer nothing, so every
    table then waits for its human. Without it, the window of a bot that opened its tables later
    (or queued its computers' first moves) holds first decisions (a misery card chosen, no card
    played) that the other side's does not: its workers' CPU per card read up to 1.7x for no
    cost of its own (docs/benchmarks.md, "The workers' CPU per card against the release"). The
    seconds waited."""
    started = time.perf_counter()
    while time.perf_counter() - started < bound:
        calm_since = time.perf_counter()
        before = children_cpu(bot_pid)
        while time.perf_counter() - calm_since < quiet:
            await asyncio.sleep(SETTLE_SAMPLE)
            if any(busy(child) for child in before):
                break
        else:
            if sum(spent_by_child(bot_pid, before).values()) < SETTLED_CPU * quiet:
                break
    return time.perf_counter() - started


def per_card(amount: float, cards: int) -> float:
    """``amount`` per card (NaN without cards)."""
    return amount / cards if cards else float("nan")


def picture_figures(opened: dict[str, Any], window: dict[str, Any], cards: int, count: int) -> dict[str, Any]:
    """The painter's figures over the window: drawings per card, the share of the pictures asked
    for that its cache answered, and what its cache holds at the end per table (its deep size,
    the sketches that key it included; and the pictures' own bytes)."""
    drawings = window.get("drawings", 0) - opened.get("drawings", 0)
    asks = window.get("picture_asks", 0) - opened.get("picture_asks", 0)
    by_kind = {}
    for kind, (asked, found) in window.get("asks_by_kind", {}).items():
        asked_before, found_before = opened.get("asks_by_kind", {}).get(kind, (0, 0))
        by_kind[kind] = (asked - asked_before, found - found_before)
    late = {
        name: window.get(name, 0) - opened.get(name, 0)
        for name in ("late_texts", "late_edits", "late_held", "late_put_aside")
    }
    return {
        "late_texts_per_card": per_card(late["late_texts"], cards),
        "late_edits_per_card": per_card(late["late_edits"], cards),
        "late_held_per_card": per_card(late["late_held"], cards),
        "late_put_aside_per_card": per_card(late["late_put_aside"], cards),
        "asks_by_kind": by_kind,
        "drawings_per_card": drawings / cards if cards else float("nan"),
        "cache_hits": 1 - drawings / asks if asks else float("nan"),
        "cache_entries": window.get("cache_entries", 0),
        "cache_kib_per_table": window.get("cache_deep_bytes", 0) / count / 1024,
        "cache_png_kib_per_table": window.get("cache_bytes", 0) / count / 1024,
    }


RATIOS = (
    ("median_ms", "interaction median"),
    ("p99_ms", "interaction p99"),
    ("bot_p99_ms", "in-bot answer p99"),
    ("lag_ms", "loop lag max"),
    ("cpu_ms_per_card", "bot CPU per card"),
    ("user_ms_per_card", "bot user CPU per card (from /proc)"),
    ("system_ms_per_card", "bot system CPU per card (from /proc)"),
    ("faults_per_card", "minor page faults per card"),
    ("workers_cpu_ms_per_card", "workers' CPU per card"),
    ("all_cpu_ms_per_card", "bot and workers' CPU per card"),
    ("calls_per_card", "REST calls per card"),
    ("events_per_card", "gateway events per card"),
    ("cards_per_s", "cards per second"),
    ("rss_kib_per_table", "memory per table"),
    ("rss_played_kib_per_table", "memory per table after the window"),
    ("rss_first_kib", "the first table's memory (paid once)"),
    ("drawings_per_card", "pictures drawn per card"),
    ("cache_kib_per_table", "painter's cache per table"),
)
"""The figures compared new/old (lower is better for all but cards per second)."""


def print_ratios(
    count: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]], names: tuple[str, str] = ("new", "old")
) -> None:
    """Each figure ``names[0]``/``names[1]``: every pair's own ratio (the two runs of a pair met
    the same machine, at the same time or one after the other), the median of those ratios, the
    spread of the ratios, and the ratio of the medians of each side; all pairs are shown, none
    left out."""
    print(f"{names[0]}/{names[1]} at {count} tables, {len(pairs)} pair(s): each pair, the median of the "
          "pairs' ratios (their lowest-highest), the ratio of the medians")
    for key, name in RATIOS:
        news = [pair[0][key] for pair in pairs]
        olds = [pair[1][key] for pair in pairs]
        if not any(news) and not any(olds):
            continue  # not measured in this run (no pictures)
        print(f"  {name}: {ratio_line(ratios(news, olds))}")
    print_stage_ratios(pairs, names)
    failed = [(pair[0]["failed"], pair[1]["failed"]) for pair in pairs]
    print(f"  failed interactions ({names[0]}, {names[1]}) per pair: {failed}")
    degraded = [
        tuple((r.get("busy_refusals", 0), r.get("behind_episodes", 0), r.get("dropped", 0)) for r in pair)
        for pair in pairs
    ]
    print(
        f"  /join refused as busy while opening, times marked behind in the window, interactions "
        f"dropped as expired in the window ({names[0]}, {names[1]}) per pair: {degraded}"
    )
    loads = [(round(pair[0]["load"], 1), round(pair[1]["load"], 1)) for pair in pairs]
    print(f"  load average (1 min) at the end of each window ({names[0]}, {names[1]}): {loads}", flush=True)


def times(ratio: float) -> str:
    """``ratio`` as a factor (``1.23x``), or ``n/a`` when there is none (NaN: 0/0, a figure not
    measured on a side, e.g. the painter's cache with pictures off)."""
    return "n/a" if math.isnan(ratio) else f"{ratio:.2f}x"


def ratio_line(figure: Ratios) -> str:
    """A figure's pairs, ratios, median of the ratios, their spread and the ratio of the medians."""
    shown = ", ".join(
        f"{first:.2f}/{second:.2f} = {times(r)}"
        for first, second, r in zip(figure.firsts, figure.seconds, figure.ratios, strict=True)
    )
    low, high = figure.spread
    spread = "n/a" if math.isnan(low) else f"{low:.2f}-{high:.2f}x"
    return (
        f"{shown}; median of the ratios {times(figure.median_of_ratios)} ({spread}); "
        f"medians {statistics.median(figure.firsts):.2f} / {statistics.median(figure.seconds):.2f} "
        f"= {times(figure.ratio_of_medians)}"
    )


def print_row(r: dict[str, Any], args: argparse.Namespace) -> None:
    """One N's figures as a table row (and details when asked)."""
    print(
        f"| {r['tables']} | {r['open_s']:.1f} | {r['interactions']} | {r['median_ms']:.1f} "
        f"| {r['p99_ms']:.1f} | {r['max_ms']:.1f} | {r['bot_median_ms']:.1f} | {r['bot_p99_ms']:.1f} "
        f"| {r['bot_max_ms']:.1f} | {r['lag_ms']:.1f} | {r['lag_p99_ms']:.2f} "
        f"| {r['cpu_hold_ms']:.1f} | {r['wall_hold_ms']:.1f} "
        f"| {r['slow_callbacks']} ({r['slow_wall_callbacks']}) of {r['callbacks']} | {r['gc_ms']:.1f} "
        f"| {r['idle_lag_ms']:.1f} | {r['harness_lag_ms']:.1f} ({r['harness_cpu_share']:.0%}) "
        f"| {r['cards_per_s']:.1f} "
        f"| {r['cpu_ms_per_card']:.2f} | {r['bot_cpu_share']:.0%} ({r['loop_cpu_share']:.0%}) "
        f"| {r['calls_per_card']:.2f} "
        f"| {r['rss_kib_per_table']:.1f} ({r['rss_played_kib_per_table']:.1f}) | {r['rss_first_kib']:.0f} "
        f"| {r['table_kib']:.1f} | {r['failed']} "
        f"| {r['problems']} | {r['load']:.1f} |",
        flush=True,
    )
    print(
        f"  the bot's CPU per card read from /proc: user {r['user_ms_per_card']:.2f} ms, system "
        f"{r['system_ms_per_card']:.2f} ms; {r['faults_per_card']:.1f} minor page faults per card"
    )
    print(
        f"  CPU per card: bot {r['cpu_ms_per_card']:.2f} ms, its worker processes (thinking, drawing) "
        f"{r['workers_cpu_ms_per_card']:.2f} ms, together {r['all_cpu_ms_per_card']:.2f} ms"
    )
    by_process = ", ".join(f"{kind} {ms:.2f}" for kind, ms in r.get("workers_by_process", ()))
    if by_process:
        print(
            f"  the worker processes' CPU per card, in the order they started (ms): {by_process}; "
            f"the computers' opening moves settled in {r.get('settle_s', 0.0):.1f} s before the window"
        )
    if not r.get("stopped_in_time", True):
        print("  the bot did not end within 60 s of SIGTERM after the window (killed)")
    by_type = ", ".join(
        f"{name} {per_s:.1f}/s ({per_card:.3f}/card)"
        for name, (per_s, per_card) in r["events_by_type"].items()
    )
    print(
        f"  gateway events to the bot: {r['events_per_s']:.1f}/s, {r['events_per_card']:.3f} per "
        f"card; by type: {by_type or 'none'}"
    )
    if r["cache_entries"]:
        print(
            f"  pictures: {r['drawings_per_card']:.2f} drawn per card, {r['cache_hits']:.0%} of those "
            f"asked for found in the cache; the cache at the end: {r['cache_entries']} pictures, "
            f"{r['cache_kib_per_table']:.1f} KiB per table ({r['cache_png_kib_per_table']:.1f} KiB "
            "of PNG and alt text)"
        )
        kinds = ", ".join(
            f"{kind} {found} of {asked}" for kind, (asked, found) in sorted(r["asks_by_kind"].items())
        )
        print(f"  found in the cache, by kind of picture: {kinds}")
        print(
            f"  pictures late (over the painter's bound), per card: {r['late_texts_per_card']:.3f} "
            f"messages sent or edited as text, {r['late_edits_per_card']:.3f} pictures edited in later, "
            f"{r['late_held_per_card']:.3f} drawn while a click on their message was on its way "
            "(held for it), "
            f"{r['late_put_aside_per_card']:.3f} put aside while the bot was behind"
        )
    for cycle in r["gc_cycles"]:
        print(f"  cycle: {cycle}")
    for name, number in r["gc_census"]:
        print(f"  freed by the collector: {number} {name}")
    for name, number in r["gc_alive"]:
        print(f"  tracked at the end: {number} {name}")
    if args.verbose:
        print(
            f"  database writes: {r['writes']} ({r['statements']} statements), waiting for the "
            f"writer p99 {r['write_wait_p99_ms']:.1f} ms, holding it median "
            f"{r['write_hold_median_ms']:.1f} ms p99 {r['write_hold_p99_ms']:.1f} ms, "
            f"writer busy {r['writer_busy']:.0%}"
        )
        print(
            f"  longest CPU hold: {r['cpu_hold_what']}; GCs per generation {r['gc_count']}, "
            f"longest per generation (ms) {r['gc_gen_ms']}, in CPU time {r['gc_gen_cpu_ms']}; "
            f"objects collected by them {r['gc_collected']}; objects tracked {r['gc_objects']}"
        )
        c = r["control"]
        print(
            f"  the machine in the window: the host took {r['steal_ms']:.0f} ms of processor "
            f"time (steal); before it, {c.pieces} pieces of ~{c.median * 1000:.2f} ms of fixed work "
            f"back to back took up to {c.longest * 1000:.1f} ms of CPU, {c.over_slow} over 5 ms in "
            f"{c.seconds:.1f} s: at the loop thread's CPU time, ~{r['host_expected']:.1f} callbacks "
            "over 5 ms are the host's alone"
        )
        routes = ", ".join(f"{key} {per:.2f}" for key, per in r["calls_by_route"].items())
        print(f"  REST calls per card by route: {routes}")
        by_kind = ", ".join(f"{key} {per:.3f}" for key, per in r["calls_by_kind"].items())
        print(f"  REST calls per card by kind (benchmarks/rest_kinds.py): {by_kind}")
        print(
            f"  edits uploading a picture, per card: {r['edit_uploads_per_card']:.3f}, of which "
            f"{r['same_uploads_per_card']:.3f} the very picture the message showed already"
        )
        over = ", ".join(f"> {limit} ms: {number}" for limit, number in r["holds_over"].items())
        print(f"  callbacks holding the loop longer than (CPU time): {over}")
        for what, number, longest in r["notable"]:
            print(f"  {number} x over 2 ms CPU, longest {longest * 1000:.1f} ms: {what}")
    for stack, number in r["stall_stacks"]:
        print(f"  {number} x held over {args.stacks} ms at: {stack}")
    if r.get("click_stages"):
        print_stages(r["click_stages"])
    if r.get("journeys"):
        print_journeys(r["journeys"])


def print_stages(figures: dict[str, Any]) -> None:
    """The click's stages (``--stages``): each one's median, p90, p99 and maximum in ms, and the
    writer's turns by priority."""
    print(f"  click stages over {figures['clicks']} clicks that stored a change (ms: p50 / p90 / p99 / max):")
    for name, summary in figures["stages"].items():
        print(f"    {name}: {_quantiles(summary)}")
    for priority, turn in figures["turns"].items():
        print(
            f"  writer's turns, {priority}: {turn['wait'].get('n', 0)}; waiting {_quantiles(turn['wait'])}; "
            f"holding {_quantiles(turn['hold'])}"
        )
    print(f"  BEGIN IMMEDIATE refused (the lock taken by another connection): {figures['refused_begins']}")
    for who, held in figures.get("holders", {}).items():
        share = f"{held['busy']:.1%}"
        print(f"  the writer held by {who}: {held['n']} times, {share} of the time; {_quantiles(held)}")
    for part, summary in figures.get("commit_parts", {}).items():
        print(f"  COMMIT, {part}: {_quantiles(summary)}")
    for stages in figures.get("slowest", []):
        print("  a slowest click (ms): " + ", ".join(f"{name} {took:.1f}" for name, took in stages.items()))


def _quantiles(summary: dict[str, float]) -> str:
    if not summary.get("n"):
        return "none"
    return f"{summary['p50']:.2f} / {summary['p90']:.2f} / {summary['p99']:.2f} / {summary['max']:.2f}"


def print_stage_ratios(pairs: list[tuple[dict[str, Any], dict[str, Any]]], names: tuple[str, str]) -> None:
    """Each click stage's p90 and p99 ``names[0]``/``names[1]`` per pair, and the median of the
    pairs' ratios (``--stages``)."""
    if not all(pair[0].get("click_stages") and pair[1].get("click_stages") for pair in pairs):
        return
    for name in pairs[0][0]["click_stages"]["stages"]:
        for quantile in ("p90", "p99"):
            rows = [
                (pair[0]["click_stages"]["stages"][name].get(quantile, 0.0),
                 pair[1]["click_stages"]["stages"][name].get(quantile, 0.0))
                for pair in pairs
            ]
            ratios = [ratio_of(new, old) for new, old in rows]
            shown = ", ".join(f"{new:.2f}/{old:.2f}" for new, old in rows)
            known = [ratio for ratio in ratios if not math.isnan(ratio)]
            median = statistics.median(known) if known else float("nan")
            print(f"  click stage {name} {quantile} ms: {shown}; median of the ratios {times(median)}")


if __name__ == "__main__":
    main()
