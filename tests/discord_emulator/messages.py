"""Creating, editing and deleting messages from API payloads, and announcing them on the gateway."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import DiscordError, EmulatorUsageError, form_error
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MESSAGES, INTENT_MESSAGE_CONTENT, Session
from .payloads import message_payload
from .state import EPHEMERAL, Attachment, Channel, Message, User, iso_now
from .validation import validate_message

if TYPE_CHECKING:
    from .emulator import Emulator

#: Message flags a bot may set:
#: SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2.
SETTABLE_FLAGS = (1 << 2) | EPHEMERAL | (1 << 12) | (1 << 15)


@dataclass(frozen=True)
class Upload:
    """A file part of a multipart request (``files[index]``)."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


class MessageService:
    """Applies message payloads to the model and dispatches MESSAGE_* gateway events."""

    def __init__(self, emu: Emulator) -> None:
        self._emu = emu

    def _attachment(self, channel_id: int, upload: Upload, description: str | None) -> Attachment:
        att_id = self._emu.world.ids.next()
        url = f"{self._emu.base_url}/attachments/{channel_id}/{att_id}/{upload.filename}"
        return Attachment(
            id=att_id,
            filename=upload.filename,
            data=upload.data,
            content_type=upload.content_type,
            description=description,
            url=url,
        )

    def _new_attachments(
        self, msg: Message, payload: dict[str, Any], uploads: list[Upload]
    ) -> list[Attachment]:
        """Resolve the ``attachments`` array against existing attachments and uploads."""
        by_index = {u.index: u for u in uploads}
        existing = {a.id: a for a in msg.attachments}
        described = payload.get("attachments")
        if described is None:
            return [*msg.attachments, *(self._attachment(msg.channel_id, u, None) for u in uploads)]
        result: list[Attachment] = []
        used: set[int] = set()
        for i, entry in enumerate(described):
            ident = int(entry.get("id", -1))
            if ident in existing:
                result.append(existing[ident])
            elif ident in by_index:
                used.add(ident)
                result.append(
                    self._attachment(msg.channel_id, by_index[ident], entry.get("description"))
                )
            else:
                raise form_error(
                    f"attachments.{i}.id", "ATTACHMENT_NOT_FOUND", "Unknown attachment id."
                )
        result.extend(
            self._attachment(msg.channel_id, u, None) for u in uploads if u.index not in used
        )
        return result

    def apply(
        self, msg: Message, payload: dict[str, Any], uploads: list[Upload], *, creating: bool
    ) -> None:
        """Validate ``payload`` like Discord and write its fields into ``msg``."""
        kept = 0
        if not creating and "attachments" not in payload:
            kept = len(msg.attachments)
        validate_message(payload, file_count=len(uploads), kept_attachments=kept, creating=creating)
        if not creating:
            has_body_after = (
                payload.get("content", msg.content)
                or payload.get("embeds", msg.raw_embeds)
                or payload.get("components", msg.raw_components)
            )
            if (
                not has_body_after
                and not uploads
                and not payload.get("attachments", msg.attachments)
            ):
                raise DiscordError(400, 50006, "Cannot send an empty message")
        attachments = msg.attachments
        if uploads or "attachments" in payload:
            attachments = self._new_attachments(msg, payload, uploads)
        # Everything is validated: apply the edit.
        msg.attachments = attachments
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.raw_embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.raw_components = list(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & ~SETTABLE_FLAGS
            msg.flags = keep | (int(payload["flags"]) & SETTABLE_FLAGS)
        if creating and payload.get("message_reference"):
            msg.reference = dict(payload["message_reference"])
            msg.type = 19

    # -- lifecycle -------------------------------------------------------------------------

    def create(
        self,
        channel: Channel,
        author: User,
        payload: dict[str, Any],
        uploads: list[Upload],
        **fields: Any,
    ) -> Message:
        """Create a message from an API payload (validated first) and dispatch MESSAGE_CREATE."""
        world = self._emu.world
        probe = Message(
            id=0, channel_id=channel.id, guild_id=channel.guild_id, author=author, **fields
        )
        self.apply(probe, payload, uploads, creating=True)
        msg = world.new_message(channel, author, **fields)
        for name in ("content", "raw_embeds", "raw_components", "flags", "reference", "type"):
            setattr(msg, name, getattr(probe, name))
        msg.attachments = probe.attachments
        if msg.interaction_id is None:
            msg.flags &= ~EPHEMERAL  # only interaction responses can be ephemeral
        self.announce("MESSAGE_CREATE", msg)
        self._emu.notify()
        return msg

    def restore(
        self, channel: Channel, author: User, ident: int, payload: dict[str, Any], *, edited: bool
    ) -> Message:
        """Store a message of an earlier run with its id (validated like a new one, not
        announced): see :meth:`Emulator.restore_message`."""
        probe = Message(id=0, channel_id=channel.id, guild_id=channel.guild_id, author=author)
        try:
            self.apply(probe, payload, [], creating=True)
        except DiscordError as exc:
            raise EmulatorUsageError(f"message {ident} is not one Discord accepts: {exc}") from exc
        msg = self._emu.world.new_message(channel, author, ident=ident)
        for name in ("content", "raw_embeds", "raw_components", "flags"):
            setattr(msg, name, getattr(probe, name))
        msg.flags &= ~EPHEMERAL  # an ephemeral message does not outlive its interaction
        if edited:
            msg.edited_timestamp = iso_now()
        self._emu.notify()
        return msg

    def edit(self, msg: Message, payload: dict[str, Any], uploads: list[Upload]) -> Message:
        """Edit ``msg`` (keeping its previous state in ``history``) and dispatch MESSAGE_UPDATE."""
        before = msg.snapshot()
        self.apply(msg, payload, uploads, creating=False)
        msg.history.append(before)
        msg.edited_timestamp = iso_now()
        self.announce("MESSAGE_UPDATE", msg)
        self._emu.notify()
        return msg

    def delete(self, msg: Message) -> None:
        """Mark ``msg`` deleted and dispatch MESSAGE_DELETE."""
        msg.deleted = True
        if not msg.ephemeral:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
            self._emu.gateway.dispatch(
                "MESSAGE_DELETE", data, intent=self._intent_for(msg), guild_id=msg.guild_id
            )
        self._emu.notify()

    @staticmethod
    def _intent_for(msg: Message) -> int:
        return INTENT_GUILD_MESSAGES if msg.guild_id is not None else INTENT_DIRECT_MESSAGES

    def announce(self, event: str, msg: Message) -> None:
        """Dispatch MESSAGE_CREATE/UPDATE like Discord (ephemeral messages are never sent).

        Without the MESSAGE_CONTENT intent, guild messages of other users that do not mention
        the bot arrive with empty content, embeds, attachments and components.
        """
        if msg.ephemeral:
            return
        emu = self._emu
        data = message_payload(msg, emu.world)
        private = (
            msg.guild_id is not None
            and msg.author.id != emu.bot_user.id
            and emu.bot_user.mention not in msg.content
        )

        def for_session(session: Session, payload: dict[str, Any]) -> dict[str, Any]:
            if private and not session.intents & INTENT_MESSAGE_CONTENT:
                return payload | {"content": "", "embeds": [], "attachments": [], "components": []}
            return payload

        emu.gateway.dispatch(
            event, data, intent=self._intent_for(msg), transform=for_session, guild_id=msg.guild_id
        )
