"""The terminal table, driven by scripted input: a whole game, bad input, quitting."""

from __future__ import annotations

import io
import multiprocessing
import re
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from stickem import Phase, Rules, cli
from stickem.ai import LEVELS
from stickem.ai.terminal import TerminalTable
from stickem.ai.tournament import TableSpec, run
from stickem.cards import deck_max_value
from stickem.cli import main
from tabletop.console import BROKEN_PIPE, seat_levels


def scripted(answers: Iterator[str], log: list[str]) -> Callable[[str], str]:
    """Return a read function that records each prompt and answers from ``answers``."""

    def read(prompt: str) -> str:
        log.append(prompt)
        return next(answers)

    return read


def always(first: list[str], then: str) -> Iterator[str]:
    yield from first
    while True:
        yield then


def test_a_whole_game_with_bad_input_along_the_way() -> None:
    out: list[str] = []
    prompts: list[str] = []
    bad = ["", "purple 3", "99", "0", "hello", "violet 5"]
    table = TerminalTable(
        3,
        "normal",
        Rules.preset("classic", rounds=2),
        seed=4,
        read=scripted(always(bad, "1"), prompts),
        write=out.append,
        color=False,
    )
    game = table.run()
    text = "\n".join(out)
    assert game.phase is Phase.GAME_OVER
    assert "Type a card such as 'red 7'" in text
    assert "I don't understand 'purple 3'" in text
    assert "There is no card number 99: choose 1 to 15." in text
    assert "There is no card number 0: choose 1 to 15." in text
    assert "violet 5 is not in your hand." in text
    assert "Scores after round 1" in text and "Scores after round 2" in text
    assert "Game over:" in text
    assert "is taking it with" in text and "Your misery color is" in text
    # One misery pick and 14 cards per round, plus the six refused answers.
    assert len(prompts) == 2 * 15 + len(bad)
    assert game.totals == [sum(r[s] for r in game.round_scores) for s in range(3)]


def test_cards_are_named_and_colored() -> None:
    out: list[str] = []
    table = TerminalTable(
        4, "random", seed=2, read=scripted(iter(["quit"]), []), write=out.append, color=True
    )
    table.run()
    text = "\n".join(out)
    assert "\x1b[" in text
    first = sorted(table.game.hand(0))[0]
    assert str(first) in text  # the color name is always written out
    assert "Bye! (seed 2)" in text


def test_typed_card_is_played() -> None:
    out: list[str] = []
    holder: dict[str, TerminalTable] = {}
    answers = iter(["green 0", "q"])

    def read(prompt: str) -> str:
        answer = next(answers)
        if answer == "green 0":
            answer = str(sorted(holder["t"].game.hand(0))[-1])
        return answer

    table = TerminalTable(3, "normal", seed=7, read=read, write=out.append, color=False)
    holder["t"] = table
    pick = sorted(table.game.hand(0))[-1]
    table.run()
    assert table.game.misery_card(0) == pick
    assert any(f"You: {pick}" in line for line in out)  # shown at the reveal


def test_end_of_input_quits_cleanly() -> None:
    def read(prompt: str) -> str:
        raise EOFError

    out: list[str] = []
    game = TerminalTable(3, seed=1, read=read, write=out.append, color=False).run()
    assert game.phase is Phase.MISERY
    assert out[-1] == "Bye! (seed 1)"


def test_cli_play_reads_stdin_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 80))
    assert main(["play", "--players", "3", "--seed", "5", "--level", "random"]) == 0
    out = capsys.readouterr().out
    assert "Scores after round 5" in out
    assert "Game over:" in out
    assert "\x1b[" not in out  # not a terminal: plain text


class InterruptedInput:
    """A stdin whose reads raise KeyboardInterrupt, as when the person presses Ctrl-C."""

    def readline(self, size: int = -1) -> str:
        raise KeyboardInterrupt


def test_cli_play_ctrl_c_says_bye(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", InterruptedInput())
    assert main(["play", "--players", "3", "--seed", "5"]) == 130
    captured = capsys.readouterr()
    assert captured.out.rstrip().endswith("\nBye! (seed 5)")
    assert "Traceback" not in captured.err


def test_cli_simulate_ctrl_c_stops_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run", interrupted)
    assert main(["simulate", "--games", "3"]) == 130
    assert "interrupted" in capsys.readouterr().err


def test_tournament_interrupt_terminates_the_pool() -> None:
    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt

    spec = TableSpec(seats=("random", "random", "random"), games=6, rules=Rules.preset("classic"))
    with pytest.raises(KeyboardInterrupt):
        run(spec, workers=2, progress=progress)
    assert multiprocessing.active_children() == []


def test_cli_play_refuses_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "7", "--rules", "amigo"]) == 2
    assert "3-6 players" in capsys.readouterr().err


def test_cli_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "simulate",
            "--players",
            "3",
            "--seats",
            "normal,random",
            "--games",
            "2",
            "--workers",
            "1",
            "--rules",
            "online",
            "--seed",
            "3",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    assert "| normal |" in captured.out and "| random |" in captured.out
    assert captured.err == ""  # the progress bar is for a terminal (tests/cli/test_simulate_output.py)


def test_cli_simulate_refuses_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "hard,wizard,random"]) == 2
    assert "unknown level 'wizard'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--iterations", "0"], "iterations must be at least 1"),
        (["--time-budget", "-1"], "time budget must be positive"),
        (["--time-budget", "0"], "time budget must be positive"),
        (["--games", "0"], "games must be at least 1"),
    ],
)
def test_cli_simulate_refuses_bad_budgets_before_any_game(
    option: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "2", "--workers", "2", *option]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stickem simulate: ")
    assert message in err
    assert "Traceback" not in err


def test_seat_levels_fill_the_table() -> None:
    assert seat_levels("hard, normal", 5, LEVELS) == ("hard", "normal", "hard", "normal", "hard")
    assert seat_levels("random,normal,hard", None, LEVELS) == ("random", "normal", "hard")
    with pytest.raises(ValueError, match="4 seats given for 3 players"):
        seat_levels("hard,hard,hard,hard", 3, LEVELS)
    with pytest.raises(ValueError, match="unknown level 'expert'; levels are random, normal, hard"):
        seat_levels("expert", None, LEVELS)


def test_python_dash_m_stickem_runs() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "stickem",
            "simulate",
            "--seats",
            "normal,random,random",
            "--games",
            "1",
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "| normal |" in done.stdout


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_table_columns_line_up_in_color() -> None:
    table = TerminalTable(7, "random", seed=3, color=True)
    game = table.game
    for seat in range(7):
        picks = sorted(game.hand(seat), key=lambda c: c.value)
        # one-digit and two-digit misery values, so the padding matters
        game.choose_misery(seat, picks[0] if seat % 2 else picks[-1])
    text = table.table_text(game.view(0))
    assert "\x1b[" in text
    rows = [ANSI.sub("", line) for line in text.splitlines() if "captured" in line]
    assert len(rows) == 7
    assert len({row.index("captured") for row in rows}) == 1
    assert len({row.index("total") for row in rows}) == 1
    assert len({len(row) for row in rows}) == 1


def test_misery_pick_shows_totals_and_undealt_cards() -> None:
    out: list[str] = []
    table = TerminalTable(
        7, "random", seed=3, read=scripted(iter(["quit"]), []), write=out.append, color=False
    )
    table.run()
    text = "\n".join(out)
    undealt = ", ".join(str(c) for c in table.game.undealt)
    assert f"Undealt: {undealt}" in text
    assert text.count("total    0") == 7
    assert text.index("Undealt:") < text.index("Your hand:")


@pytest.mark.parametrize("players", [3, 4, 7])
def test_unknown_card_hint_uses_this_games_deck(players: int) -> None:
    out: list[str] = []
    table = TerminalTable(
        players,
        "random",
        seed=1,
        read=scripted(iter(["purple 3", "quit"]), []),
        write=out.append,
        color=False,
    )
    table.run()
    hint = next(line for line in out if line.startswith("I don't understand 'purple 3'"))
    assert f"a value 0-{deck_max_value(players)}," in hint
    assert ("violet" in hint) == (players >= 6)


def test_the_person_is_addressed_as_you() -> None:
    """The verb agrees with its subject: "You take", "CPU 2 takes" (the catalog has a form for
    the person and one for a named seat)."""
    out: list[str] = []
    TerminalTable(3, seed=4, read=scripted(always([], "1"), []), write=out.append, color=False).run()
    text = "\n".join(out)
    assert "-> You take the trick." in text and re.search(r"-> CPU \d takes the trick\.", text)
    assert "You takes" not in text and "You is taking" not in text and "You wins" not in text


def test_the_person_leads_as_you() -> None:
    """Round 1 under classic rules: the seed decides who leads; seed 5 gives the first lead to seat 0."""
    out: list[str] = []
    TerminalTable(3, seed=5, read=scripted(iter(["quit"]), []), write=out.append, color=False).run()
    text = "\n".join(out)
    assert "You lead the first trick" in text and "You leads" not in text


def test_the_seed_is_printed_and_replays_the_deal() -> None:
    out: list[str] = []
    table = TerminalTable(4, read=scripted(iter(["quit"]), []), write=out.append, color=False)
    table.run()
    seed = table.game.seed
    assert f"Seed {seed} (replay this deal with --seed {seed})" in out[0]
    again = TerminalTable(4, seed=seed, read=scripted(iter(["quit"]), []), write=lambda _: None)
    assert again.game.hand(0) == table.game.hand(0)


@pytest.mark.parametrize("word", ["help", "?", "HELP"])
def test_help_lists_the_inputs_and_asks_again(word: str) -> None:
    out: list[str] = []
    prompts: list[str] = []
    table = TerminalTable(
        3, seed=5, read=scripted(iter([word, "quit"]), prompts), write=out.append, color=False
    )
    table.run()
    text = "\n".join(out)
    assert "What you can type:" in text
    for shown in ("red 7", "rules", "help, ?", "quit", "--seed 5"):
        assert shown in text
    assert "I don't understand" not in text
    assert len(prompts) == 2  # the same question again after the help


def test_rules_prints_the_summary_and_this_games_rule_set() -> None:
    out: list[str] = []
    table = TerminalTable(
        3,
        rules=Rules.preset("amigo"),
        seed=5,
        read=scripted(iter(["rules", "quit"]), []),
        write=out.append,
        color=False,
    )
    table.run()
    text = "\n".join(out)
    assert "Stick'em: the rules in a minute" in text
    assert "Scoring: +1 for every captured card" in text
    assert "This game: amigo:" in text


SCORE_ORIGIN = re.compile(
    r"\+(\d+) for (\d+) other cards? taken"
    r"(?:, -(\d+) for misery cards captured \(([^)]*)\))?"
    r", -(\d+) for the misery card (\w+ \d+)$"
)


def test_round_scores_say_where_they_come_from() -> None:
    out: list[str] = []
    table = TerminalTable(
        3,
        "random",
        Rules.preset("classic", rounds=1),
        seed=5,
        read=scripted(always([], "1"), []),
        write=out.append,
        color=False,
    )
    game = table.run()
    lines = "\n".join(out).splitlines()
    rows = [line for line in lines if re.match(r"  (You|CPU \d) +\w+ \d+ +[+-]\d+", line)]
    assert len(rows) == 3
    for seat, row in enumerate(rows):
        match = SCORE_ORIGIN.search(row)
        assert match is not None, row
        taken, count, cost, cards, misery_value, misery = match.groups()
        assert taken == count
        assert f"{table.names[seat]}: {misery}" in "\n".join(lines)  # the revealed pick
        captured = [card.strip() for card in cards.split(",")] if cards else []
        assert sum(int(card.split()[1]) for card in captured) == int(cost or 0)
        assert all(card.split()[0] == misery.split()[0] for card in captured)
        assert int(taken) - int(cost or 0) - int(misery_value) == game.round_scores[0][seat]


def test_play_into_a_closed_pipe_ends_quietly() -> None:
    """`stickem play | head`: the reader closes early; no traceback, the shell's SIGPIPE code."""
    command = [sys.executable, "-m", "stickem", "play", "--players", "3", "--seed", "5"]
    player = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert player.stdin is not None and player.stdout is not None and player.stderr is not None
    player.stdout.close()  # as `head` does once it has its lines
    try:
        _, err = player.communicate(input=b"1\n" * 80, timeout=60)
    finally:
        player.kill()
    assert b"Traceback" not in err and err == b"", err
    assert player.returncode == BROKEN_PIPE


@pytest.mark.parametrize("players", ["2", "9"])
def test_simulate_refuses_a_player_count_the_rules_do_not_allow(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--players", players, "--games", "1"]) == 2
    assert f"classic rules allow 3-7 players, not {players}" in capsys.readouterr().err


def test_simulate_says_what_the_seat_games_column_counts(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "3", "--seats", "random", "--games", "2", "--workers", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "| level | seat-games |" in out and "| random | 6 |" in out
    assert "seat-games: the games played at this level, counted once per seat" in out
