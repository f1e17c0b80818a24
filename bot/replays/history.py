"""What /history shows: a page of a table's finished games, newest first, each with its id,
game, date, rounds and final standings (the winners marked), a Replay button for each, and
Previous / Next (pure: storage records in, a message of catalog texts out, filled in in the
reader's language when sent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.replays.ids import HistoryId, ReplayId
from host.catalog import Words, lazy
from host.storage import HistoryEntry, Standing
from host.table.seats import stored_seat_name
from host.text import joined
from tabletop import registry
from tabletop.catalog import Text
from tabletop.presentation import Button, Embed, EmbedField, Message

PAGE_GAMES: Final = 5
"""Games on one page of /history (one Replay button each: a row holds five)."""
EMBED_COLOR: Final = 0x2E7D32


def game_title(name: str) -> str | Text:
    """A stored game's title, or its stored name for a game this bot no longer offers."""
    try:
        return registry.game(name).title
    except registry.GameNotOffered:
        return name


def _standings(entry: HistoryEntry) -> Words:
    if not entry.standings:
        return "-"
    return joined(
        [
            lazy("history.standing_winner", place=s.place, name=_name(s), total=s.total)
            if s.won
            else lazy("history.standing", place=s.place, name=_name(s), total=s.total)
            for s in entry.standings
        ],
        "\n",
    )


def _name(standing: Standing) -> Words:
    """A seat's name in the history (a computer's level in its reader's words)."""
    computer = standing.user_id is None
    return stored_seat_name(standing.display_name, computer=computer, level=standing.level)


def history_message(entries: Sequence[HistoryEntry], offset: int = 0, limit: int = PAGE_GAMES) -> Message:
    """The page of a table's finished games from the ``offset``-th newest: ``entries`` as read
    with one more than ``limit`` (its presence means a next page)."""
    shown = list(entries[:limit])
    if not shown:
        return Message(lazy("history.page_empty") if offset else lazy("history.none_yet"))
    fields: list[EmbedField] = []
    for entry in shown:
        when = lazy("history.game_when", count=entry.rounds, finished=entry.finished_at, rounds=entry.rounds)
        name = lazy("history.game", id=entry.game_id, game=game_title(entry.game), when=when)
        fields.append(EmbedField(name, _standings(entry)))
    embed = Embed(lazy("history.title"), colour=EMBED_COLOR, fields=tuple(fields))
    replays = tuple(
        Button(lazy("history.replay", id=entry.game_id), ReplayId("open", entry.game_id, 0).encode())
        for entry in shown
    )
    previous = Button(
        lazy("history.previous"), HistoryId(max(0, offset - limit)).encode(), disabled=offset == 0
    )
    following = Button(
        lazy("history.next"), HistoryId(offset + limit).encode(), disabled=len(entries) <= limit
    )
    return Message("", (embed,), (replays, (previous, following)))
