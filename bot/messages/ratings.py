"""What the ratings look like on Discord: pure functions from stored ratings to messages of
catalog texts, filled in in the reader's language when sent (:mod:`bot.tables.payload`).

- ``/leaderboard [game]``: one game's players on the server, best conservative estimate first
  (the shown rating, :func:`host.ratings.display_rating`), with their games played; its Previous
  / Next buttons carry the server, the game and the page's offset in their custom id
  (``stk:lb:<guild>:<game>:<offset>``), so a page sent before a restart still turns after it (an
  id of the release before, without a game, shows the channel's game).
- ``/stats [player]``: a field per game with the player's rating and its change in their last
  game.
- The final standings: an embed "Ratings" beside the game's own standings, each player at their
  place with the rating after the game and its change ("+24", "-7"), for a game that counted.

A change is written with its sign by the catalog (``ratings.gain`` / ``ratings.loss`` /
``ratings.even``), so each language writes its own signs and digits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from host.catalog import DEFAULT_LANGUAGE, Text, Words, lazy, render
from host.ratings import Rating
from host.storage import RatingLine, RatingPage, SeatRatingChange
from host.table.seats import level_words
from host.text import joined
from tabletop import registry
from tabletop.presentation import Button, Embed, EmbedField, Message

PAGE_SIZE: Final = 10
LEADERBOARD_TEMPLATE: Final = r"stk:lb:(?P<guild>\d+):(?:(?P<game>[a-z][a-z0-9_]{0,31}):)?(?P<offset>\d+)"
EMBED_COLOR: Final = 0x2E7D32


@dataclass(frozen=True)
class LeaderboardId:
    """A page-turning button of a game's leaderboard on a server: the page from ``offset``
    (``game`` None: an id sent by the release before, which had one leaderboard per server)."""

    guild_id: int
    game: str | None
    offset: int

    def encode(self) -> str:
        """The custom id string."""
        if self.game is None:
            return f"stk:lb:{self.guild_id}:{self.offset}"
        return f"stk:lb:{self.guild_id}:{self.game}:{self.offset}"

    @classmethod
    def parse(cls, custom_id: str) -> LeaderboardId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        match = re.fullmatch(LEADERBOARD_TEMPLATE, custom_id)
        if match is None:
            raise ValueError(f"not a leaderboard id: {custom_id!r}")
        return cls(int(match["guild"]), match["game"], int(match["offset"]))


def change_words(change: int) -> Text:
    """A rating change with its sign, written by the catalog in the reader's language: "+24",
    "-7", "±0" ("+1,234" in English, "+1.234" in German)."""
    if change > 0:
        return lazy("ratings.gain", points=change)
    if change < 0:
        return lazy("ratings.loss", points=-change)
    return lazy("ratings.even")


def signed(change: int, language: str = DEFAULT_LANGUAGE) -> str:
    """:func:`change_words` in ``language``."""
    return render(change_words(change), language)


def _name(line: RatingLine) -> Words:
    if line.who.level is not None:
        return lazy("leaderboard.computer", level=level_words(line.who.level))
    return line.display_name or str(line.who.user_id)


def leaderboard_message(page: RatingPage, guild_id: int) -> Message:
    """One page of a game's rating leaderboard on the server, with Previous / Next buttons."""
    title = registry.game(page.game).title
    if page.total_players == 0:
        return Message(lazy("leaderboard.nobody_yet", game=title))
    lines: list[Words] = [
        lazy(
            "leaderboard.line",
            rank=line.rank,
            name=_name(line),
            rating=line.rating.shown,
            count=line.rating.games,
        )
        for line in page.entries
    ]
    if not lines:
        lines = [lazy("leaderboard.page_empty")]
    first = page.offset + 1
    last = page.offset + len(page.entries)
    footer = lazy("leaderboard.footer", first=first, last=last, total=page.total_players)
    embed = Embed(
        title=lazy("leaderboard.title", game=title),
        description=joined(lines, "\n"),
        colour=EMBED_COLOR,
        footer=footer,
    )
    previous = Button(
        lazy("leaderboard.previous"),
        LeaderboardId(guild_id, page.game, max(0, page.offset - page.limit)).encode(),
        disabled=page.offset == 0,
    )
    following = Button(
        lazy("leaderboard.next"),
        LeaderboardId(guild_id, page.game, page.offset + page.limit).encode(),
        disabled=not page.has_next,
    )
    return Message("", (embed,), ((previous, following),))


def with_ratings(spec: Message, ratings: Mapping[str, Rating]) -> Message:
    """A player's /stats with a field per game they were rated in (games in the registry's
    order; a game no longer offered is not shown): the rating and its change in their last game."""
    if not spec.embeds or not ratings:
        return spec
    fields: list[EmbedField] = []
    for name in registry.names():
        rating = ratings.get(name)
        if rating is None:
            continue
        value: Words
        if rating.last_change is None:
            value = str(rating.shown)
        else:
            value = lazy("stats.rating_value", rating=rating.shown, change=change_words(rating.last_change))
        title = registry.game(name).title
        fields.append(EmbedField(lazy("stats.rating", game=title), value, inline=True))
    embed = spec.embeds[0]
    return replace(spec, embeds=(replace(embed, fields=(*embed.fields, *fields)), *spec.embeds[1:]))


def with_rating_changes(
    spec: Message,
    names: Sequence[Words],
    totals: Sequence[int],
    winners: Sequence[int],
    changes: Mapping[int, SeatRatingChange],
) -> Message:
    """The final standings with an embed of each seat's rating after the game and its change,
    at the seat's place (winners first, then by total, equal standing sharing a place: the
    order the ratings were updated in); the standings as they are if the game did not count.
    ``names``: the seats' names, each shown in the reader's language."""
    if not changes:
        return spec
    keys = {seat: (seat not in winners, -totals[seat]) for seat in changes}
    lines: list[Words] = [
        lazy(
            "ratings.standing",
            place=1 + sum(other < key for other in keys.values()),
            name=names[seat],
            rating=changes[seat].rating,
            change=change_words(changes[seat].change),
        )
        for seat, key in sorted(keys.items(), key=lambda item: (item[1], item[0]))
    ]
    embed = Embed(title=lazy("ratings.title"), description=joined(lines, "\n"), colour=EMBED_COLOR)
    return replace(spec, embeds=(*spec.embeds, embed))
