"""What /stats and /leaderboard show: pure functions from storage records to message specs.

The leaderboard's Previous / Next buttons carry the server and the page's offset in their custom id
(``stk:lb:<guild>:<offset>``), so a page sent before a restart still turns after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import discord

from bot.tables.host_messages import ButtonSpec, MessageSpec
from host.catalog import DEFAULT_LANGUAGE, render, text
from host.storage import LeaderboardPage, PlayerStats
from tabletop import registry
from tabletop.catalog import Text

PAGE_SIZE: Final = 10
LEADERBOARD_TEMPLATE: Final = r"stk:lb:(?P<guild>\d+):(?P<offset>\d+)"
EMBED_COLOR: Final = 0x2E7D32


@dataclass(frozen=True)
class LeaderboardId:
    """A page-turning button of a server's leaderboard: show the page starting at ``offset``."""

    guild_id: int
    offset: int

    def encode(self) -> str:
        """The custom id string."""
        return f"stk:lb:{self.guild_id}:{self.offset}"

    @classmethod
    def parse(cls, custom_id: str) -> LeaderboardId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        match = re.fullmatch(LEADERBOARD_TEMPLATE, custom_id)
        if match is None:
            raise ValueError(f"not a leaderboard id: {custom_id!r}")
        return cls(int(match["guild"]), int(match["offset"]))


def _average(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def stats_message(stats: PlayerStats, name: str, language: str = DEFAULT_LANGUAGE) -> MessageSpec:
    """A player's record on this server."""
    if stats.games_played == 0:
        return MessageSpec(text("stats.none_yet", language=language, name=name))
    embed = discord.Embed(title=text("stats.title", language=language, name=name), color=EMBED_COLOR)
    embed.add_field(name=text("stats.games_played", language=language), value=str(stats.games_played))
    embed.add_field(name=text("stats.games_won", language=language), value=str(stats.games_won))
    embed.add_field(name=text("stats.average", language=language), value=_average(stats.average_round_score))
    best = stats.best_game
    if best is not None:
        total, date, channel = best.total, best.finished_at, best.channel_id
        if best.won:
            value = text("stats.best_won", language=language, total=total, date=date, channel=channel)
        else:
            value = text("stats.best_not_won", language=language, total=total, date=date, channel=channel)
        embed.add_field(name=text("stats.best_game", language=language), value=value, inline=False)
    for label, total in game_stat_fields(stats, language):
        embed.add_field(name=label, value=str(total))
    return MessageSpec("", (embed,))


def game_stat_fields(stats: PlayerStats, language: str = DEFAULT_LANGUAGE) -> list[tuple[str, int]]:
    """The player's totals of the games' own stats, each named by the label its game gives it
    (``GameSpec.stat_labels``), games in the registry's order, stats in the game's: a stat
    without a label, or of a game no longer offered, is kept in storage but not shown. When the
    player has stats of several games, each label says its game."""
    totals = {(total.game, total.stat): total.total for total in stats.game_stats}
    shown: list[tuple[str | Text, str, int]] = []
    for name in registry.names():
        if not any(game == name for game, _ in totals):
            continue
        spec = registry.game(name)
        shown += [
            (spec.title, render(label, language), totals[name, stat])
            for stat, label in spec.stat_labels.items()
            if (name, stat) in totals
        ]
    several = len({title for title, _, _ in shown}) > 1
    return [
        (text("stats.game_stat", language=language, stat=label, game=title) if several else label, total)
        for title, label, total in shown
    ]


def leaderboard_message(
    page: LeaderboardPage, guild_id: int, language: str = DEFAULT_LANGUAGE
) -> MessageSpec:
    """One page of the server's leaderboard, with Previous / Next buttons."""
    if page.total_players == 0:
        return MessageSpec(text("leaderboard.nobody_yet", language=language))
    lines = [
        text(
            "leaderboard.line",
            language=language,
            rank=entry.rank,
            name=entry.display_name,
            won=entry.games_won,
            played=entry.games_played,
            average=_average(entry.average_round_score),
        )
        for entry in page.entries
    ]
    if not lines:
        lines = [text("leaderboard.page_empty", language=language)]
    first = page.offset + 1
    last = page.offset + len(page.entries)
    embed = discord.Embed(
        title=text("leaderboard.title", language=language), description="\n".join(lines), color=EMBED_COLOR
    )
    embed.set_footer(
        text=text("leaderboard.footer", language=language, first=first, last=last, total=page.total_players)
    )
    previous = ButtonSpec(
        LeaderboardId(guild_id, max(0, page.offset - page.limit)).encode(),
        text("leaderboard.previous", language=language),
        disabled=page.offset == 0,
    )
    following = ButtonSpec(
        LeaderboardId(guild_id, page.offset + page.limit).encode(),
        text("leaderboard.next", language=language),
        disabled=not page.has_next,
    )
    return MessageSpec("", (embed,), ((previous, following),))
