"""The one place counted words, choices and number flags are made (:mod:`tabletop.words`,
:func:`tabletop.console.whole_number`), and the note that explains a simulation's columns."""

from __future__ import annotations

import argparse

import pytest

from tabletop.console import as_flags, whole_number
from tabletop.tournament import LevelStats, columns_note, format_table
from tabletop.words import either, plural, times


@pytest.mark.parametrize(("count", "text"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"), (15, "15 cards")])
def test_plural_counts_a_noun(count: int, text: str) -> None:
    assert plural(count, "card") == text


def test_plural_takes_an_irregular_plural() -> None:
    assert plural(1, "match", "matches") == "1 match"
    assert plural(3, "match", "matches") == "3 matches"


def test_times_says_once_and_twice() -> None:
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]


def test_either_lists_a_choice() -> None:
    assert either([1]) == "1"
    assert either([0, 1]) == "0 or 1"
    assert either([0, 2, 3]) == "0, 2 or 3"
    assert either(["ann", "bob", "cyd"], "and") == "ann, bob and cyd"


def test_a_number_flag_out_of_range_is_refused_naming_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="game")
    parser.add_argument("--sticks-to-win", type=whole_number(1, 7), default=7)
    assert parser.parse_args(["--sticks-to-win", "3"]).sticks_to_win == 3
    for bad in ("0", "8", "-1", "x", "99999999999999999999"):
        with pytest.raises(SystemExit):
            parser.parse_args(["--sticks-to-win", bad])
        err = capsys.readouterr().err
        assert f"argument --sticks-to-win: {bad} is not possible; use a whole number from 1 to 7" in err


def test_the_column_note_explains_every_column_of_the_table() -> None:
    header = format_table([LevelStats("normal")], "sticks/round").splitlines()[0]
    columns = [name.strip() for name in header.strip("|").split("|")]
    note = " ".join(columns_note("sticks/round", "completed sticks").split())  # unwrapped
    for column in columns[1:]:
        assert column in note, column
    assert "±" in note and "standard error" in note
    assert "completed sticks per round" in note


def test_an_engines_option_names_become_flags() -> None:
    message = "decks=2 gives 104 cards, but 14 players with max_hand=10 need 141; use max_hand at most 7"
    assert as_flags(message, ["decks", "max_hand"]) == (
        "--decks 2 gives 104 cards, but 14 players with --max-hand 10 need 141; use --max-hand at most 7"
    )
    assert as_flags("one deck per 7 players", ["decks"]) == "one deck per 7 players"
