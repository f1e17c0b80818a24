"""The terminal table and the command line, driven by scripted input."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from stupid import Game, Phase, Rules
from stupid.ai.terminal import TerminalTable
from stupid.cli import main


def scripted(answers: Iterator[str], prompts: list[str]) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    return read


def legal_answers(table: TerminalTable, bad: list[str]) -> Iterator[str]:
    """The bad answers first, then the first legal bid or the first legal card's number."""
    yield from bad
    game = table.game
    while True:
        if game.phase is Phase.BIDDING:
            yield str(game.legal_bids(0)[0])
        else:
            yield str(game.hand(0).index(game.legal_cards(0)[0]) + 1)


def test_a_whole_game_with_help_rules_and_bad_input() -> None:
    out: list[str] = []
    prompts: list[str] = []
    bad = ["", "?", "help", "rules", "many", "9", "purple 3"]
    table = TerminalTable(3, "normal", Rules(max_hand=2), seed=4, write=out.append, color=False)
    table.read = scripted(legal_answers(table, bad), prompts)
    game = table.run()
    text = "\n".join(out)
    assert game.phase is Phase.GAME_OVER
    assert "seed 4" in out[0]
    assert "Type your answer, or 'help'." in text
    assert text.count("Commands:") == 2 and "Stupid, in short:" in text
    assert "A bid is a number" in text
    assert "Not allowed: a bid is a whole number from 0 to 1" in text
    assert "Scores after round 3" in text and "Game over:" in text
    assert game.totals == [sum(r[s] for r in game.round_scores) for s in range(3)]
    # 3 rounds of 1, 2, 1 cards: a bid and its cards each round, plus the refused answers.
    assert len(prompts) == 3 + 4 + len(bad)


def test_cards_by_name_and_illegal_cards_are_explained() -> None:
    out: list[str] = []
    table = TerminalTable(2, "random", Rules(max_hand=3), seed=11, write=out.append, color=True)
    game = table.game
    while game.awaiting[0] != 0 or game.phase is not Phase.TRICKS or len(game.hand(0)) < 2:
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[0])
    card = game.legal_cards(0)[-1]
    absent = next(c for c in game.hand(1) if c not in game.hand(0))
    table.read = scripted(iter([absent.name, "queen of cups", card.code.lower(), "quit"]), [])
    table.run()
    text = "\n".join(out)
    assert f"Not allowed: {absent} is not in your hand" in text
    assert "I don't understand 'queen of cups'" in text
    assert "You play \x1b[" in text and str(card) in text
    assert "Bye! (seed 11)" in text


def test_end_of_input_quits() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    out: list[str] = []
    TerminalTable(4, "normal", seed=1, read=eof, write=out.append, color=False).run()
    assert out[-1] == "Bye! (seed 1)"


def test_cli_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "8", "--decks", "1"]) == 2
    assert "--decks 1 is too few for 8 players" in capsys.readouterr().err
    assert main(["play", "--players", "15", "--decks", "1"]) == 2
    assert capsys.readouterr().err == (
        "stupid play: --decks 1 is too few for 15 players; use --decks 3 (one deck per 7 players)\n"
    )
    assert main(["simulate", "--seats", "hard,expert"]) == 2
    assert "unknown level 'expert'" in capsys.readouterr().err


def test_cli_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--seats", "normal,random", "--players", "3", "--games", "3", "--max-hand", "2"])
    assert code == 0
    out = capsys.readouterr().out
    assert "3 players (normal, random, normal)" in out and "9 rounds played" in out
    assert "| normal |" in out and "| random |" in out


def test_python_dash_m_stupid_plays() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "stupid", "play", "--players", "2", "--seed", "3", "--no-color"],
        input="0\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "seed 3" in done.stdout and "Bye! (seed 3)" in done.stdout
    hand = Game.new(2, seed=3).hand(0)
    assert f"Your hand: 1) {hand[0]}" in done.stdout
