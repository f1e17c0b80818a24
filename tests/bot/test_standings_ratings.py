"""The final standings show the rating changes the host handed up with them (the final
:class:`~host.tables.Reports` carries what the store step wrote with the game's end): the effect
player shows the values it is given and reads nothing back from storage while showing."""

from __future__ import annotations

from typing import Any

from bot.tables.effects import EffectPlayer
from host.storage import SeatRatingChange
from host.tables import Outcome, Reports, Table, TableState
from stickem import Phase
from tests.bot.stickem_moves import engine
from tests.bot.test_courier_hand_dm import FakeDiscord, courier
from tests.storage.test_journal import new_table

RATINGS = ((0, SeatRatingChange(1010, 10)), (1, SeatRatingChange(995, -5)), (2, SeatRatingChange(990, -5)))


def finished() -> Table:
    """A one-round game of three people played to its end, behind the table's back."""
    table = new_table()
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1, options={"rounds": 1})
    game = engine(table)
    while game.phase is not Phase.GAME_OVER:
        seat = game.awaiting[0]
        if game.phase is Phase.MISERY:
            game.choose_misery(seat, game.hand(seat)[0])
        else:
            game.play(seat, game.legal_cards(seat)[0])
    table.state = TableState.CLOSED
    return table


def embed_titles(sent: dict[str, Any]) -> list[str]:
    return [str(embed.title) for embed in sent.get("embeds", [])]


async def standings(ratings: tuple[tuple[int, SeatRatingChange], ...]) -> dict[str, Any]:
    """The final standings the effect player posts for a final report carrying ``ratings``."""
    client = FakeDiscord()
    table = finished()
    player = EffectPlayer(courier(client), lambda table: None)  # no journal: nothing to read
    await player.execute(table, Outcome("", (Reports(table.last_events(), final=True, ratings=ratings),)))
    return client.sent[-1]


async def test_the_final_standings_show_the_rating_changes_they_were_given() -> None:
    sent = await standings(RATINGS)
    assert embed_titles(sent)[-1] == "Ratings"
    lines = (sent["embeds"][-1].description or "").splitlines()
    assert len(lines) == 3 and any("1,010" in line and "+10" in line for line in lines), lines


async def test_a_game_that_did_not_count_shows_its_standings_without_ratings() -> None:
    sent = await standings(())
    assert "Ratings" not in embed_titles(sent)
    assert embed_titles(sent)  # the standings themselves
