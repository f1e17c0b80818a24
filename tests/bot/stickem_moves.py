"""Stick'em moves through a table's game-agnostic API, for the tests of the host.

A seat's click is taken as an action text (``m:red7``, ``p:red7``) with the stage of the prompt
it was made from, the way the bot applies a click (:func:`tests.host.acting.act`); these helpers
write the texts and stages that the Stick'em prompts carry, and reach the engine's game behind
the table's match.
"""

from __future__ import annotations

from host.tables import Outcome, Table
from stickem import Card, Game, Phase
from stickem.hosting import StickemMatch, card_token
from tests.host.acting import act


def engine(table: Table) -> Game:
    """The Stick'em engine game behind the table's match."""
    match = table.match
    assert isinstance(match, StickemMatch), f"not a Stick'em match: {match!r}"
    return match.game


def misery_text(card: Card) -> str:
    """The action text of a misery pick."""
    return f"m:{card_token(card)}"


def play_text(card: Card) -> str:
    """The action text of a play."""
    return f"p:{card_token(card)}"


def action_text(game: Game, card: Card) -> str:
    """The action text of ``card`` in the game's current phase (a pick, or a play)."""
    return misery_text(card) if game.phase is Phase.MISERY else play_text(card)


def misery_stage(round_number: int) -> str:
    """The stage of a misery prompt of ``round_number``."""
    return f"{round_number}m"


def trick_stage(round_number: int, trick: int) -> str:
    """The stage of a hand shown at the start of ``trick`` (its presentation accepts a click
    on it for the whole trick)."""
    return f"{round_number}.{trick}.0"


def choose_misery(table: Table, user_id: int, card: Card, *, game_id: str, round: int) -> Outcome:
    """``user_id`` confirms ``card`` as their misery card, from the prompt of ``round``."""
    return act(table, user_id, misery_text(card), game_id=game_id, stage=misery_stage(round))


def play(table: Table, user_id: int, card: Card, *, game_id: str, round: int, trick: int) -> Outcome:
    """``user_id`` plays ``card`` from the hand shown for ``trick`` of ``round``."""
    return act(table, user_id, play_text(card), game_id=game_id, stage=trick_stage(round, trick))


def auto_move(table: Table, seat: int, card: Card, *, timed_out: bool = False) -> Outcome:
    """The computer picks or plays ``card`` for ``seat`` (as the phase of the game asks)."""
    return table.play.auto_move(seat, action_text(engine(table), card), timed_out=timed_out)
