"""Drafts: a play of several clicks (a lay-down, a new meld, a lay-off, a wild taken) as a short
text carried in the intents of a seat's prompt (see :mod:`tabletop.presentation`).

A draft names cards by their *position* in the seat's hand in :func:`present_text.hand_order`,
as a bitmask written in hex: the host refuses a click made at an earlier stage, and the stage
changes with every action, so the hand a draft speaks of is the hand the prompt showed.

Grammar (``mask`` is lowercase hex; ``reading`` says how a meld lies where it is ambiguous:
``S`` a set, ``F`` "5 wild cards", ``R<n>`` a run whose lowest card is at position n, 1-12)::

    ""                       the turn's main prompt
    L<meld>.<meld>...        laying down the stick, one meld after another (the last is edited)
    M<meld>                  a new meld (after the stick is completed)
    O | O~<page>             laying off: choosing the meld on the table (page of that list)
    O<index>.<meld>          laying off on table meld ``index``
    W<swaps>                 taking wilds: choosing the swaps (bitmask over the offered swaps)
    W<swaps>:<meld>...       the wilds taken, building the melds that use them (L or M)
    meld := <mask>[<reading>]

:func:`parse` checks the grammar; :func:`check` checks a draft against the seat's view (the
masks fit the hand, the step is open to the seat now) and gives the :class:`Work` the prompt
and the final action are made from. Both raise :class:`tabletop.Refused` saying why.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from tabletop import Refused
from tabletop.catalog import Text

from .actions import AddMeld, LayDown, LayOff, MeldPlay, Swap, TakeWild
from .cards import Card
from .errors import MeldError
from .melds import Meld, interpretations, make_meld
from .present_text import Words, card_name, hand_order
from .refusals import meld_problem, need_problem
from .solver import new_melds
from .sticks import Stick
from .suggest import lay_down_suggestion
from .texts import t
from .views import TableMeld, View

__all__ = [
    "MAX_SWAPS",
    "Desk",
    "Draft",
    "MeldDraft",
    "Reading",
    "SwapOption",
    "Work",
    "action_text",
    "check",
    "forged",
    "lay_off_cards",
    "lay_off_readings",
    "lay_off_targets",
    "meld_readings",
    "parse",
    "suggestion",
]

MAX_SWAPS: Final = 25
"""The most swaps offered at once (one select); further ones are left out."""
TARGET_PAGE: Final = 25
"""Table melds per page of the lay-off select."""


def forged() -> Refused:
    """The refusal of a click no prompt offered (a forged or garbled intent, or one of a prompt
    the game has moved past): the host adds where the latest prompt is."""
    return Refused(t("refusal.forged"), outdated=True)


_MELD: Final = r"[0-9a-f]{1,16}(?:S|F|R(?:1[0-2]|[1-9]))?"
_MELDS: Final = rf"{_MELD}(?:\.{_MELD}){{0,3}}"
_PATTERNS: Final = {
    "L": re.compile(rf"L({_MELDS})"),
    "M": re.compile(rf"M({_MELD})"),
    "O": re.compile(rf"O(?:~(\d{{1,2}})|(\d{{1,3}})\.({_MELD}))?"),
    "W": re.compile(rf"W([0-9a-f]{{0,7}})(?::({_MELDS}))?"),
}
_ONE_MELD: Final = re.compile(r"([0-9a-f]+)(.*)")


@dataclass(frozen=True, slots=True)
class MeldDraft:
    """One meld being built: the hand positions of its cards and its chosen ``reading``."""

    mask: int = 0
    reading: str = ""

    def encode(self) -> str:
        """``"3c0R4"``."""
        return f"{self.mask:x}{self.reading}"

    @classmethod
    def decode(cls, text: str) -> MeldDraft:
        """Inverse of :meth:`encode` (the text matched the grammar already)."""
        found = _ONE_MELD.fullmatch(text)
        assert found is not None
        return cls(int(found.group(1), 16), found.group(2))


@dataclass(frozen=True, slots=True)
class Draft:
    """A play being built (see the module docstring): ``mode`` "" (none), "L", "M", "O" or "W"."""

    mode: str = ""
    melds: tuple[MeldDraft, ...] = ()
    target: int | None = None
    page: int = 0
    swaps: int = 0
    using: bool = False

    def encode(self) -> str:
        """The draft's text."""
        melds = ".".join(meld.encode() for meld in self.melds)
        if self.mode in ("L", "M"):
            return self.mode + melds
        if self.mode == "O":
            if self.target is None:
                return f"O~{self.page}" if self.page else "O"
            return f"O{self.target}.{melds}"
        if self.mode == "W":
            swaps = f"{self.swaps:x}" if self.swaps or self.using else ""
            return f"W{swaps}:{melds}" if self.using else f"W{swaps}"
        return ""

    @property
    def current(self) -> MeldDraft:
        """The meld being edited (the last one)."""
        return self.melds[-1] if self.melds else MeldDraft()

    def with_current(self, meld: MeldDraft) -> Draft:
        """This draft with the meld being edited replaced."""
        return replace(self, melds=(*self.melds[:-1], meld))


def parse(text: str) -> Draft:
    """The draft ``text`` writes; :class:`Refused` if it is not one."""
    if text == "":
        return Draft()
    pattern = _PATTERNS.get(text[:1])
    found = pattern.fullmatch(text) if pattern is not None else None
    if found is None:
        raise forged()
    mode = text[0]
    if mode in ("L", "M"):
        return Draft(mode, tuple(MeldDraft.decode(part) for part in found.group(1).split(".")))
    if mode == "O":
        page, target, meld = found.groups()
        if target is not None:
            return Draft("O", (MeldDraft.decode(meld),), target=int(target))
        return Draft("O", page=int(page or 0))
    swaps, melds = found.groups()
    if melds is None:
        return Draft("W", swaps=int(swaps or "0", 16))
    return Draft(
        "W",
        tuple(MeldDraft.decode(part) for part in melds.split(".")),
        swaps=int(swaps or "0", 16),
        using=True,
    )


@dataclass(frozen=True, slots=True)
class SwapOption:
    """A wild on the table the seat may take: put the natural ``card`` in table meld ``meld``
    in place of ``wild`` (``in_set``: the meld is a set, so the swap names the wild)."""

    meld: int
    card: Card
    wild: Card
    in_set: bool

    def swap(self) -> Swap:
        """The engine's :class:`Swap`."""
        return Swap(self.meld, self.card, self.wild if self.in_set else None)


def _swap_options(hand: Sequence[Card], melds: Sequence[TableMeld]) -> tuple[SwapOption, ...]:
    found: list[SwapOption] = []
    for index, table_meld in enumerate(melds):
        meld = table_meld.meld
        for card in sorted({c for c in hand if not c.is_wild}):
            spot = meld.takeable(card)
            if spot is None:
                continue
            if meld.kind == "set":
                wilds = sorted({c for c in meld.cards if c.is_wild})
                found.extend(SwapOption(index, card, wild, True) for wild in wilds)
            else:
                found.append(SwapOption(index, card, meld.cards[spot], False))
    return tuple(found[:MAX_SWAPS])


def _each_wild_once(taken: Sequence[SwapOption], melds: Sequence[TableMeld]) -> None:
    """:class:`Refused` if the swaps chosen take one wild of the table twice (a set's wild is
    offered once for each natural card that could replace it)."""
    chosen = Counter((option.meld, option.wild) for option in taken)
    for (meld, wild), count in chosen.items():
        there = sum(1 for card in melds[meld].meld.cards if card == wild)
        if count > there:
            raise Refused(t("refusal.wild_once", wild=card_name(wild), number=meld + 1))


@dataclass(frozen=True)
class Desk:
    """What a seat's drafts work on, from its view: its hand in :func:`hand_order`, its
    uncompleted stick, the table and the wilds it could take; ``playing``: the seat is awaited
    in the play phase (drafts are open to it)."""

    seat: int
    hand: tuple[Card, ...]
    stick: Stick | None
    melds: tuple[TableMeld, ...]
    swaps: tuple[SwapOption, ...]
    playing: bool

    @classmethod
    def of(cls, view: View) -> Desk:
        """The desk of the seat whose view this is."""
        if view.seat is None or view.hand is None:
            raise Refused(t("refusal.not_a_seat"))
        hand = hand_order(view.hand)
        playing = view.phase == "play" and view.seat in view.awaiting
        return cls(view.seat, hand, view.stick, view.melds, _swap_options(hand, view.melds), playing)


def _cards(hand: Sequence[Card], mask: int) -> tuple[Card, ...]:
    return tuple(card for position, card in enumerate(hand) if mask >> position & 1)


def _without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


@dataclass(frozen=True)
class Work:
    """A checked draft: the ``hand`` its positions name (the seat's, or after the wilds are
    taken), the swaps ``taken`` and the cards of each meld."""

    draft: Draft
    desk: Desk
    hand: tuple[Card, ...]
    taken: tuple[SwapOption, ...]
    melds: tuple[tuple[Card, ...], ...]

    @property
    def building(self) -> str:
        """What the melds make: "L" (the stick), "M" (a new meld), "O" (a lay-off) or ""."""
        if self.draft.mode == "W" and self.draft.using:
            return "L" if self.desk.stick is not None else "M"
        if self.draft.mode == "O" and self.draft.target is None:
            return ""
        return self.draft.mode if self.draft.mode in ("L", "M", "O") else ""

    @property
    def used(self) -> int:
        """The positions taken by the melds before the one being edited."""
        mask = 0
        for meld in self.draft.melds[:-1]:
            mask |= meld.mask
        return mask


def check(desk: Desk, draft: Draft) -> Work:
    """``draft`` checked against ``desk``; :class:`Refused` saying why it does not fit."""
    if draft.mode == "":
        return Work(draft, desk, desk.hand, (), ())
    if not desk.playing:
        raise Refused(t("refusal.not_playing"))
    hand = desk.hand
    taken: tuple[SwapOption, ...] = ()
    if draft.mode == "W":
        if not desk.swaps:
            raise Refused(t("refusal.no_swaps"))
        if draft.swaps >> len(desk.swaps):
            raise forged()
        taken = tuple(option for bit, option in enumerate(desk.swaps) if draft.swaps >> bit & 1)
        _each_wild_once(taken, desk.melds)
        if not draft.using:
            return Work(draft, desk, hand, taken, ())
        if not taken:
            raise Refused(t("refusal.choose_wild"))
        needed = Counter(option.card for option in taken)
        have = Counter(hand)
        for card, count in needed.items():
            if have[card] < count:
                raise Refused(t("refusal.swaps_need", held=have[card], card=card_name(card), count=count))
        hand = hand_order([*_without(hand, [o.card for o in taken]), *(o.wild for o in taken)])
    building = "L" if draft.mode == "L" or (draft.mode == "W" and desk.stick is not None) else draft.mode
    if building == "L" and desk.stick is None:
        raise Refused(t("refusal.stick_done"))
    if building in ("M", "O") and desk.stick is not None:
        raise Refused(t("refusal.stick_first"))
    if building == "M" and draft.mode == "W" and len(draft.melds) != 1:
        raise forged()
    if building == "L":
        assert desk.stick is not None
        if len(draft.melds) > len(desk.stick.needs):
            raise Refused(t("refusal.stick_melds", count=len(desk.stick.needs)))
    if draft.mode == "O":
        if draft.target is None:
            if draft.page * TARGET_PAGE >= max(1, len(desk.melds)):
                raise forged()
            return Work(draft, desk, hand, taken, ())
        if draft.target >= len(desk.melds):
            raise Refused(t("refusal.no_such_meld"))
    used = 0
    melds: list[tuple[Card, ...]] = []
    for number, meld in enumerate(draft.melds):
        if meld.mask >> len(hand) or meld.mask & used:
            raise forged()
        if not meld.mask and number < len(draft.melds) - 1:
            raise forged()
        used |= meld.mask
        melds.append(_cards(hand, meld.mask))
    return Work(draft, desk, hand, taken, tuple(melds))


# --- readings ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reading:
    """One way a group of cards can lie: ``flag`` (the draft's reading) and the ``meld``."""

    flag: str
    meld: Meld

    @property
    def kind(self) -> str:
        """ "set", "run" or "wild5"."""
        return self.meld.kind

    @property
    def start(self) -> int | None:
        """A run's lowest position (its placement), else None."""
        return self.meld.low if self.meld.kind == "run" else None


def _flag(meld: Meld) -> str:
    return {"set": "S", "wild5": "F"}.get(meld.kind, f"R{meld.low}")


def meld_readings(cards: Sequence[Card], stick: Stick | None) -> tuple[list[Reading], Words]:
    """Every reading of ``cards`` as a meld to lay down (the engine's default first) and, if
    there is none, why (the engine's sentence). ``stick``: for a lay-down, only the readings
    that meet one of the stick's melds count; None: a new meld (no "5 wild cards")."""
    if not cards:
        return [], ""
    found = [Reading(_flag(meld), meld) for meld in interpretations(cards)]
    if stick is None:
        found = [reading for reading in found if reading.kind != "wild5"]
        if not found:
            return [], _meld_problem(cards, new=True)
        return found, ""
    if not found:
        return [], _meld_problem(cards, new=False)
    fitting = [r for r in found if any(need.problem(r.meld) is None for need in stick.needs)]
    if fitting:
        return fitting, ""
    first = found[0].meld
    need = next((n for n in stick.needs if n.kind == first.kind), stick.needs[0])
    return [], need_problem(need, first)


def _meld_problem(cards: Sequence[Card], *, new: bool) -> Text:
    if new and all(card.is_wild for card in cards):
        return t("problem.new_meld_natural")
    try:
        make_meld(cards)
    except MeldError as error:
        return meld_problem(error)
    return t("problem.new_meld_wild5")


def chosen_reading(readings: Sequence[Reading], flag: str) -> Reading | None:
    """The reading the draft chose (or the only one), None while the seat must still choose."""
    if len(readings) == 1:
        return readings[0]
    return next((reading for reading in readings if reading.flag == flag), None)


def lay_off_targets(desk: Desk) -> list[int]:
    """The table melds some of the seat's cards can be laid off on (a lone wild: own melds)."""
    wilds = [card for card in desk.hand if card.is_wild]
    found = []
    for index, table_meld in enumerate(desk.melds):
        meld = table_meld.meld
        if meld.kind == "wild5":
            continue
        tries: list[tuple[Card, ...]] = [(w,) for w in wilds[:1]] if table_meld.owner == desk.seat else []
        for card in sorted({c for c in desk.hand if not c.is_wild}):
            if (meld.kind == "set" and card.rank == meld.rank) or (
                meld.kind == "run" and card.suit is meld.suit
            ):
                tries.extend((card, *wilds[:count]) for count in range(len(wilds) + 1))
        if any(_extends(meld, cards) for cards in tries):
            found.append(index)
    return found


def _extends(meld: Meld, cards: Sequence[Card]) -> bool:
    try:
        meld.extended(cards)
    except MeldError:
        return False
    return True


def lay_off_cards(desk: Desk, target: int) -> list[int]:
    """The hand positions that could go on table meld ``target``: wilds and naturals of its
    rank (a set) or suit (a run)."""
    meld = desk.melds[target].meld
    return [
        position
        for position, card in enumerate(desk.hand)
        if card.is_wild or (card.rank == meld.rank if meld.kind == "set" else card.suit is meld.suit)
    ]


def lay_off_readings(desk: Desk, target: int, cards: Sequence[Card]) -> tuple[list[Reading], Words]:
    """Every way ``cards`` can extend table meld ``target`` (the engine's default first), or
    why they cannot (the engine's sentence)."""
    if not cards:
        return [], ""
    table_meld = desk.melds[target]
    if table_meld.owner != desk.seat and all(card.is_wild for card in cards):
        return [], t("problem.lone_wild")
    found: list[Reading] = []
    problem: Words = ""
    for placement in (None, "down", *range(1, 13)):
        try:
            meld = table_meld.meld.extended(cards, placement)
        except MeldError as error:
            problem = problem or meld_problem(error)
            continue
        if all(reading.meld != meld for reading in found):
            found.append(Reading(_flag(meld), meld))
        if meld.kind == "set":
            break
    return found, ("" if found else problem)


# --- suggestions and the final action ---------------------------------------------------------


def _mask_of(hand: Sequence[Card], groups: Sequence[Sequence[Card]]) -> list[int] | None:
    taken = 0
    masks = []
    for group in groups:
        mask = 0
        for card in group:
            position = next(
                (p for p, c in enumerate(hand) if c == card and not (taken | mask) >> p & 1), None
            )
            if position is None:
                return None
            mask |= 1 << position
        taken |= mask
        masks.append(mask)
    return masks


def suggestion(work: Work) -> Draft | None:
    """The draft with melds the engine's solver finds in the working hand (a lay-down of the
    stick, read as the rules read it unasked, as :func:`stickgame.suggest.lay_down_suggestion`
    offers it in the terminal too; or a new meld: one that uses a taken wild when wilds are
    taken), or None."""
    plays: Sequence[MeldPlay]
    defaults: Sequence[Meld | None]
    if work.building == "L":
        stick = work.desk.stick
        assert stick is not None
        found = lay_down_suggestion(work.hand, stick)  # the terminal offers the same lay-down
        if found is None:
            return None
        plays, defaults = found.plays, found.melds
    elif work.building == "M":
        options = new_melds(work.hand)
        if work.taken:
            options = [play for play in options if any(card.is_wild for card in play.cards)]
        if not options:
            return None
        plays, defaults = options[:1], [None]  # a new meld: its first reading
    else:
        return None
    masks = _mask_of(work.hand, [play.cards for play in plays])
    if masks is None:
        return None
    groups = [_cards(work.hand, mask) for mask in masks]
    melds = []
    for mask, cards, default in zip(masks, groups, defaults, strict=True):
        readings, _ = meld_readings(cards, work.desk.stick if work.building == "L" else None)
        wanted = default or (readings[0].meld if readings else None)
        flag = ""
        if wanted is not None and len(readings) > 1 and any(r.meld == wanted for r in readings):
            flag = _flag(wanted)
        melds.append(MeldDraft(mask, flag))
    return replace(work.draft, melds=tuple(melds))


def _play(cards: tuple[Card, ...], reading: Reading | None) -> MeldPlay:
    if reading is None:
        return MeldPlay(cards)
    return MeldPlay(cards, reading.kind, reading.start)


def action_text(work: Work) -> str:
    """The action a finished draft means; :class:`Refused` if a step is missing."""
    building = work.building
    if not building:
        raise forged()
    plays: list[MeldPlay] = []
    for number, (meld, cards) in enumerate(zip(work.draft.melds, work.melds, strict=True), 1):
        if not cards:
            raise Refused(t("refusal.meld_empty", number=number))
        if building == "O":
            assert work.draft.target is not None
            readings, _ = lay_off_readings(work.desk, work.draft.target, cards)
        else:
            readings, _ = meld_readings(cards, work.desk.stick if building == "L" else None)
        reading = chosen_reading(readings, meld.reading)
        if reading is None and readings:
            raise Refused(t("refusal.wilds_unplaced", number=number))
        plays.append(_play(cards, reading))
    if building == "O":
        assert work.draft.target is not None
        play = plays[0]
        return LayOff(work.draft.target, play.cards, play.placement).encode()
    then: LayDown | AddMeld = LayDown(tuple(plays)) if building == "L" else AddMeld(plays[0])
    if work.taken:
        return TakeWild(tuple(option.swap() for option in work.taken), then).encode()
    return then.encode()
