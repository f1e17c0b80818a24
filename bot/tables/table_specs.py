"""The table's message specs as this bot sends them: the one place that decides whether a
message's picture is sketched at all.

A sketch costs work (the game's art picks what its picture shows, and when it changes), and a
server that turned pictures off (``/settings images off``) is shown none, nor is any table while
the bot closes: :class:`TableSpecs` asks the painter (:meth:`~bot.tables.pictures.Painter.shows`)
once per message and builds the spec (:mod:`bot.tables.table_messages`, pure) with its sketch or
without. Everything that shows a table's game (the effect player, a click's answer, /hand,
/score) builds its pictured messages here, so none of them passes the choice on by hand.

One message is kept to be shown again later: a game's final standings (or a stopped game's
totals), which /score shows until the channel's next game ends. Its chart must follow the
setting when it is shown, not the one at the game's end (a server may turn pictures on or off
in between), so the kept copy always holds the chart's sketch (:meth:`kept_chart`: plain data,
the final view with the totals after each round, nothing drawn) and the painter draws it only
if the server shows pictures when it is shown; the message posted at the game's end carries it
only if pictures are shown then (:meth:`shown_now`).
"""

from __future__ import annotations

from dataclasses import replace

from bot.tables.pictures import Painter
from bot.tables.table_messages import prompt_spec, sketch, standings_sketch, table_spec
from host.catalog import DEFAULT_LANGUAGE
from host.tables import Table
from tabletop.pictures import PictureKind, Sketch
from tabletop.presentation import Message


class TableSpecs:
    """Builds a table's pictured messages, sketched only where pictures are shown."""

    def __init__(self, painter: Painter) -> None:
        self.painter = painter

    def pictured(self, table: Table) -> bool:
        """Whether the table's messages carry pictures now (its server shows them, the bot is
        not closing)."""
        return self.painter.shows(table.guild_id)

    def prompt(
        self, table: Table, seat: int, draft: str = "", *, header: str = "", language: str = DEFAULT_LANGUAGE
    ) -> Message:
        """The seat's prompt (:func:`~bot.tables.table_messages.prompt_spec`), its hand sketched
        only where pictures are shown."""
        pictured = self.pictured(table)
        return prompt_spec(table, seat, draft, header=header, language=language, pictured=pictured)

    def table(self, table: Table, *, stopped: bool = False, language: str = DEFAULT_LANGUAGE) -> Message:
        """The table message (:func:`~bot.tables.table_messages.table_spec`), its picture
        sketched only where pictures are shown."""
        return table_spec(table, stopped=stopped, language=language, pictured=self.pictured(table))

    def sketch(self, table: Table, kind: PictureKind, view: object, language: str) -> Sketch | None:
        """The picture ``kind`` of ``view`` (:func:`~bot.tables.table_messages.sketch`), None
        where pictures are not shown."""
        return sketch(table, kind, view, language) if self.pictured(table) else None

    def standings(self, table: Table, language: str) -> Sketch | None:
        """The chart of the totals (:func:`~bot.tables.table_messages.standings_sketch`), None
        where pictures are not shown."""
        return standings_sketch(table, language) if self.pictured(table) else None

    def kept_chart(self, table: Table, view: object, language: str) -> Sketch | None:
        """The chart of the totals of ``view`` (the game's last) for a message kept to be shown
        later (the final standings /score shows after the game), sketched whatever the setting
        now: the painter draws it only where pictures are shown when it is shown (None: the
        game draws none)."""
        return sketch(table, "chart", view, language)

    def kept_standings(self, table: Table, language: str) -> Sketch | None:
        """The chart of the totals (:func:`~bot.tables.table_messages.standings_sketch`) for a
        message kept to be shown later (a stopped game's totals), as :meth:`kept_chart`."""
        return standings_sketch(table, language)

    def shown_now(self, table: Table, kept: Message) -> Message:
        """A kept message (:meth:`kept_chart`) as posted now: without its picture where
        pictures are not shown now."""
        return kept if self.pictured(table) else replace(kept, picture=None)
