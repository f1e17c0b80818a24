"""A seat's private prompt in Stick Game, and what a click on it means.

The prompt shows the seat's stick with what it asks, its hand by suit and the discard pile; when
the seat is awaited, the components of the turn's step:

- draw phase: "Draw from stock" / "Take the discard (7♥)" (each the action itself);
- play phase, the main prompt: "Lay down" (when the hand holds the stick; opens the lay-down
  with the melds the engine finds, to confirm or change), "New meld", "Lay off", "Take a wild"
  (each offered only when possible) and a select of the cards that may be discarded (the others
  are named in the text with the reason);
- a draft (:mod:`stickgame.present_draft`): a multi-select of hand cards for the meld being
  built (paged by suit beyond 25 cards), a question where a meld's wilds could lie in more
  than one way, and buttons to go on, confirm, go back or cancel.

Intents (at most :data:`tabletop.presentation.MAX_INTENT` characters): ``S``, ``D`` (draws),
``X<page>`` (a discard select; its value is the card), and an operation letter followed by a draft:
``g`` (show that draft), ``c<page>`` (the cards select of a page), ``t`` (the lay-off meld
select), ``w`` (the wilds-to-take select), ``q`` (the wild-placement select of the last meld),
``r`` (the wild-placement select of the melds before it), ``a`` (act: the finished draft's
action).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from tabletop import Refused
from tabletop.catalog import Text
from tabletop.presentation import (
    MAX_BUTTONS_PER_ROW,
    MAX_CHOICES,
    MAX_INTENT,
    MAX_ROWS,
    Act,
    Button,
    Choice,
    Component,
    Message,
    Redraw,
    Select,
)

from .cards import Card
from .errors import MeldError
from .legal import discardable
from .melds import Meld, position_card
from .present_draft import (
    TARGET_PAGE,
    Desk,
    Draft,
    MeldDraft,
    Reading,
    Work,
    action_text,
    check,
    chosen_reading,
    forged,
    lay_off_cards,
    lay_off_readings,
    lay_off_targets,
    meld_readings,
    parse,
    suggestion,
)
from .present_table import pile_line
from .present_text import (
    Words,
    card_emoji,
    card_name,
    cards_text,
    group_name,
    hand_lines,
    hand_order,
    joined,
    lines,
    meld_label,
    meld_text,
    stick_hint,
    stick_line,
    suit_group,
)
from .refusals import meld_problem
from .solver import new_melds
from .sticks import match_stick
from .texts import t
from .views import TableMeld, View

__all__ = ["click", "prompt"]

TABLE_IN_PROMPT: Final = 900
"""The most characters of table melds a prompt lists (more: it points to the table message)."""
MAX_CARD_PAGES: Final = 3
"""Selects of hand cards in one prompt (25 cards each, split by suit)."""


# --- the parts every prompt shares -----------------------------------------------------------


def _status(view: View, names: Sequence[str]) -> Text:
    if view.phase == "over":
        winners = joined([names[seat] for seat in view.winners], "join.and")
        return (
            t("status.over_wins", who=winners)
            if len(view.winners) == 1
            else t("status.over_share", who=winners)
        )
    if view.seat in view.awaiting:
        return t("status.your_draw") if view.phase == "draw" else t("status.your_play")
    if view.phase == "draw":
        return t("status.waiting_draw", name=names[view.turn])
    return t("status.waiting_play", name=names[view.turn])


def _stick_lines(view: View) -> list[Words]:
    if view.stick is not None:
        return [t("prompt.your_stick", stick=stick_line(view.stick)), stick_hint(view.stick)]
    if view.phase == "over":
        return []
    return [t("prompt.stick_done")]


def _table_lines(view: View, names: Sequence[str]) -> list[Words]:
    if not view.melds:
        return [t("prompt.no_melds")]
    if sum(_label_size(laid, names) for laid in view.melds) > TABLE_IN_PROMPT:
        return [t("prompt.melds_elsewhere", count=len(view.melds))]
    return [t("prompt.on_table"), *(meld_label(i, m, names) for i, m in enumerate(view.melds))]


def _label_size(laid: TableMeld, names: Sequence[str]) -> int:
    """About how many characters a table meld's line takes in any language ("#12 Alice: "
    and each card, a wild with what it stands for), without filling the texts in."""
    return len(names[laid.owner]) + 7 + sum(10 if card.is_wild else 4 for card in laid.meld.cards)


def _head(view: View, names: Sequence[str]) -> list[Words]:
    return [_title(view, names), *_stick_lines(view)]


def _title(view: View, names: Sequence[str]) -> Text:
    return t("prompt.head", round=view.round, status=_status(view, names))


def _hand_block(hand: Sequence[Card], title: Text | None = None) -> list[Words]:
    return [title or t("hand.title", count=len(hand)), *hand_lines(hand)]


def _message(found: Sequence[Words], rows: Sequence[Sequence[Component]]) -> Message:
    """The prompt; a component whose intent repeats an earlier one's is left out (a custom id
    must be unique in its message)."""
    seen: set[str] = set()
    kept: list[tuple[Component, ...]] = []
    for row in rows:
        unique = tuple(item for item in row if item.intent not in seen)
        seen.update(item.intent for item in unique)
        if unique:
            kept.append(unique)
    assert len(kept) <= MAX_ROWS
    return Message(lines(found), rows=tuple(kept))


def _button(label: Text, op: str, draft: Draft | str, style: str = "secondary") -> Button | None:
    """A button whose intent is ``op`` and the draft; None if that would be too long."""
    intent = op + (draft if isinstance(draft, str) else draft.encode())
    if len(intent) > MAX_INTENT:
        return None
    assert style in ("primary", "secondary", "success", "danger")
    return Button(label, intent, style=style)  # type: ignore[arg-type]


def _buttons(*buttons: Button | None) -> list[Component]:
    kept: list[Component] = [button for button in buttons if button is not None]
    assert len(kept) <= MAX_BUTTONS_PER_ROW
    return kept


# --- the main prompts ------------------------------------------------------------------------


def _idle(view: View, names: Sequence[str]) -> Message:
    found = _head(view, names)
    if view.hand is not None and view.phase != "over":
        found += _hand_block(view.hand)
        found.append(pile_line(view))
    return _message(found, [])


def _draw(view: View, names: Sequence[str]) -> Message:
    assert view.hand is not None
    found = [*_head(view, names), *_hand_block(view.hand), pile_line(view), *_table_lines(view, names)]
    row: list[Component] = [Button(t("button.draw_stock"), "S", style="primary")]
    if view.discard_top is not None:
        top = view.discard_top
        row.append(Button(t("button.take_discard", card=card_name(top)), "D", emoji=card_emoji(top)))
    return _message(found, [row])


def _discard_reasons(desk: Desk) -> list[Words]:
    wilds = sorted({card for card in desk.hand if card.is_wild})
    fitting: list[Words] = []
    for card in sorted({card for card in desk.hand if not card.is_wild}):
        meld = next((i for i, laid in enumerate(desk.melds) if laid.meld.accepts_alone(card)), None)
        if meld is not None:
            fitting.append(t("discard.fits", card=card_name(card), number=meld + 1))
    reasons: list[Words] = []
    if wilds:
        reasons.append(t("discard.wilds", cards=cards_text(wilds)))
    reasons += fitting
    return reasons


def _span(first: Card, last: Card) -> Text:
    return t("select.span", first=group_name(first), last=group_name(last))


def _discard_selects(desk: Desk) -> tuple[list[Select], Words]:
    distinct = hand_order(set(desk.hand))
    allowed = [card for card in distinct if discardable(card, desk.melds)]
    note: Words = ""
    if not allowed:
        allowed = list(distinct)
        note = t("discard.any")
    elif len(allowed) < len(distinct):
        note = t("discard.not", reasons=joined(_discard_reasons(desk), "join.semicolon"))
    selects = []
    pages = _pages(allowed)
    for number, page in enumerate(pages):
        choices = tuple(
            Choice(
                card_name(card),
                card.code,
                card_emoji(card),
                description=t("select.wild") if card.is_wild else "",
            )
            for card in page
        )
        if len(pages) == 1:
            placeholder = t("select.discard")
        else:
            placeholder = t("select.with_span", what=t("select.discard"), span=_span(page[0], page[-1]))
        selects.append(Select(placeholder, f"X{number}", choices))
    return selects, note


def _play(desk: Desk, view: View, names: Sequence[str]) -> Message:
    found = [*_head(view, names), *_hand_block(desk.hand), pile_line(view), *_table_lines(view, names)]
    buttons: list[Button | None] = []
    if desk.stick is not None:
        start = suggestion(check(desk, Draft("L", (MeldDraft(),))))
        if start is not None:
            buttons.append(_button(t("button.lay_down_stick"), "g", start, "success"))
        else:
            found.append(t("prompt.cannot_complete"))
    else:
        if new_melds(desk.hand):
            buttons.append(_button(t("button.new_meld"), "g", "M0", "primary"))
        targets = lay_off_targets(desk)
        if targets:
            opening = f"O{targets[0]}.0" if len(targets) == 1 else "O"
            buttons.append(_button(t("button.lay_off"), "g", opening, "primary"))
    if desk.swaps:
        buttons.append(_button(t("button.take_wild"), "g", "W"))
    selects, note = _discard_selects(desk)
    if note:
        found.append(note)
    rows: list[list[Component]] = [_buttons(*buttons)]
    rows += [[select] for select in selects]
    return _message(found, rows)


# --- drafts ----------------------------------------------------------------------------------


def _pages(cards: Sequence[Card]) -> list[list[Card]]:
    """``cards`` (in hand order) in pages of at most 25, broken between suits where possible."""
    groups: list[list[Card]] = []
    for card in cards:
        if groups and suit_group(groups[-1][0]) == suit_group(card) and len(groups[-1]) < MAX_CHOICES:
            groups[-1].append(card)
        else:
            groups.append([card])
    pages: list[list[Card]] = []
    for group in groups:
        if pages and len(pages[-1]) + len(group) <= MAX_CHOICES:
            pages[-1].extend(group)
        else:
            pages.append(list(group))
    return pages


def _position_pages(hand: Sequence[Card], positions: Sequence[int]) -> list[list[int]]:
    """Hand ``positions`` in pages of at most 25, broken between suits where possible."""
    groups: list[list[int]] = []
    for position in positions:
        last = groups[-1] if groups else None
        if last and suit_group(hand[last[0]]) == suit_group(hand[position]) and len(last) < MAX_CHOICES:
            last.append(position)
        else:
            groups.append([position])
    pages: list[list[int]] = []
    for group in groups:
        if pages and len(pages[-1]) + len(group) <= MAX_CHOICES:
            pages[-1].extend(group)
        else:
            pages.append(list(group))
    return pages[:MAX_CARD_PAGES]


def _available(work: Work) -> list[int]:
    """The hand positions the meld being edited may choose from."""
    if work.building == "O":
        assert work.draft.target is not None
        return lay_off_cards(work.desk, work.draft.target)
    return [position for position in range(len(work.hand)) if not work.used >> position & 1]


def _card_selects(work: Work, what: Text) -> list[Select]:
    pages = _position_pages(work.hand, _available(work))
    mask = work.draft.current.mask
    selects: list[Select] = []
    for number, page in enumerate(pages):
        intent = f"c{number}{work.draft.encode()}"
        if len(intent) > MAX_INTENT:
            continue
        choices = tuple(
            Choice(
                card_name(work.hand[p]),
                str(p),
                card_emoji(work.hand[p]),
                default=bool(mask >> p & 1),
                description=t("select.wild") if work.hand[p].is_wild else "",
            )
            for p in page
        )
        if len(pages) == 1:
            placeholder = what
        else:
            placeholder = t(
                "select.with_span", what=what, span=_span(work.hand[page[0]], work.hand[page[-1]])
            )
        selects.append(Select(placeholder, intent, choices, 1, len(choices)))
    return selects


def _reading_label(reading: Reading) -> Text:
    meld = reading.meld
    if meld.kind == "set":
        rank = meld.rank or 1
        return (
            t("reading.set_number", rank=rank)
            if 3 <= rank <= 10
            else t("reading.set", ranks=t(f"rank.plural.{rank}"))
        )
    if meld.kind == "wild5":
        return t("need.wild5")
    assert meld.suit is not None
    low, high = position_card(meld.suit, meld.low), position_card(meld.suit, meld.high)
    return t("reading.run", low=card_name(low), high=card_name(high))


def _reading_row(work: Work, readings: Sequence[Reading]) -> list[Component]:
    flag = work.draft.current.reading
    if len(readings) <= MAX_BUTTONS_PER_ROW:
        buttons = [
            _button(
                _reading_label(reading),
                "g",
                work.draft.with_current(replace(work.draft.current, reading=reading.flag)),
                "success" if reading.flag == flag else "secondary",
            )
            for reading in readings
        ]
        return _buttons(*buttons)
    intent = "q" + work.draft.encode()
    if len(intent) > MAX_INTENT:
        return []
    choices = tuple(
        Choice(_reading_label(r), r.flag, default=r.flag == flag, description=meld_text(r.meld))
        for r in readings[:MAX_CHOICES]
    )
    return [Select(t("select.where_wilds"), intent, choices)]


def _earlier_readings(work: Work, readings: Sequence[Sequence[Reading]]) -> Select | None:
    """One select to change where the wilds of a meld before the last one lie (each such meld
    that can lie more than one way), so that no meld is dropped to change one; None if none can.
    A choice's value is the meld's index and the reading's flag (``0R9``)."""
    intent = "r" + work.draft.encode()
    if len(intent) > MAX_INTENT:
        return None
    choices = [
        Choice(
            t("reading.earlier", number=index + 1, reading=_reading_label(reading)),
            f"{index}{reading.flag}",
            default=chosen_reading(options, work.draft.melds[index].reading) == reading,
            description=meld_text(reading.meld),
        )
        for index, options in enumerate(readings)
        if len(options) > 1
        for reading in options
    ]
    if not choices:
        return None
    return Select(t("select.earlier_wilds"), intent, tuple(choices[:MAX_CHOICES]))


def _readings(work: Work, cards: Sequence[Card]) -> tuple[list[Reading], Words]:
    if work.building == "O":
        assert work.draft.target is not None
        return lay_off_readings(work.desk, work.draft.target, cards)
    return meld_readings(cards, work.desk.stick if work.building == "L" else None)


def _meld_line(
    label: Text,
    cards: Sequence[Card],
    readings: Sequence[Reading],
    problem: Words,
    flag: str,
    *,
    lay_off: bool,
) -> Text:
    if not cards:
        return t("draft.choose_them", label=label) if lay_off else t("draft.choose_its_cards", label=label)
    if not readings:
        return t("draft.problem", label=label, cards=cards_text(cards), problem=problem)
    reading = chosen_reading(readings, flag)
    if reading is None:
        return t("draft.where_wilds", label=label, cards=cards_text(cards))
    return t("draft.ready", label=label, meld=meld_text(reading.meld))


def _stick_problem(work: Work, melds: Sequence[Meld]) -> Words:
    """Why the finished melds do not complete the stick (the engine's reason), or ""."""
    stick = work.desk.stick
    assert stick is not None
    try:
        match_stick(stick, melds)
    except MeldError as error:
        return meld_problem(error)
    return _unused_wild_problem(work)


def _unused_wild_problem(work: Work) -> Words:
    if not work.taken:
        return ""
    placed = [card for cards in work.melds for card in cards]
    before = sum(card.is_wild for card in work.desk.hand)
    after = sum(card.is_wild for card in work.hand) - sum(card.is_wild for card in placed)
    if after > before:
        return t("draft.unused_wild")
    return ""


def _builder(work: Work, view: View, names: Sequence[str]) -> Message:
    """Laying down the stick or a new meld (with wilds taken or not), or a lay-off."""
    draft = work.draft
    building = work.building
    found: list[Words] = [_title(view, names)]
    if work.taken:
        swaps = [
            t("builder.swap", wild=card_name(o.wild), number=o.meld + 1, card=card_name(o.card))
            for o in work.taken
        ]
        found.append(t("builder.taking", swaps=joined(swaps, "join.comma")))
    if building == "L":
        assert work.desk.stick is not None
        found += [t("builder.lay_down", stick=stick_line(work.desk.stick)), stick_hint(work.desk.stick)]
    elif building == "M":
        found.append(t("builder.new_meld"))
    else:
        assert draft.target is not None
        found.append(
            t("builder.lay_off_on", meld=meld_label(draft.target, work.desk.melds[draft.target], names))
        )
    finished: list[Meld] = []
    current: list[Reading] = []
    chosen: Reading | None = None
    earlier: list[list[Reading]] = []
    for number, (meld, cards) in enumerate(zip(draft.melds, work.melds, strict=True), 1):
        readings, problem = _readings(work, cards)
        if building == "L":
            label = t("draft.meld_number", number=number)
        else:
            label = t("draft.cards") if building == "O" else t("draft.meld")
        found.append(_meld_line(label, cards, readings, problem, meld.reading, lay_off=building == "O"))
        reading = chosen_reading(readings, meld.reading)
        if reading is not None:
            finished.append(reading.meld)
        earlier.append(current)
        current, chosen = readings, reading
    used = work.used | draft.current.mask
    rest = [card for position, card in enumerate(work.hand) if not used >> position & 1]
    title = (
        t("hand.title_other", count=len(rest)) if building == "O" else t("hand.title_rest", count=len(rest))
    )
    found += _hand_block(rest, title)
    rows: list[list[Component]] = []
    if building == "O":
        selects = _card_selects(work, t("select.cards_lay_off"))
    elif building == "L":
        selects = _card_selects(work, t("select.cards_meld_number", number=len(draft.melds)))
    else:
        selects = _card_selects(work, t("select.cards_meld"))
    rows += [[select] for select in selects]
    if len(current) > 1:  # asked, or (filled in by the solver) offered to change: the chosen lit
        rows.append(_reading_row(work, current))
    change = _earlier_readings(work, earlier[1:])
    if change is not None and len(rows) < MAX_ROWS - 1:  # the last row: the buttons
        rows.append([change])
    go: Button | None = None
    if chosen is not None:
        if building == "L":
            assert work.desk.stick is not None
            if len(draft.melds) < len(work.desk.stick.needs):
                go = _button(
                    t("button.next_meld"), "g", replace(draft, melds=(*draft.melds, MeldDraft())), "primary"
                )
            else:
                problem = _stick_problem(work, finished)
                if problem:
                    found.append(t("builder.not_complete", problem=problem))
                else:
                    go = _button(t("button.lay_down"), "a", draft, "success")
        else:
            problem = _unused_wild_problem(work) if building == "M" else ""
            if problem:
                found.append(t("builder.not_yet", problem=problem))
            else:
                label = t("button.lay_off") if building == "O" else t("button.lay_down_meld")
                go = _button(label, "a", draft, "success")
    suggested = suggestion(work) if building in ("L", "M") else None
    suggest = (
        _button(t("button.suggest"), "g", suggested) if suggested is not None and suggested != draft else None
    )
    clear = _button(t("button.clear"), "g", draft.with_current(MeldDraft())) if draft.current.mask else None
    back: str | Draft
    if building == "L" and len(draft.melds) > 1:
        back = replace(draft, melds=draft.melds[:-1])
    elif draft.mode == "W":
        back = replace(draft, melds=(), using=False)
    elif draft.mode == "O":
        back = "O"
    else:
        back = ""
    back_button = _button(t("button.back"), "g", back) if back != "" else None
    rows.append(_buttons(go, suggest, clear, back_button, _button(t("button.cancel"), "g", "")))
    return _message(found, rows)


def _targets(work: Work, view: View, names: Sequence[str]) -> Message:
    """Laying off: which meld."""
    targets = lay_off_targets(work.desk)
    page = work.draft.page
    shown = targets[page * TARGET_PAGE : (page + 1) * TARGET_PAGE]
    found: list[Words] = [_title(view, names), t("targets.intro"), *_hand_block(work.desk.hand)]
    rows: list[list[Component]] = []
    if shown:
        choices = tuple(
            Choice(
                meld_label(i, work.desk.melds[i], names),
                str(i),
                description=t("targets.laid_by", name=names[work.desk.melds[i].owner]),
            )
            for i in shown
        )
        rows.append([Select(t("select.target"), "t" + work.draft.encode(), choices)])
    else:
        found.append(t("targets.none"))
    earlier = _button(t("button.earlier_melds"), "g", f"O~{page - 1}" if page > 1 else "O") if page else None
    more = len(targets) > (page + 1) * TARGET_PAGE
    later = _button(t("button.more_melds"), "g", f"O~{page + 1}") if more else None
    rows.append(_buttons(earlier, later, _button(t("button.cancel"), "g", "")))
    return _message(found, rows)


def _swaps(work: Work, view: View, names: Sequence[str]) -> Message:
    """Taking wilds: which."""
    intro = t("swaps.intro_stick") if work.desk.stick is not None else t("swaps.intro_meld")
    found: list[Words] = [_title(view, names), intro, *_hand_block(work.desk.hand)]
    desk = work.desk
    choices = tuple(
        Choice(
            t(
                "swaps.choice",
                card=card_name(option.card),
                wild=card_name(option.wild),
                number=option.meld + 1,
            ),
            str(bit),
            card_emoji(option.card),
            default=bool(work.draft.swaps >> bit & 1),
            description=meld_label(option.meld, desk.melds[option.meld], names),
        )
        for bit, option in enumerate(desk.swaps)
    )
    rows: list[list[Component]] = [
        [Select(t("select.swaps"), "w" + work.draft.encode(), choices, 1, len(choices))]
    ]
    using = _button(
        t("button.use_it"),
        "g",
        _opened(replace(work.draft, using=True, melds=(MeldDraft(),)), desk),
        "primary",
    )
    rows.append(_buttons(using if work.draft.swaps else None, _button(t("button.cancel"), "g", "")))
    return _message(found, rows)


def _opened(draft: Draft, desk: Desk) -> Draft:
    """A new lay-down (or wilds-taken) draft, filled with the melds the solver finds if any."""
    try:
        work = check(desk, draft)
    except Refused:
        return draft
    if work.building != "L":
        return draft
    found = suggestion(work)
    return found if found is not None else draft


def prompt(view: View, names: Sequence[str], draft_text: str) -> Message:
    """The seat's prompt for ``view`` and the draft (an unreadable draft: the main prompt)."""
    if view.seat is None or view.hand is None or view.seat not in view.awaiting:
        return _idle(view, names)
    if view.phase == "draw":
        return _draw(view, names)
    desk = Desk.of(view)
    try:
        work = check(desk, parse(draft_text))
    except Refused:
        work = check(desk, Draft())
    mode = work.draft.mode
    if mode == "":
        return _play(desk, view, names)
    if mode == "O" and work.draft.target is None:
        return _targets(work, view, names)
    if mode == "W" and not work.draft.using:
        return _swaps(work, view, names)
    return _builder(work, view, names)


# --- clicks ----------------------------------------------------------------------------------


def _ints(values: Sequence[str], allowed: Sequence[int]) -> list[int]:
    found = []
    for value in values:
        if not value.isdigit() or int(value) not in allowed or int(value) in found:
            raise forged()
        found.append(int(value))
    if not found:
        raise Refused(t("refusal.choose_one"))
    return found


def _discard(desk: Desk, values: Sequence[str]) -> Act:
    if len(values) != 1:
        raise forged()
    try:
        card = Card.parse(values[0])
    except ValueError:
        raise forged() from None
    if card not in desk.hand:
        raise Refused(t("refusal.discard_not_held", card=card_name(card)))
    if not discardable(card, desk.melds) and any(discardable(c, desk.melds) for c in desk.hand):
        if card.is_wild:
            raise Refused(t("refusal.discard_wild", card=card_name(card)))
        meld = next(i for i, laid in enumerate(desk.melds) if laid.meld.accepts_alone(card))
        raise Refused(t("refusal.discard_fits", card=card_name(card), number=meld + 1))
    return Act(f"X {card.code}")


def _earlier_reading_chosen(work: Work, value: str) -> Draft:
    """The draft with the reading ``value`` (``0R9``: meld 1 as the run from 9) chosen for one
    of the melds before the last; :class:`Refused` if that was not offered."""
    index = int(value[:1]) if value[:1].isdigit() else len(work.draft.melds)
    if index >= len(work.draft.melds) - 1:
        raise forged()
    readings, _ = _readings(work, work.melds[index])
    if len(readings) < 2 or value[1:] not in [reading.flag for reading in readings]:
        raise forged()
    melds = list(work.draft.melds)
    melds[index] = replace(melds[index], reading=value[1:])
    return replace(work.draft, melds=tuple(melds))


def click(view: View, intent: str, values: Sequence[str]) -> Act | Redraw:
    """What a click on the seat's prompt means (see the module docstring for the intents)."""
    if intent in ("S", "D"):
        if values:
            raise forged()
        return Act(intent)
    if view.seat in view.awaiting and view.phase == "draw":
        raise Refused(t("refusal.draw_first"))
    if view.seat is None or view.seat not in view.awaiting or view.phase != "play":
        raise Refused(t("refusal.not_your_play"), turn_of=view.awaiting, outdated=True)
    desk = Desk.of(view)
    if intent[:1] == "X" and intent[1:].isdigit():
        return _discard(desk, values)
    op, rest = intent[:1], intent[1:]
    page = 0
    if op == "c":
        if not rest[:1].isdigit():
            raise forged()
        page, rest = int(rest[:1]), rest[1:]
    work = check(desk, parse(rest))
    draft = work.draft
    if op == "g":
        if values:
            raise forged()
        return Redraw(draft.encode())
    if op == "a":
        if values:
            raise forged()
        return Act(action_text(work))
    if op == "c" and work.building:
        pages = _position_pages(work.hand, _available(work))
        if page >= len(pages):
            raise forged()
        shown = pages[page]
        chosen = _ints(values, shown)
        mask = draft.current.mask
        for position in shown:
            mask &= ~(1 << position)
        for position in chosen:
            mask |= 1 << position
        return Redraw(draft.with_current(MeldDraft(mask)).encode())
    if op == "t" and draft.mode == "O" and draft.target is None:
        if len(values) != 1:
            raise forged()
        (target,) = _ints(values, lay_off_targets(desk))
        return Redraw(Draft("O", (MeldDraft(),), target=target).encode())
    if op == "w" and draft.mode == "W" and not draft.using:
        bits = _ints(values, range(len(desk.swaps)))
        swaps = sum(1 << bit for bit in bits)
        check(desk, Draft("W", swaps=swaps))  # one wild chosen twice is refused now, with why
        return Redraw(_opened(Draft("W", (MeldDraft(),), swaps=swaps, using=True), desk).encode())
    if op == "r" and work.building and len(values) == 1:
        return Redraw(_earlier_reading_chosen(work, values[0]).encode())
    if op == "q" and work.building and len(values) == 1:
        readings, _ = _readings(work, work.melds[-1])
        if values[0] not in [reading.flag for reading in readings]:
            raise forged()
        return Redraw(draft.with_current(replace(draft.current, reading=values[0])).encode())
    raise forged()
