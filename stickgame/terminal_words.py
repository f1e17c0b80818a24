"""Stick Game's terminal table in words: what happened, the table, a hand, the standings.

Plain text (no Discord markdown), written from the person's seat: seat 0 is "You", the others
are named by the caller ("CPU 1"). Melds are numbered from 1, as the prompts and errors number
them; a wild on the table says what it stands for ("joker(=9♥)").
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.catalog import render
from tabletop.words import plural

from .cards import Card
from .events import (
    CardDrawn,
    Discarded,
    Event,
    FreeDrawn,
    GameOver,
    LaidOff,
    MeldAdded,
    RoundEnded,
    RoundStarted,
    StickCompleted,
    StickDrawn,
    StockRebuilt,
    WildTaken,
)
from .melds import Meld
from .present_text import cards_text, hand_order, meld_text, stick_hint, suit_group
from .rules import Rules
from .suggest import Suggestion
from .views import Completion, View

__all__ = [
    "FREE_STICK",
    "event_text",
    "hand_text",
    "round_text",
    "rules_summary",
    "standings_text",
    "stick_text",
    "suggestion_text",
    "table_text",
]


FREE_STICK = (
    "A Free is a stick that names no melds (4 of the bag's 44 sticks are Frees): it counts as a "
    "completed stick, worth 0 points, as soon as it is drawn, and whoever drew it draws another "
    "stick at once."
)
"""What a Free stick is, said where the terminal's rules and Stick Game's simulator mention one."""


def rules_summary(rules: Rules) -> str:
    """This game's options in words: ``1 stick ends the game; most points wins; 15 cards a hand``."""
    ends = f"{plural(rules.sticks_to_win, 'stick')} {'ends' if rules.sticks_to_win == 1 else 'end'} the game"
    scoring = "most completed sticks wins" if rules.scoring == "sticks" else "most points wins"
    return f"{ends}; {scoring}; {plural(rules.hand_size, 'card')} a hand"


def _their(seat: int) -> str:
    return "your" if seat == 0 else "their"


def _melds_text(first: int, melds: Sequence[Meld]) -> str:
    return ", ".join(f"#{first + n + 1} {meld_text(meld)}" for n, meld in enumerate(melds))


def event_text(event: Event, names: Sequence[str], drawn: Card | None = None) -> str | None:
    """One event in words (None: nothing to say); ``drawn``: the card the person drew from the
    stock, which only they see."""
    if isinstance(event, RoundStarted):
        return (
            f"\n*** Round {event.round}: {names[event.dealer]} dealt, {names[event.first]} "
            f"{'play' if event.first == 0 else 'plays'} first; the discard pile shows {event.discard}. ***"
        )
    if isinstance(event, StickDrawn):
        return None  # the person's own stick is shown with their hand
    if isinstance(event, FreeDrawn):
        who = names[event.seat]
        again = "you draw" if event.seat == 0 else f"{who} draws"
        return f"{who} drew a Free stick: it counts as completed, and {again} again."
    if isinstance(event, StockRebuilt):
        cards = plural(event.size, "card")
        return f"The stock ran out: the discard pile but its top card makes a new stock of {cards}."
    if isinstance(event, CardDrawn):
        if event.source == "discard":
            return f"{names[event.seat]} took {event.card} from the discard pile."
        if drawn is not None:
            return f"{names[event.seat]} drew {drawn} from the stock."
        return f"{names[event.seat]} drew from the stock."
    if isinstance(event, StickCompleted):
        return (
            f"{names[event.seat]} laid down {_their(event.seat)} stick, {event.stick}: "
            f"{_melds_text(event.first, event.melds)}."
        )
    if isinstance(event, MeldAdded):
        return f"{names[event.seat]} laid down a new meld: #{event.index + 1} {meld_text(event.meld)}."
    if isinstance(event, LaidOff):
        return (
            f"{names[event.seat]} laid off {cards_text(event.cards)} on #{event.index + 1}, "
            f"now {meld_text(event.meld)}."
        )
    if isinstance(event, WildTaken):
        return f"{names[event.seat]} put {event.card} in #{event.index + 1} and took its {event.wild}."
    if isinstance(event, Discarded):
        return f"{names[event.seat]} discarded {event.card}."
    if isinstance(event, RoundEnded):
        if event.went_out is None:
            return f"Round {event.round} is over: the cards ran out and nobody went out."
        return f"Round {event.round} is over: {names[event.went_out]} went out."
    return None  # GameOver: see standings_text


def _sticks(view: View, seat: int, upto: int | None = None) -> str:
    done = [c for c in view.completed[seat] if upto is None or c.round <= upto]
    text = plural(len(done), "stick")
    if view.rules.scoring == "points":
        text += f" = {plural(_points(done), 'point')}"
    if done:
        text += " (" + ", ".join(str(completion.stick) for completion in done) + ")"
    return text


def _points(done: Sequence[Completion]) -> int:
    return sum(completion.stick.points for completion in done)


def table_text(view: View, names: Sequence[str]) -> str:
    """The table as everyone sees it: round, discard pile and stock, then each player's sticks,
    cards and melds (numbered from 1)."""
    top = str(view.discard_top) if view.discard_top is not None else "empty"
    scoring = "most sticks wins" if view.rules.scoring == "sticks" else "most points wins"
    lines = [
        f"-- Round {view.round}: {names[view.dealer]} dealt; discard pile {top}; "
        f"stock {plural(view.stock_size, 'card')} --",
        f"   (first to {plural(view.rules.sticks_to_win, 'stick')} ends the game; {scoring})",
    ]
    width = max(len(name) for name in names)
    for seat in range(view.players):
        laid = "" if view.has_stick[seat] else "; stick laid down"
        lines.append(
            f"  {names[seat]:<{width}}  {plural(view.hand_sizes[seat], 'card')}{laid}; {_sticks(view, seat)}"
        )
        for index, table_meld in enumerate(view.melds):
            if table_meld.owner == seat:
                lines.append(f"  {'':<{width}}    #{index + 1} {meld_text(table_meld.meld)}")
    return "\n".join(lines)


def stick_text(view: View) -> str:
    """The person's stick and what it asks, or that it is laid down."""
    if view.stick is None:
        return "Your stick is laid down this round: now you may add melds and lay off."
    return f"Your stick: {view.stick} ({plural(view.stick.points, 'point')}) — {stick_hint(view.stick)}."


def hand_text(hand: Sequence[Card]) -> str:
    """The hand numbered from 1 in the order it is shown, one group (wild cards, a suit) a line."""
    lines = [f"Your hand ({plural(len(hand), 'card')}):"]
    group = ""
    for number, card in enumerate(hand_order(hand), 1):
        if suit_group(card) != group:
            group = suit_group(card)
            lines.append(f"  {group + ':':<9}")
        lines[-1] += f" {number:>2}) {card}"
    return "\n".join(lines)


def suggestion_text(suggestion: Suggestion) -> str:
    """The lay-down offered: ``You can lay down your stick: A♦ A♠ A♠ | 7♦ 7♦ 7♥ ...``."""
    melds = " | ".join(render(meld_text(meld)) for meld in suggestion.melds)
    return f"You can lay down your stick: {melds}. Type 'lay' to lay it down so."


def round_text(ended: RoundEnded, view: View, names: Sequence[str]) -> str:
    """The sticks after a round: each player's completed sticks, those of this round marked."""
    lines = [f"== Sticks after round {ended.round} =="]
    width = max(len(name) for name in names)
    for seat in range(view.players):
        new = [c for c in view.completed[seat] if c.round == ended.round]
        gained = f"  (+{len(new)} this round)" if new else ""
        lines.append(f"  {names[seat]:<{width}}  {_sticks(view, seat, upto=ended.round)}{gained}")
    return "\n".join(lines)


def standings_text(over: GameOver, view: View, names: Sequence[str]) -> str:
    """The final standings (the engine's winners first) and who won; when a tie on completed
    sticks was broken, how (``points`` scoring has no tie-break: the tied share the win)."""
    points = view.rules.scoring == "points"
    winners = set(over.winners)
    order = sorted(range(view.players), key=lambda seat: (seat not in winners, -over.totals[seat], seat))
    lines = [f"== Final standings (by {'points' if points else 'completed sticks'}) =="]
    width = max(len(name) for name in names)
    place = 0
    previous: tuple[bool, int] | None = None
    for index, seat in enumerate(order):
        key = (seat in winners, over.totals[seat])
        if key != previous:
            place, previous = index + 1, key
        done = view.completed[seat]
        mark = "  winner" if seat in winners else ""
        lines.append(
            f"  {place}. {names[seat]:<{width}}  {plural(len(done), 'stick')}, "
            f"{plural(_points(done), 'point')}{mark}"
        )
    who = " and ".join(names[seat] for seat in over.winners)
    verb = ("win" if over.winners == (0,) else "wins") if len(over.winners) == 1 else "share the win"
    best = max(over.totals)
    lines.append(f"Game over: {who} {verb} with {plural(best, 'point' if points else 'stick')}.")
    if any(over.totals[seat] == best for seat in range(view.players) if seat not in winners):
        lines.append(
            f"Tied at {plural(best, 'stick')}, the win goes to whoever completed their last stick "
            f"first in the final round: {who} (a Free drawn that round counts after any stick laid down)."
        )
    return "\n".join(lines)
