"""Stick Game's terminal table in words: what happened, the table, a hand, the standings.

Plain text (no Discord markdown), written from the person's seat: seat 0 is "You", the others
are named by the caller ("CPU 1"). Melds are numbered from 1, as the prompts and errors number
them; a wild on the table says what it stands for ("joker(=9♥)").

Every text is the game's catalog's (``terminal.*`` in ``stickgame/catalog``), filled in in the
table's ``language`` (English by default); cards are written as that language writes them
(``D♥`` in German for the queen of hearts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.catalog import DEFAULT_LANGUAGE, Text, render

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
from .present_text import (
    card_name,
    cards_text,
    group_name,
    hand_order,
    meld_text,
    stick_hint,
    stick_name,
    suit_group,
)
from .rules import Rules
from .suggest import Suggestion
from .texts import t
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


FREE_STICK: Text = t("terminal.free_stick")
"""What a Free stick is, said where the terminal's rules and Stick Game's simulator mention one."""


def rules_summary(rules: Rules) -> Text:
    """This game's options in words: ``1 stick ends the game; most points wins; 15 cards a hand``."""
    scoring = t("terminal.summary.sticks") if rules.scoring == "sticks" else t("terminal.summary.points")
    return t(
        "terminal.summary.line",
        ends=t("terminal.summary.ends", count=rules.sticks_to_win),
        scoring=scoring,
        hand=t("terminal.summary.hand", count=rules.hand_size),
    )


def _melds_text(first: int, melds: Sequence[Meld], language: str) -> str:
    return ", ".join(f"#{first + n + 1} {render(meld_text(meld), language)}" for n, meld in enumerate(melds))


def event_text(
    event: Event, names: Sequence[str], drawn: Card | None = None, language: str = DEFAULT_LANGUAGE
) -> str | None:
    """One event in words (None: nothing to say); ``drawn``: the card the person drew from the
    stock, which only they see."""
    say = _sayer(language)
    if isinstance(event, RoundStarted):
        number, dealer, first, card = (
            event.round,
            names[event.dealer],
            names[event.first],
            card_name(event.discard),
        )
        if event.first == 0:
            started = t(
                "terminal.event.round_started_you", round=number, dealer=dealer, first=first, card=card
            )
        elif event.dealer == 0:
            started = t(
                "terminal.event.round_started_dealt", round=number, dealer=dealer, first=first, card=card
            )
        else:
            started = t("terminal.event.round_started", round=number, dealer=dealer, first=first, card=card)
        return "\n" + say(started)
    if isinstance(event, StickDrawn):
        return None  # the person's own stick is shown with their hand
    if isinstance(event, FreeDrawn):
        return say(
            t("terminal.event.free_you")
            if event.seat == 0
            else t("terminal.event.free", name=names[event.seat])
        )
    if isinstance(event, StockRebuilt):
        return say(t("terminal.event.stock_rebuilt", count=event.size))
    if isinstance(event, CardDrawn):
        if event.source == "discard":
            return say(
                t(
                    _own("terminal.event.took_pile", event.seat),
                    name=names[event.seat],
                    card=card_name(event.card),
                )
            )
        if drawn is not None:
            return say(
                t(_own("terminal.event.drew_card", event.seat), name=names[event.seat], card=card_name(drawn))
            )
        return say(t(_own("terminal.event.drew", event.seat), name=names[event.seat]))
    if isinstance(event, StickCompleted):
        melds = _melds_text(event.first, event.melds, language)
        name, stick = names[event.seat], stick_name(event.stick)
        if event.seat == 0:
            return say(t("terminal.event.laid_stick_you", name=name, stick=stick, melds=melds))
        return say(t("terminal.event.laid_stick", name=name, stick=stick, melds=melds))
    if isinstance(event, MeldAdded):
        return say(
            t(
                _own("terminal.event.meld_added", event.seat),
                name=names[event.seat],
                number=event.index + 1,
                meld=meld_text(event.meld),
            )
        )
    if isinstance(event, LaidOff):
        return say(
            t(
                _own("terminal.event.laid_off", event.seat),
                name=names[event.seat],
                cards=cards_text(event.cards),
                number=event.index + 1,
                meld=meld_text(event.meld),
            )
        )
    if isinstance(event, WildTaken):
        return say(
            t(
                _own("terminal.event.wild_taken", event.seat),
                name=names[event.seat],
                card=card_name(event.card),
                number=event.index + 1,
                wild=card_name(event.wild),
            )
        )
    if isinstance(event, Discarded):
        return say(
            t(
                _own("terminal.event.discarded", event.seat),
                name=names[event.seat],
                card=card_name(event.card),
            )
        )
    if isinstance(event, RoundEnded):
        if event.went_out is None:
            return say(t("terminal.event.round_over_nobody", round=event.round))
        return say(
            t(
                _own("terminal.event.round_over", event.went_out),
                round=event.round,
                name=names[event.went_out],
            )
        )
    return None  # GameOver: see standings_text


def _own(key: str, seat: int) -> str:
    """``key``, or its form for the person (``key_you``) when ``seat`` is theirs: German says
    "Du wirfst ab" where it says "CPU 1 wirft ab" (English says "discarded" for both)."""
    return f"{key}_you" if seat == 0 else key


def _sayer(language: str) -> Callable[[Text], str]:
    """A text of the catalog filled in in ``language``."""
    return lambda text: render(text, language)


def _sticks(view: View, seat: int, language: str, upto: int | None = None) -> str:
    done = [c for c in view.completed[seat] if upto is None or c.round <= upto]
    text = render(t("terminal.count.sticks", count=len(done)), language)
    if view.rules.scoring == "points":
        text += " = " + render(t("terminal.count.points", count=_points(done)), language)
    if done:
        text += " (" + ", ".join(render(stick_name(completion.stick), language) for completion in done) + ")"
    return text


def _points(done: Sequence[Completion]) -> int:
    return sum(completion.stick.points for completion in done)


def table_text(view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> str:
    """The table as everyone sees it: round, discard pile and stock, then each player's sticks,
    cards and melds (numbered from 1)."""
    say = _sayer(language)
    top = card_name(view.discard_top) if view.discard_top is not None else t("terminal.table.empty")
    scoring = (
        t("terminal.table.most_sticks") if view.rules.scoring == "sticks" else t("terminal.table.most_points")
    )
    lines = [
        say(
            t("terminal.table.head_you", round=view.round, dealer=names[0], top=top, count=view.stock_size)
            if view.dealer == 0
            else t(
                "terminal.table.head",
                round=view.round,
                dealer=names[view.dealer],
                top=top,
                count=view.stock_size,
            )
        ),
        say(
            t(
                "terminal.table.goal",
                ends=t("terminal.count.sticks", count=view.rules.sticks_to_win),
                scoring=scoring,
            )
        ),
    ]
    width = max(len(name) for name in names)
    for seat in range(view.players):
        laid = "" if view.has_stick[seat] else say(t("terminal.table.laid"))
        cards = say(t("terminal.count.cards", count=view.hand_sizes[seat]))
        lines.append(f"  {names[seat]:<{width}}  {cards}{laid}; {_sticks(view, seat, language)}")
        for index, table_meld in enumerate(view.melds):
            if table_meld.owner == seat:
                meld = render(meld_text(table_meld.meld), language)
                lines.append(f"  {'':<{width}}    #{index + 1} {meld}")
    return "\n".join(lines)


def stick_text(view: View, language: str = DEFAULT_LANGUAGE) -> str:
    """The person's stick and what it asks, or that it is laid down."""
    if view.stick is None:
        return render(t("terminal.stick.laid"), language)
    stick = view.stick
    return render(
        t("terminal.stick.yours", stick=stick_name(stick), count=stick.points, hint=stick_hint(stick)),
        language,
    )


def hand_text(hand: Sequence[Card], language: str = DEFAULT_LANGUAGE) -> str:
    """The hand numbered from 1 in the order it is shown, one group (wild cards, a suit) a line."""
    lines = [render(t("terminal.hand", count=len(hand)), language)]
    group = ""
    for number, card in enumerate(hand_order(hand), 1):
        if suit_group(card) != group:
            group = suit_group(card)
            shown = render(group_name(card), language) + ":"
            lines.append(f"  {shown:<9}")
        lines[-1] += f" {number:>2}) {render(card_name(card), language)}"
    return "\n".join(lines)


def suggestion_text(suggestion: Suggestion, language: str = DEFAULT_LANGUAGE) -> str:
    """The lay-down offered: ``You can lay down your stick: A♦ A♠ A♠ | 7♦ 7♦ 7♥ ...``."""
    melds = " | ".join(render(meld_text(meld), language) for meld in suggestion.melds)
    return render(t("terminal.suggestion", melds=melds), language)


def round_text(ended: RoundEnded, view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> str:
    """The sticks after a round: each player's completed sticks, those of this round marked."""
    lines = [render(t("terminal.round.head", round=ended.round), language)]
    width = max(len(name) for name in names)
    for seat in range(view.players):
        new = [c for c in view.completed[seat] if c.round == ended.round]
        gained = render(t("terminal.round.gained", count=len(new)), language) if new else ""
        lines.append(f"  {names[seat]:<{width}}  {_sticks(view, seat, language, upto=ended.round)}{gained}")
    return "\n".join(lines)


def standings_text(over: GameOver, view: View, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> str:
    """The final standings (the engine's winners first) and who won; when a tie on completed
    sticks was broken, how (``points`` scoring has no tie-break: the tied share the win)."""
    say = _sayer(language)
    points = view.rules.scoring == "points"
    winners = set(over.winners)
    order = sorted(range(view.players), key=lambda seat: (seat not in winners, -over.totals[seat], seat))
    lines = [say(t("terminal.standings.head_points") if points else t("terminal.standings.head_sticks"))]
    width = max(len(name) for name in names)
    place = 0
    previous: tuple[bool, int] | None = None
    for index, seat in enumerate(order):
        key = (seat in winners, over.totals[seat])
        if key != previous:
            place, previous = index + 1, key
        done = view.completed[seat]
        mark = say(t("terminal.standings.winner")) if seat in winners else ""
        sticks = say(t("terminal.count.sticks", count=len(done)))
        worth = say(t("terminal.count.points", count=_points(done)))
        lines.append(f"  {place}. {names[seat]:<{width}}  {sticks}, {worth}{mark}")
    who = names[over.winners[0]]
    for seat in over.winners[1:]:
        who = say(t("terminal.standings.and", first=who, last=names[seat]))
    best = max(over.totals)
    score = t("terminal.count.points", count=best) if points else t("terminal.count.sticks", count=best)
    if len(over.winners) > 1:
        lines.append(say(t("terminal.standings.shared", names=who, score=score)))
    elif over.winners == (0,):
        lines.append(say(t("terminal.standings.you_win", score=score)))
    else:
        lines.append(say(t("terminal.standings.wins", name=who, score=score)))
    if any(over.totals[seat] == best for seat in range(view.players) if seat not in winners):
        lines.append(
            say(t("terminal.standings.tie", sticks=t("terminal.count.sticks", count=best), names=who))
        )
    return "\n".join(lines)
