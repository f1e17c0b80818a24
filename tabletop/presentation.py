"""How a game shows itself: pure message specs that the Discord layer turns into messages.

A game's presentation (``<game>/presentation.py``, reached as :attr:`GameSpec.presentation`)
writes every message that shows the game: the public table message, a seat's private prompt
(its hand and the components for its decision), the reports after a round or at the end, and
the rules. It returns plain data (:class:`Message`, :class:`Embed`, :class:`Button`,
:class:`Select`), never a Discord object, so that it stays testable without Discord and the game
package stays standalone.

**Components carry intents, not custom ids.** A component's ``intent`` is a short text that the
same presentation reads back when the component is clicked (:meth:`Presentation.click`): most
intents are simply an action text ("p:red7"), others describe a step towards one (a select that
picks the cards of a meld). The Discord layer builds each custom id from the table's channel,
the game id, the match's ``stage`` when the prompt was made and the intent. A click made at an
earlier stage is refused with :meth:`Presentation.stale`'s reason, unless that says the click still
counts (a hand shown before a seat's turn may still be played from). An intent is at most
:data:`MAX_INTENT` characters, so that a custom id stays within Discord's 100.

**Drafts** are how a decision of several clicks works without any state on the host: a click may
answer :class:`Redraw` with a new *draft* (a short text only the presentation reads, e.g. the
cards chosen so far); the host then shows ``prompt(view, draft=...)`` in place of the clicked
prompt, whose components carry the draft on in their intents. A draft is not an action: it is
never stored and a restart forgets it.

**Every message of the host is one of these too**: the host's own messages (the lobby, the /stop
confirmation, stats, ratings, replays, history) are built of the same values, and one converter in
the Discord layer (:mod:`bot.tables.payload`) turns any of them into what discord.py sends. A
message the host sends carries its components' custom ids as their intents (the Discord layer
makes a game's intents custom ids when it addresses the message to a table), and the picture it
shows as a :class:`~tabletop.pictures.Sketch` (:attr:`Message.picture`), drawn when it is sent.

Text is Discord markdown (``**bold**``). Names are given already made safe to show. Every text
a player reads may be a plain string or a :class:`~tabletop.catalog.Text` from the game's
catalog (``<game>/catalog/``): a text named by key and fields that the Discord layer fills in
in the reader's language when it shows the message (:func:`~tabletop.catalog.render`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol, TypeVar, runtime_checkable

from tabletop.catalog import Text, render
from tabletop.options import OptionValue
from tabletop.pictures import Sketch

__all__ = [
    "MAX_INTENT",
    "Act",
    "Button",
    "Choice",
    "Component",
    "Embed",
    "EmbedField",
    "Message",
    "Presentation",
    "Redraw",
    "Select",
    "Style",
    "Text",
    "render",
]

MAX_INTENT: Final = 60
"""The longest intent a component may carry (a custom id holds it with the channel, game id and
stage, within Discord's 100 characters)."""

MAX_ROWS: Final = 5
"""Rows of components in one message (Discord's limit)."""

MAX_BUTTONS_PER_ROW: Final = 5
"""Buttons in one row (Discord's limit); a select fills a row alone."""

MAX_CHOICES: Final = 25
"""Choices in one select (Discord's limit)."""

Style = Literal["primary", "secondary", "success", "danger"]
"""A button's colour: blurple, grey, green, red."""


@dataclass(frozen=True)
class EmbedField:
    """One named field of an embed."""

    name: str | Text
    value: str | Text
    inline: bool = False


@dataclass(frozen=True)
class Embed:
    """A boxed block of text under a message: title, description, fields, colour (0xRRGGBB)."""

    title: str | Text
    description: str | Text = ""
    colour: int | None = None
    fields: tuple[EmbedField, ...] = ()
    footer: str | Text = ""


@dataclass(frozen=True)
class Button:
    """A button; clicking it sends ``intent`` to :meth:`Presentation.click`."""

    label: str | Text
    intent: str
    emoji: str | None = None
    style: Style = "secondary"
    disabled: bool = False


@dataclass(frozen=True)
class Choice:
    """One option of a select: what it shows and the ``value`` it sends."""

    label: str | Text
    value: str
    emoji: str | None = None
    default: bool = False
    description: str | Text = ""


@dataclass(frozen=True)
class Select:
    """A select menu; choosing sends ``intent`` and the chosen values to
    :meth:`Presentation.click` (``min_values``..``max_values`` of them)."""

    placeholder: str | Text
    intent: str
    choices: tuple[Choice, ...]
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False


Component = Button | Select


@dataclass(frozen=True)
class Message:
    """A message: its text, embeds, rows of components (at most :data:`MAX_ROWS`), and the
    picture it shows (``picture``: a sketch drawn when the message is sent, for servers that show
    pictures; an edit replaces the message's picture, or removes it when there is none)."""

    content: str | Text
    embeds: tuple[Embed, ...] = ()
    rows: tuple[tuple[Component, ...], ...] = ()
    picture: Sketch | None = None

    def components(self) -> list[Component]:
        """Every component, row by row."""
        return [item for row in self.rows for item in row]


@dataclass(frozen=True)
class Act:
    """A click means this action (the game's own text), taken by the clicking seat."""

    action: str


@dataclass(frozen=True)
class Redraw:
    """A click is a step of a decision: show the seat's prompt again with this draft."""

    draft: str


@runtime_checkable
class Presentation(Protocol):
    """Every message of one game (see the module docstring). ``view`` arguments are the game's
    own views, as :meth:`tabletop.Match.view` returns them; events are the game's own, as
    :meth:`tabletop.Match.apply` returns them."""

    def options_line(self, options: dict[str, OptionValue], players: int | None) -> str | Text:
        """The chosen options in one line, for the lobby ("**classic** (3-6 players, ...)")."""
        ...

    def rules(self) -> Message:
        """The game's rules, short enough to read on a phone (``/rules``)."""
        ...

    def table(
        self, view: object, names: Sequence[str], *, notes: Sequence[str], stopped: bool
    ) -> Message:
        """The public table message for the public ``view``. ``notes`` are lines of the host's
        (the turn timer), written in the reader's language as ``names`` are, to show among the
        game's; ``stopped``: the game was ended early, so
        nobody is waited for."""
        ...

    def round_closed(self, events: Sequence[object], view: object, names: Sequence[str]) -> Message | None:
        """The last form of a round's table message, from the events of the action that ended
        the round (the last trick, the cards revealed; ``view``: the public view afterwards);
        None: keep the table message as it is."""
        ...

    def reports(self, events: Sequence[object], view: object, names: Sequence[str]) -> tuple[Message, ...]:
        """What the channel is told after an action, from its events (``view``: the public view
        afterwards): a round's scores, the final standings. Usually nothing (the table message
        shows the rest)."""
        ...

    def prompt(self, view: object, names: Sequence[str], *, draft: str = "") -> Message:
        """A seat's private message for its ``view``: its hand and, when it is awaited, the
        components of its decision (``draft``: the steps chosen so far, see :class:`Redraw`)."""
        ...

    def click(self, view: object, intent: str, values: Sequence[str]) -> Act | Redraw:
        """What a click on a component of ``prompt(view, ...)`` means (``values``: a select's
        chosen values). :class:`tabletop.Refused` for an intent or values this presentation
        never offered; checking the action itself is the match's job."""
        ...

    def acted(self, view: object, action: str, names: Sequence[str]) -> Message | None:
        """What becomes of the prompt a seat clicked to take ``action`` (``view``: the seat's
        view afterwards). None: show the seat's new prompt in its place, as for a turn of
        several decisions; a message: its first line says what was done, and the prompt shrinks
        to that line (nothing to click: a phone's DM list keeps one short line per decision;
        the lines after it are detail a host may leave out), and any new decision of the seat
        comes as a new prompt."""
        ...

    def reply(self, action: str, view: object) -> str | Text:
        """The private answer to the seat that took ``action`` ("You played red 7."; ``view``:
        the seat's view afterwards)."""
        ...

    def stale(self, stage: str, view: object) -> str | Text | None:
        """Why a click on a prompt made at ``stage`` (an earlier stage than now; ``view``: the
        clicking seat's) no longer counts, in the words of the game ("This hand is from trick
        1, which is over; use your latest hand."; the host adds the command that shows the latest
        prompt: no game text names a command); None: it still counts."""
        ...

    def todo(self, view: object) -> str | Text:
        """What the seat whose view this is must do now, as a few words that follow "please"
        in a reminder: "pick your misery card", "play a card", "bid"."""
        ...

    def nudge(self, view: object) -> str | Text:
        """What the seat whose view this is must do now, for a reminder in the channel (when its
        direct messages are closed): "it is your turn (round 2, trick 3)." (the host adds the
        command that shows the prompt)."""
        ...


def standings_lines(names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """The players ranked by total, highest first, equal totals sharing a place:
    ``1. Alice: 12`` (for every game's final standings, and the host's after a /stop)."""
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    lines = []
    place = 0
    previous: int | None = None
    for index, seat in enumerate(order):
        if totals[seat] != previous:
            place, previous = index + 1, totals[seat]
        lines.append(f"{place}. {names[seat]}: {totals[seat]}")
    return lines


Item = TypeVar("Item")


def fit_rows(
    groups: Sequence[Sequence[Item]], flat: Sequence[Item], per_row: int, max_rows: int
) -> list[list[Item]]:
    """Groups (a hand's colours or suits) laid out in at most ``max_rows`` rows of at most
    ``per_row``: one row per group where the limits allow, a longer group taking several rows;
    while there are too many rows, the two neighbouring ones that fit together with the fewest
    items are merged; when none fit any more, the items of ``flat`` simply fill the rows in order."""
    rows = [
        list(group[start : start + per_row]) for group in groups for start in range(0, len(group), per_row)
    ]
    while len(rows) > max_rows:
        pairs = [i for i in range(len(rows) - 1) if len(rows[i]) + len(rows[i + 1]) <= per_row]
        if not pairs:
            return [list(flat[start : start + per_row]) for start in range(0, len(flat), per_row)]
        best = min(pairs, key=lambda i: len(rows[i]) + len(rows[i + 1]))
        rows[best : best + 2] = [rows[best] + rows[best + 1]]
    return rows
