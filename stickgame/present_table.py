"""Stick Game's public messages: the table message, a round's last form, round results and the
final standings. They read the public view and public events only, so they cannot show a hand
or an uncompleted stick.

The table message is written for a phone: a header (round, dealer, whose turn and its step, the
discard pile and the stock), then one block per player: completed sticks, card count, and their
melds on the table numbered as the prompts number them ("#3"), each wild with what it stands for.
When eight players' melds do not fit in one message, the blocks get compact: sticks by count
only, a player's melds on one line, each meld short ("3♥-J♥ (wild 6♥ 10♥)", "9♠ 9♥ 9♦ +1 wild").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tabletop.presentation import Embed, Message

from .events import (
    Discarded,
    FreeDrawn,
    GameOver,
    LaidOff,
    MeldAdded,
    RoundEnded,
    StickCompleted,
)
from .present_text import MAX_CONTENT, card_emoji, cards_text, clip, meld_short, meld_text, plural
from .views import Completion, View

__all__ = ["final_standings", "round_closed", "round_results", "table"]

GOLD: Final = 0xF1C40F
BLURPLE: Final = 0x5865F2


def _points(done: Sequence[Completion]) -> int:
    return sum(completion.stick.points for completion in done)


def _sticks_text(view: View, seat: int, *, full: bool, upto: int | None = None) -> str:
    """A seat's completed sticks (``upto``: only those of that round and before, so that a
    round's results do not count a Free drawn for the next one)."""
    done = [c for c in view.completed[seat] if upto is None or c.round <= upto]
    text = plural(len(done), "stick")
    if view.rules.scoring == "points":
        text += f" = {plural(_points(done), 'point')}"
    if full and done:
        text += " (" + ", ".join(completion.stick.text for completion in done) + ")"
    return text


def _turn_line(view: View, names: Sequence[str], stopped: bool) -> str:
    if view.phase == "over":
        winners = " and ".join(f"**{names[seat]}**" for seat in view.winners)
        return f"Game over: {winners} {'wins' if len(view.winners) == 1 else 'share the win'}."
    if stopped:
        return "The game was stopped."
    step = "to draw" if view.phase == "draw" else "to play and discard"
    return f"Turn: **{names[view.turn]}** ({step})"


def _player_block(view: View, names: Sequence[str], seat: int, *, full: bool) -> list[str]:
    marker = "▶ " if view.phase != "over" and seat == view.turn else ""
    status = "" if view.has_stick[seat] else " · stick laid down ✓"
    head = (
        f"{marker}**{names[seat]}** · {_sticks_text(view, seat, full=full)} · "
        f"{plural(view.hand_sizes[seat], 'card')}{status}"
    )
    melds = [(i, t.meld) for i, t in enumerate(view.melds) if t.owner == seat]
    if not melds:
        return [head]
    if full:
        return [head] + [f"  #{i + 1} {meld_text(meld)}" for i, meld in melds]
    return [head, "  " + " · ".join(f"#{i + 1} {meld_short(meld)}" for i, meld in melds)]


def table(view: View, names: Sequence[str], notes: Sequence[str], stopped: bool) -> Message:
    """The public table message (see the module docstring)."""
    goal = f"first to {plural(view.rules.sticks_to_win, 'stick')} ends the game"
    scoring = "most sticks wins" if view.rules.scoring == "sticks" else "most points wins"
    top = f"{card_emoji(view.discard_top)} {view.discard_top}" if view.discard_top else "empty"
    head = [
        f"**Stick Game** · round {view.round} · dealer: {names[view.dealer]}",
        f"{goal}; {scoring}",
        _turn_line(view, names, stopped),
    ]
    if view.phase != "over":
        head.append(f"Discard pile: {top} · stock: {plural(view.stock_size, 'card')}")
    head += list(notes)
    for full in (True, False):
        lines = list(head)
        for seat in range(view.players):
            lines += _player_block(view, names, seat, full=full)
        text = "\n".join(lines)
        if len(text) <= MAX_CONTENT:
            break
    return Message(clip(text))


def _how_out(events: Sequence[object], seat: int) -> str:
    """What the player who went out did last."""
    for event in reversed(events):
        if isinstance(event, Discarded) and event.seat == seat:
            return f"discarded {event.card}"
        if isinstance(event, StickCompleted) and event.seat == seat:
            return "laid down their stick"
        if isinstance(event, MeldAdded) and event.seat == seat:
            return "laid down a meld"
        if isinstance(event, LaidOff) and event.seat == seat:
            return f"laid off {cards_text(event.cards)}"
    return "played their last card"


def _ended(events: Sequence[object]) -> RoundEnded | None:
    return next((event for event in events if isinstance(event, RoundEnded)), None)


def _ending_line(ended: RoundEnded, events: Sequence[object], names: Sequence[str]) -> str:
    if ended.went_out is None:
        return f"Round {ended.round} is over: the cards ran out and nobody went out."
    who = names[ended.went_out]
    return f"Round {ended.round} is over: **{who}** went out ({_how_out(events, ended.went_out)})."


def _this_round(view: View, seat: int, round_number: int) -> list[Completion]:
    return [c for c in view.completed[seat] if c.round == round_number]


def _result_line(view: View, names: Sequence[str], seat: int, ended: RoundEnded) -> str:
    done = _this_round(view, seat, ended.round)
    laid = [c for c in done if c.order > 0]
    frees = len(done) - len(laid)
    parts = []
    if ended.went_out == seat:
        parts.append("went out")
    if laid:
        parts.append(
            "completed " + ", ".join(f"**{c.stick.text}** ({plural(c.stick.points, 'point')})" for c in laid)
        )
    if frees:
        parts.append(f"drew {plural(frees, 'Free stick')}")
    if not laid:
        parts.append("did not lay down their stick")
    total = _sticks_text(view, seat, full=False, upto=ended.round)
    return f"**{names[seat]}**: {'; '.join(parts)} · {total} in all"


def round_closed(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """The round's table message once the round is over: how it ended and the sticks so far."""
    ended = _ended(events)
    if ended is None:
        return None
    ending = _ending_line(ended, events, names)
    lines = [f"**Stick Game** · {ending[0].lower()}{ending[1:]}"]
    for seat in range(view.players):
        done = _this_round(view, seat, ended.round)
        gained = f" (+{len(done)} this round)" if done else ""
        lines.append(f"{names[seat]}: {_sticks_text(view, seat, full=False, upto=ended.round)}{gained}")
    return Message(clip("\n".join(lines)))


def round_results(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """A round's results (who went out, who completed which stick) as an embed, or None."""
    ended = _ended(events)
    if ended is None:
        return None
    lines = [_result_line(view, names, seat, ended) for seat in range(view.players)]
    frees = [names[e.seat] for e in events[events.index(ended) :] if isinstance(e, FreeDrawn)]
    footer = ""
    if frees and view.phase != "over":
        footer = (
            f"Round {ended.round + 1}: " + ", ".join(frees) + " drew a Free stick (it counts as completed)."
        )
    embed = Embed(f"Round {ended.round} results", clip("\n".join(lines), 4096), BLURPLE, footer=footer)
    return Message(_ending_line(ended, events, names), (embed,))


def final_standings(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """The final standings once the game is over (winners as the engine decided), or None."""
    over = next((event for event in events if isinstance(event, GameOver)), None)
    if over is None:
        return None
    points = view.rules.scoring == "points"
    winners = set(over.winners)
    order = sorted(range(view.players), key=lambda seat: (seat not in winners, -over.totals[seat], seat))
    lines = []
    place = 0
    previous: tuple[bool, int] | None = None
    for index, seat in enumerate(order):
        key = (seat in winners, over.totals[seat])
        if key != previous:
            place, previous = index + 1, key
        done = view.completed[seat]
        score = f"{plural(len(done), 'stick')} · {plural(_points(done), 'point')}"
        crown = " · **winner**" if seat in winners else ""
        lines.append(f"{place}. **{names[seat]}**: {score}{crown}")
    best = max(over.totals)
    footer = ""
    tied = [seat for seat in range(view.players) if over.totals[seat] == best]
    if not points and len(tied) > len(winners):
        footer = (
            "Tied on sticks: the tie goes to whoever completed their last stick earliest in the "
            "final round (a Free drawn that round counts after a stick laid down)."
        )
    scoring = "points (the sum of their sticks' points)" if points else "completed sticks"
    description = clip(f"Ranked by {scoring}.\n" + "\n".join(lines), 4096)
    verb = "wins" if len(over.winners) == 1 else "share the win"
    who = " and ".join(names[seat] for seat in over.winners)
    embed = Embed("Final standings", description, GOLD, footer=footer)
    return Message(f"**Game over!** {who} {verb}.", (embed,))
