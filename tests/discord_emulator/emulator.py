"""The :class:`Emulator`: an emulated Discord (REST API v10 + gateway) on 127.0.0.1.

Typical use (the pytest fixture ``emulator`` does the start/stop part)::

    emu = Emulator()
    await emu.start()
    guild = emu.add_guild("Test server")
    general = emu.add_text_channel(guild, "general")
    alice = emu.add_user("alice")
    emu.add_member(guild, alice)
    async with run_client(emu, bot):
        result = await emu.driver.slash(alice, general, "join")
        response = await result.response()
    await emu.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator
from typing import Any

import yarl
from aiohttp import web

from .driver import Driver
from .errors import EmulatorUsageError, Problem
from .gateway import INTENT_GUILD_MEMBERS, INTENT_GUILDS, Gateway, privileged_mask
from .interactions import InteractionService
from .messages import MessageService
from .payloads import channel_payload, member_payload, message_payload, user_payload
from .permissions import SEND_MESSAGES, permissions_in
from .rest import API_PREFIX, RateLimitInjection, RestApi, RestCall
from .state import (
    DEFAULT_MEMBER_PERMISSIONS,
    Channel,
    Guild,
    Member,
    Message,
    Overwrite,
    User,
    World,
)

STOP_TIMEOUT = 5.0


class Emulator:
    """An emulated Discord for one bot; build the world, start it, let a client connect.

    ``response_timeout`` is Discord's 3 s limit for the initial interaction response (shrink it
    in tests of late answers). ``token`` is the bot token the emulator accepts.
    ``privileged_intents`` names the privileged intents the application may use (``"members"``,
    ``"presences"``, ``"message_content"``); like the developer portal's toggles they are all off
    by default, and IDENTIFY with any other one is closed with 4014 "Disallowed intent(s)".
    The attribute may also be set after construction, before the client connects.
    ``bot_id``: the bot user's (and application's) id, for a bot that must be the same one as
    in a state saved from an earlier run (see :meth:`restore_message`); a fresh id by default.
    """

    def __init__(
        self,
        *,
        token: str = "emulated-bot-token",
        bot_name: str = "StickemBot",
        response_timeout: float = 3.0,
        privileged_intents: frozenset[str] = frozenset(),
        bot_id: int | None = None,
    ) -> None:
        self.token = token
        self.allowed_intent_bits = 0
        self.privileged_intents = privileged_intents
        self.world = World()
        self.owner = self.world.add_user("app-owner")
        self.bot_user = self.world.add_user(bot_name, bot=True, ident=bot_id)
        self.application_id = self.bot_user.id
        self.problems: list[Problem] = []
        self.reactions: list[tuple[int, str]] = []
        self.gateway = Gateway(self)
        self.messages = MessageService(self)
        self.interactions = InteractionService(self)
        self.interactions.response_timeout = response_timeout
        self.rest = RestApi(self)
        self.driver = Driver(self)
        self.port = 0
        self.recommended_shards = 1
        """The shard count ``GET /gateway/bot`` recommends (what an AutoShardedBot without
        ``shard_count`` connects); guilds are routed to shards as Discord does (see `gateway`)."""
        self._runner: web.AppRunner | None = None
        self._changed = asyncio.Event()

    # -- server lifecycle ----------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return self.base_url + API_PREFIX

    @property
    def ws_url(self) -> str:
        """The gateway websocket URL."""
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self.gateway.handle)
        self.rest.install(app)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        """Close the gateway sockets and the server (bounded) and report pending interactions."""
        self.interactions.close()
        await self.gateway.close_all()
        if self._runner is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._runner.cleanup(), STOP_TIMEOUT)
            self._runner = None

    @contextlib.contextmanager
    def patched_discord(self) -> Iterator[None]:
        """Point discord.py's REST base (also used by interaction webhooks) and gateway here."""
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.ws_url)
        try:
            yield
        finally:
            Route.BASE = old_base
            DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    # -- building the world --------------------------------------------------------------------

    # Every object may be given the id it had elsewhere (``ident``: a state saved from an earlier
    # run, e.g. by another version of the bot): an id in use is an EmulatorUsageError, and the
    # ids made afterwards are larger than every id given.

    def add_user(
        self,
        name: str,
        *,
        dms_open: bool = True,
        bot: bool = False,
        ident: int | None = None,
        locale: str = "en-US",
    ) -> User:
        """Create a user (not yet in any guild) whose Discord runs in ``locale`` (``de``, ``en-US``)."""
        return self.world.add_user(name, bot=bot, dms_open=dms_open, ident=ident, locale=locale)

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        owner: User | None = None,
        ident: int | None = None,
        locale: str = "en-US",
    ) -> Guild:
        """Create a guild with the bot as a member (announced with GUILD_CREATE to the sessions
        connected with the GUILDS intent), whose language is ``locale``."""
        guild = self.world.add_guild(name, owner or self.owner, ident=ident, locale=locale)
        self.world.add_member(guild, self.bot_user, permissions=DEFAULT_MEMBER_PERMISSIONS)
        self.gateway.announce_guild(guild)
        return guild

    def add_guild_on_shard(self, name: str, shard: int, count: int) -> Guild:
        """`add_guild` with an id that Discord routes to ``shard`` of ``count`` shards
        (``(guild_id >> 22) % count``)."""
        base = self.world.ids.next()
        for offset in range(count):
            ident = (((base >> 22) + offset) << 22) | (base & ((1 << 22) - 1))
            if (ident >> 22) % count == shard:
                return self.add_guild(name, ident=ident)
        raise EmulatorUsageError(f"no shard {shard} among {count}")

    def add_text_channel(self, guild: Guild, name: str, *, ident: int | None = None) -> Channel:
        """Create a text channel (announced with CHANNEL_CREATE to the sessions connected with
        the GUILDS intent)."""
        chan = self.world.add_text_channel(guild, name, ident=ident)
        self.gateway.dispatch(
            "CHANNEL_CREATE", channel_payload(chan, self.world), intent=INTENT_GUILDS, guild_id=guild.id
        )
        return chan

    def add_member(
        self,
        guild: Guild,
        user: User,
        *,
        permissions: int = DEFAULT_MEMBER_PERMISSIONS,
        nick: str | None = None,
    ) -> Member:
        """Make ``user`` a member of ``guild`` (GUILD_MEMBER_ADD if connected with that intent)."""
        member = self.world.add_member(guild, user, permissions=permissions, nick=nick)
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD",
            member_payload(member) | {"guild_id": str(guild.id)},
            intent=INTENT_GUILD_MEMBERS,
            guild_id=guild.id,
        )
        return member

    def set_dms_open(self, user: User, dms_open: bool) -> None:
        """Open or close ``user``'s DMs (closed: the bot gets 403 / 50007 when sending)."""
        user.dms_open = dms_open

    def set_bot_can_send(self, channel: Channel, allowed: bool) -> None:
        """Grant or revoke the bot's permission to post in ``channel``.

        Revoking adds a member overwrite denying SEND_MESSAGES to the bot (restoring removes the
        denial), announced with CHANNEL_UPDATE (to the sessions with the GUILDS intent): the
        bot's cached ``channel.permissions_for(me)``, ``interaction.app_permissions`` and the REST
        answer (403 / 50013) all follow.
        """
        if channel.is_dm:
            raise EmulatorUsageError("DM permissions cannot be changed; use set_dms_open")
        bot_id = self.bot_user.id
        own = next((o for o in channel.overwrites if o.type == 1 and o.id == bot_id), None)
        if own is None:
            own = Overwrite(id=bot_id, type=1)
            channel.overwrites.append(own)
        own.deny = own.deny & ~SEND_MESSAGES if allowed else own.deny | SEND_MESSAGES
        if not own.allow and not own.deny:
            channel.overwrites.remove(own)
        self.gateway.dispatch(
            "CHANNEL_UPDATE",
            channel_payload(channel, self.world),
            intent=INTENT_GUILDS,
            guild_id=channel.guild_id,
        )

    def permissions_in(self, channel: Channel, user: User | None = None) -> int:
        """The permission bits ``user`` (default: the bot) has in ``channel``."""
        return permissions_in(self.world, channel, user or self.bot_user)

    def dm_channel(self, user: User, *, ident: int | None = None) -> Channel:
        """The DM channel between the bot and ``user`` (created if needed, with the id ``ident``
        if given; an existing one with another id is an EmulatorUsageError)."""
        return self.world.dm_channel(user, ident=ident)

    def restore_message(
        self,
        channel: Channel,
        author: User,
        *,
        ident: int,
        content: str = "",
        embeds: list[dict[str, Any]] | None = None,
        components: list[dict[str, Any]] | None = None,
        edited: bool = False,
    ) -> Message:
        """Put back a message posted before this emulator ran (e.g. by an earlier version of the
        bot, saved with its id): validated as Discord validates a new message, stored with the
        id ``ident`` in ``channel``, and not announced (nobody sees it arrive: it was there).
        Users see it and click its components like any other; ``edited`` marks it edited."""
        payload: dict[str, Any] = {"content": content}
        if embeds:
            payload["embeds"] = embeds
        if components:
            payload["components"] = components
        return self.messages.restore(channel, author, ident, payload, edited=edited)

    def bot_guilds(self) -> list[Guild]:
        """Guilds the bot is a member of."""
        return [g for g in self.world.guilds.values() if self.bot_user.id in g.members]

    # -- application settings -------------------------------------------------------------------

    @property
    def privileged_intents(self) -> frozenset[str]:
        """The privileged intents the application has enabled (portal toggles, default none)."""
        return self._privileged_intents

    @privileged_intents.setter
    def privileged_intents(self, names: frozenset[str]) -> None:
        names = frozenset(names)
        self.allowed_intent_bits = privileged_mask(names)  # validates the names
        self._privileged_intents = names

    # -- timing configuration ------------------------------------------------------------------

    @property
    def response_timeout(self) -> float:
        """Seconds the bot has for the initial interaction response (Discord: 3)."""
        return self.interactions.response_timeout

    @response_timeout.setter
    def response_timeout(self, value: float) -> None:
        self.interactions.response_timeout = value

    @property
    def token_lifetime(self) -> float:
        """Seconds an interaction token accepts follow-ups and edits (Discord: 15 minutes)."""
        return self.interactions.token_lifetime

    @token_lifetime.setter
    def token_lifetime(self, value: float) -> None:
        self.interactions.token_lifetime = value

    # -- records -------------------------------------------------------------------------------

    @property
    def rest_calls(self) -> list[RestCall]:
        """Every REST request the bot made, in order."""
        return list(self.rest.calls)

    def calls(
        self, key: str | None = None, *, status: int | None = None, prefix: bool = False
    ) -> list[RestCall]:
        """REST calls whose key is exactly ``"METHOD /route/{template}"`` (any key if ``None``),
        optionally with this status. ``prefix=True`` matches every key starting with ``key``
        (e.g. ``"PATCH /channels/"`` for all channel edits)."""
        return [
            c
            for c in self.rest.calls
            if (key is None or c.key == key or (prefix and c.key.startswith(key)))
            and (status is None or c.status == status)
        ]

    def record(self, problem: Problem) -> None:
        """Add a problem of the bot (used by the emulator's parts and by ``run_client``)."""
        self.problems.append(problem)
        self.notify()

    def pop_problems(self, kind: str | None = None) -> list[Problem]:
        """Remove and return the problems (of one kind) a test expected."""
        taken = [p for p in self.problems if kind is None or p.kind == kind]
        self.problems = [p for p in self.problems if p not in taken]
        return taken

    def assert_no_problems(self) -> None:
        """Raise ``AssertionError`` listing the problems, if any."""
        if self.problems:
            listing = "\n  ".join(str(p) for p in self.problems)
            raise AssertionError(f"the emulator saw {len(self.problems)} problem(s):\n  {listing}")

    def inject_rate_limit(
        self, key: str, *, count: int = 1, retry_after: float = 0.05, is_global: bool = False
    ) -> RateLimitInjection:
        """Answer the next ``count`` calls to ``key`` with 429.

        ``key`` is e.g. ``"POST /channels/{channel_id}/messages"``; the 429 carries Discord's
        rate-limit headers and body, so discord.py waits ``retry_after`` and retries. Injected
        429s are not problems.
        """
        _check_route_key(key)
        inj = RateLimitInjection(
            key=key, remaining=count, retry_after=retry_after, is_global=is_global
        )
        self.rest.injections.append(inj)
        return inj

    @property
    def rate_limit_headers(self) -> bool:
        """Whether answers carry ``X-RateLimit-*`` bucket headers (default ``True``, as on
        Discord). ``False`` restores the emulator's old header-less answers, under which
        discord.py serialises the requests of each route; ``set_rate_limit`` turns it on."""
        return self.rest.send_bucket_headers

    @rate_limit_headers.setter
    def rate_limit_headers(self, value: bool) -> None:
        self.rest.send_bucket_headers = value

    def set_rate_limit(self, key: str, limit: int, window: float) -> None:
        """Really enforce ``limit`` calls per ``window`` seconds on route ``key`` (per bucket:
        channel, guild or interaction token).

        Every answer carries the bucket's ``X-RateLimit-*`` headers; discord.py waits when
        ``Remaining`` reaches 0, so a well-behaved bot never exceeds the limit. Calls beyond it
        answer 429 and are recorded as ``rate-limit`` problems. Without this, routes have a
        generous limit whose ``Remaining`` never reaches 0.
        """
        _check_route_key(key)
        self.rest.send_bucket_headers = True
        if limit < 1 or window <= 0:
            raise EmulatorUsageError(f"rate limit needs limit >= 1 and window > 0, got {limit}, {window}")
        self.rest.limiter.set_limit(key, limit, window)

    # -- change notification (used by the driver's bounded waits) --------------------------------

    def notify(self) -> None:
        """Wake every waiter: something changed."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, timeout: float) -> None:
        """Wait until the next change or ``timeout`` seconds (no exception on timeout)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    # -- interaction payloads ------------------------------------------------------------------

    def interaction_payload(
        self,
        ident: int,
        token: str,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None,
    ) -> dict[str, Any]:
        """The INTERACTION_CREATE payload Discord sends for ``user`` acting in ``channel``."""
        payload: dict[str, Any] = {
            "id": str(ident),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel_payload(channel, self.world),
            "token": token,
            "version": 1,
            "app_permissions": str(permissions_in(self.world, channel, self.bot_user)),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        guild = self.world.guild_of(channel)
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise EmulatorUsageError(f"{user.name} is not a member of guild {guild.name!r}")
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.locale,
                context=0,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                member=member_payload(
                    member, permissions=permissions_in(self.world, channel, user)
                ),
                authorizing_integration_owners={"0": str(guild.id)},
            )
        else:
            payload.update(
                user=user_payload(user),
                context=1,
                authorizing_integration_owners={"0": str(user.id)},
            )
        if source is not None:
            payload["message"] = message_payload(source, self.world)
        return payload


def _check_route_key(key: str) -> None:
    """Refuse a route key not shaped like ``"POST /channels/{channel_id}/messages"``."""
    if not key.split(" ", 1)[0].isupper() or " /" not in key:
        raise EmulatorUsageError(
            f"route key must look like 'POST /channels/{{channel_id}}/messages', got {key!r}"
        )
