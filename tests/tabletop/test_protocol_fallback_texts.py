"""What the protocol shows for a game that brings no words of its own (a fourth game that does
not override them): :class:`tabletop.engine_match.EngineMatch`'s refusals and the chart's words
come from the protocol's catalog, in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from tabletop import Refused
from tabletop.catalog import render
from tabletop.drawing.chart import totals_chart
from tabletop.engine_match import EngineMatch
from tabletop.texts import t


@dataclass
class Board:
    """The least engine: two seats, seat 0 to act, never over."""

    players: int = 2
    seed: int = 1
    awaiting: tuple[int, ...] = (0,)
    is_over: bool = False
    round: int = 1


class NoSuchMove(Exception):
    """The engine's refusal, with only an English sentence."""


class FourthMatch(EngineMatch[Board]):
    """A game that keeps the protocol's refusals (it does not override ``apply``)."""

    rule_errors = (NoSuchMove,)

    def play(self, seat: int, action: str) -> Sequence[object]:
        if action == "refused":
            raise NoSuchMove("You may not do that now.")
        if action == "catalogued":
            raise NoSuchMove(t("option.no_options"))
        raise ValueError(action)


def _refusal(action: str) -> Refused:
    with pytest.raises(Refused) as refused:
        FourthMatch(Board(), {}).apply(0, action)
    return refused.value


def test_a_text_that_is_no_move_is_refused_in_the_readers_language() -> None:
    refusal = _refusal("nonsense")
    assert render(refusal.message, "en") == "That is not a move of this game."
    assert render(refusal.message, "de") == "Das ist kein Zug dieses Spiels."


def test_an_engine_refusal_without_a_catalog_text_reads_in_the_readers_language() -> None:
    refusal = _refusal("refused")
    assert render(refusal.message, "de") == "Das erlauben die Regeln nicht."
    assert render(refusal.message, "en") == "The rules do not allow that move."
    assert str(refusal.__cause__) == "You may not do that now."  # the engine's words, for the log


def test_an_engine_refusal_with_a_catalog_text_shows_that_text() -> None:
    assert render(_refusal("catalogued").message, "de") == "keine"


def test_a_chart_without_its_games_words_speaks_the_readers_language() -> None:
    totals = [(3, 1), (5, 4)]
    english = totals_chart(totals, ["Ada", "Bo"], "Endstand")
    german = totals_chart(totals, ["Ada", "Bo"], "Endstand", language="de")
    assert english.description.startswith("Endstand: a chart of the totals after each of 2 rounds.")
    assert "Round by round:" in english.description
    assert german.description.startswith("Endstand: die Gesamtpunkte nach jeder der 2 Runden als Diagramm.")
    assert "Runde für Runde:" in german.description
