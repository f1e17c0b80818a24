"""The REST calls a bot made on the emulated Discord, told apart by what they carried.

``discord_load.py --verbose`` and ``discord_game.py`` print the calls per card by route; a route
alone does not say what pictures cost (an edit of the table message with a new picture and a
late picture's attachments-only edit are both ``PATCH /channels/{channel_id}/messages/{id}``).
:func:`call_kind` names a call by its route, where it went (a DM or a server's channel), whether
it uploaded a file, and for an edit what it did to the message's attachments.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from tests.discord_emulator import Emulator
from tests.discord_emulator.rest import RestCall

_SHORT = {
    "PATCH /channels/{channel_id}/messages/{message_id}": "edit",
    "POST /channels/{channel_id}/messages": "send",
    "POST /interactions/{interaction_id}/{token}/callback": "answer",
    "PATCH /webhooks/{application_id}/{token}/messages/{message_id}": "answer edit",
    "POST /webhooks/{application_id}/{token}": "followup",
    "POST /users/@me/channels": "open DM",
}

_CALLBACK_TYPES = {4: "message", 5: "defer", 6: "defer update", 7: "update"}

_MESSAGE_FIELDS = ("content", "embeds", "components")


def _where(emu: Emulator, call: RestCall) -> str:
    """``DM`` or ``channel`` for a call to ``/channels/{id}/...``, else empty."""
    parts = call.path.split("/")
    if len(parts) < 3 or parts[1] != "channels" or not parts[2].isdigit():
        return ""
    channel = emu.world.channels.get(int(parts[2]))
    return "" if channel is None else ("DM" if channel.is_dm else "channel")


def _edit(body: Any, files: tuple[str, ...]) -> str:
    """What an edit's body did to the message's attachments (and whether it changed anything else)."""
    body = body if isinstance(body, dict) else {}
    data = body.get("data", body) if "type" in body else body  # an interaction callback's message
    if not isinstance(data, dict):
        return ""
    words = any(field in data for field in _MESSAGE_FIELDS)
    if "attachments" not in data:
        picture = "attachments kept"
    elif files:
        picture = "new picture"
    elif data["attachments"]:
        picture = "attachments kept by id"
    else:
        picture = "attachments dropped"
    return picture if words else f"{picture} only"


def call_kind(emu: Emulator, call: RestCall) -> str:
    """What ``call`` was: ``"edit channel: new picture"``, ``"answer update: attachments
    dropped"``, ``"send DM + picture"``, ``"edit DM: new picture only"`` (a late picture)..."""
    name = _SHORT.get(call.key, call.key)
    body = call.json if isinstance(call.json, dict) else {}
    if name == "answer":
        name = f"answer {_CALLBACK_TYPES.get(body.get('type', 0), body.get('type'))}"
        if body.get("type") in (4, 7):
            return f"{name}: {_edit(body, call.files)}"
        return name
    where = _where(emu, call)
    name = f"{name} {where}".strip()
    if name.startswith("send"):
        return f"{name} + picture" if call.files else name
    if name.startswith(("edit", "answer edit")):
        return f"{name}: {_edit(body, call.files)}"
    return name


def kinds(emu: Emulator, calls: Iterable[RestCall]) -> Counter[str]:
    """How many of ``calls`` were of each :func:`call_kind`."""
    return Counter(call_kind(emu, call) for call in calls)


class Reuploads:
    """Counts the edits that upload the very picture the message shows already (the same PNG
    bytes): an upload the edit could have spared by keeping the attachment. Installed on an
    emulator's message store (:meth:`install`); it wraps its ``edit``."""

    def __init__(self) -> None:
        self.uploads = 0
        """Edits that uploaded a file."""
        self.same = 0
        """Of those, edits whose upload is the bytes of the message's attachment before."""

    def install(self, emu: Emulator) -> None:
        """Count the uploads of every edit ``emu`` applies from now on."""
        store = emu.messages
        edit = store.edit

        def counted(msg: Any, payload: dict[str, Any], uploads: list[Any]) -> Any:
            if uploads:
                self.uploads += 1
                before = {a.data for a in msg.attachments}
                if any(upload.data in before for upload in uploads):
                    self.same += 1
            return edit(msg, payload, uploads)

        store.edit = counted  # type: ignore[method-assign]
