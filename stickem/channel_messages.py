"""Stick'em's public messages: the table message, a round's end, its scores, the final standings.

They are built from the public view or from public events only, so they cannot leak a hand or an
unrevealed misery pick. The texts are those the bot has always shown (``bot/render.py``), as
plain message specs (:mod:`tabletop.presentation`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from stickem.card_text import card_text, cards_text, plays_lines
from stickem.events import GameOver, RoundScored, TrickSetAside, TrickWon
from stickem.game import TRICKS_PER_ROUND, Phase
from stickem.rules import Rules
from stickem.views import View
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


def rules_line(rules: Rules, players: int | None = None) -> str:
    """The rules of a game in one line: ``**classic** (3-7 players, 5 rounds, ...)``."""
    if rules.rounds is not None:
        rounds = f"{rules.rounds} rounds"
    elif players is not None:
        rounds = f"{rules.rounds_for(players)} rounds (one per player)"
    else:
        rounds = "one round per player"
    zero = "first card wins" if rules.all_zero == "first" else "nobody wins"
    lead = "lowest total leads" if rules.first_lead == "lowest_score" else "lead rotates"
    return (
        f"**{rules.preset}** ({rules.min_players}-{rules.max_players} players, {rounds}, "
        f"all-zero trick: {zero}, {lead})"
    )


def table_message(
    view: View, names: Sequence[str], *, notes: Sequence[str] = (), stopped: bool = False
) -> Message:
    """The channel's table message for the public ``view`` of a running game (or of a game that
    was ``stopped``: then nobody is waited for); ``notes``: the host's lines (the turn timer),
    shown under the state of the round."""
    lines = [
        f"**Stick'em** - round {view.round} of {view.rounds} - rules: {view.rules.preset}"
        + (" - **stopped**" if stopped else ""),
    ]
    if view.phase is Phase.MISERY:
        lines.append("Everyone is choosing a misery card (by direct message, or with /hand here).")
        waiting = [names[seat] for seat, picked in enumerate(view.picked) if not picked]
        if not stopped:
            lines.append("Waiting for: " + (", ".join(waiting) or "nobody"))
    elif view.phase is Phase.TRICKS:
        lead = view.lead_color.value if view.lead_color is not None else "not played yet"
        lines.append(f"Trick {view.trick_number} of {TRICKS_PER_ROUND} - lead color: {lead}")
        lines += plays_lines("Played", view.trick, names)
        if view.awaiting and not stopped:
            lines.append(f"Turn: **{names[view.awaiting[0]]}**")
    lines += notes
    lines.append("")
    lines.append("Players:")
    for seat, name in enumerate(names):
        misery = view.misery_cards[seat]
        if misery is not None:
            status = f"misery {card_text(misery)}"
        elif view.phase is Phase.MISERY:
            status = "has picked" if view.picked[seat] else "choosing"
        else:
            status = "misery hidden"
        lines.append(
            f"{seat + 1}. {name} - {status} - captured {view.captured_counts[seat]}"
            f" - total {view.totals[seat]}"
        )
    if view.undealt and view.phase is not Phase.MISERY:
        lines.append(f"Undealt (out of play): {cards_text(view.undealt)}")
    if view.tricks and view.phase is Phase.TRICKS:  # this round's last trick only
        trick = view.tricks[-1]
        taker = names[trick.winner] if trick.winner is not None else "nobody (set aside)"
        lines.append("")
        lines += plays_lines(f"Last trick ({trick.number})", trick.plays, names, f" - taken by {taker}")
    return Message(clip("\n".join(lines)))


def round_over_message(
    names: Sequence[str], round_number: int, last_trick: TrickWon | TrickSetAside | None, scored: RoundScored
) -> Message:
    """The table message once its round is over: the misery cards and the last trick."""
    lines = [f"**Stick'em** - round {round_number} is over."]
    for seat, name in enumerate(names):
        lines.append(
            f"{seat + 1}. {name} - misery {card_text(scored.misery_cards[seat])}"
            f" - captured {scored.captured_counts[seat]}"
        )
    if last_trick is not None:
        taker = names[last_trick.winner] if isinstance(last_trick, TrickWon) else "nobody (set aside)"
        lines += plays_lines(
            f"Last trick ({last_trick.trick})", last_trick.plays, names, f" - taken by {taker}"
        )
    return Message(clip("\n".join(lines)))


def round_scored_embed(names: Sequence[str], scored: RoundScored, rounds: int) -> Embed:
    """The end of a round: per player two short lines (misery card, round score and total; cards
    captured and the captured misery cards), compact enough for a phone."""
    lines = []
    for seat, name in enumerate(names):
        lines.append(
            f"**{name}** - misery {card_text(scored.misery_cards[seat])} - "
            f"round {scored.scores[seat]:+d} - total {scored.totals[seat]}"
        )
        lines.append(
            f"\N{NO-BREAK SPACE}\N{NO-BREAK SPACE}captured {scored.captured_counts[seat]} cards; "
            f"misery cards: {cards_text(scored.captured_misery[seat])}"
        )
    return Embed(
        title=f"Round {scored.round} of {rounds} scored", description="\n".join(lines), colour=BLURPLE
    )



def game_over_message(names: Sequence[str], over: GameOver) -> Message:
    """The end of the game: the winners, and the final standings in an embed."""
    winners = " and ".join(names[seat] for seat in over.winners)
    verb = "wins" if len(over.winners) == 1 else "share the win"
    embed = Embed(
        title="Final standings", description="\n".join(standings_lines(names, over.totals)), colour=GOLD
    )
    return Message(f"**Game over!** {winners} {verb}.", (embed,))
