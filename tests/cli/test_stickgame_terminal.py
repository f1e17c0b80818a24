"""Stick Game's terminal table, driven by scripted input: it reads like the other two games'.

Seed 5 with 3 players: CPU 1 lays down its stick (2 runs) and three more melds on its first
turn, the table then holds melds #1 to #4; you hold "3 sets" and, after drawing 9♦, a lay-down
of it (A♦ A♠ A♠, 7♦ 7♦ 7♥, 5♦ 5♥ joker).
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterator

import pytest

from stickgame.cli import main
from stickgame.events import StickCompleted
from stickgame.game import Game
from stickgame.present_text import meld_text
from stickgame.rules import Rules
from stickgame.solver import find_completion
from stickgame.suggest import lay_down_suggestion
from stickgame.terminal import TerminalTable
from tabletop.catalog import render


def scripted(answers: list[str], prompts: list[str] | None = None) -> Callable[[str], str]:
    """A read function answering from ``answers``, then as if the input ended."""
    feed: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def play(answers: list[str], seed: int = 5, players: int = 3, **rules: int) -> tuple[TerminalTable, str]:
    out: list[str] = []
    table = TerminalTable(
        players, "normal", Rules(**rules), seed, read=scripted([*answers, "quit"]), write=out.append
    )
    table.run()
    return table, "\n".join(out)


def test_what_happens_is_told_in_words() -> None:
    _, text = play([])
    assert "{'" not in text and "RoundStarted" not in text and "seat 1" not in text
    assert "*** Round 1: You dealt, CPU 1 plays first; the discard pile shows J♠. ***" in text
    assert "CPU 1 drew from the stock." in text
    assert "CPU 1 laid down their stick, 2 runs: #1 9♣ 10♣ J♣, #2 " in text
    assert "CPU 1 laid off Q♣ on #1, now 9♣ 10♣ J♣ Q♣." in text
    assert "CPU 1 discarded 10♦." in text and "CPU 2 discarded 4♣." in text


def test_computer_moves_are_not_action_codes() -> None:
    _, text = play([])
    assert not re.search(r"\b[LMOWX] (run|set|\d+[CDHS]|\*)", text), text


def test_your_own_draw_names_the_card() -> None:
    table, text = play(["draw"])
    drawn = re.search(r"^You drew (\S+) from the stock\.$", text, re.M)
    assert drawn is not None, text
    assert drawn.group(1) == "9♦" and [card.code for card in table.game.hand(0)].count("9D") == 2
    assert "'card': None" not in text


@pytest.mark.parametrize("word", ["draw", "s", "stock", "DRAW"])
def test_draw_is_accepted_at_the_draw_prompt(word: str) -> None:
    prompts: list[str] = []
    out: list[str] = []
    table = TerminalTable(3, seed=5, read=scripted([word], prompts), write=out.append)
    table.run()
    assert prompts[0].startswith("Your draw ('draw' from the stock")
    assert len(table.game.hand(0)) == 16 and table.game.phase == "play"


def test_the_lay_down_is_offered_and_lay_alone_takes_it() -> None:
    table, text = play(["draw", "lay"])
    offer = "You can lay down your stick: A♦ A♠ A♠ | 7♦ 7♦ 7♥ | 5♦ 5♥ joker(=5). Type 'lay' to lay it down"
    assert offer in text
    assert "You laid down your stick, 3 sets: #5 A♦ A♠ A♠, #6 7♦ 7♦ 7♥, #7 5♦ 5♥ joker(=5)." in text
    assert table.game.stick(0) is None and len(table.game.melds_of(0)) == 3


def test_melds_can_still_be_typed_by_card_or_by_number() -> None:
    # after drawing 9♦: 1-2 jokers, 4 A♦, 5 5♦, 6-7 7♦, 11 5♥, 12 7♥, 15-16 A♠
    table, text = play(["draw", "lay 7D 7D 7H | 4 15 16 | 5 11 *"])
    assert "You laid down your stick, 3 sets: #5 7♦ 7♦ 7♥, #6 A♦ A♠ A♠, #7 5♦ 5♥ joker(=5)." in text
    assert table.game.stick(0) is None


def test_a_suggested_run_puts_its_wild_upward() -> None:
    """sticks.md section 2: without a choice a wild extends a run upward (J♣ joker 2♥ is
    J♣ Q♣ K♣, not 9♣ 10♣ J♣ as the solver's search places it)."""
    game = Game.new(3, seed=5)
    stick = game.stick(1)
    assert stick is not None
    solver = find_completion(game.hand(1), stick)
    assert solver is not None and solver[1].placement == 9  # the solver's search: downward
    offer = lay_down_suggestion(game.hand(1), stick)
    assert offer is not None
    assert [render(meld_text(meld)) for meld in offer.melds] == ["9♣ 10♣ J♣", "J♣ joker(=Q♣) 2♥(=K♣)"]
    after = game.copy()
    after.apply(1, "S")
    laid = after.apply(1, "L " + " | ".join(play.encode() for play in offer.plays))[0]
    assert isinstance(laid, StickCompleted)
    assert [render(meld_text(meld)) for meld in laid.melds] == ["9♣ 10♣ J♣", "J♣ joker(=Q♣) 2♥(=K♣)"]


def test_melds_are_numbered_from_1_on_the_table_in_commands_and_errors() -> None:
    table, text = play(["draw", "lay", "off 9 QC", "off 2 QC"])
    assert "           #1 9♣ 10♣ J♣ Q♣\n           #2 joker(=9♣) joker(=10♣) J♣" in text
    assert "There is no meld #9: melds on the table are #1 to #7." in text
    assert "You laid off Q♣ on #2, now joker(=9♣) joker(=10♣) J♣ Q♣." in text
    assert "#0" not in text and "meld #10" not in text
    assert str(table.game.melds[1].meld).endswith("Q♣")


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("take 1:9C", "A wild you take must be used in the same turn: say how after a '/'"),
        ("take 1", "Name each wild to take as a meld number and the natural card that replaces it"),
        ("off 9 QC", "There is no meld #9: melds on the table are #1 to #4."),
        ("x 17", "There is no card number 17: choose 1 to 16."),
        ("x ZZ", "'ZZ' is not a card: type a card as 7H, 10C, AS or 7♥"),
        ("dance", "I don't understand 'dance': type 'help' for what you can type."),
        ("lay 4C 5C | 9S", "Not allowed: 4♣ is not in your hand."),
        ("take 2 9C / lay", "Not allowed: 9♣ is not in your hand."),
    ],
)
def test_mistakes_get_a_clear_sentence_and_no_internals(typed: str, answer: str) -> None:
    table, text = play(["draw", typed])
    assert answer in text
    for leak in ("invalid literal", "list index", "is not an action", "Traceback", "error:"):
        assert leak not in text
    assert table.game.phase == "play" and len(table.game.hand(0)) == 16  # nothing happened


def test_a_card_can_be_named_by_its_number_in_the_hand() -> None:
    table, text = play(["draw", "x 11"])  # 11: 5♥
    assert "You discarded 5♥." in text
    assert "5♥" not in map(str, table.game.hand(0))


@pytest.mark.parametrize("typed", ["8D", "8♦", "eight of diamonds", "8"])  # 8: 8♦ in the hand as shown
def test_a_card_typed_alone_is_discarded_as_in_the_other_games(typed: str) -> None:
    """The README: "Type a card or its number in your hand". Stick'em and Stupid play a card
    typed alone at once; here playing a card is discarding it."""
    table, text = play(["draw", typed])
    assert "You discarded 8♦." in text and "I don't understand" not in text
    assert "8♦" not in map(str, table.game.hand(0))


def test_a_card_typed_alone_before_drawing_asks_for_the_draw() -> None:
    table, text = play(["8D"])
    assert "Not allowed: draw a card first (from the stock or the discard pile)." in text
    assert len(table.game.hand(0)) == 15


def test_a_tie_on_sticks_says_how_it_was_broken() -> None:
    """Seed 5, one stick to win: CPU 1 lays down its stick on the first turn, you on yours,
    then CPU 1 goes out; both have 1 stick, and CPU 1 completed first."""
    table, text = play(["draw", "lay", "x 3"], sticks_to_win=1)
    assert table.game.is_over and table.game.winners == (1,)
    standings = text[text.index("== Final standings") :].splitlines()
    assert standings[1:3] == ["  1. CPU 1  1 stick, 6 points  winner", "  2. You    1 stick, 9 points"]
    assert standings[4:] == [
        "Game over: CPU 1 wins with 1 stick.",
        "Tied at 1 stick, the win goes to whoever completed their last stick first in the final "
        "round: CPU 1 (a Free drawn that round counts after any stick laid down).",
    ]


def test_help_rules_table_and_hand_answer_and_ask_again() -> None:
    prompts: list[str] = []
    out: list[str] = []
    answers = ["help", "?", "rules", "table", "hand", "", "quit"]
    TerminalTable(3, seed=5, read=scripted(answers, prompts), write=out.append).run()
    text = "\n".join(out)
    assert "What you can type" in text and "lay 7D 7H * | AD AS AS" in text
    assert "'python -m stickgame play --seed 5' deals it again" in text
    assert "Every deuce and every joker is wild." in text
    assert "A set is 3+ cards of one rank" in text and "**set**" not in text
    assert "This game: 7 sticks end the game" in text
    assert "Type a command, or 'help' for what you can type." in text
    assert len(prompts) == len(answers)


def test_a_whole_game_ends_with_the_standings_in_words() -> None:
    tries = [0]

    def person(prompt: str) -> str:
        """Draw, lay down the stick when offered, else discard the first card allowed."""
        if prompt.startswith("Your draw"):
            tries[0] = 0
            return "draw"
        tries[0] += 1
        return "lay" if tries[0] == 1 else f"x {tries[0] - 1}"

    out: list[str] = []
    table = TerminalTable(3, "normal", Rules(sticks_to_win=1), 5, read=person, write=out.append)
    game = table.run()
    text = "\n".join(out)
    assert game.is_over
    assert "== Final standings (by completed sticks) ==" in text
    winners = " and ".join(table.names[seat] for seat in game.winners)
    assert re.search(rf"Game over: {winners} (wins?|share the win) with \d+ sticks?\.", text), text[-800:]
    assert "totals (" not in text and "winners (" not in text
    assert re.search(r"^  1\. (You|CPU \d) +\d+ sticks?, \d+ points?  winner$", text, re.M)


class InterruptedInput:
    """A stdin whose reads raise KeyboardInterrupt, as when the person presses Ctrl-C."""

    def readline(self, size: int = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_says_bye_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", InterruptedInput())
    assert main(["play", "--seed", "5"]) == 130
    captured = capsys.readouterr()
    assert captured.out.endswith("\nBye! (seed 5)\n")
    assert "Traceback" not in captured.err


def test_ctrl_d_ends_the_prompt_line_and_says_bye(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--seed", "5"]) == 0
    assert capsys.readouterr().out.endswith("for 4♣): \nBye! (seed 5)\n")


def test_quit_says_bye(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "5"]) == 0
    assert capsys.readouterr().out.endswith("for 4♣): Bye! (seed 5)\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "9"], "stickgame play: Stick Game is for 2-8 players, not 9"),
        (["simulate", "--seats", "normal,genius"], "stickgame simulate: --seats needs 2-8 levels"),
    ],
)
def test_command_line_mistakes_go_to_stderr(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(message) and captured.out == ""


def test_an_option_out_of_range_is_refused_by_the_parser_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["play", "--sticks-to-win", "0"])
    captured = capsys.readouterr()
    assert exited.value.code == 2 and captured.out == ""
    assert "--sticks-to-win: 0 is not possible; use a whole number from 1 to 7" in captured.err


def test_one_of_everything_is_counted_in_english() -> None:
    _, text = play([], players=2, sticks_to_win=1)
    first = text.splitlines()[0]
    assert first.startswith("Stick Game: 2 players, 1 stick ends the game; most completed sticks wins;")
    assert "against 1 computer player of level normal." in first
