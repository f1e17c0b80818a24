"""The messages of a table as the bot shows them: the game's presentation (or the host's own
message) made ready to send (:func:`bot.tables.payload.localized`): in the reader's language, with
the table's custom ids. Pure: no Discord call."""

from __future__ import annotations

import re

from bot.ids import ActionId, TakeoverId
from bot.messages import limits
from bot.tables import host_messages as render
from bot.tables.payload import localized
from host.catalog import DEFAULT_LANGUAGE, Text, Words, lazy, text
from host.tables import Table, TableError, TableState, TakeoverRequest
from host.text import joined
from tabletop.pictures import PictureKind, Sketch, art_of
from tabletop.presentation import Button, Message
from tabletop.presentation import render as render_text


def turn_timer(table: Table) -> render.TurnTimer:
    """The table's turn timer and current deadline, for the table message."""
    return render.TurnTimer(table.clock.timer_seconds, table.clock.deadline)


def lobby_spec(table: Table, reason: Words | None = None, *, language: str = DEFAULT_LANGUAGE) -> Message:
    """The lobby message of ``table`` as it stands (closed, with ``reason`` or the table's state,
    once the game started or the table closed), in ``language`` (the server's)."""
    closed = reason
    if closed is None and table.state is TableState.PLAYING:
        closed = lazy("lobby.started")
    elif closed is None and table.state is TableState.CLOSED:
        closed = lazy("table.closed")
    players = len(table.seats) or None
    lobby = render.lobby_message(
        table.channel_id,
        table.names_in(language),
        table.title,
        table.presentation.options_line(table.options(), players),
        table.capacity(),
        closed_reason=closed,
        host=table.host_seat,
        note=lazy("rematch.lobby_note") if table.rematch_of is not None else None,
    )
    return localized(lobby, language)


def done_spec(message: Message, language: str = DEFAULT_LANGUAGE) -> Message:
    """A prompt once its decision is made: the first line of what the game says was done
    (its :meth:`~tabletop.presentation.Presentation.acted`), nothing to click, so that a phone's
    DM list keeps one short line per turn."""
    return Message(render_text(message.content, language).partition("\n")[0])


def dm_header(table: Table, language: str = DEFAULT_LANGUAGE) -> str:
    """The first line of the table's DMs: which game, in which channel."""
    return text("prompt.dm_header", language=language, title=table.title, channel=table.channel_id)


_ESCAPED = re.compile(r"\\(.)")
_INVISIBLE = dict.fromkeys(map(ord, "\u2068\u2069\u200b"))


def drawn_name(name: str) -> str:
    """A seated name (:func:`~bot.tables.host_messages.player_name`: markdown escaped for a
    message) as a picture and its alt text show it: as the player wrote it, without the
    escapes, the isolates and the zero-width spaces that only a message needs."""
    return _ESCAPED.sub(r"\1", name).translate(_INVISIBLE)


def sketch(
    table: Table,
    kind: PictureKind,
    view: object,
    language: str = DEFAULT_LANGUAGE,
    *,
    seat: int | None = None,
) -> Sketch | None:
    """The picture ``kind`` of ``view`` for a message of the table in ``language`` (the
    message's: its words are the picture's), or None when its game draws none. A hand's sketch
    (``seat``'s) holds only what its picture shows (:meth:`~tabletop.pictures.ArtModule.subject`):
    it is drawn once per change of the hand, not of the view. Its slot is the table's picture,
    or the seat's hand, of that kind and language: a newer one supersedes it in the painter
    (a hand's captions are kept while its cards stay: its generation)."""
    art = art_of(table.spec)
    if art is None:
        return None
    names = () if kind == "hand" else tuple(map(drawn_name, table.names_in(language)))
    slot = (table.channel_id, kind, seat, language)
    subject = art.subject(kind, view)
    return Sketch(art, kind, subject, names, language, slot, art.generation(kind, subject))


def standings_sketch(table: Table, language: str = DEFAULT_LANGUAGE) -> Sketch | None:
    """The chart of the totals after each round in ``language``, once a round has been played
    (a chart of no round shows nothing); None before, or when the table's game draws none."""
    match = table.match
    if match is None or (match.round <= 1 and not match.is_over):
        return None
    return sketch(table, "chart", match.view(None), language)


def game_spec(
    table: Table,
    message: Message,
    *,
    header: str = "",
    picture: Sketch | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Message:
    """A message of the table's game in ``language``, with custom ids for its components (and
    ``picture``)."""
    match = table.match
    if match is None:
        raise TableError(lazy("table.no_game_played"))
    stage, channel, game_id = match.stage, table.channel_id, table.game_id or ""
    return localized(
        message,
        language,
        custom_id=lambda intent: ActionId(channel, game_id, stage, intent).encode(),
        header=header,
        picture=picture,
    )


def prompt_spec(
    table: Table,
    seat: int,
    draft: str = "",
    *,
    header: str = "",
    language: str = DEFAULT_LANGUAGE,
    pictured: bool,
) -> Message:
    """The seat's prompt as the game presents it, in ``language`` (its reader's), its components
    made for the game's current stage, with the picture of its hand (none, not even sketched,
    when not ``pictured``: a server that shows no pictures)."""
    match = table.running_match()
    view = match.view(seat)
    message = table.presentation.prompt(view, table.names_in(language), draft=draft)
    return game_spec(
        table,
        message,
        header=header,
        picture=sketch(table, "hand", view, language, seat=seat) if pictured else None,
        language=language,
    )


def table_spec(
    table: Table, *, pictured: bool, stopped: bool = False, language: str = DEFAULT_LANGUAGE
) -> Message:
    """The table message of the running (or ``stopped``) game, with the timer line, in
    ``language`` (the server's), and the picture of the table (none, not even sketched, when not
    ``pictured``: a server that shows no pictures)."""
    timer = render.timer_line(turn_timer(table), running=not stopped)
    view = table.last_view()
    # A game's notes are plain lines in the reader's language, as its names are (the protocol
    # a game installed on its own implements): the host's timer line is written out here.
    notes = [render_text(timer, language)]
    message = table.presentation.table(view, table.names_in(language), notes=notes, stopped=stopped)
    return localized(message, language, picture=sketch(table, "table", view, language) if pictured else None)


NAME_IN_LABEL = limits.BUTTON_LABEL - 20
"""Characters of a seat's name in its "Give seat" button at most: the label's other words take
at most 20 in every catalog language (a test checks), so a long name is what gives way."""


def give_seat_label(seat: int, name: str) -> Text:
    """The label of the button that gives ``seat`` (its player ``name``) to whoever asked: a long
    name clipped (with an ellipsis) so that the whole label fits Discord's limit and still reads
    "Give seat 3 (Name…)", its seat number and closing bracket kept; the converter's own clip
    (:func:`bot.tables.payload.send_kwargs`) would cut the end of the label instead."""
    return lazy("takeover.give_button", seat=seat + 1, name=limits.clip(name, NAME_IN_LABEL))


def takeover_spec(table: Table, request: TakeoverRequest, *, language: str = DEFAULT_LANGUAGE) -> Message:
    """The host's approval message: one Approve button, or one per seat to choose from."""
    host = str(table.host_id)  # a mention's digits (no host: never asked)
    ids = [TakeoverId(table.channel_id, seat, request.user_id).encode() for seat in request.seats]
    if len(request.seats) == 1:
        seat = request.seats[0]
        computer = table.seats[seat].shown_in(language)
        ask = lazy("takeover.ask_seat", host=host, name=request.name, computer=computer)
        approve = Button(lazy("takeover.approve_button"), ids[0], style="success")
        return localized(Message(ask, rows=((approve,),)), language)
    lines: list[Words] = [lazy("takeover.ask_any", host=host, name=request.name)]
    lines += [joined(["-", table.takeover_desk.seat_label(seat)]) for seat in request.seats]
    buttons = [
        Button(give_seat_label(seat, table.seats[seat].shown_in(language)), ident, style="success")
        for ident, seat in zip(ids, request.seats, strict=True)
    ]
    per_row = render.MAX_PER_ROW
    rows = tuple(tuple(buttons[i : i + per_row]) for i in range(0, len(buttons), per_row))
    return localized(Message(joined(lines, "\n"), rows=rows), language)
