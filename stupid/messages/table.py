"""The public table message: the round, the trump card, the bidding or the trick, per player
the bid, the tricks taken and the total, the last trick; and its last form when a round closes.

Built from the public view only (``game.view(None)``) or from public events, so it cannot show
a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from stupid.events import RoundScored, TrickWon
from stupid.game import Phase
from stupid.texts import t
from stupid.tricks import trick_winner
from stupid.views import View
from tabletop.catalog import Text
from tabletop.presentation import Message

from .words import Words, card_text, fitted, plays_lines, suit_text, tricks_word

__all__ = [
    "bids_sum",
    "cards_each",
    "names_text",
    "round_closed_message",
    "table_message",
    "taking_line",
    "winners_text",
]


def cards_each(count: int) -> Text:
    """``1 card each``, ``7 cards each``."""
    return t("count.cards_each", count=count)


def bids_sum(view: View) -> int:
    """The bids made so far this round, added up."""
    return sum(bid for bid in view.bids if bid is not None)


def taking_line(view: View, names: Sequence[str]) -> list[Words]:
    """Who takes the trick being played if nothing better comes: ``Taking it so far: Bob (K♣)``
    (no line before its first card)."""
    if not view.trick:
        return []
    seat, card = view.trick[trick_winner([card for _, card in view.trick], view.trump)]
    return [t("trick.taking", name=names[seat], card=card_text(card))]


def names_text(names: Sequence[str]) -> Words:
    """``Alice``, ``Alice and Bob``, ``Alice, Bob and Carol``."""
    if len(names) == 1:
        return names[0]
    return t("list.and", first=", ".join(names[:-1]), last=names[-1])


def winners_text(names: Sequence[str], winners: Sequence[int]) -> Text:
    """``Alice wins`` or ``Alice and Bob share the win``."""
    if len(winners) == 1:
        return t("winner.one", name=names[winners[0]])
    return t("winner.shared", names=names_text([names[seat] for seat in winners]))


def table_message(view: View, names: Sequence[str], *, notes: Sequence[str | Text], stopped: bool) -> Message:
    """The channel's table message for the public ``view``; ``notes`` (the host's timer line)
    go before the players; ``stopped``: the game was ended early, nobody is waited for."""
    return Message(fitted(lambda level: _table_lines(view, names, notes, stopped, level), 3))


def _table_lines(
    view: View, names: Sequence[str], notes: Sequence[str | Text], stopped: bool, level: int
) -> list[Words]:
    """The table message's lines; from ``level`` 1 the last trick is written compactly, from 2
    the trick being played too (for 14 long names)."""
    over = view.phase is Phase.GAME_OVER
    state: Words = t("table.stopped") if stopped else t("table.over") if over else ""
    lines: list[Words] = [
        t(
            "table.header",
            round=view.round,
            rounds=view.rounds,
            cards=cards_each(view.hand_size),
            dealer=names[view.dealer],
            state=state,
        ),
        t("table.trump", card=card_text(view.trump), suit=suit_text(view.trump_suit)),
    ]
    waiting = bool(view.awaiting) and not stopped
    total = bids_sum(view)
    if view.phase is Phase.BIDDING:
        made = sum(bid is not None for bid in view.bids)
        lines.append(
            t(
                "table.bidding",
                made=made,
                players=view.players,
                total=total,
                tricks=tricks_word(view.hand_size),
            )
        )
        if waiting:
            lines.append(t("table.to_bid", name=names[view.awaiting[0]]))
    elif view.phase is Phase.TRICKS:
        lines.append(trick_heading(view))
        lines += plays_lines(t("trick.played"), view.trick, names, compact=level >= 2)
        lines += taking_line(view, names)
        lines.append(t("table.bids_add_up", total=total, tricks=tricks_word(view.hand_size)))
        if waiting:
            lines.append(t("table.turn", name=names[view.awaiting[0]]))
    else:
        lines.append(t("table.game_over", winners=winners_text(names, view.winners)))
    lines += notes
    lines += ["", t("table.players")]
    lines += [_player_line(view, names, seat) for seat in range(view.players)]
    last = view.last_trick
    if last is not None and view.phase is not Phase.BIDDING:
        heading = t("trick.last_taken", number=last.number, name=names[last.winner])
        lines.append("")
        lines += plays_lines(heading, last.plays, names, compact=level >= 1)
    return lines


def trick_heading(view: View) -> Text:
    """``Trick 2 of 5 - lead suit: ♣ clubs`` (or ``not led yet``)."""
    lead = suit_text(view.lead_suit) if view.lead_suit is not None else t("trick.not_led")
    return t("trick.heading", number=len(view.tricks) + 1, tricks=view.hand_size, lead=lead)


def _player_line(view: View, names: Sequence[str], seat: int) -> Text:
    """``3. Carol (dealer) - bid 2 - took 1 - total 45`` (no tricks taken while bidding)."""
    bid = view.bids[seat]
    return t(
        "table.player",
        number=seat + 1,
        name=names[seat],
        dealer=t("table.dealer") if seat == view.dealer else "",
        bid=t("table.no_bid") if bid is None else t("table.bid", bid=bid),
        took="" if view.phase is Phase.BIDDING else t("table.took", tricks=view.tricks_taken[seat]),
        total=view.totals[seat],
    )


def round_closed_message(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """The table message's last form for a round that ``events`` closed: per player the bid
    against the tricks taken, and the last trick; None if no round closed."""
    scored = next((event for event in events if isinstance(event, RoundScored)), None)
    if scored is None:
        return None
    tricks = [event for event in events if isinstance(event, TrickWon)]
    last = tricks[-1] if tricks else None
    size = view.rules.hand_sizes[scored.round - 1]

    def lines(level: int) -> list[Words]:
        out: list[Words] = [
            t("closed.header", round=scored.round, rounds=view.rounds, cards=cards_each(size))
        ]
        for seat, name in enumerate(names):
            bid, taken = scored.bids[seat], scored.taken[seat]
            if bid == taken:
                out.append(t("closed.made", number=seat + 1, name=name, bid=bid, taken=taken))
            else:
                out.append(t("closed.missed", number=seat + 1, name=name, bid=bid, taken=taken))
        if last is not None:
            out.append("")
            heading = t("trick.last_taken", number=last.trick, name=names[last.winner])
            out += plays_lines(heading, last.plays, names, compact=level >= 1)
        return out

    return Message(fitted(lines, 2))
