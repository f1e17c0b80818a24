"""Running the real `python -m bot` process against the emulator.

The process is pointed at the emulator by a `sitecustomize` module in a temporary folder on its
PYTHONPATH, which sets discord.py's REST base and gateway URL before the bot starts: the bot's own
code is the production code, unaware of the test.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tests.discord_emulator import Emulator

REPO = Path(__file__).resolve().parents[2]

SITECUSTOMIZE = """\
import os
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

Route.BASE = os.environ["STICKEM_TEST_API_BASE"]
DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["STICKEM_TEST_GATEWAY"])
# Modules a test wants absent, as if not installed (importing one raises ImportError).
for hidden in filter(None, os.environ.get("STICKEM_TEST_HIDDEN_MODULES", "").split(",")):
    sys.modules[hidden] = None
"""


def process_env(
    emulator: Emulator,
    folder: Path,
    *,
    source: Path = REPO,
    path: Sequence[Path] = (),
    **variables: str,
) -> dict[str, str]:
    """Environment for a bot process that talks to `emulator` and keeps its files in `folder`
    (``source``: the checkout whose `python -m bot` runs; by default this one; ``path``: more
    folders for its ``sys.path``, e.g. where a game is installed on its own)."""
    hook = folder / "emulated-discord"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": os.pathsep.join([str(hook), *map(str, path), str(source)]),
        "STICKEM_TEST_API_BASE": emulator.api_base,
        "STICKEM_TEST_GATEWAY": emulator.ws_url,
        "STICKEM_DATA_DIR": str(folder),
        "DISCORD_TOKEN": emulator.token,
        **variables,
    }


class BotProcess:
    """A `python -m bot ARGS` child process whose log (stderr) is collected as it is written."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.log = ""
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, env: dict[str, str], *args: str, cwd: Path) -> BotProcess:
        """Start the bot with `env` in `cwd`."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            *args,
            cwd=cwd,
            env=env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stderr is not None
        while line := await self.process.stderr.readline():
            self.log += line.decode(errors="replace")
            self._changed.set()
        self._changed.set()

    async def wait_for_log(self, text: str, timeout: float = 20.0) -> None:
        """Wait (bounded) until the log contains `text`; fail with the log if the process ends first."""
        async with asyncio.timeout(timeout):
            while text not in self.log:
                if self._reader.done():
                    raise AssertionError(f"bot exited before logging {text!r}:\n{self.log}")
                self._changed.clear()
                await self._changed.wait()

    async def finish(self, timeout: float = 30.0) -> int:
        """Wait (bounded) for the process to end and return its exit code; kill it on timeout."""
        try:
            async with asyncio.timeout(timeout):
                await self.process.wait()
                await self._reader
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
            raise
        assert self.process.returncode is not None
        return self.process.returncode
