"""What /stats shows: pure functions from storage records to messages of catalog texts, filled in
in the reader's language when sent (:mod:`bot.tables.payload`; the ratings' parts, and
/leaderboard, are in :mod:`bot.messages.ratings`; /history is in :mod:`bot.replays.history`)."""

from __future__ import annotations

from typing import Final

from host.catalog import Words, lazy
from host.storage import PlayerStats
from tabletop import registry
from tabletop.presentation import Embed, EmbedField, Message

EMBED_COLOR: Final = 0x2E7D32


def _average(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def stats_message(stats: PlayerStats, name: str) -> Message:
    """A player's record on this server."""
    if stats.games_played == 0:
        return Message(lazy("stats.none_yet", name=name))
    average = _average(stats.average_round_score)
    fields = [
        EmbedField(lazy("stats.games_played"), str(stats.games_played), inline=True),
        EmbedField(lazy("stats.games_won"), str(stats.games_won), inline=True),
        EmbedField(lazy("stats.average"), average, inline=True),
    ]
    best = stats.best_game
    if best is not None:
        total, date, channel = best.total, best.finished_at, best.channel_id
        if best.won:
            value = lazy("stats.best_won", total=total, date=date, channel=channel)
        else:
            value = lazy("stats.best_not_won", total=total, date=date, channel=channel)
        fields.append(EmbedField(lazy("stats.best_game"), value))
    for label, total in game_stat_fields(stats):
        fields.append(EmbedField(label, str(total), inline=True))
    embed = Embed(lazy("stats.title", name=name), colour=EMBED_COLOR, fields=tuple(fields))
    return Message("", (embed,))


def game_stat_fields(stats: PlayerStats) -> list[tuple[Words, int]]:
    """The player's totals of the games' own stats, each named by the label its game gives it
    (``GameSpec.stat_labels``), games in the registry's order, stats in the game's: a stat
    without a label, or of a game no longer offered, is kept in storage but not shown. When the
    player has stats of several games, each label says its game."""
    totals = {(total.game, total.stat): total.total for total in stats.game_stats}
    shown: list[tuple[Words, Words, int]] = []
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
        (lazy("stats.game_stat", stat=label, game=title) if several else label, total)
        for title, label, total in shown
    ]
