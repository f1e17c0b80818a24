"""What the three games' terminal tables share (tabletop.console): the exits and the wrapping
of long lines at the terminal's width."""

from __future__ import annotations

import importlib
import io
import re
import sys

import pytest

from tabletop.console import INTERRUPTED, ConsoleWords, terminal_width, wrap_text

GAMES = ("stickem", "stupid", "stickgame")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    """Standard output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class InterruptedInput:
    """A stdin whose reads raise KeyboardInterrupt, as when the person presses Ctrl-C."""

    def readline(self, size: int = -1) -> str:
        raise KeyboardInterrupt


def play(game: str, stdin: object, monkeypatch: pytest.MonkeyPatch, stdout: io.StringIO) -> int:
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    main = importlib.import_module(f"{game}.cli").main
    code: int = main(["play", "--players", "3", "--seed", "5"])
    return code


def test_wrap_text_breaks_between_words_and_keeps_indents_and_columns() -> None:
    text = "  CPU 1    misery red 7   captured  3  total   12\nshort\n" + "word " * 12
    wrapped = wrap_text(text, 30)
    assert wrapped.splitlines() == [
        "  CPU 1    misery red 7",
        "  captured  3  total   12",
        "short",
        "word word word word word word",
        "word word word word word word",
    ]


def test_wrap_text_does_not_count_colour_codes_and_keeps_long_words_whole() -> None:
    red = "\x1b[31mred 7\x1b[0m"
    assert wrap_text(f"{red}, {red}, {red}", 14) == f"{red}, {red},\n{red}"
    assert wrap_text("a-very-long-word b", 5) == "a-very-long-word\nb"


def test_only_a_terminal_is_wrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "44")
    assert terminal_width(io.StringIO()) is None
    assert terminal_width(Terminal()) == 44


@pytest.mark.parametrize("game", GAMES)
def test_long_lines_wrap_at_the_terminals_width(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    out = Terminal()
    assert play(game, io.StringIO("rules\nhelp\nquit\n"), monkeypatch, out) == 0
    lines = ANSI.sub("", out.getvalue()).splitlines()
    prompts = re.compile(r"^Your [^:]+: ")  # input() writes the prompt, and it is not wrapped
    too_long = [line for line in lines if len(prompts.sub("", line)) > 60]
    assert too_long == []
    words = " ".join(ANSI.sub("", out.getvalue()).split())
    assert "You (seat 0) play against 2 computer players of level normal." in words


@pytest.mark.parametrize("game", GAMES)
def test_end_of_input_ends_the_prompts_line_and_says_bye(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    assert play(game, io.StringIO(""), monkeypatch, out) == 0
    assert re.search(r": \nBye!( \(seed 5\))?\n$", out.getvalue()), out.getvalue()[-200:]


@pytest.mark.parametrize("game", GAMES)
def test_quit_says_bye(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    assert play(game, io.StringIO("quit\n"), monkeypatch, out) == 0
    assert re.search(r": Bye!( \(seed 5\))?\n$", out.getvalue()), out.getvalue()[-200:]


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_says_bye_on_its_own_line(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert play(game, InterruptedInput(), monkeypatch, out) == INTERRUPTED
    assert re.search(r": \nBye!( \(seed 5\))?\n$", out.getvalue()), out.getvalue()[-200:]
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "you", "named"),
    [
        ("stickem", "  -> You take the trick.", "  -> CPU 2 takes the trick."),
        ("stupid", "  -> You take it.", "  -> CPU 2 takes it."),
    ],
)
def test_the_trick_won_line_is_written_once_from_each_games_catalog(game: str, you: str, named: str) -> None:
    """Stick'em's and Stupid's terminal words are the shared ConsoleWords with their own
    catalog: the seats' names and the line of a trick won come from it, each game's wording."""
    words = importlib.import_module(f"{game}.ai.terminal_words").TerminalWords(3, color=False)
    assert isinstance(words, ConsoleWords)
    assert words.names == ["You", "CPU 1", "CPU 2"]
    assert words.trick_won(3, 0, "plays") == f"Trick 3: plays\n{you}"
    assert words.trick_won(3, 2, "plays") == f"Trick 3: plays\n{named}"


@pytest.mark.parametrize(
    ("language", "you", "quit_words"), [("en", "You", {"quit"}), ("de", "Du", {"quit", "ende"})]
)
def test_stick_games_terminal_table_speaks_through_the_shared_console_words(
    language: str, you: str, quit_words: set[str]
) -> None:
    """Stick Game's terminal table writes its seats' names and texts, and reads the command
    words a person may type, through the shared ConsoleWords, as the two other games do (it
    had its own copy of them), with its own catalog."""
    from stickgame.terminal import TerminalTable
    from stickgame.texts import CATALOG, t

    table = TerminalTable(3, "normal", seed=5, write=lambda _: None, language=language)
    assert isinstance(table, ConsoleWords) and table.catalog is CATALOG
    assert table.names == [you, "CPU 1", "CPU 2"]
    assert table.words(t("terminal.word.quit")) == quit_words
