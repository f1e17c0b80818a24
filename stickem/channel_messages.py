"""Stick'em's public messages: the table message, a round's end, its scores, the final standings.

They are built from the public view or from public events only, so they cannot leak a hand or an
unrevealed misery pick. The texts are those the bot has always shown (``bot/render.py``), as
plain message specs (:mod:`tabletop.presentation`) whose words are the catalog's
(:mod:`stickem.texts`), shown in the reader's language; the Discord layer clips a text to
Discord's limits once it is rendered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from stickem.card_text import card_text, cards_text, colour_name, plays_lines
from stickem.events import GameOver, RoundScored, TrickSetAside, TrickWon
from stickem.game import TRICKS_PER_ROUND, Phase
from stickem.rules import Rules
from stickem.texts import and_list, clipped, comma_list, lines, t
from stickem.views import View
from tabletop.catalog import Text
from tabletop.presentation import Embed, Message, standings_lines

__all__ = [
    "BLURPLE",
    "GOLD",
    "MAX_CONTENT",
    "clip",
    "game_over_message",
    "round_over_message",
    "round_scored_embed",
    "rules_line",
    "rules_summary",
    "standings_lines",
    "table_message",
]

MAX_CONTENT: Final = 2000
"""The longest message text Discord takes."""
BLURPLE: Final = 0x5865F2
"""The colour of a round's scores."""
GOLD: Final = 0xF1C40F
"""The colour of the final standings."""


def clip(text: str) -> str:
    """``text`` cut to :data:`MAX_CONTENT` characters, an ellipsis marking a cut."""
    if len(text) <= MAX_CONTENT:
        return text
    return text[: MAX_CONTENT - 1] + "\N{HORIZONTAL ELLIPSIS}"


def rules_line(rules: Rules, players: int | None = None) -> Text:
    """The rules of a game in one line: ``**classic** (3-7 players, 5 rounds, ...)``."""
    if rules.rounds is not None:
        rounds = t("rules_line.rounds", count=rules.rounds)
    elif players is not None:
        rounds = t("rules_line.rounds_per_player", count=rules.rounds_for(players))
    else:
        rounds = t("rules_line.one_round_per_player")
    zero = t("rules_line.zero_first") if rules.all_zero == "first" else t("rules_line.zero_nobody")
    lead = (
        t("rules_line.lowest_leads") if rules.first_lead == "lowest_score" else t("rules_line.lead_rotates")
    )
    return t(
        "rules_line.line",
        preset=rules.preset,
        low=rules.min_players,
        high=rules.max_players,
        rounds=rounds,
        zero=zero,
        lead=lead,
    )


def rules_summary(rules: Rules) -> Text:
    """The options of ``rules`` in words for players, without the preset's name (the engine's
    :meth:`stickem.Rules.summary`, in the reader's language)."""
    if rules.rounds is None:
        rounds = t("summary.one_round_per_player")
    else:
        rounds = t("summary.rounds", count=rules.rounds)
    zero = t("summary.zero_first") if rules.all_zero == "first" else t("summary.zero_aside")
    lead = t("summary.lowest_leads") if rules.first_lead == "lowest_score" else t("summary.lead_rotates")
    return t("summary.line", rounds=rounds, zero=zero, lead=lead)


def _taker(names: Sequence[str], winner: int | None) -> str | Text:
    """Who took a trick: a name, or nobody (a trick of zeros set aside)."""
    return t("trick.nobody_set_aside") if winner is None else names[winner]


def _seat_status(view: View, seat: int) -> Text:
    """Where a seat stands with its misery card in the table message."""
    misery = view.misery_cards[seat]
    if misery is not None:
        return t("table.status_misery", card=card_text(misery))
    if view.phase is Phase.MISERY:
        return t("table.status_picked") if view.picked[seat] else t("table.status_choosing")
    return t("table.status_hidden")


def table_message(
    view: View, names: Sequence[str], *, notes: Sequence[str | Text] = (), stopped: bool = False
) -> Message:
    """The channel's table message for the public ``view`` of a running game (or of a game that
    was ``stopped``: then nobody is waited for); ``notes``: the host's lines (the turn timer),
    shown under the state of the round."""
    round_number, rounds, preset = view.round, view.rounds, view.rules.preset
    if stopped:
        title = t("table.title_stopped", round=round_number, rounds=rounds, preset=preset)
    else:
        title = t("table.title", round=round_number, rounds=rounds, preset=preset)
    parts: list[str | Text] = [title]
    if view.phase is Phase.MISERY:
        parts.append(t("table.everyone_choosing"))
        waiting = [names[seat] for seat, picked in enumerate(view.picked) if not picked]
        if not stopped:
            parts.append(t("table.waiting_for", players=comma_list(waiting, t("table.nobody"))))
    elif view.phase is Phase.TRICKS:
        lead = colour_name(view.lead_color) if view.lead_color is not None else t("table.lead_not_yet")
        parts.append(t("table.trick", trick=view.trick_number, tricks=TRICKS_PER_ROUND, lead=lead))
        parts += plays_lines(t("trick.played"), view.trick, names)
        if view.awaiting and not stopped:
            parts.append(t("table.turn", name=names[view.awaiting[0]]))
    parts += notes
    parts.append("")
    parts.append(t("table.players"))
    for seat, name in enumerate(names):
        parts.append(
            t(
                "table.seat",
                number=seat + 1,
                name=name,
                status=_seat_status(view, seat),
                captured=view.captured_counts[seat],
                total=view.totals[seat],
            )
        )
    if view.undealt and view.phase is not Phase.MISERY:
        parts.append(t("table.undealt", cards=cards_text(view.undealt)))
    if view.tricks and view.phase is Phase.TRICKS:  # this round's last trick only
        trick = view.tricks[-1]
        parts.append("")
        parts += plays_lines(
            t("trick.last", number=trick.number),
            trick.plays,
            names,
            t("trick.taken_by", taker=_taker(names, trick.winner)),
        )
    return Message(clipped(lines(parts), MAX_CONTENT))


def round_over_message(
    names: Sequence[str], round_number: int, last_trick: TrickWon | TrickSetAside | None, scored: RoundScored
) -> Message:
    """The table message once its round is over: the misery cards and the last trick."""
    parts: list[str | Text] = [t("round_over.title", round=round_number)]
    for seat, name in enumerate(names):
        parts.append(
            t(
                "round_over.seat",
                number=seat + 1,
                name=name,
                card=card_text(scored.misery_cards[seat]),
                captured=scored.captured_counts[seat],
            )
        )
    if last_trick is not None:
        winner = last_trick.winner if isinstance(last_trick, TrickWon) else None
        parts += plays_lines(
            t("trick.last", number=last_trick.trick),
            last_trick.plays,
            names,
            t("trick.taken_by", taker=_taker(names, winner)),
        )
    return Message(clipped(lines(parts), MAX_CONTENT))


def round_scored_embed(names: Sequence[str], scored: RoundScored, rounds: int) -> Embed:
    """The end of a round: per player two short lines (misery card, round score and total; cards
    captured and the captured misery cards), compact enough for a phone."""
    parts: list[str | Text] = []
    for seat, name in enumerate(names):
        parts.append(
            t(
                "round_scored.seat",
                name=name,
                card=card_text(scored.misery_cards[seat]),
                score=scored.scores[seat],
                total=scored.totals[seat],
            )
        )
        parts.append(
            t(
                "round_scored.captured",
                count=scored.captured_counts[seat],
                cards=cards_text(scored.captured_misery[seat]),
            )
        )
    return Embed(
        title=t("round_scored.title", round=scored.round, rounds=rounds),
        description=lines(parts),
        colour=BLURPLE,
    )


def game_over_message(names: Sequence[str], over: GameOver) -> Message:
    """The end of the game: the winners, and the final standings in an embed."""
    winners = and_list([names[seat] for seat in over.winners])
    embed = Embed(
        title=t("game_over.standings"),
        description="\n".join(standings_lines(names, over.totals)),
        colour=GOLD,
    )
    if len(over.winners) == 1:
        return Message(t("game_over.one_winner", winners=winners), (embed,))
    return Message(t("game_over.shared_win", winners=winners), (embed,))
