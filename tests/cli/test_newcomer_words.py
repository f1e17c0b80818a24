"""The sentences a newcomer met that were not English (issue 27, "Words"): each one as the
program says it now, through the path the person took (the terminal, the engine's refusal, the
bot's start-up)."""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterator

import pytest

import stickgame.cli
import stupid.cli
from bot.boot.startup import ConnectPolicy, StartupError, reach_discord
from stickem import Rules as StickemRules
from stickem.ai.terminal import TerminalTable as StickemTable
from stickgame import Card as StickCard
from stickgame import Game as StickGame
from stickgame import MeldError, match_stick
from stickgame.rules import Rules as StickGameRules
from stickgame.sticks import STICKS
from stickgame.terminal import rules_text
from stupid import Game, Phase, RuleError, Rules
from stupid.ai.terminal import TerminalTable


def answers(first: list[str], then: Callable[[], str]) -> Callable[[str], str]:
    """A read function: the ``first`` answers, then ``then()`` for every later prompt."""
    queue: Iterator[str] = iter(first)

    def read(_prompt: str) -> str:
        return next(queue, None) or then()

    return read


async def test_a_single_attempt_to_reach_discord_is_tried_1_time() -> None:
    async def unreachable() -> str:
        raise ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")

    async def reset() -> None:
        return None

    with pytest.raises(StartupError) as failed:
        await reach_discord(unreachable, ConnectPolicy(timeout=1.0, retries=0, first_delay=0.01), reset)
    assert "(tried 1 time)" in str(failed.value)


@pytest.mark.parametrize(
    ("make", "sentence"),
    [
        (lambda: Game.new(1, Rules()), "Stupid is for 2-21 players, not 1"),
        (lambda: StickGame.new(1), "Stick Game is for 2-8 players, not 1"),
    ],
)
def test_one_player_is_refused_in_english(make: Callable[[], object], sentence: str) -> None:
    with pytest.raises(ValueError) as refused:
        make()
    assert str(refused.value) == sentence


def test_stupid_play_with_one_player_says_how_many_can_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert stupid.cli.main(["play", "--players", "1"]) == 2
    assert capsys.readouterr().err == "stupid play: Stupid is for 2-21 players, not 1\n"


def test_a_one_card_round_dealt_by_you_reads_as_english() -> None:
    out: list[str] = []
    table = TerminalTable(3, "random", Rules(max_hand=1), seed=15, write=out.append, color=False)
    assert table.game.dealer == 0
    table.read = answers(
        [], lambda: str(table.game.legal_bids(0)[0]) if table.game.phase is Phase.BIDDING else "1"
    )
    table.run()
    text = "\n".join(out)
    assert "*** Round 1: 1 card each, you dealt; trump card" in text
    assert "-- Round 1 of 1: 1 card, trump" in text
    assert "1 round of 1 card; seed 15" in text
    assert "against 2 computer players" in text
    assert "card(s)" not in text and "You dealt" not in text


def test_a_two_player_game_has_one_computer_player() -> None:
    out: list[str] = []
    table = TerminalTable(
        2, "random", Rules(max_hand=1), seed=3, read=answers(["quit"], str), write=out.append
    )
    table.run()
    assert "You (seat 0) play against 1 computer player of level random." in out[0]


def test_a_refused_bid_names_the_only_bid_left() -> None:
    """The dealer of a one-card round after the others bid 0: only 0 is left (1 would make the
    bids add up to the cards in hand)."""
    out: list[str] = []
    table = TerminalTable(3, "random", Rules(max_hand=1), seed=15, write=out.append, color=False)
    game = table.game
    while game.awaiting != (0,):
        game.bid(game.awaiting[0], 0)
    assert game.legal_bids(0) == [0]
    table.read = answers(["-1", "none"], lambda: "0")
    assert table.ask_bid() == 0
    assert out == ["A bid is a number of tricks: you can only bid 0."] * 2


def test_a_refused_bid_lists_the_bids_left() -> None:
    out: list[str] = []
    table = TerminalTable(3, "random", Rules(max_hand=2), seed=4, write=out.append, color=False)
    table.read = answers(["-1"], lambda: str(table.game.legal_bids(0)[0]))
    while table.game.awaiting != (0,):
        table.game.bid(table.game.awaiting[0], 0)
    allowed = table.game.legal_bids(0)
    table.ask_bid()
    assert (
        out[0]
        == f"A bid is a number of tricks: you can bid {', '.join(map(str, allowed[:-1]))} or {allowed[-1]}."
    )


def test_decks_out_of_range_is_refused_naming_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        stupid.cli.main(["play", "--decks", "5"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert (
        "argument --decks: 5 is not possible; use a whole number from 1 to 3, "
        "or leave --decks out: one deck per 7 players" in err
    )
    assert "None" not in err


def test_sticks_to_win_out_of_range_is_refused_naming_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        stickgame.cli.main(["play", "--sticks-to-win", "0"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "argument --sticks-to-win: 0 is not possible; use a whole number from 1 to 7" in err
    assert "sticks_to_win=" not in err


def test_following_suit_does_not_count_the_cards_held() -> None:
    """Seat 2 holds two or more of the suit led (round 4, seed 1) and tries another suit."""
    game = Game.new(3, Rules(), seed=1)
    while True:
        seat = game.awaiting[0]
        if game.phase is Phase.BIDDING:
            game.bid(seat, game.legal_bids(seat)[0])
            continue
        lead = game.view(None).lead_suit
        hand = game.hand(seat)
        if lead is not None and sum(c.suit is lead for c in hand) >= 2:
            other = next((c for c in hand if c.suit is not lead), None)
            if other is not None:
                break
        game.play(seat, game.legal_cards(seat)[0])
    with pytest.raises(RuleError) as refused:
        game.play(seat, other)
    assert str(refused.value) == (
        f"you must follow suit: play a {lead.symbol} ({lead.value}); you have {lead.value} in your hand"
    )


def test_a_stick_laid_down_with_too_few_melds_says_what_was_given() -> None:
    three_sets = next(stick for stick in STICKS if stick.text == "3 sets")
    melds = [
        [StickCard.parse(c) for c in ("7D", "7D", "7H")],
        [StickCard.parse(c) for c in ("AD", "AS", "AS")],
    ]
    with pytest.raises(MeldError) as refused:
        match_stick(three_sets, melds)
    assert str(refused.value) == "'3 sets' names 3 melds; you gave 2"
    one_run = next(stick for stick in STICKS if stick.text == "a run of 8")
    with pytest.raises(MeldError) as refused:
        match_stick(one_run, melds)
    assert str(refused.value) == "'a run of 8' names one meld; you gave 2"


def test_an_empty_meld_is_called_empty() -> None:
    three_sets = next(stick for stick in STICKS if stick.text == "3 sets")
    with pytest.raises(MeldError) as refused:
        match_stick(three_sets, [[], [], []])
    assert str(refused.value).endswith("; no card was given")


def test_the_terminal_rules_say_what_a_free_is() -> None:
    text = " ".join(rules_text(StickGameRules()).split())
    assert "(Frees count)" not in text
    assert "a Free stick counts as completed at once" in text
    assert (
        "A Free is a stick that names no melds (4 of the bag's 44 sticks are Frees): it counts as a "
        "completed stick, worth 0 points, as soon as it is drawn, and whoever drew it draws another "
        "stick at once." in text
    )
    assert sum(stick.is_free for stick in STICKS) == 4 and len(STICKS) == 44


def test_a_misery_0_costs_nothing_rather_than_minus_0() -> None:
    """Seed 2: CPU 2 picks brown 0 as its misery card."""
    out: list[str] = []
    table = StickemTable(
        3, "random", StickemRules.preset("classic", rounds=1), seed=2,
        read=answers([], lambda: "1"), write=out.append, color=False,
    )  # fmt: skip
    table.run()
    scores = next(line for line in out if "Scores after round 1" in line).splitlines()
    row = next(line for line in scores if line.split()[:2] == ["CPU", "2"])
    assert row.split()[2:4] == ["brown", "0"]
    assert row.endswith(", nothing for the misery card brown 0")
    assert "-0 " not in "\n".join(out) and not "\n".join(out).endswith("-0")


def test_rules_that_do_not_fit_the_players_name_the_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert stupid.cli.main(["play", "--players", "14", "--max-hand", "10"]) == 2
    assert capsys.readouterr().err == (
        "stupid play: --decks 2 gives 104 cards, but 14 players with --max-hand 10 need 141 "
        "(a card is turned for trump); use --max-hand at most 7, or --decks 3\n"
    )
