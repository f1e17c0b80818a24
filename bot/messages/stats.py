"""What /stats and /history show: pure functions from storage records to message specs (the
ratings' parts, and /leaderboard, are in :mod:`bot.messages.ratings`)."""

from __future__ import annotations

from typing import Final

import discord

from bot.tables.host_messages import MessageSpec
from host.catalog import text
from host.storage import HistoryEntry, PlayerStats
from tabletop import registry

HISTORY_GAMES: Final = 5
EMBED_COLOR: Final = 0x2E7D32


def _average(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def stats_message(stats: PlayerStats, name: str) -> MessageSpec:
    """A player's record on this server."""
    if stats.games_played == 0:
        return MessageSpec(text("stats.none_yet", name=name))
    embed = discord.Embed(title=text("stats.title", name=name), color=EMBED_COLOR)
    embed.add_field(name=text("stats.games_played"), value=str(stats.games_played))
    embed.add_field(name=text("stats.games_won"), value=str(stats.games_won))
    embed.add_field(name=text("stats.average"), value=_average(stats.average_round_score))
    best = stats.best_game
    if best is not None:
        total, date, channel = best.total, best.finished_at, best.channel_id
        if best.won:
            value = text("stats.best_won", total=total, date=date, channel=channel)
        else:
            value = text("stats.best_not_won", total=total, date=date, channel=channel)
        embed.add_field(name=text("stats.best_game"), value=value, inline=False)
    for label, total in game_stat_fields(stats):
        embed.add_field(name=label, value=str(total))
    return MessageSpec("", (embed,))


def game_stat_fields(stats: PlayerStats) -> list[tuple[str, int]]:
    """The player's totals of the games' own stats, each named by the label its game gives it
    (``GameSpec.stat_labels``), games in the registry's order, stats in the game's: a stat
    without a label, or of a game no longer offered, is kept in storage but not shown. When the
    player has stats of several games, each label says its game."""
    totals = {(total.game, total.stat): total.total for total in stats.game_stats}
    shown: list[tuple[str, str, int]] = []
    for name in registry.names():
        if not any(game == name for game, _ in totals):
            continue
        spec = registry.game(name)
        shown += [
            (spec.title, label, totals[name, stat])
            for stat, label in spec.stat_labels.items()
            if (name, stat) in totals
        ]
    several = len({title for title, _, _ in shown}) > 1
    return [
        (text("stats.game_stat", stat=label, game=title) if several else label, total)
        for title, label, total in shown
    ]


def history_message(entries: list[HistoryEntry]) -> MessageSpec:
    """The last finished games at a table, newest first, with their final standings."""
    if not entries:
        return MessageSpec(text("history.none_yet"))
    embed = discord.Embed(title=text("history.title"), color=EMBED_COLOR)
    for entry in entries:
        standings = "\n".join(
            text("history.standing_winner", place=s.place, name=s.display_name, total=s.total)
            if s.won
            else text("history.standing", place=s.place, name=s.display_name, total=s.total)
            for s in entry.standings
        )
        if entry.rounds == 1:
            name = text("history.game_of_one_round", finished=entry.finished_at, rounds=entry.rounds)
        else:
            name = text("history.game_of_rounds", finished=entry.finished_at, rounds=entry.rounds)
        embed.add_field(name=name, value=standings or "-", inline=False)
    return MessageSpec("", (embed,))
