"""What the ratings look like on Discord: pure functions from stored ratings to message specs.

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

from bot.tables.level_choices import level_word
from host.catalog import DEFAULT_LANGUAGE, text
from host.ratings import Rating
from host.storage import RatingLine, RatingPage, SeatRatingChange
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


def signed(change: int, language: str = DEFAULT_LANGUAGE) -> str:
    """A rating change with its sign, as the catalog of ``language`` writes it: "+24", "-7",
    "±0" ("+1,234" in English, "+1.234" in German)."""
    if change > 0:
        return text("ratings.gain", language=language, points=change)
    if change < 0:
        return text("ratings.loss", language=language, points=-change)
    return text("ratings.even", language=language)


def _name(line: RatingLine, language: str) -> str:
    if line.who.level is not None:
        return text("leaderboard.computer", language=language, level=level_word(line.who.level, language))
    return line.display_name or str(line.who.user_id)


def leaderboard_message(page: RatingPage, guild_id: int, language: str = DEFAULT_LANGUAGE) -> Message:
    """One page of a game's rating leaderboard on the server, with Previous / Next buttons, in
    ``language`` (its reader's)."""
    title = registry.game(page.game).title
    if page.total_players == 0:
        return Message(text("leaderboard.nobody_yet", language=language, game=title))
    lines = [
        text(
            "leaderboard.line",
            language=language,
            rank=line.rank,
            name=_name(line, language),
            rating=line.rating.shown,
            count=line.rating.games,
        )
        for line in page.entries
    ]
    if not lines:
        lines = [text("leaderboard.page_empty", language=language)]
    first = page.offset + 1
    last = page.offset + len(page.entries)
    footer = text("leaderboard.footer", language=language, first=first, last=last, total=page.total_players)
    embed = Embed(
        title=text("leaderboard.title", language=language, game=title),
        description="\n".join(lines),
        colour=EMBED_COLOR,
        footer=footer,
    )
    previous = Button(
        text("leaderboard.previous", language=language),
        LeaderboardId(guild_id, page.game, max(0, page.offset - page.limit)).encode(),
        disabled=page.offset == 0,
    )
    following = Button(
        text("leaderboard.next", language=language),
        LeaderboardId(guild_id, page.game, page.offset + page.limit).encode(),
        disabled=not page.has_next,
    )
    return Message("", (embed,), ((previous, following),))


def with_ratings(
    spec: Message, ratings: Mapping[str, Rating], language: str = DEFAULT_LANGUAGE
) -> Message:
    """A player's /stats with a field per game they were rated in (games in the registry's
    order; a game no longer offered is not shown): the rating and its change in their last game,
    in ``language`` (the reader's)."""
    if not spec.embeds or not ratings:
        return spec
    fields: list[EmbedField] = []
    for name in registry.names():
        rating = ratings.get(name)
        if rating is None:
            continue
        if rating.last_change is None:
            value = str(rating.shown)
        else:
            change = signed(rating.last_change, language)
            value = text("stats.rating_value", language=language, rating=rating.shown, change=change)
        title = registry.game(name).title
        fields.append(EmbedField(text("stats.rating", language=language, game=title), value, inline=True))
    embed = spec.embeds[0]
    return replace(spec, embeds=(replace(embed, fields=(*embed.fields, *fields)), *spec.embeds[1:]))


def with_rating_changes(
    spec: Message,
    names: Sequence[str],
    totals: Sequence[int],
    winners: Sequence[int],
    changes: Mapping[int, SeatRatingChange],
    language: str = DEFAULT_LANGUAGE,
) -> Message:
    """The final standings with an embed of each seat's rating after the game and its change,
    at the seat's place (winners first, then by total, equal standing sharing a place: the
    order the ratings were updated in), in ``language`` (the channel's); the standings as they
    are if the game did not count."""
    if not changes:
        return spec
    keys = {seat: (seat not in winners, -totals[seat]) for seat in changes}
    lines = [
        text(
            "ratings.standing",
            language=language,
            place=1 + sum(other < key for other in keys.values()),
            name=names[seat],
            rating=changes[seat].rating,
            change=signed(changes[seat].change, language),
        )
        for seat, key in sorted(keys.items(), key=lambda item: (item[1], item[0]))
    ]
    title = text("ratings.title", language=language)
    embed = Embed(title=title, description="\n".join(lines), colour=EMBED_COLOR)
    return replace(spec, embeds=(*spec.embeds, embed))
