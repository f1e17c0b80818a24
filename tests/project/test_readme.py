"""The README's first screen gives two commands, and they are what runs: the test command is the one
`.ci/run` calls, the bot command installs and starts the bot (which explains a missing token). Its
transcript and invite table are what the bot shows and asks for today."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from bot.boot.config import TOKEN_HELP
from bot.boot.invite import PERMISSION_REASONS, permission_name
from bot.tables.service import lobby_spec
from host.tables import Table

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()
FIRST_SCREEN = "\n".join(README.splitlines()[:16])


def first_screen_commands() -> list[str]:
    """The commands of the first code block on the README's first screen, comments removed."""
    block = re.search(r"```bash\n(.*?)```", FIRST_SCREEN, re.S)
    assert block is not None, "no command block on the first screen"
    return [line.split("#", 1)[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_the_first_screen_has_two_commands_and_the_readme_is_short() -> None:
    assert first_screen_commands() == ["bash scripts/run-bot.sh", "bash scripts/run-tests.sh"]
    assert len(README.splitlines()) < 300


def test_ci_runs_the_readmes_test_command() -> None:
    test_command = first_screen_commands()[1]
    ci_lines = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines


def test_the_readmes_bot_command_installs_the_bot_and_explains_the_missing_token(tmp_path: Path) -> None:
    """Run as written, in this test's own environment (STICKEM_VENV), with no token anywhere."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "STICKEM_VENV": sys.prefix,
        "DISCORD_TOKEN": "",  # set, so that no .env of the developer's checkout fills it in
    }
    for name in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_CONFIG_FILE"):
        if name in os.environ:
            env[name] = os.environ[name]
    done = subprocess.run(
        ["bash", "-c", first_screen_commands()[0]],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("stickem-bot: DISCORD_TOKEN is not set")
    assert TOKEN_HELP in done.stderr


def test_the_lobby_in_the_transcript_is_what_the_bot_shows() -> None:
    table = Table(1, game="stickem")
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    spec = lobby_spec(table)
    buttons = " ".join(f"[{button.label}]" for row in spec.rows for button in row)
    assert f"{spec.content}\n{buttons}\n" in README
    assert "[Add bot]" in buttons


def invite_section() -> str:
    """The README's "Inviting the bot" section."""
    return README.split("### Inviting the bot")[1].split("\n### ")[0]


def test_every_permission_the_invite_asks_for_is_listed_with_its_reason() -> None:
    rows = re.findall(r"^\| ([A-Z][A-Za-z ]+) \| (.+) \|$", invite_section(), re.M)
    listed = {name: reason for name, reason in rows if name != "permission"}
    assert listed == {permission_name(name): reason for name, reason in PERMISSION_REASONS.items()}


def test_the_commands_repair_a_virtual_environment_left_without_pip(tmp_path: Path) -> None:
    """On a fresh Debian or Ubuntu, `python3 -m venv` fails halfway until python3-venv is
    installed: it leaves the folder with bin/python but no pip. After installing the package
    and running the README's command again, the environment is made again, not used as it is
    (every later run said "No module named pip")."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "STICKEM_VENV": str(venv)}
    done = subprocess.run(
        ["bash", "-c", '. scripts/venv.sh && "$python" -m pip --version'],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
