"""Interaction lifecycle with Discord's timing rules.

* The initial response (``POST /interactions/{id}/{token}/callback``) must arrive within
  ``response_timeout`` seconds (3 s on Discord) or it fails with 404 / 10062 "Unknown interaction";
  an interaction never answered in time is a problem of the bot.
* A second initial response fails with 400 / 40060 "Interaction has already been acknowledged".
* After the initial response the token works for ``token_lifetime`` seconds (15 min) for
  follow-ups and for editing/deleting the original response through ``/webhooks/{app}/{token}``.
* After a DEFERRED_CHANNEL_MESSAGE (type 5) the first follow-up fills the "thinking" message.
* DEFERRED_UPDATE_MESSAGE (6) and UPDATE_MESSAGE (7) target the message of a component
  interaction; they are invalid for slash commands.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import DiscordError, Problem, form_error
from .messages import Upload
from .payloads import message_payload
from .state import EPHEMERAL, LOADING, Channel, Message, User

if TYPE_CHECKING:
    from .emulator import Emulator

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE = 1, 4, 5
DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 6, 7, 8, 9

RESPONSE_NAMES = {
    PONG: "PONG",
    CHANNEL_MESSAGE: "CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_CHANNEL_MESSAGE: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_UPDATE_MESSAGE: "DEFERRED_UPDATE_MESSAGE",
    UPDATE_MESSAGE: "UPDATE_MESSAGE",
    AUTOCOMPLETE_RESULT: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    MODAL: "MODAL",
}

_ALLOWED = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    PING: {PONG},
}


@dataclass(eq=False)
class InteractionRecord:
    """One interaction sent to the bot and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    label: str
    payload: dict[str, Any]
    created_at: float
    source_message: Message | None = None
    response_type: int | None = None
    response_data: dict[str, Any] | None = None
    responded_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    expired: bool = False
    rejections: list[DiscordError] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    settled: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once the bot answered or Discord rejected its answer (what a user waits for)."""

    @property
    def ephemeral_response(self) -> bool:
        """Whether the initial response (message or thinking state) is ephemeral."""
        return (
            self.original is not None
            and self.original is not self.source_message
            and self.original.ephemeral
        )


class InteractionService:
    """Creates interactions and serves the callback and interaction-webhook endpoints."""

    def __init__(self, emu: Emulator) -> None:
        self._emu = emu
        self.response_timeout = 3.0
        self.token_lifetime = 15 * 60.0
        self.delivery_delay = 0.0
        """Seconds between an interaction's creation (its id's time, where its 3 seconds start)
        and its INTERACTION_CREATE reaching the bot's gateway queue: a bot that reads its
        gateway late, as a busy one does."""
        self.records: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self._watchdogs: list[asyncio.TimerHandle] = []
        # Called with each accepted initial response (record, body) before the bot gets its
        # HTTP answer: a test can act at that exact moment (e.g. kill the bot process). A
        # deferred answer's later words through the interaction's webhook (its edit or a
        # follow-up) are answers too: called with ``{"data": <the message>}``.
        self.on_answer: Callable[[InteractionRecord, dict[str, Any]], None] | None = None

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def create(
        self,
        *,
        type: int,
        user: User,
        channel: Channel,
        label: str,
        data: dict[str, Any],
        source_message: Message | None = None,
    ) -> InteractionRecord:
        """Build an interaction, remember it and dispatch INTERACTION_CREATE to the bot."""
        emu = self._emu
        ident = emu.world.ids.next()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload = emu.interaction_payload(ident, token, type, user, channel, data, source_message)
        record = InteractionRecord(
            id=ident,
            token=token,
            type=type,
            user=user,
            channel=channel,
            label=label,
            payload=payload,
            created_at=self._now(),
            source_message=source_message,
        )
        self.records[ident] = record
        self._by_token[token] = record
        loop = asyncio.get_running_loop()
        self._watchdogs.append(loop.call_later(self.response_timeout, self._deadline, record))
        guild = emu.world.guild_of(channel)
        guild_id = guild.id if guild is not None else None
        if self.delivery_delay > 0:
            deliver = functools.partial(
                emu.gateway.dispatch, "INTERACTION_CREATE", payload, guild_id=guild_id
            )
            self._watchdogs.append(loop.call_later(self.delivery_delay, deliver))
        else:
            emu.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=guild_id)
        return record

    def _deadline(self, record: InteractionRecord) -> None:
        if record.response_type is None:
            record.expired = True
            self._emu.record(
                Problem(
                    "interaction",
                    f"{record.label} by {record.user.name} was not answered within "
                    f"{self.response_timeout:g} s",
                    {"interaction_id": record.id},
                )
            )
            self._emu.notify()

    def close(self) -> None:
        """Stop the deadline timers and report interactions still unanswered."""
        for handle in self._watchdogs:
            handle.cancel()
        self._watchdogs.clear()
        for record in self.records.values():
            if record.response_type is None and not record.expired:
                record.expired = True
                self._emu.record(
                    Problem(
                        "interaction",
                        f"{record.label} by {record.user.name} was still unanswered "
                        "when the emulator stopped",
                        {"interaction_id": record.id},
                    )
                )

    # -- initial response ----------------------------------------------------------------------

    def callback(
        self,
        interaction_id: int,
        token: str,
        body: dict[str, Any],
        uploads: list[Upload],
        with_response: bool,
    ) -> dict[str, Any] | None:
        """Handle ``POST /interactions/{id}/{token}/callback``."""
        record = self.records.get(interaction_id)
        if record is None or record.token != token:
            raise DiscordError(404, 10062, "Unknown interaction")
        try:
            answer = self._callback(record, body, uploads, with_response)
        except DiscordError as err:
            if record.response_type is None:
                record.rejections.append(err)
                record.settled.set()
                self._emu.notify()
            raise
        if self.on_answer is not None:  # before the bot hears that its answer arrived
            self.on_answer(record, body)
        return answer

    def _callback(
        self,
        record: InteractionRecord,
        body: dict[str, Any],
        uploads: list[Upload],
        with_response: bool,
    ) -> dict[str, Any] | None:
        if record.response_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = self._now() - record.created_at
        if elapsed > self.response_timeout:
            record.expired = True
            raise DiscordError(404, 10062, "Unknown interaction")
        rtype = body.get("type")
        if not isinstance(rtype, int) or rtype not in _ALLOWED.get(record.type, set()):
            raise form_error(
                "type",
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Interaction response type {rtype} is not valid for interaction type "
                f"{record.type}",
            )
        data = body.get("data") or {}
        original = self._respond(record, rtype, data, uploads)
        record.response_type = rtype
        record.response_data = data
        record.responded_at = self._now()
        record.original = original
        record.answered.set()
        record.settled.set()
        self._emu.notify()
        if not with_response:
            return None
        info: dict[str, Any] = {"id": str(record.id), "type": record.type}
        resource: dict[str, Any] = {"type": rtype}
        if original is not None and rtype in (
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
            UPDATE_MESSAGE,
        ):
            info.update(
                response_message_id=str(original.id),
                response_message_loading=rtype == DEFERRED_CHANNEL_MESSAGE,
                response_message_ephemeral=original.ephemeral,
            )
            resource["message"] = message_payload(original, self._emu.world)
        return {"interaction": info, "resource": resource}

    def _respond(
        self, record: InteractionRecord, rtype: int, data: dict[str, Any], uploads: list[Upload]
    ) -> Message | None:
        emu = self._emu
        if rtype == CHANNEL_MESSAGE:
            return self._new_message(record, data, uploads)
        if rtype == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            msg = emu.world.new_message(
                record.channel,
                emu.bot_user,
                flags=flags,
                type=self._message_type(record),
                webhook_id=emu.application_id,
                interaction_id=record.id,
                interaction_type=record.type,
                interaction_user=record.user,
                visible_to=record.user.id if flags & EPHEMERAL else None,
            )
            emu.messages.announce("MESSAGE_CREATE", msg)
            return msg
        if rtype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            source = record.source_message
            if source is None:
                raise form_error(
                    "type",
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    f"Interaction response type {rtype} needs a message to update",
                )
            if rtype == UPDATE_MESSAGE:
                emu.messages.edit(source, data, uploads)
            return source
        if rtype == MODAL:
            for key in ("custom_id", "title", "components"):
                if not data.get(key):
                    raise form_error(f"data.{key}", "BASE_TYPE_REQUIRED", "This field is required")
        return None

    @staticmethod
    def _message_type(record: InteractionRecord) -> int:
        return 20 if record.type == APPLICATION_COMMAND else 0

    def _new_message(
        self, record: InteractionRecord, data: dict[str, Any], uploads: list[Upload]
    ) -> Message:
        emu = self._emu
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        return emu.messages.create(
            record.channel,
            emu.bot_user,
            data,
            uploads,
            type=self._message_type(record),
            webhook_id=emu.application_id,
            interaction_id=record.id,
            interaction_type=record.type,
            interaction_user=record.user,
            visible_to=record.user.id if ephemeral else None,
        )

    # -- interaction webhook ----------------------------------------------------------------------

    def record_for_webhook(self, application_id: int, token: str) -> InteractionRecord:
        """The interaction a ``/webhooks/{application_id}/{token}`` request refers to."""
        record = self._by_token.get(token)
        if record is None or application_id != self._emu.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if self._now() - record.created_at > self.token_lifetime:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if record.response_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return record

    def followup(
        self, record: InteractionRecord, data: dict[str, Any], uploads: list[Upload]
    ) -> Message:
        """``POST /webhooks/{app}/{token}``: a follow-up.

        The first follow-up after a deferral fills the "thinking" message instead.
        """
        original = record.original
        if (
            record.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            self._fill_loading(original, data, uploads)
            self._answered_later(record, data)
            return original
        msg = self._new_message(record, data, uploads)
        record.followups.append(msg)
        self._answered_later(record, data)
        return msg

    def _answered_later(self, record: InteractionRecord, data: dict[str, Any]) -> None:
        """Tell the test's :attr:`on_answer` of an answer given through the webhook."""
        if self.on_answer is not None:
            self.on_answer(record, {"data": data})

    def _fill_loading(self, msg: Message, data: dict[str, Any], uploads: list[Upload]) -> None:
        probe = dict(data)
        probe.pop("flags", None)
        msg.flags &= ~LOADING
        try:
            self._emu.messages.edit(msg, probe, uploads)
        except DiscordError:
            msg.flags |= LOADING
            raise

    def target(self, record: InteractionRecord, message_id: str) -> Message:
        """The message ``@original`` or a follow-up id designates."""
        if message_id == "@original":
            if record.original is None:
                raise DiscordError(404, 10008, "Unknown Message")
            return record.original
        for msg in [*record.followups, record.original]:
            if msg is not None and str(msg.id) == message_id:
                return msg
        raise DiscordError(404, 10008, "Unknown Message")

    def edit(
        self,
        record: InteractionRecord,
        message_id: str,
        data: dict[str, Any],
        uploads: list[Upload],
    ) -> Message:
        """``PATCH /webhooks/{app}/{token}/messages/{id}``."""
        msg = self.target(record, message_id)
        if msg.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        if msg.loading:
            self._fill_loading(msg, data, uploads)
        else:
            self._emu.messages.edit(msg, data, uploads)
        self._answered_later(record, data)
        return msg
