"""The test-facing driver: act as users and read what they see, with bounded waits.

All actions are ``async`` and return as soon as the event has been dispatched to the bot; await
the returned :class:`InteractionResult`'s :meth:`~InteractionResult.response` to wait for the
bot's answer. Every wait has a timeout and raises :class:`~.errors.EmulatorTimeout`.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .commands import build_invocation
from .components import Button, Embed, Select
from .errors import EmulatorTimeout, EmulatorUsageError, InteractionFailed
from .interactions import (
    APPLICATION_COMMAND,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    RESPONSE_NAMES,
    InteractionRecord,
)
from .state import Channel, Message, User

if TYPE_CHECKING:
    from .emulator import Emulator

T = TypeVar("T")

DEFAULT_TIMEOUT = 5.0


@dataclass
class InteractionResponse:
    """The bot's initial response to an interaction.

    ``message`` is the live message the response created (types 4 and 5) or updated (types 6
    and 7, the component's message); ``modal`` is the modal data (type 9).
    """

    type: int
    message: Message | None
    modal: dict[str, Any] | None

    @property
    def type_name(self) -> str:
        """Discord's name of the response type, e.g. ``"DEFERRED_UPDATE_MESSAGE"``."""
        return RESPONSE_NAMES.get(self.type, str(self.type))

    @property
    def content(self) -> str:
        """Content of the response message ("" when there is none)."""
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[Embed]:
        """Embeds of the response message."""
        return self.message.embeds if self.message else []

    @property
    def ephemeral(self) -> bool:
        """Whether the response message is ephemeral."""
        return bool(self.message and self.message.ephemeral)

    @property
    def deferred(self) -> bool:
        """Whether the response was a deferral (types 5 and 6)."""
        return self.type in (5, 6)


class InteractionResult:
    """Handle on an interaction the driver sent; await its response and follow-ups."""

    def __init__(self, emu: Emulator, record: InteractionRecord) -> None:
        self._emu = emu
        self.record = record

    @property
    def id(self) -> int:
        """The interaction id."""
        return self.record.id

    @property
    def answered(self) -> bool:
        """Whether the bot sent an initial response."""
        return self.record.response_type is not None

    @property
    def followups(self) -> list[Message]:
        """Follow-up messages so far (a follow-up that filled a deferral is the original)."""
        return list(self.record.followups)

    @property
    def original(self) -> Message | None:
        """The message of the initial response, if any (live)."""
        return self.record.original

    async def response(self, timeout: float | None = None) -> InteractionResponse:
        """Wait (bounded, default: the response timeout + 1 s) for the initial response.

        Raises :class:`InteractionFailed` as soon as Discord rejected the bot's answer (late,
        invalid payload...) and :class:`EmulatorTimeout` if nothing came in time.
        """
        limit = self._emu.response_timeout + 1.0 if timeout is None else timeout
        record = self.record
        try:  # one event per interaction: waiting costs nothing however many others wait
            async with asyncio.timeout(limit):
                await record.settled.wait()
        except TimeoutError:
            raise EmulatorTimeout(
                f"{record.label} by {record.user.name}: no response within {limit:g} s"
            ) from None
        rtype = record.response_type
        if rtype is None:
            raise InteractionFailed(
                f"{record.label} by {record.user.name}: Discord rejected the answer: "
                f"{record.rejections[0]}"
            )
        modal = record.response_data if rtype == MODAL else None
        return InteractionResponse(type=rtype, message=record.original, modal=modal)

    async def wait_followups(
        self, count: int = 1, timeout: float = DEFAULT_TIMEOUT
    ) -> list[Message]:
        """Wait until at least ``count`` follow-up messages exist and return them."""
        return await self._emu.driver.wait_until(
            lambda: self.followups if len(self.record.followups) >= count else None,
            timeout,
            f"{count} follow-up(s) to {self.record.label}",
        )

    async def wait_original(
        self,
        predicate: Callable[[Message], bool] = lambda m: not m.loading,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Message:
        """Wait until the original response message satisfies ``predicate`` (default: a deferred
        "thinking" message has been filled in by an edit or the first follow-up)."""

        def check() -> Message | None:
            msg = self.record.original
            return msg if msg is not None and predicate(msg) else None

        return await self._emu.driver.wait_until(
            check, timeout, f"original response of {self.record.label}"
        )


class Driver:
    """Acts as users towards the bot and reads channels, DMs and ephemeral replies."""

    def __init__(self, emu: Emulator) -> None:
        self._emu = emu

    # -- helpers --------------------------------------------------------------------------------

    def _require_connected(self) -> None:
        if not self._emu.gateway.connected:
            raise EmulatorUsageError("no bot is connected to the emulator gateway (use run_client)")

    def _check_visible(self, user: User, message: Message) -> None:
        if message.deleted:
            raise EmulatorUsageError(f"message {message.id} was deleted")
        if message.visible_to is not None and message.visible_to != user.id:
            raise EmulatorUsageError(f"{user.name} cannot see ephemeral message {message.id}")
        chan = self._emu.world.channels[message.channel_id]
        if chan.is_dm and chan.recipient_id != user.id:
            raise EmulatorUsageError(f"{user.name} cannot see a DM of another user")
        guild = self._emu.world.guild_of(chan)
        if guild is not None and user.id not in guild.members:
            raise EmulatorUsageError(f"{user.name} is not a member of guild {guild.name!r}")

    async def wait_until(
        self,
        check: Callable[[], T | None],
        timeout: float = DEFAULT_TIMEOUT,
        what: str = "condition",
    ) -> T:
        """Re-evaluate ``check`` on every emulator change until it returns a truthy value.

        Raises :class:`EmulatorTimeout` after ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = check()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise EmulatorTimeout(f"timed out after {timeout:g} s waiting for {what}")
            await self._emu.changed(min(remaining, 0.05))

    # -- user actions ---------------------------------------------------------------------------

    async def slash(
        self, user: User, channel: Channel | None, command: str, **options: Any
    ) -> InteractionResult:
        """Invoke ``/command`` (``"group sub"`` for subcommands) as ``user`` in ``channel``
        (``None``: in the user's DM with the bot). Options are checked against the schema the
        bot registered; emulator ``User``/``Channel`` objects fill user/channel options."""
        self._require_connected()
        chan = channel if channel is not None else self._emu.dm_channel(user)
        guild = self._emu.world.guild_of(chan)
        inv = build_invocation(self._emu.world, guild, user, command, options)
        record = self._emu.interactions.create(
            type=APPLICATION_COMMAND, user=user, channel=chan, label=inv.label, data=inv.data
        )
        return InteractionResult(self._emu, record)

    async def click(self, user: User, message: Message, button: str | Button) -> InteractionResult:
        """Click the button (by custom_id, label or :class:`Button`) on ``message`` as ``user``."""
        self._require_connected()
        self._check_visible(user, message)
        btn = message.button(button if isinstance(button, str) else (button.custom_id or ""))
        if btn.disabled:
            raise EmulatorUsageError(f"button {btn.label!r} of message {message.id} is disabled")
        if btn.custom_id is None:
            raise EmulatorUsageError(
                f"button {btn.label!r} is a link/premium button, not clickable"
            )
        data = {"custom_id": btn.custom_id, "component_type": 2}
        return self._component(user, message, data, f"button {btn.label or btn.custom_id!r}")

    async def select(
        self, user: User, message: Message, select: str | Select | None, values: list[str]
    ) -> InteractionResult:
        """Pick ``values`` (option values or labels) in a string select of ``message``."""
        self._require_connected()
        self._check_visible(user, message)
        sel = message.select(select.custom_id if isinstance(select, Select) else select)
        if sel.disabled:
            raise EmulatorUsageError(f"select {sel.custom_id!r} is disabled")
        if sel.type != 3:
            raise EmulatorUsageError("only string selects (type 3) are supported by the driver")
        chosen = [sel.option(v).value for v in values]
        if not sel.min_values <= len(chosen) <= sel.max_values:
            raise EmulatorUsageError(
                f"select {sel.custom_id!r} takes {sel.min_values}..{sel.max_values} values, "
                f"got {len(chosen)}"
            )
        if len(set(chosen)) != len(chosen):
            raise EmulatorUsageError("the same option was picked twice")
        data = {"custom_id": sel.custom_id, "component_type": 3, "values": chosen}
        return self._component(user, message, data, f"select {sel.custom_id!r}")

    async def forge_click(
        self, user: User, message: Message, custom_id: str, *, carried: bool = True,
        values: list[str] | None = None,
    ) -> InteractionResult:
        """A hostile client's click on ``message`` with any ``custom_id`` (a select's when
        ``values`` are given). ``carried``: the message sent along says it carries a component
        with that id (its first component of the kind is renamed in a copy); otherwise the
        id is on no component of the message."""
        self._require_connected()
        self._check_visible(user, message)
        kind = 2 if values is None else 3
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = list(values)
        source = message
        if carried:
            source = copy.copy(message)
            source.raw_components = _renamed(message.raw_components, kind, custom_id)
        return self._component(user, source, data, f"forged {custom_id[:40]!r}")

    def _component(
        self, user: User, message: Message, data: dict[str, Any], label: str
    ) -> InteractionResult:
        chan = self._emu.world.channels[message.channel_id]
        record = self._emu.interactions.create(
            type=MESSAGE_COMPONENT,
            user=user,
            channel=chan,
            label=label,
            data=data,
            source_message=message,
        )
        return InteractionResult(self._emu, record)

    async def submit_modal(
        self, user: User, shown_by: InteractionResult, values: dict[str, str | list[str]]
    ) -> InteractionResult:
        """Submit the modal the bot showed in answer to ``shown_by``.

        ``values`` maps custom_ids to the text of text inputs (a list of option values for a
        select inside the modal). Required inputs left empty and unknown custom_ids raise
        :class:`EmulatorUsageError`, as Discord's client would not submit them.
        """
        self._require_connected()
        modal = shown_by.record.response_data if shown_by.record.response_type == MODAL else None
        if modal is None:
            raise EmulatorUsageError(f"{shown_by.record.label} was not answered with a modal")
        submitted: list[dict[str, Any]] = []
        known: list[str] = []
        for row in modal.get("components", []):
            if row.get("type") == 1:
                for comp in row.get("components", []):
                    answer = self._modal_answer(comp, values, known)
                    submitted.append({"type": 1, "components": [answer]})
            elif row.get("type") == 18:  # a label wrapping one input
                answer = self._modal_answer(row.get("component", {}), values, known)
                submitted.append({"type": 18, "component": answer})
        unknown = set(values) - set(known)
        if unknown:
            raise EmulatorUsageError(f"modal has no inputs {sorted(unknown)}; has {known}")
        data = {"custom_id": modal["custom_id"], "components": submitted}
        record = self._emu.interactions.create(
            type=MODAL_SUBMIT,
            user=user,
            channel=shown_by.record.channel,
            label=f"modal {modal['custom_id']!r}",
            data=data,
            source_message=shown_by.record.source_message,
        )
        return InteractionResult(self._emu, record)

    @staticmethod
    def _modal_answer(
        comp: dict[str, Any], values: dict[str, str | list[str]], known: list[str]
    ) -> dict[str, Any]:
        custom_id = str(comp.get("custom_id"))
        known.append(custom_id)
        given = values.get(custom_id)
        if comp.get("type") == 4:
            text = given if isinstance(given, str) else str(comp.get("value") or "")
            if comp.get("required", True) and not text:
                raise EmulatorUsageError(f"required text input {custom_id!r} left empty")
            if text and not comp.get("min_length", 0) <= len(text) <= comp.get("max_length", 4000):
                raise EmulatorUsageError(f"text for {custom_id!r} has a length out of bounds")
            return {"type": 4, "custom_id": custom_id, "value": text}
        picked = given if isinstance(given, list) else []
        return {"type": comp.get("type"), "custom_id": custom_id, "values": picked}

    async def send_message(self, user: User, channel: Channel | None, content: str) -> Message:
        """Post a plain message as ``user`` (``channel`` ``None``: in the DM with the bot)."""
        self._require_connected()
        chan = channel if channel is not None else self._emu.dm_channel(user)
        guild = self._emu.world.guild_of(chan)
        if guild is not None and user.id not in guild.members:
            raise EmulatorUsageError(f"{user.name} is not a member of guild {guild.name!r}")
        return self._emu.messages.create(chan, user, {"content": content}, [])

    # -- reading ------------------------------------------------------------------------------

    def channel_messages(self, channel: Channel) -> list[Message]:
        """Non-ephemeral, non-deleted messages of ``channel``, oldest first."""
        return [m for m in self._emu.world.channel_messages(channel) if not m.ephemeral]

    def dm_messages(self, user: User) -> list[Message]:
        """Messages of the DM channel between the bot and ``user``, oldest first."""
        return self.channel_messages(self._emu.dm_channel(user))

    def ephemeral_for(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Ephemeral messages only ``user`` can see (optionally in one channel), oldest first."""
        return [
            m
            for m in self._emu.world.messages.values()
            if m.ephemeral
            and m.visible_to == user.id
            and not m.deleted
            and (channel is None or m.channel_id == channel.id)
        ]

    def last_message(self, where: Channel | User) -> Message | None:
        """The newest visible message of a channel, or of a user's DM with the bot."""
        msgs = self.dm_messages(where) if isinstance(where, User) else self.channel_messages(where)
        return msgs[-1] if msgs else None

    async def wait_for_message(
        self,
        where: Channel | User,
        predicate: Callable[[Message], bool] | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        new_only: bool = False,
    ) -> Message:
        """Wait for a message in a channel (or in ``user``'s DMs) matching ``predicate``.

        Already existing messages count unless ``new_only``. Returns the oldest match.
        """

        def messages() -> list[Message]:
            return (
                self.dm_messages(where) if isinstance(where, User) else self.channel_messages(where)
            )

        floor = max((m.id for m in messages()), default=0) if new_only else 0
        test = predicate or (lambda _m: True)

        def check() -> Message | None:
            return next((m for m in messages() if m.id > floor and test(m)), None)

        name = f"DM of {where.name}" if isinstance(where, User) else f"channel #{where.name}"
        return await self.wait_until(check, timeout, f"a matching message in {name}")


def _renamed(rows: list[dict[str, Any]], kind: int, custom_id: str) -> list[dict[str, Any]]:
    """A copy of ``rows`` whose first component of type ``kind`` has ``custom_id`` (or, if
    none has that type, whose first row is replaced by one holding such a component)."""
    renamed = copy.deepcopy(rows)
    for row in renamed:
        for component in row.get("components", []):
            if component.get("type") == kind:
                component["custom_id"] = custom_id
                return renamed
    if kind == 2:
        forged: dict[str, Any] = {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}
    else:
        option = {"label": "forged", "value": "forged"}
        forged = {"type": 3, "custom_id": custom_id, "options": [option]}
    return [{"type": 1, "components": [forged]}, *renamed[1:]]
