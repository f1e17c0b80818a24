"""The emulated REST API v10 (aiohttp routes), with call recording, auth and rate-limit injection.

Every request is recorded as a :class:`RestCall`. Error answers caused by the bot are recorded as
problems unless the test provoked them on purpose (closed DMs, injected 429s).
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import commands
from .errors import DiscordError, Problem, form_error
from .messages import Upload
from .payloads import (
    application_payload,
    channel_payload,
    command_payload,
    guild_payload,
    member_payload,
    message_payload,
    user_payload,
)
from .permissions import SEND_MESSAGES, VIEW_CHANNEL, guild_permissions, permissions_in
from .ratelimits import RateLimiter, Verdict
from .state import Channel, Message

if TYPE_CHECKING:
    from .emulator import Emulator

API_PREFIX = "/api/v10"
NEEDED_TO_SEND = VIEW_CHANNEL | SEND_MESSAGES

Handler = Callable[["Call"], Awaitable[Any]]
WebHandler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class RestCall:
    """One REST request the bot made and the emulator's answer.

    ``route`` is the template as discord.py names it (``"/channels/{channel_id}/messages"``),
    ``key`` is ``"POST /channels/{channel_id}/messages"``.
    """

    method: str
    route: str
    path: str
    status: int
    json: Any
    files: tuple[str, ...]
    query: dict[str, str]
    error_code: int | None
    at: float

    @property
    def key(self) -> str:
        """``"METHOD /route/{template}"``."""
        return f"{self.method} {self.route}"


@dataclass
class RateLimitInjection:
    """Makes the next ``remaining`` calls to ``key`` answer 429."""

    key: str
    remaining: int
    retry_after: float
    is_global: bool


@dataclass
class Call:
    """A parsed request handed to a route handler."""

    request: web.Request
    body: Any
    uploads: list[Upload]

    def param(self, name: str) -> str:
        """A path parameter."""
        return self.request.match_info[name]

    def snowflake(self, name: str) -> int:
        """A path parameter as a snowflake (404 if it is not a number)."""
        try:
            return int(self.request.match_info[name])
        except ValueError:
            raise DiscordError(404, 10013, f"Unknown {name}") from None


async def _parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    if request.content_type.startswith("multipart/"):
        body: Any = None
        uploads: list[Upload] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            data = await part.read()
            if name == "payload_json":
                body = json.loads(data.decode())
            elif name.startswith("files[") and name.endswith("]"):
                uploads.append(
                    Upload(
                        index=int(name[6:-1]),
                        filename=part.filename or "file",
                        data=bytes(data),
                        content_type=part.headers.get("Content-Type"),
                    )
                )
        return body, uploads
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from None


def json_response(
    data: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json`` (discord.py compares
    the header verbatim, without a charset)."""
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=json.dumps(data).encode(), status=status, headers=all_headers)


def _major_parameters(request: web.Request) -> str:
    """The parts of a path that select a rate-limit bucket instance (as in discord.py)."""
    names = ("channel_id", "guild_id", "interaction_id", "token")
    return "+".join(request.match_info.get(n, "") for n in names)


def _too_many_requests(retry_after: float, is_global: bool, headers: dict[str, str]) -> web.Response:
    """A 429 as Discord sends it (``Via`` marks it as Discord's, not Cloudflare's)."""
    all_headers = {
        "Via": "1.1 google",
        "Retry-After": str(max(1, round(retry_after))),
        **headers,
    }
    body = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": is_global,
        "code": 0,
    }
    return json_response(body, status=429, headers=all_headers)


class RestApi:
    """Routes of the emulated API; each handler returns JSON-able data or ``None`` (204)."""

    def __init__(self, emu: Emulator) -> None:
        self._emu = emu
        self.calls: list[RestCall] = []
        self.injections: list[RateLimitInjection] = []
        self.limiter = RateLimiter()
        self.send_bucket_headers = True

    # -- plumbing ------------------------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        """Add every route to ``app``."""
        routes: list[tuple[str, str, Handler, bool]] = [
            ("GET", "/users/@me", self.get_me, True),
            ("GET", "/users/{user_id}", self.get_user, True),
            ("POST", "/users/@me/channels", self.create_dm, True),
            ("GET", "/oauth2/applications/@me", self.get_application, True),
            ("GET", "/applications/@me", self.get_application, True),
            ("GET", "/gateway", self.get_gateway, False),
            ("GET", "/gateway/bot", self.get_gateway, True),
            ("GET", "/applications/{application_id}/commands", self.get_commands, True),
            ("PUT", "/applications/{application_id}/commands", self.put_commands, True),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.get_commands,
                True,
            ),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.put_commands,
                True,
            ),
            ("GET", "/channels/{channel_id}", self.get_channel, True),
            ("POST", "/channels/{channel_id}/messages", self.post_message, True),
            ("GET", "/channels/{channel_id}/messages", self.get_messages, True),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message, True),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message, True),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message, True),
            ("POST", "/channels/{channel_id}/typing", self.typing, True),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.react,
                True,
            ),
            ("GET", "/guilds/{guild_id}", self.get_guild, True),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels, True),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member, True),
            ("GET", "/guilds/{guild_id}/members", self.list_members, True),
            ("GET", "/users/@me/guilds", self.list_my_guilds, True),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback, False),
            ("POST", "/webhooks/{application_id}/{token}", self.followup, False),
            (
                "GET",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.get_wh_message,
                False,
            ),
            (
                "PATCH",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.edit_wh_message,
                False,
            ),
            (
                "DELETE",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.delete_wh_message,
                False,
            ),
        ]
        for method, route, handler, auth in routes:
            app.router.add_route(
                method, API_PREFIX + route, self._wrap(method, route, handler, auth)
            )
        app.router.add_route(
            "*", API_PREFIX + "/{tail:.*}", self._wrap("*", "", self.unknown, False)
        )
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.cdn)

    def _wrap(self, method: str, route: str, handler: Handler, auth: bool) -> WebHandler:
        async def run(request: web.Request) -> web.StreamResponse:
            key = f"{request.method} {route or request.path}"
            body: Any = None
            uploads: list[Upload] = []
            status, error_code = 200, None
            bucket_headers: dict[str, str] = {}
            try:
                body, uploads = await _parse_body(request)
                self._check_auth(request, auth)
                limited = self._take_injection(key)
                if limited is not None:
                    status = 429
                    return self._injected_429(limited)
                if route:
                    verdict = self.limiter.take(key, _major_parameters(request))
                    bucket_headers = verdict.headers if self.send_bucket_headers else {}
                    if not verdict.allowed:
                        status = 429
                        self._record_over_limit(key, verdict)
                        return _too_many_requests(verdict.retry_after, False, bucket_headers)
                data = await handler(Call(request, body, uploads))
                if data is None:
                    status = 204
                    return web.Response(status=204, headers=bucket_headers)
                return json_response(data, headers=bucket_headers)
            except DiscordError as err:
                status, error_code = err.status, err.code
                if not err.deliberate:
                    self._emu.record(
                        Problem(
                            "unsupported"
                            if route == ""
                            else "rate-limit"
                            if err.status == 429
                            else "invalid-request"
                            if err.status == 400
                            else "http-error",
                            f"{key} -> {err.status} {err.code} {err.message}"
                            + (f" {json.dumps(err.errors)}" if err.errors else ""),
                            {"body": body, "errors": err.errors},
                        )
                    )
                return json_response(err.body(), status=err.status, headers=bucket_headers)
            except ConnectionResetError:
                # The client went away in the middle of its request (a bot process killed while
                # it uploaded a picture): nobody is left to answer, and nothing was done.
                status = 499
                raise
            except Exception:
                # A bug of the emulator (or a request it cannot parse). An aiohttp 500 would make
                # discord.py retry with growing sleeps (~25 s) and hide the cause: answer a
                # Discord-style 400, which discord.py raises at once, and record the traceback.
                status, error_code = 400, 0
                trace = traceback.format_exc()
                self._emu.record(
                    Problem(
                        "emulator-error",
                        f"{key} raised inside the emulator:\n{trace}",
                        {"body": body, "traceback": trace},
                    )
                )
                return json_response(
                    {"message": "400: Bad Request (emulator error, see problems)", "code": 0},
                    status=400,
                )
            finally:
                self.calls.append(
                    RestCall(
                        method=request.method,
                        route=route or request.path[len(API_PREFIX) :],
                        path=request.path[len(API_PREFIX) :],
                        status=status,
                        json=body,
                        files=tuple(u.filename for u in uploads),
                        query=dict(request.query),
                        error_code=error_code,
                        at=time.monotonic(),
                    )
                )
                self._emu.notify()

        return run

    def _check_auth(self, request: web.Request, auth: bool) -> None:
        if auth and request.headers.get("Authorization") != f"Bot {self._emu.token}":
            raise DiscordError(401, 0, "401: Unauthorized", deliberate=True)

    def _take_injection(self, key: str) -> RateLimitInjection | None:
        for inj in self.injections:
            if inj.key == key and inj.remaining > 0:
                inj.remaining -= 1
                return inj
        return None

    def _injected_429(self, inj: RateLimitInjection) -> web.Response:
        headers = RateLimiter.headers(inj.key, 5, 0, inj.retry_after)
        headers["X-RateLimit-Scope"] = "global" if inj.is_global else "user"
        if inj.is_global:
            headers["X-RateLimit-Global"] = "true"
        return _too_many_requests(inj.retry_after, inj.is_global, headers)

    def _record_over_limit(self, key: str, verdict: Verdict) -> None:
        rule = self.limiter.limits[key]
        self._emu.record(
            Problem(
                "rate-limit",
                f"{key} -> 429: more than {rule.limit} call(s) in {rule.window:g} s in one "
                "bucket although the X-RateLimit headers said to wait "
                f"{verdict.retry_after:.3f} s",
            )
        )

    # -- lookups -------------------------------------------------------------------------------

    def _channel(self, call: Call) -> Channel:
        chan = self._emu.world.channels.get(call.snowflake("channel_id"))
        if chan is None or not self._bot_sees(chan):
            raise DiscordError(404, 10003, "Unknown Channel")
        return chan

    def _bot_sees(self, chan: Channel) -> bool:
        guild = self._emu.world.guild_of(chan)
        return chan.is_dm or (guild is not None and self._emu.bot_user.id in guild.members)

    def _message(self, call: Call, chan: Channel) -> Message:
        msg = self._emu.world.messages.get(call.snowflake("message_id"))
        if msg is None or msg.channel_id != chan.id or msg.deleted or msg.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    # -- users, application, gateway ------------------------------------------------------

    async def get_me(self, call: Call) -> Any:
        """``GET /users/@me``."""
        return user_payload(self._emu.bot_user) | {
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
        }

    async def get_user(self, call: Call) -> Any:
        """``GET /users/{user_id}``."""
        user = self._emu.world.users.get(call.snowflake("user_id"))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user_payload(user)

    async def get_application(self, call: Call) -> Any:
        """``GET /oauth2/applications/@me``."""
        emu = self._emu
        return application_payload(emu.application_id, emu.bot_user, emu.owner)

    async def get_gateway(self, call: Call) -> Any:
        """``GET /gateway[/bot]``."""
        return {
            "url": self._emu.ws_url,
            "shards": self._emu.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def create_dm(self, call: Call) -> Any:
        """``POST /users/@me/channels`` with ``recipient_id``."""
        body = call.body or {}
        user = self._emu.world.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            raise form_error("recipient_id", "USER_UNKNOWN", "Unknown user")
        return channel_payload(self._emu.world.dm_channel(user), self._emu.world)

    # -- commands ------------------------------------------------------------------------------

    def _command_scope(self, call: Call) -> int | None:
        if call.snowflake("application_id") != self._emu.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        if "guild_id" not in call.request.match_info:
            return None
        guild = self._emu.world.guilds.get(call.snowflake("guild_id"))
        if guild is None or self._emu.bot_user.id not in guild.members:
            raise DiscordError(403, 50001, "Missing Access")
        return guild.id

    async def get_commands(self, call: Call) -> Any:
        """``GET`` global or guild commands."""
        scope = self._command_scope(call)
        world = self._emu.world
        cmds = world.global_commands if scope is None else world.guild_commands.get(scope, [])
        return [command_payload(c, self._emu.application_id) for c in cmds]

    async def put_commands(self, call: Call) -> Any:
        """``PUT`` (bulk overwrite) global or guild commands."""
        scope = self._command_scope(call)
        cmds = commands.bulk_overwrite(self._emu.world, scope, call.body)
        return [command_payload(c, self._emu.application_id) for c in cmds]

    # -- channels and messages -----------------------------------------------------------------

    async def get_channel(self, call: Call) -> Any:
        """``GET /channels/{channel_id}``."""
        return channel_payload(self._channel(call), self._emu.world)

    def _check_can_send(self, chan: Channel) -> None:
        world, bot = self._emu.world, self._emu.bot_user
        if chan.is_dm:
            user = world.users[chan.recipient_id] if chan.recipient_id else None
            if user is None or not user.dms_open or not world.shares_guild(user, bot):
                raise DiscordError(403, 50007, "Cannot send messages to this user", deliberate=True)
        elif permissions_in(world, chan, bot) & NEEDED_TO_SEND != NEEDED_TO_SEND:
            raise DiscordError(403, 50013, "Missing Permissions", deliberate=True)

    async def post_message(self, call: Call) -> Any:
        """``POST /channels/{channel_id}/messages`` (JSON or multipart with files)."""
        chan = self._channel(call)
        self._check_can_send(chan)
        msg = self._emu.messages.create(chan, self._emu.bot_user, call.body or {}, call.uploads)
        return message_payload(msg, self._emu.world)

    async def get_messages(self, call: Call) -> Any:
        """``GET /channels/{channel_id}/messages``: newest first, with limit/before/after."""
        chan = self._channel(call)
        query = call.request.query
        limit = min(int(query.get("limit", 50)), 100)
        msgs = [m for m in self._emu.world.channel_messages(chan) if not m.ephemeral]
        if "before" in query:
            msgs = [m for m in msgs if m.id < int(query["before"])]
        if "after" in query:
            msgs = [m for m in msgs if m.id > int(query["after"])]
            msgs = msgs[:limit]
        msgs = sorted(msgs, key=lambda m: m.id, reverse=True)[:limit]
        return [message_payload(m, self._emu.world) for m in msgs]

    async def get_message(self, call: Call) -> Any:
        """``GET /channels/{channel_id}/messages/{message_id}``."""
        chan = self._channel(call)
        return message_payload(self._message(call, chan), self._emu.world)

    async def patch_message(self, call: Call) -> Any:
        """``PATCH /channels/{channel_id}/messages/{message_id}`` (own messages only)."""
        chan = self._channel(call)
        msg = self._message(call, chan)
        if msg.author.id != self._emu.bot_user.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self._emu.messages.edit(msg, call.body or {}, call.uploads)
        return message_payload(msg, self._emu.world)

    async def delete_message(self, call: Call) -> Any:
        """``DELETE /channels/{channel_id}/messages/{message_id}``."""
        chan = self._channel(call)
        msg = self._message(call, chan)
        if msg.author.id != self._emu.bot_user.id and chan.is_dm:
            raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
        self._emu.messages.delete(msg)
        return None

    async def typing(self, call: Call) -> Any:
        """``POST /channels/{channel_id}/typing``."""
        self._channel(call)
        return None

    async def react(self, call: Call) -> Any:
        """``PUT .../reactions/{emoji}/@me`` (accepted, remembered in ``emu.reactions``)."""
        chan = self._channel(call)
        msg = self._message(call, chan)
        self._emu.reactions.append((msg.id, call.param("emoji")))
        return None

    # -- guilds --------------------------------------------------------------------------------

    def _guild(self, call: Call) -> Any:
        guild = self._emu.world.guilds.get(call.snowflake("guild_id"))
        if guild is None or self._emu.bot_user.id not in guild.members:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, call: Call) -> Any:
        """``GET /guilds/{guild_id}``."""
        guild = self._guild(call)
        data = guild_payload(guild, self._emu.world, members=[])
        for key in (
            "members",
            "channels",
            "threads",
            "voice_states",
            "presences",
            "joined_at",
            "large",
            "member_count",
            "unavailable",
        ):
            data.pop(key, None)
        return data

    async def get_guild_channels(self, call: Call) -> Any:
        """``GET /guilds/{guild_id}/channels``."""
        guild = self._guild(call)
        return [channel_payload(c, self._emu.world) for c in guild.channels]

    async def get_member(self, call: Call) -> Any:
        """``GET /guilds/{guild_id}/members/{user_id}``."""
        guild = self._guild(call)
        member = guild.members.get(call.snowflake("user_id"))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return member_payload(member)

    async def list_members(self, call: Call) -> Any:
        """``GET /guilds/{guild_id}/members`` (``limit``, ``after``; needs the members intent on
        Discord, not checked here)."""
        guild = self._guild(call)
        query = call.request.query
        limit = min(int(query.get("limit", 1)), 1000)
        after = int(query.get("after", 0))
        members = sorted(guild.members.values(), key=lambda m: m.user.id)
        return [member_payload(m) for m in members if m.user.id > after][:limit]

    async def list_my_guilds(self, call: Call) -> Any:
        """``GET /users/@me/guilds``: partial guilds of the bot."""
        return [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "owner": g.owner_id == self._emu.bot_user.id,
                "permissions": str(guild_permissions(g, g.members[self._emu.bot_user.id])),
                "features": [],
            }
            for g in self._emu.bot_guilds()
        ]

    # -- interactions --------------------------------------------------------------------------

    async def callback(self, call: Call) -> Any:
        """``POST /interactions/{interaction_id}/{token}/callback``."""
        with_response = call.request.query.get("with_response") in ("1", "true", "True")
        return self._emu.interactions.callback(
            call.snowflake("interaction_id"),
            call.param("token"),
            call.body or {},
            call.uploads,
            with_response,
        )

    def _wh_record(self, call: Call) -> Any:
        return self._emu.interactions.record_for_webhook(
            call.snowflake("application_id"), call.param("token")
        )

    async def followup(self, call: Call) -> Any:
        """``POST /webhooks/{application_id}/{token}`` (interaction follow-up)."""
        record = self._wh_record(call)
        msg = self._emu.interactions.followup(record, call.body or {}, call.uploads)
        if call.request.query.get("wait") in ("0", "false", None):
            return None
        return message_payload(msg, self._emu.world)

    async def get_wh_message(self, call: Call) -> Any:
        """``GET /webhooks/{app}/{token}/messages/{id|@original}``."""
        msg = self._emu.interactions.target(self._wh_record(call), call.param("message_id"))
        if msg.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return message_payload(msg, self._emu.world)

    async def edit_wh_message(self, call: Call) -> Any:
        """``PATCH /webhooks/{app}/{token}/messages/{id|@original}``."""
        msg = self._emu.interactions.edit(
            self._wh_record(call), call.param("message_id"), call.body or {}, call.uploads
        )
        return message_payload(msg, self._emu.world)

    async def delete_wh_message(self, call: Call) -> Any:
        """``DELETE /webhooks/{app}/{token}/messages/{id|@original}``."""
        msg = self._emu.interactions.target(self._wh_record(call), call.param("message_id"))
        if msg.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        self._emu.messages.delete(msg)
        return None

    async def unknown(self, call: Call) -> Any:
        """Any route the emulator does not implement: 404, recorded as ``unsupported``."""
        raise DiscordError(404, 0, "404: Not Found (route not emulated)")

    async def cdn(self, request: web.Request) -> web.StreamResponse:
        """Serve attachment bytes (``Attachment.read()`` in discord.py)."""
        for msg in self._emu.world.messages.values():
            for att in msg.attachments:
                if str(att.id) == request.match_info["attachment_id"]:
                    return web.Response(
                        body=att.data, content_type=att.content_type or "application/octet-stream"
                    )
        return web.Response(status=404)
