"""What /stats, /leaderboard and /history show: pure functions from storage records to message specs.

The leaderboard's Previous / Next buttons carry the server and the page's offset in their custom id
(``stk:lb:<guild>:<offset>``), so a page sent before a restart still turns after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import discord

from bot.render import ButtonSpec, MessageSpec
from host.storage import HistoryEntry, LeaderboardPage, PlayerStats

PAGE_SIZE: Final = 10
HISTORY_GAMES: Final = 5
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


def stats_message(stats: PlayerStats, name: str) -> MessageSpec:
    """A player's record on this server."""
    if stats.games_played == 0:
        return MessageSpec(f"{name} has not finished a Stick'em game on this server yet.")
    embed = discord.Embed(title=f"Stick'em stats: {name}", color=EMBED_COLOR)
    embed.add_field(name="Games played", value=str(stats.games_played))
    embed.add_field(name="Games won", value=str(stats.games_won))
    embed.add_field(name="Average score per round", value=_average(stats.average_round_score))
    best = stats.best_game
    if best is not None:
        outcome = "won" if best.won else "not won"
        embed.add_field(
            name="Best game",
            value=f"{best.total} points ({outcome}), {best.finished_at:%Y-%m-%d} in <#{best.channel_id}>",
            inline=False,
        )
    embed.add_field(name="Misery cards swallowed", value=str(stats.misery_swallowed))
    return MessageSpec("", (embed,))


def leaderboard_message(page: LeaderboardPage, guild_id: int) -> MessageSpec:
    """One page of the server's leaderboard, with Previous / Next buttons."""
    if page.total_players == 0:
        return MessageSpec("Nobody has finished a Stick'em game on this server yet.")
    lines = [
        f"{entry.rank}. {entry.display_name} - {entry.games_won} won of {entry.games_played}"
        f" - {_average(entry.average_round_score)} per round"
        for entry in page.entries
    ]
    if not lines:
        lines = ["This page is empty: the leaderboard got shorter."]
    first = page.offset + 1
    last = page.offset + len(page.entries)
    embed = discord.Embed(
        title="Stick'em leaderboard", description="\n".join(lines), color=EMBED_COLOR
    )
    ranking = "ranked by wins, then average score"
    embed.set_footer(text=f"Players {first}-{last} of {page.total_players}; {ranking}")
    previous = ButtonSpec(
        LeaderboardId(guild_id, max(0, page.offset - page.limit)).encode(),
        "Previous",
        disabled=page.offset == 0,
    )
    following = ButtonSpec(
        LeaderboardId(guild_id, page.offset + page.limit).encode(), "Next", disabled=not page.has_next
    )
    return MessageSpec("", (embed,), ((previous, following),))


def history_message(entries: list[HistoryEntry]) -> MessageSpec:
    """The last finished games at a table, newest first, with their final standings."""
    if not entries:
        return MessageSpec("No Stick'em game has been finished at this table yet.")
    embed = discord.Embed(title="Stick'em: the last games at this table", color=EMBED_COLOR)
    for entry in entries:
        rounds = "round" if entry.rounds == 1 else "rounds"
        standings = "\n".join(
            f"{s.place}. {s.display_name}: {s.total}" + (" (winner)" if s.won else "")
            for s in entry.standings
        )
        embed.add_field(
            name=f"{entry.finished_at:%Y-%m-%d %H:%M} UTC - {entry.rounds} {rounds}",
            value=standings or "-",
            inline=False,
        )
    return MessageSpec("", (embed,))
