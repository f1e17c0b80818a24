"""The emulated Discord gateway (websocket, API v10, JSON text frames).

Implements HELLO, IDENTIFY (with or without ``shard: [id, count]``) -> READY + one GUILD_CREATE
per guild of the session's shard (with the GUILDS intent), HEARTBEAT -> HEARTBEAT_ACK,
RESUME (replaying missed events) or INVALID_SESSION, REQUEST_GUILD_MEMBERS -> GUILD_MEMBERS_CHUNK,
RECONNECT on request, and DISPATCH with sequence numbers. The client asks for ``zlib-stream``
compression; discord.py also accepts uncompressed text frames, which is what this sends.

Sharding as Discord does it: a session identified with ``shard: [id, count]`` receives the events
of the guilds with ``(guild_id >> 22) % count == id``, and the events of no guild (direct
messages, and interactions in them) only when its id is 0; a session identified without a shard
receives everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .errors import EmulatorUsageError, Problem
from .payloads import guild_payload, member_payload, user_payload

if TYPE_CHECKING:
    from .emulator import Emulator
    from .state import Guild

_log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

INTENT_GUILDS = 1 << 0
"""Guild and channel events (GUILD_CREATE when the bot joins, CHANNEL_CREATE/UPDATE/DELETE...);
interactions need no intent."""
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

#: The privileged intents by discord.py's flag name; an application must enable each one in the
#: developer portal (off by default) or IDENTIFY is refused with close code 4014.
PRIVILEGED_INTENTS = {
    "members": INTENT_GUILD_MEMBERS,
    "presences": INTENT_GUILD_PRESENCES,
    "message_content": INTENT_MESSAGE_CONTENT,
}


def privileged_mask(names: frozenset[str]) -> int:
    """The intent bits of the privileged intents named (``"members"``, ``"presences"``,
    ``"message_content"``); an unknown name is a mistake of the test."""
    unknown = sorted(names - PRIVILEGED_INTENTS.keys())
    if unknown:
        raise EmulatorUsageError(
            f"unknown privileged intent(s) {unknown}; known: {list(PRIVILEGED_INTENTS)}"
        )
    mask = 0
    for name in names:
        mask |= PRIVILEGED_INTENTS[name]
    return mask

IDENTIFY_TIMEOUT = 10.0


def _shard_of_identify(value: Any) -> tuple[int, int] | bool | None:
    """IDENTIFY's ``shard``: ``(id, count)``, None when absent, False when malformed (Discord
    closes such a connection with 4010)."""
    if value is None:
        return None
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and 0 <= value[0] < value[1]
    ):
        return (value[0], value[1])
    return False


@dataclass
class Session:
    """A gateway session; it outlives its websocket so that the client can RESUME it."""

    id: str
    intents: int
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    queue: asyncio.Queue[dict[str, Any] | None] | None = None
    shard: tuple[int, int] | None = None
    """``(shard id, shard count)`` as identified; None: not sharded (every event)."""

    def serves(self, guild_id: int | None) -> bool:
        """Whether Discord sends this session the events of ``guild_id`` (None: a DM's)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == shard_for(guild_id, count)


def shard_for(guild_id: int | None, count: int) -> int:
    """The shard of ``guild_id`` among ``count`` (Discord's formula); direct messages: shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


class Gateway:
    """Serves the gateway websocket. Several bot sessions may be live at once: the shards of a
    sharded bot (each gets its guilds' events), or a bot accidentally started twice (each
    session of one shard receives every event of its shard)."""

    def __init__(self, emu: Emulator) -> None:
        self._emu = emu
        self.sessions: dict[str, Session] = {}
        self.live: list[Session] = []
        self.heartbeat_interval_ms = 41250
        self.identify_count = 0
        self.identified_shards: list[tuple[int, int] | None] = []
        """The ``shard`` of every IDENTIFY, in order (None: identified without one)."""
        self.resume_count = 0
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def connected(self) -> bool:
        """Whether at least one bot session is connected and identified."""
        return any(s.queue is not None for s in self.live)

    # -- dispatching -------------------------------------------------------------------------

    def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int | None = None,
        transform: Callable[[Session, dict[str, Any]], dict[str, Any]] | None = None,
        only: Session | None = None,
        guild_id: int | None = None,
    ) -> int:
        """Send a DISPATCH event to every live session whose intents allow it and whose shard
        serves ``guild_id`` (None: an event of no guild, such as a DM's, for shard 0 only).

        ``transform`` may adapt the payload per session (e.g. hide message content without the
        MESSAGE_CONTENT intent). Events produced while a socket is down are kept and replayed on
        RESUME. Returns the number of sessions the event was queued for.
        """
        count = 0
        for session in [only] if only is not None else self.live:
            if only is None and not session.serves(guild_id):
                continue
            if intent is not None and not session.intents & intent:
                continue
            session.seq += 1
            payload = transform(session, data) if transform is not None else data
            frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": payload}
            session.events.append(frame)
            if session.queue is not None:
                session.queue.put_nowait(frame)
            count += 1
        return count

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connected session: clients must reconnect and RESUME."""
        for session in self.live:
            if session.queue is not None:
                session.queue.put_nowait({"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        """Close every open websocket (server shutdown)."""
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=1001), 2.0)

    # -- connection handling ---------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp handler of the websocket endpoint."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await self._serve(ws)
        except ConnectionResetError:
            pass
        finally:
            self._sockets.discard(ws)
        return ws

    async def _serve(self, ws: web.WebSocketResponse) -> None:
        await ws.send_json({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        session = await self._handshake(ws)
        if session is None:
            return
        queue = session.queue
        assert queue is not None
        writer = asyncio.create_task(self._write(ws, queue))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._on_frame(ws, session, json.loads(msg.data))
        finally:
            session.queue = None
            queue.put_nowait(None)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            if ws.close_code in (1000, 1001) and session in self.live:
                # A clean close ends the session on Discord: it cannot be resumed.
                self.live.remove(session)

    async def _write(
        self, ws: web.WebSocketResponse, queue: asyncio.Queue[dict[str, Any] | None]
    ) -> None:
        while True:
            frame = await queue.get()
            if frame is None or ws.closed:
                return
            await ws.send_str(json.dumps(frame))
            if frame["op"] == RECONNECT:
                return

    async def _receive_json(self, ws: web.WebSocketResponse) -> dict[str, Any] | None:
        """Next JSON frame, answering heartbeats; ``None`` if the socket closes or times out."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + IDENTIFY_TIMEOUT
        while True:
            try:
                msg = await ws.receive(timeout=max(0.01, deadline - loop.time()))
            except TimeoutError:
                await ws.close(code=4003, message=b"Not authenticated")
                return None
            if msg.type != WSMsgType.TEXT:
                return None
            frame: dict[str, Any] = json.loads(msg.data)
            if frame.get("op") == HEARTBEAT:
                await ws.send_json({"op": HEARTBEAT_ACK})
                continue
            return frame

    async def _handshake(self, ws: web.WebSocketResponse) -> Session | None:
        frame = await self._receive_json(ws)
        if frame is None:
            return None
        op, data = frame.get("op"), frame.get("d") or {}
        if op not in (IDENTIFY, RESUME):
            self._emu.record(Problem("gateway", f"first gateway payload had op {op}, not IDENTIFY"))
            await ws.close(code=4003, message=b"Not authenticated")
            return None
        if data.get("token") != self._emu.token:
            await ws.close(code=4004, message=b"Authentication failed")
            return None
        if op == RESUME:
            return await self._resume(ws, data)
        return await self._identify(ws, data)

    async def _identify(
        self, ws: web.WebSocketResponse, data: dict[str, Any]
    ) -> Session | None:
        self.identify_count += 1
        intents = int(data.get("intents", 0))
        all_privileged = privileged_mask(frozenset(PRIVILEGED_INTENTS))
        disallowed = intents & all_privileged & ~self._emu.allowed_intent_bits
        if disallowed:
            names = [n for n, bit in PRIVILEGED_INTENTS.items() if disallowed & bit]
            self._emu.record(
                Problem(
                    "gateway",
                    f"IDENTIFY asked for privileged intent(s) {names} that the application "
                    "has not enabled: closed with 4014",
                    {"intents": intents},
                )
            )
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        shard = _shard_of_identify(data.get("shard"))
        if shard is False:
            self._emu.record(
                Problem("gateway", f"IDENTIFY with an invalid shard {data.get('shard')!r}: closed with 4010")
            )
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = Session(id=uuid.uuid4().hex, intents=intents, queue=asyncio.Queue(), shard=shard)
        self.sessions[session.id] = session
        self.live.append(session)
        emu = self._emu
        guilds = [g for g in emu.bot_guilds() if session.serves(g.id)]
        self.identified_shards.append(shard)
        self.dispatch(
            "READY",
            only=session,
            data={
                "v": 10,
                "user": user_payload(emu.bot_user)
                | {"verified": True, "mfa_enabled": False, "flags": 0},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "resume_gateway_url": emu.ws_url,
                "application": {"id": str(emu.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            }
            | ({"shard": list(shard)} if shard is not None else {}),
        )
        if intents & INTENT_GUILDS:  # the guilds' GUILD_CREATEs need it too, as every other one
            for guild in guilds:
                self.dispatch("GUILD_CREATE", self.guild_create(session, guild), only=session)
        return session

    def announce_guild(self, guild: Guild) -> None:
        """Send GUILD_CREATE for a guild the bot just joined to the live sessions of its shard
        that have the GUILDS intent."""
        self.dispatch(
            "GUILD_CREATE",
            {},
            intent=INTENT_GUILDS,
            transform=lambda s, _d: self.guild_create(s, guild),
            guild_id=guild.id,
        )

    def guild_create(self, session: Session, guild: Guild) -> dict[str, Any]:
        """The GUILD_CREATE payload of ``guild`` for ``session``: every member with the
        GUILD_MEMBERS intent, otherwise only the bot's own member (as on Discord)."""
        emu = self._emu
        with_all = bool(session.intents & INTENT_GUILD_MEMBERS)
        members = [m for m in guild.members.values() if with_all or m.user.id == emu.bot_user.id]
        return guild_payload(guild, emu.world, members=members)

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or session not in self.live:
            await ws.send_json({"op": INVALID_SESSION, "d": False})
            return None
        self.resume_count += 1
        session.queue = asyncio.Queue()
        last_seq = int(data.get("seq") or 0)
        for frame in session.events:
            if frame["s"] > last_seq:
                session.queue.put_nowait(frame)
        self.dispatch("RESUMED", {}, only=session)
        return session

    async def _on_frame(
        self, ws: web.WebSocketResponse, session: Session, frame: dict[str, Any]
    ) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await ws.send_json({"op": HEARTBEAT_ACK})
        elif op == REQUEST_MEMBERS and isinstance(data, dict):
            self._send_member_chunk(session, data)
        elif op in (PRESENCE, VOICE):
            return
        elif op in (IDENTIFY, RESUME):
            self._emu.record(Problem("gateway", "IDENTIFY/RESUME sent twice on one connection"))
            await ws.close(code=4005, message=b"Already authenticated")
        else:
            self._emu.record(Problem("gateway", f"unknown gateway opcode {op}"))
            await ws.close(code=4001, message=b"Unknown opcode")

    def _send_member_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self._emu.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted: Callable[[int], bool] = lambda _uid: True  # noqa: E731
        user_ids = data.get("user_ids")
        if user_ids:
            ids = {int(u) for u in (user_ids if isinstance(user_ids, list) else [user_ids])}
            wanted = ids.__contains__
        members = [member_payload(m) for m in guild.members.values() if wanted(m.user.id)]
        payload: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            payload["nonce"] = data["nonce"]
        self.dispatch("GUILD_MEMBERS_CHUNK", payload, only=session)
