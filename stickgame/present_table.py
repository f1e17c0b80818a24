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

from tabletop.catalog import Text, render
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
from .present_text import (
    MAX_CONTENT,
    Words,
    card_emoji,
    card_name,
    cards_text,
    joined,
    lines,
    meld_short,
    meld_text,
    stick_name,
)
from .texts import CATALOG, t
from .views import Completion, View

__all__ = ["final_standings", "round_closed", "round_results", "table"]

GOLD: Final = 0xF1C40F
BLURPLE: Final = 0x5865F2


def _points(done: Sequence[Completion]) -> int:
    return sum(completion.stick.points for completion in done)


def _fits(text: Words, limit: int = MAX_CONTENT) -> bool:
    """Whether ``text`` fits in ``limit`` characters in every language of the catalog."""
    if isinstance(text, str):
        return len(text) <= limit
    return all(len(render(text, language)) <= limit for language in CATALOG.languages())


def _sticks_text(view: View, seat: int, *, full: bool, upto: int | None = None) -> Words:
    """A seat's completed sticks (``upto``: only those of that round and before, so that a
    round's results do not count a Free drawn for the next one)."""
    done = [c for c in view.completed[seat] if upto is None or c.round <= upto]
    text: Words = t("table.sticks", count=len(done))
    if view.rules.scoring == "points":
        text = t("table.sticks_points", sticks=text, points=t("table.points", count=_points(done)))
    if full and done:
        names = joined([stick_name(completion.stick) for completion in done], "join.comma")
        text = t("table.sticks_named", sticks=text, names=names)
    return text


def _winners(view: View, names: Sequence[str], *, bold: bool) -> Text:
    who = joined([f"**{names[seat]}**" if bold else names[seat] for seat in view.winners], "join.and")
    return t("table.wins", who=who) if len(view.winners) == 1 else t("table.share", who=who)


def _turn_line(view: View, names: Sequence[str], stopped: bool) -> Text:
    if view.phase == "over":
        return t("table.game_over", winners=_winners(view, names, bold=True))
    if stopped:
        return t("table.stopped")
    if view.phase == "draw":
        return t("table.turn_draw", name=names[view.turn])
    return t("table.turn_play", name=names[view.turn])


def _player_block(view: View, names: Sequence[str], seat: int, *, full: bool) -> list[Words]:
    marker = "▶ " if view.phase != "over" and seat == view.turn else ""
    sticks = _sticks_text(view, seat, full=full)
    cards = t("table.cards", count=view.hand_sizes[seat])
    if view.has_stick[seat]:
        head = t("table.player", marker=marker, name=names[seat], sticks=sticks, cards=cards)
    else:
        head = t("table.player_laid", marker=marker, name=names[seat], sticks=sticks, cards=cards)
    melds = [(i, laid.meld) for i, laid in enumerate(view.melds) if laid.owner == seat]
    if not melds:
        return [head]
    if full:
        return [head, *(t("table.meld", number=i + 1, meld=meld_text(meld)) for i, meld in melds)]
    short = joined(
        [t("table.meld_short", number=i + 1, meld=meld_short(meld)) for i, meld in melds], "join.dot"
    )
    return [head, t("table.melds_short", melds=short)]


def table(view: View, names: Sequence[str], notes: Sequence[str | Text], stopped: bool) -> Message:
    """The public table message (see the module docstring)."""
    goal = t("table.goal", count=view.rules.sticks_to_win)
    scoring = t("options.most_sticks") if view.rules.scoring == "sticks" else t("options.most_points")
    head: list[Words] = [
        t("table.head", round=view.round, dealer=names[view.dealer]),
        t("table.goal_line", goal=goal, scoring=scoring),
        _turn_line(view, names, stopped),
    ]
    if view.phase != "over":
        head.append(pile_line(view))
    head += list(notes)
    text: Words = ""
    for full in (True, False):
        found = list(head)
        for seat in range(view.players):
            found += _player_block(view, names, seat, full=full)
        text = lines(found)
        if _fits(text):
            break
    return Message(text)


def pile_line(view: View) -> Text:
    """``"Discard pile: ♥️ 7♥ · stock: 40 cards"``."""
    stock = t("table.cards", count=view.stock_size)
    if view.discard_top is None:
        return t("table.pile_empty", stock=stock)
    return t("table.pile", emoji=card_emoji(view.discard_top), card=card_name(view.discard_top), stock=stock)


def _how_out(events: Sequence[object], seat: int) -> Text:
    """What the player who went out did last."""
    for event in reversed(events):
        if isinstance(event, Discarded) and event.seat == seat:
            return t("out.discarded", card=card_name(event.card))
        if isinstance(event, StickCompleted) and event.seat == seat:
            return t("out.laid_down")
        if isinstance(event, MeldAdded) and event.seat == seat:
            return t("out.new_meld")
        if isinstance(event, LaidOff) and event.seat == seat:
            return t("out.laid_off", cards=cards_text(event.cards))
    return t("out.last_card")


def _ended(events: Sequence[object]) -> RoundEnded | None:
    return next((event for event in events if isinstance(event, RoundEnded)), None)


def _ending_line(ended: RoundEnded, events: Sequence[object], names: Sequence[str]) -> Text:
    if ended.went_out is None:
        return t("ending.ran_out", round=ended.round)
    who = names[ended.went_out]
    return t("ending.went_out", round=ended.round, name=who, how=_how_out(events, ended.went_out))


def _this_round(view: View, seat: int, round_number: int) -> list[Completion]:
    return [c for c in view.completed[seat] if c.round == round_number]


def _result_line(view: View, names: Sequence[str], seat: int, ended: RoundEnded) -> Text:
    done = _this_round(view, seat, ended.round)
    laid = [c for c in done if c.order > 0]
    frees = len(done) - len(laid)
    parts: list[Words] = []
    if ended.went_out == seat:
        parts.append(t("result.went_out"))
    if laid:
        sticks = [t("result.stick", stick=stick_name(c.stick), count=c.stick.points) for c in laid]
        parts.append(t("result.completed", sticks=joined(sticks, "join.comma")))
    if frees:
        parts.append(t("result.frees", count=frees))
    if not laid:
        parts.append(t("result.not_laid"))
    total = _sticks_text(view, seat, full=False, upto=ended.round)
    return t("result.line", name=names[seat], parts=joined(parts, "join.semicolon"), total=total)


def round_closed(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """The round's table message once the round is over: how it ended and the sticks so far."""
    ended = _ended(events)
    if ended is None:
        return None
    found: list[Words] = []
    if ended.went_out is None:
        found.append(t("closed.ran_out", round=ended.round))
    else:
        how = _how_out(events, ended.went_out)
        found.append(t("closed.went_out", round=ended.round, name=names[ended.went_out], how=how))
    for seat in range(view.players):
        done = _this_round(view, seat, ended.round)
        total = _sticks_text(view, seat, full=False, upto=ended.round)
        if done:
            found.append(t("closed.seat_gained", name=names[seat], total=total, count=len(done)))
        else:
            found.append(t("closed.seat", name=names[seat], total=total))
    return Message(lines(found))


def round_results(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """A round's results (who went out, who completed which stick) as an embed, or None."""
    ended = _ended(events)
    if ended is None:
        return None
    found = [_result_line(view, names, seat, ended) for seat in range(view.players)]
    frees = [names[e.seat] for e in events[events.index(ended) :] if isinstance(e, FreeDrawn)]
    footer: Words = ""
    if frees and view.phase != "over":
        footer = t(
            "results.frees", round=ended.round + 1, names=joined(frees, "join.comma"), count=len(frees)
        )
    embed = Embed(t("results.title", round=ended.round), lines(found), BLURPLE, footer=footer)
    return Message(_ending_line(ended, events, names), (embed,))


def final_standings(events: Sequence[object], view: View, names: Sequence[str]) -> Message | None:
    """The final standings once the game is over (winners as the engine decided), or None."""
    over = next((event for event in events if isinstance(event, GameOver)), None)
    if over is None:
        return None
    points = view.rules.scoring == "points"
    winners = set(over.winners)
    order = sorted(range(view.players), key=lambda seat: (seat not in winners, -over.totals[seat], seat))
    found: list[Words] = [t("standings.ranked_points") if points else t("standings.ranked_sticks")]
    place = 0
    previous: tuple[bool, int] | None = None
    for index, seat in enumerate(order):
        key = (seat in winners, over.totals[seat])
        if key != previous:
            place, previous = index + 1, key
        done = view.completed[seat]
        sticks, score = t("table.sticks", count=len(done)), t("table.points", count=_points(done))
        if seat in winners:
            found.append(t("standings.winner", place=place, name=names[seat], sticks=sticks, points=score))
        else:
            found.append(t("standings.line", place=place, name=names[seat], sticks=sticks, points=score))
    best = max(over.totals)
    footer: Words = ""
    tied = [seat for seat in range(view.players) if over.totals[seat] == best]
    if not points and len(tied) > len(winners):
        footer = t("standings.tie")
    who = joined([names[seat] for seat in over.winners], "join.and")
    won = t("standings.wins", who=who) if len(over.winners) == 1 else t("standings.share", who=who)
    embed = Embed(t("standings.title"), lines(found), GOLD, footer=footer)
    return Message(won, (embed,))
