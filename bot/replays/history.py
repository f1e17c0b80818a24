"""What /history shows: a page of a table's finished games, newest first, each with its id,
game, date, rounds and final standings (the winners marked), a Replay button for each, and
Previous / Next (pure: storage records in, a message out).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.replays.ids import HistoryId, ReplayId
from host.catalog import DEFAULT_LANGUAGE, render, text
from host.storage import HistoryEntry, Standing
from host.table.seats import stored_seat_name
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


def _standings(entry: HistoryEntry, language: str) -> str:
    return "\n".join(
        text(
            "history.standing_winner",
            language=language,
            place=s.place,
            name=_name(s, language),
            total=s.total,
        )
        if s.won
        else text(
            "history.standing", language=language, place=s.place, name=_name(s, language), total=s.total
        )
        for s in entry.standings
    )


def _name(standing: Standing, language: str) -> str:
    """A seat's name in the history, in ``language`` (a computer's level in its words)."""
    computer = standing.user_id is None
    return render(stored_seat_name(standing.display_name, computer=computer, level=standing.level), language)


def history_message(
    entries: Sequence[HistoryEntry],
    offset: int = 0,
    limit: int = PAGE_GAMES,
    language: str = DEFAULT_LANGUAGE,
) -> Message:
    """The page of a table's finished games from the ``offset``-th newest, in ``language`` (its
    reader's): ``entries`` as read with one more than ``limit`` (its presence means a next page)."""
    shown = list(entries[:limit])
    if not shown:
        return Message(
            text("history.page_empty", language=language)
            if offset
            else text("history.none_yet", language=language)
        )
    fields: list[EmbedField] = []
    for entry in shown:
        when = text(
            "history.game_when",
            language=language,
            count=entry.rounds,
            finished=entry.finished_at,
            rounds=entry.rounds,
        )
        name = text(
            "history.game", language=language, id=entry.game_id, game=game_title(entry.game), when=when
        )
        fields.append(EmbedField(name, _standings(entry, language) or "-"))
    embed = Embed(text("history.title", language=language), colour=EMBED_COLOR, fields=tuple(fields))
    replays = tuple(
        Button(
            text("history.replay", language=language, id=entry.game_id),
            ReplayId("open", entry.game_id, 0).encode(),
        )
        for entry in shown
    )
    previous = Button(
        text("history.previous", language=language),
        HistoryId(max(0, offset - limit)).encode(),
        disabled=offset == 0,
    )
    following = Button(
        text("history.next", language=language),
        HistoryId(offset + limit).encode(),
        disabled=len(entries) <= limit,
    )
    return Message("", (embed,), (replays, (previous, following)))
