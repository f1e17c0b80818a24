"""A person's action at a table, for the tests, taken the way the bot takes a click.

The bot judges a click (:meth:`~host.table.clicks.TableClicks.judge`: the gate, then what the
click means to the game's presentation) and applies the judgement
(:meth:`~host.table.clicks.TableClicks.apply_click`). A test names the game's action itself
(``m:red7``, ``S``, a computer player's choice), so :func:`act` puts the judgement together from
the same gate (:meth:`~host.table.play.TablePlay.admit`) with that action as the click's meaning,
and applies it through the very path a click takes: the outcome carries what the bot's does
(:class:`~host.table.effects.PromptAnswered`, the clicked prompt's answer, a decision going on in
place), and a refusal is the gate's or the game's, as for a click.
"""

from __future__ import annotations

from host.catalog import DEFAULT_LANGUAGE
from host.tables import Click, Judged, Outcome, Table


def act(
    table: Table, user_id: int, action: str, *, game_id: str, stage: str, language: str = DEFAULT_LANGUAGE
) -> Outcome:
    """``user_id`` takes ``action`` (the game's text) from their prompt made at ``stage`` of game
    ``game_id``, applied as the bot applies a click; an away player's click that is not theirs to
    act on only brings them back, as a click would."""
    admitted = table.play.admit(user_id, game_id, stage)
    click = Click(user_id, game_id, stage, action, language=language)
    judged = Judged(click, admitted, None if admitted.returns else action)
    return table.clicks.apply_click(judged)
