"""Log lines get ANSI colours on a terminal only: a file or a pipe gets plain lines (discord.py
alone would colour any stream inside Docker)."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import discord
import pytest

import bot.__main__ as entry

ESCAPE = "\x1b["


@pytest.fixture(autouse=True)
def root_logger_restored() -> Iterator[None]:
    """The root logger's handlers and level as they were (setup_logging adds a handler)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        for handler in root.handlers:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)


@pytest.fixture
def in_docker(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the bot ran in a container, where discord.py colours every stream."""
    monkeypatch.setattr(discord.utils, "is_docker", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)


def logged_to(stream: TextIO) -> None:
    entry.setup_logging(logging.INFO, stream)
    logging.getLogger("bot.test").warning("Discord cannot be reached: refused.")
    logging.getLogger("bot.test").error("with a traceback", exc_info=ValueError("boom"))
    stream.flush()


def test_a_log_file_gets_plain_lines(in_docker: None, tmp_path: Path) -> None:
    path = tmp_path / "bot.log"
    with path.open("w") as stream:
        logged_to(stream)
    text = path.read_text()
    assert ESCAPE not in text, text
    first = text.splitlines()[0]
    assert first.endswith(" WARNING  bot.test Discord cannot be reached: refused."), first
    assert "ValueError: boom" in text


def test_a_pipe_gets_plain_lines(in_docker: None) -> None:
    read, write = os.pipe()
    with os.fdopen(write, "w") as stream:
        logged_to(stream)
    with os.fdopen(read) as pipe:
        text = pipe.read()
    assert ESCAPE not in text and "Discord cannot be reached" in text, text


def terminal_text() -> str:
    """What is logged to a pseudo-terminal."""
    leader, follower = os.openpty()
    with os.fdopen(follower, "w") as stream:
        logged_to(stream)
        text = os.read(leader, 65536).decode()
    os.close(leader)
    return text


def test_a_terminal_gets_colours(in_docker: None) -> None:
    text = terminal_text()
    assert ESCAPE in text and "Discord cannot be reached" in text, text


def test_no_color_turns_them_off_on_a_terminal(in_docker: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    text = terminal_text()
    assert ESCAPE not in text and "Discord cannot be reached" in text, text
