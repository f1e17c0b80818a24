"""Every refusal of the engine reaches a player as its own catalog text (by the RuleError's
code), in German as in English, while the engine's English ``str()`` stays as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stickem import Card, Game, Rules
from stickem.errors import CODES, RuleError
from stickem.refusals import refusal_text
from tabletop.catalog import render


def _picked() -> Game:
    """A 3-player game whose misery cards are picked (each seat its first card)."""
    game = Game.new(3, Rules.preset("classic"), seed=5)
    for seat in range(3):
        game.choose_misery(seat, game.hand(seat)[0])
    return game


def _over() -> Game:
    game = Game.new(3, Rules.preset("classic", rounds=1), seed=5)
    for seat in range(3):
        game.choose_misery(seat, game.hand(seat)[0])
    while not game.is_over:
        seat = game.awaiting[0]
        game.play(seat, game.legal_cards(seat)[0])
    return game


def _misery(game: Game, seat: int) -> Card:
    card = game.view(seat).misery_pick
    assert card is not None
    return card


def _outsider(game: Game) -> int:
    return next(seat for seat in range(3) if seat not in game.awaiting)


def _foreign(game: Game, seat: int) -> Card:
    own = set(game.hand(seat))
    return next(card for card in game.hand((seat + 1) % 3) if card not in own)


def provoke(action: Callable[[], object]) -> RuleError:
    """The RuleError ``action`` raises."""
    with pytest.raises(RuleError) as raised:
        action()
    return raised.value


def case_game_over() -> RuleError:
    game = _over()
    return provoke(lambda: game.play(0, Card.parse("red 1")))


def case_no_seat() -> RuleError:
    game = Game.new(3, seed=5)
    return provoke(lambda: game.choose_misery(7, game.hand(0)[0]))


def case_round_over() -> RuleError:
    game = _picked()
    seat = game.awaiting[0]
    return provoke(lambda: game.play(seat, game.legal_cards(seat)[0], round=0))


def case_round_not_started() -> RuleError:
    game = _picked()
    seat = game.awaiting[0]
    return provoke(lambda: game.play(seat, game.legal_cards(seat)[0], round=3))


def case_misery_pending() -> RuleError:
    game = Game.new(3, seed=5)
    return provoke(lambda: game.play(0, game.hand(0)[0]))


def case_misery_revealed() -> RuleError:
    game = _picked()
    return provoke(lambda: game.choose_misery(0, game.hand(0)[0]))


def case_not_your_turn() -> RuleError:
    game = _picked()
    seat = _outsider(game)
    return provoke(lambda: game.play(seat, game.hand(seat)[0]))


def case_already_picked() -> RuleError:
    game = Game.new(3, seed=5)
    game.choose_misery(0, game.hand(0)[0])
    return provoke(lambda: game.choose_misery(0, game.hand(0)[1]))


def case_not_a_card() -> RuleError:
    game = _picked()
    return provoke(lambda: game.play(game.awaiting[0], "no card"))  # type: ignore[arg-type]


def case_misery_card() -> RuleError:
    game = _picked()
    seat = game.awaiting[0]
    return provoke(lambda: game.play(seat, _misery(game, seat)))


def case_not_in_hand() -> RuleError:
    game = _picked()
    seat = game.awaiting[0]
    return provoke(lambda: game.play(seat, _foreign(game, seat)))


PROVOKED: dict[str, Callable[[], RuleError]] = {
    "game_over": case_game_over,
    "no_seat": case_no_seat,
    "round_over": case_round_over,
    "round_not_started": case_round_not_started,
    "misery_pending": case_misery_pending,
    "misery_revealed": case_misery_revealed,
    "not_your_turn": case_not_your_turn,
    "already_picked": case_already_picked,
    "not_a_card": case_not_a_card,
    "misery_card": case_misery_card,
    "not_in_hand": case_not_in_hand,
}

GERMAN: dict[str, str] = {
    "game_over": "Das Spiel ist vorbei.",
    "no_seat": "Du spielst in dieser Partie nicht mit.",
    "round_over": "Diese Runde ist vorbei.",
    "round_not_started": "Runde 3 hat noch nicht begonnen.",
    "misery_pending": "Die Ärgerkarten werden noch gewählt; die Stiche beginnen, sobald alle gewählt haben.",
    "misery_revealed": "Die Ärgerkarten sind schon aufgedeckt; jetzt werden die Stiche gespielt.",
    "not_your_turn": "Du bist nicht am Zug.",
    "already_picked": "Du hast deine Ärgerkarte schon gewählt; die Wahl ist endgültig.",
    "not_a_card": "Das ist keine deiner Karten.",
    "misery_card": "{card} ist deine Ärgerkarte; sie wird nie gespielt.",
    "not_in_hand": "{card} hast du nicht auf der Hand.",
}


def test_every_code_is_provoked_here() -> None:
    assert set(PROVOKED) == set(CODES) == set(GERMAN)


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_refusal_has_its_code_and_its_own_text(code: str) -> None:
    error = PROVOKED[code]()
    assert error.code == code
    german = render(refusal_text(error), "de")
    card = ""
    if error.card is not None:
        colours = {
            "green": "grün",
            "brown": "braun",
            "red": "rot",
            "blue": "blau",
            "yellow": "gelb",
            "violet": "lila",
        }
        card = f"{colours[error.card.color.value]} {error.card.value}"
    assert german == GERMAN[code].format(card=card)
    english = render(refusal_text(error))
    assert english.endswith(".") and english != render(refusal_text(RuleError("x")))
    assert str(refusal_text(error)) == english
    assert str(error) == error.message, "the engine's own English sentence is unchanged"
    assert str(error) != english


def test_a_refusal_without_a_code_is_told_as_not_allowed_now() -> None:
    assert render(refusal_text(RuleError("something odd")), "de") == "Das geht gerade nicht."
