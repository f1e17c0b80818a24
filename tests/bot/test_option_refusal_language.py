"""A refused /start option, as the Discord layer answers it: in the reader's language."""

from __future__ import annotations

import pytest

from bot.messages.errors import friendly_message
from bot.tables.start_options import option_suggestions
from host.table.seats import TableError
from host.tables import Table
from tabletop import registry


def test_start_options_decks_99_is_refused_to_each_reader_in_their_language() -> None:
    """``/start options:decks=99`` at a Stupid table, as the Discord layer answers the player."""
    table = Table(5, 1, game="stupid", seed_source=lambda: 7, id_source=lambda: "abc")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    with pytest.raises(TableError) as refused:
        table.lobby.start(1, options={"decks": "99"})
    assert friendly_message(refused.value, "en") == (
        "Decks=99 is not allowed; use 'auto' or a whole number from 1 to 3."
    )
    assert friendly_message(refused.value, "de") == (
        "Decks=99 ist nicht erlaubt; erlaubt ist 'auto' oder eine ganze Zahl von 1 bis 3."
    )
    assert table.match is None


def test_start_suggests_the_allowed_values_in_the_readers_language() -> None:
    stickem = registry.game("stickem")
    german = dict((value, label) for label, value in option_suggestions(stickem, "min", "de"))
    english = dict((value, label) for label, value in option_suggestions(stickem, "min"))
    assert german["min_players=3"].endswith("; eine ganze Zahl von 3 bis 7)")
    assert english["min_players=3"].endswith("; a whole number from 3 to 7)")
