"""The effect player: carries out every effect of a table's :class:`~host.tables.Outcome` on
Discord, through the courier, in the order the host gave them.

A failure to show one effect (Discord refused, the network failed, or a bug) is logged and the
rest are shown: the change they show is stored already and stands.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial

import discord

from bot.messages.ratings import with_rating_changes
from bot.tables import host_messages as render
from bot.tables.courier import Courier
from bot.tables.failures import SHOW_FAILURES
from bot.tables.payload import localized
from bot.tables.rematch import Rematches
from bot.tables.table_messages import dm_header, lobby_spec, takeover_spec
from bot.tables.table_specs import TableSpecs
from host.catalog import CATALOG, Words, lazy
from host.storage import SeatRatingChange
from host.tables import (
    Effect,
    GameStopped,
    LobbyClosed,
    Notice,
    Outcome,
    Prompt,
    PromptAnswered,
    PromptGoesOn,
    PromptRetired,
    PromptTimedOut,
    Reports,
    RoundClosed,
    ShowHand,
    ShowLobby,
    ShowReloaded,
    ShowTable,
    Table,
    TableState,
    TakeoverRequest,
)
from tabletop.presentation import Message

log = logging.getLogger(__name__)


def in_every_language(build: Callable[[str], Message]) -> dict[str, Message]:
    """``build``'s message in every language of the host's catalog (what /score shows each
    reader once the game is over)."""
    return {language: build(language) for language in CATALOG.languages()}


@dataclass(frozen=True)
class Clicked:
    """The click that made a change, as it was answered (for the effects about the clicker's
    prompt): the clicked message, what it was edited into, and whether that edit was shown."""

    message_id: int | None
    answer: Message
    shown: bool


class EffectPlayer:
    """Shows a table's effects on Discord."""

    def __init__(self, courier: Courier, kick: Callable[[Table], None]) -> None:
        self.courier = courier
        self.specs = TableSpecs(courier.painter)
        """Builds the table's pictured messages (sketched only where pictures are shown)."""
        self.kick = kick
        """Let the computer look at a table (computer seats to move, timers to run)."""
        self.last_results: dict[int, dict[str, Message]] = {}
        """The final standings of the last game of each channel in every catalog language, for
        /score after the game (in its reader's language, or the channel's when shown to it),
        each with its chart's sketch whatever the setting at the game's end: /score draws it
        only if the server shows pictures then."""
        self.rematches: Rematches | None = None
        """The Rematch buttons of the final standings (set by the service; None: no button)."""

    async def execute(
        self,
        table: Table,
        outcome: Outcome,
        *,
        clicked: Clicked | None = None,
    ) -> None:
        """Show every effect of ``outcome``; ``clicked``: the click that made the change, as
        answered."""
        for effect in outcome.effects:
            try:
                if isinstance(effect, PromptAnswered | PromptGoesOn):
                    await self._clicked_prompt(table, effect, clicked)
                else:
                    await self._show(table, effect)
            except SHOW_FAILURES as exc:  # the change stands: show the rest
                log.warning(
                    "Could not show %s at table %s: %r",
                    type(effect).__name__,
                    table.channel_id,
                    exc,
                )
            except Exception:  # a bug in showing one effect must not keep the game from going on
                log.exception("Could not show %s at table %s", type(effect).__name__, table.channel_id)
        if any(isinstance(effect, RoundClosed) for effect in outcome.effects):
            await self.courier.book.round_end_shown(table)  # (or tried): a restart need not show it
        self.kick(table)

    async def _show(self, table: Table, effect: Effect) -> None:
        courier = self.courier
        channel = courier.languages.of_channel(table)  # the language of the channel's messages
        if isinstance(effect, ShowLobby):
            await courier.show_lobby(table, lobby_spec(table, language=channel))
        elif isinstance(effect, LobbyClosed):
            await courier.show_lobby(table, lobby_spec(table, effect.reason, language=channel))
        elif isinstance(effect, ShowTable):
            spec = self.specs.table(table, language=channel)
            await courier.show_table(table, spec, new=effect.new_message)
        elif isinstance(effect, RoundClosed):
            # The game's message of the closed round, else its table as the round left it: the
            # table message never stays at the last turn of a round that is over.
            seen = table.last_view()
            names = table.names_in(channel)
            closed = table.presentation.round_closed(effect.events, seen, names) or (
                table.presentation.table(seen, names, notes=(), stopped=False)
            )
            spec = localized(closed, channel, picture=self.specs.sketch(table, "table", seen, channel))
            await courier.show_table(table, spec, new=False)
        elif isinstance(effect, Prompt):
            # (the host prompts no seat the computer plays: tests/host/test_no_prompt_for_the_computer.py)
            if not (effect.keep_live and courier.book.has_prompt(table, effect.seat)):
                await self._prompt(table, effect.seat)
        elif isinstance(effect, PromptRetired):
            reader = courier.languages.of_user(effect.user_id)  # the player who left
            stopped = localized(render.prompt_stopped(effect.reason), reader)
            await courier.retire_seat_prompt(table, effect.seat, stopped)
        elif isinstance(effect, ShowHand):  # (nor shows the computer a hand)
            reader = courier.languages.of_seat(table, effect.seat)
            spec = self.specs.prompt(table, effect.seat, header=dm_header(table, reader), language=reader)
            await courier.show_hand(table, effect.seat, replace(spec, rows=()))
        elif isinstance(effect, Notice):
            await courier.say(table, localized(Message(effect.text), channel), ping=effect.ping)
        elif isinstance(effect, PromptTimedOut):
            await self._retire_timed_out(table, effect.seat, effect.reply)
        elif isinstance(effect, TakeoverRequest):
            await courier.say(table, takeover_spec(table, effect, language=channel), ping=table.host_id)
        elif isinstance(effect, Reports):
            view = table.last_view()
            reports = table.presentation.reports(effect.events, view, table.names_in(channel))
            for number, report in enumerate(reports, start=1):
                # the final standings (the last report of the game) carry the rating changes,
                # the chart of the totals and the Rematch button
                standings = effect.final and number == len(reports)
                if standings:
                    changes = dict(effect.ratings)  # as stored with the game's end: given, not read
                    shown = in_every_language(partial(self._standings, table, effect.events, changes))
                    self.last_results[table.channel_id] = shown
                    spec = self.specs.shown_now(table, shown[channel])
                else:
                    spec = localized(report, channel)
                offer = None
                if standings and self.rematches is not None:
                    spec, offer = self.rematches.standings(table, spec)  # the last: the standings
                    spec = localized(spec, channel)  # the button's label
                message = await courier.say(table, spec)
                if offer is not None and self.rematches is not None:
                    self.rematches.offered(offer, message, channel)
        elif isinstance(effect, ShowReloaded):
            await self.show_reloaded(table)
        elif isinstance(effect, GameStopped):
            shown = in_every_language(
                lambda language: localized(
                    render.game_stopped_message(table.names_in(language), effect.by, effect.totals),
                    language,
                    picture=self.specs.kept_standings(table, language),  # drawn if shown when shown
                )
            )
            self.last_results[table.channel_id] = shown
            await courier.say(table, self.specs.shown_now(table, shown[channel]))
            await self.show_stopped(table)

    def _standings(
        self, table: Table, events: Sequence[object], changes: Mapping[int, SeatRatingChange], language: str
    ) -> Message:
        """The final standings (the last report of the game's last ``events``) in ``language``,
        its players' names included, with the chart of the totals and each player's rating
        change if the game counted (``changes``). The chart is sketched whatever the setting
        (kept for /score, drawn only where pictures are shown when it is shown:
        :meth:`~bot.tables.table_specs.TableSpecs.kept_chart`)."""
        view = table.last_view()
        report = table.presentation.reports(events, view, table.names_in(language))[-1]
        if changes and table.match is not None:
            results = table.match.results()
            report = with_rating_changes(report, table.shown_names, results.totals, results.winners, changes)
        return localized(report, language, picture=self.specs.kept_chart(table, view, language))

    async def _clicked_prompt(
        self, table: Table, effect: PromptAnswered | PromptGoesOn, clicked: Clicked | None
    ) -> None:
        """The clicking seat's live DM prompt after its click: retired with the click's answer
        (its decision made), or kept live while the decision goes on."""
        seat = effect.seat
        page = self.courier.book.of(table)
        ref = page.prompts.get(seat)
        from_live = ref is not None and clicked is not None and clicked.message_id == ref.message_id
        shown = clicked is not None and clicked.shown
        if isinstance(effect, PromptAnswered):
            if clicked is not None:
                await self.courier.retire_clicked_prompt(
                    table, seat, clicked.answer, from_live=from_live, shown=shown, clicked=clicked.message_id
                )
            return
        await self.courier.hand_answers_went_on(table, seat, clicked.message_id if clicked else None)
        if from_live:
            self.courier.book.prompt_still_live(table, seat)  # for the game as it is now
        elif not await self._prompt_goes_on(table, seat, shown):
            await self._prompt(table, seat)

    async def _prompt_goes_on(self, table: Table, seat: int, answered: bool) -> bool:
        """The seat's decision goes on after a click outside its live DM prompt (in /hand's
        private answer): that DM prompt, if it has one, shows the prompt as it is now, with its
        header and in its reader's language, and stays the live one. True when nothing more is
        owed: the DM was renewed, or the player's DMs are closed and the click's answer (shown,
        ``answered``) is the prompt that goes on, which a mention in the channel would only
        repeat.

        Decided so: of the two ways to leave the player one live prompt (this, or the old DM
        shrunk to its one line and the prompt DMed anew) this one sends no message, so the
        phone rings for nothing the player did not just do, and no DM keeps buttons of a
        stage gone by. False when there is none or it could not be edited: the prompt is DMed
        anew."""
        if answered and table.seats[seat].user_id in self.courier.book.of(table).dm_closed:
            return True
        reader = self.courier.languages.of_seat(table, seat)
        header = dm_header(table, reader)
        spec = self.specs.prompt(table, seat, header=header, language=reader)
        return await self.courier.renew_prompt(table, seat, spec)

    async def _prompt(self, table: Table, seat: int) -> None:
        """DM the seat its prompt, in its player's language; if that fails, mention the player in
        the channel (in the server's): the game's words for what the seat must do, and the
        command that shows the prompt (no game text names a command)."""
        reader = self.courier.languages.of_seat(table, seat)
        header = dm_header(table, reader)
        spec = self.specs.prompt(table, seat, header=header, language=reader)
        user_id = table.seats[seat].user_id
        if await self.courier.dm(table, seat, spec) != "sent":
            channel = self.courier.languages.of_channel(table)
            nudge = table.presentation.nudge(table.running_match().view(seat))
            said = Message(lazy("hints.nudge", user=user_id, nudge=nudge))
            await self.courier.say(table, localized(said, channel), ping=user_id)

    async def show_stopped(self, table: Table) -> None:
        """After a /stop: the table message waits for nobody, and no DM prompt stays live."""
        if table.match is not None:
            spec = self.specs.table(table, stopped=True, language=self.courier.languages.of_channel(table))
            with contextlib.suppress(discord.HTTPException):
                await self.courier.show_table(table, spec, new=False)
        await self.courier.retire_prompts(table)

    async def show_reloaded(self, table: Table) -> None:
        """The table was just reloaded from storage (the host's :class:`~host.tables.ShowReloaded`):
        the message book follows the stored game. Still running: the prompts of seats no longer
        awaited are forgotten (answered by the stored move). Ended in storage: no DM prompt stays
        live. Stopped: as a /stop. (What the reloaded table shows besides, its table message,
        prompts or final standings, the host hands up as effects of the same outcome.)"""
        match = table.match
        if match is None:
            return
        if table.state is TableState.PLAYING:
            prompts = self.courier.book.of(table).prompts
            for seat in [seat for seat in prompts if seat not in match.awaiting]:
                del prompts[seat]  # answered by the stored move
        elif match.is_over:
            await self.courier.retire_prompts(table, lazy("prompt.over"))
        else:
            await self.show_stopped(table)

    async def _retire_timed_out(self, table: Table, seat: int, reply: Words) -> None:
        """The seat's live DM prompt and its /hand answer say the time ran out and what the
        computer did for it (``reply``: the game's words for every step of a turn the stand-in
        played to its end), each in its own words (the /hand answer, in the channel, has no DM
        header)."""
        reader = self.courier.languages.of_seat(table, seat)
        in_hand = localized(Message(lazy("hand_answer.timed_out", reply=reply)), reader)
        if table.match is None:
            self.courier.book.of(table).prompts.pop(seat, None)
            await self.courier.retire_hand_answers(table, seat, in_hand)
            return
        header = dm_header(table, reader)
        spec = localized(Message(lazy("timer.timed_out", header=header, reply=reply)), reader)
        await self.courier.retire_timed_out_prompt(table, seat, spec, in_hand_answers=in_hand)
