"""In-memory model of the emulated Discord: users, guilds, channels, members and messages.

Objects are plain mutable dataclasses owned by :class:`World`; the REST layer and the driver mutate
them and the gateway announces the changes. Ids are real snowflakes (time-ordered), so
``discord.utils.snowflake_time`` works on them.
"""

from __future__ import annotations

import datetime
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .components import Button, Embed, Interactive, Select, parse_embed, parse_interactives
from .components import parse_rows as _parse_rows
from .errors import EmulatorUsageError

DISCORD_EPOCH_MS = 1420070400000

#: Permissions of an ordinary member: view channel, send messages, embed links, attach files,
#: read history, use application commands.
DEFAULT_MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
ADMINISTRATOR = 1 << 3

EPHEMERAL = 1 << 6
LOADING = 1 << 7


class SnowflakeFactory:
    """Produces unique, increasing snowflake ids based on the current time."""

    def __init__(self) -> None:
        self._last = 0
        self._counter = itertools.count()

    def next(self) -> int:
        """Return a fresh snowflake id."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (ms << 22) | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last

    def reserve(self, ident: int) -> None:
        """Note that ``ident`` is used (an object recreated with its id): later ids are larger."""
        self._last = max(self._last, ident)


def iso_now() -> str:
    """Current UTC time in Discord's ISO-8601 format."""
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass(eq=False)
class User:
    """A Discord user (the bot itself is a user with ``bot=True``)."""

    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"
    """The language the user's Discord runs in (each interaction's ``locale``)."""

    @property
    def mention(self) -> str:
        """The ``<@id>`` mention string."""
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    """A guild role; the @everyone role has the guild's id and holds the default permissions."""

    id: int
    name: str
    permissions: int
    position: int = 0


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite for a role (``type`` 0) or a member (``type`` 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0


@dataclass(eq=False)
class Member:
    """A user's membership in a guild; its permissions come from @everyone and ``role_ids``."""

    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)


@dataclass(eq=False)
class Channel:
    """A guild text channel (``type`` 0) or a DM channel (``type`` 1)."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    recipient_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)

    @property
    def is_dm(self) -> bool:
        """Whether this is a direct-message channel."""
        return self.type == 1

    @property
    def mention(self) -> str:
        """The ``<#id>`` mention string."""
        return f"<#{self.id}>"


@dataclass(eq=False)
class Guild:
    """A guild (server) with its channels and members."""

    id: int
    name: str
    owner_id: int
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    roles: list[Role] = field(default_factory=list)
    locale: str = "en-US"
    """The server's language (``preferred_locale``; each interaction's ``guild_locale``)."""

    @property
    def everyone(self) -> Role:
        """The @everyone role."""
        return self.roles[0]


@dataclass(eq=False)
class Attachment:
    """A file attached to a message; ``data`` holds the uploaded bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)


@dataclass(frozen=True)
class Revision:
    """The state of a message before one of its edits."""

    content: str
    embeds: tuple[dict[str, Any], ...]
    components: tuple[dict[str, Any], ...]
    attachment_names: tuple[str, ...]
    edited_at: str


@dataclass(eq=False)
class Message:
    """A message as stored by the emulator (live: edits update it in place).

    ``visible_to`` is the only user who can see an ephemeral message; ``interaction_id`` links
    interaction responses and follow-ups to the interaction that produced them.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    raw_embeds: list[dict[str, Any]] = field(default_factory=list)
    raw_components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user: User | None = None
    visible_to: int | None = None
    reference: dict[str, Any] | None = None
    history: list[Revision] = field(default_factory=list)
    deleted: bool = False

    def __repr__(self) -> str:
        extras = []
        if self.raw_embeds:
            extras.append(f"embeds={len(self.raw_embeds)}")
        if self.buttons:
            extras.append(f"buttons={[b.label or b.custom_id for b in self.buttons]}")
        if self.attachments:
            extras.append(f"files={[a.filename for a in self.attachments]}")
        if self.ephemeral:
            extras.append(f"ephemeral_for={self.visible_to}")
        if self.deleted:
            extras.append("deleted")
        tail = (" " + " ".join(extras)) if extras else ""
        return f"<Message id={self.id} author={self.author.name} content={self.content!r}{tail}>"

    @property
    def author_id(self) -> int:
        """Id of the author."""
        return self.author.id

    @property
    def ephemeral(self) -> bool:
        """Whether the message is ephemeral (flag 64)."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred "Bot is thinking..." message not yet filled in."""
        return bool(self.flags & LOADING)

    @property
    def embeds(self) -> list[Embed]:
        """The embeds, parsed."""
        return [parse_embed(e) for e in self.raw_embeds]

    @property
    def rows(self) -> list[list[Interactive]]:
        """Buttons and selects per top-level action row."""
        return _parse_rows(self.raw_components)

    @property
    def components(self) -> list[Interactive]:
        """Every button and select of the message, in order."""
        return parse_interactives(self.raw_components)

    @property
    def buttons(self) -> list[Button]:
        """Every button of the message, in order."""
        return [c for c in self.components if isinstance(c, Button)]

    @property
    def selects(self) -> list[Select]:
        """Every select menu of the message, in order."""
        return [c for c in self.components if isinstance(c, Select)]

    def button(self, label_or_custom_id: str) -> Button:
        """Return the button whose custom_id (preferred) or label equals the argument."""
        for btn in self.buttons:
            if btn.custom_id == label_or_custom_id:
                return btn
        for btn in self.buttons:
            if btn.label == label_or_custom_id:
                return btn
        known = [(b.label, b.custom_id) for b in self.buttons]
        raise KeyError(f"message {self.id} has no button {label_or_custom_id!r}; has {known}")

    def select(self, custom_id_or_placeholder: str | None = None) -> Select:
        """Return the select with this custom_id or placeholder (the only one if ``None``)."""
        selects = self.selects
        if custom_id_or_placeholder is None:
            if len(selects) != 1:
                raise KeyError(f"message {self.id} has {len(selects)} selects, name one")
            return selects[0]
        for sel in selects:
            if sel.custom_id == custom_id_or_placeholder:
                return sel
        for sel in selects:
            if sel.placeholder == custom_id_or_placeholder:
                return sel
        known = [s.custom_id for s in selects]
        raise KeyError(f"message {self.id} has no select {custom_id_or_placeholder!r}; has {known}")

    @property
    def text(self) -> str:
        """Content plus all embed text, joined by newlines (for ``in`` assertions)."""
        return "\n".join([self.content, *(e.text for e in self.embeds)]).strip()

    def snapshot(self) -> Revision:
        """Capture the current visible state (used before an edit)."""
        return Revision(
            content=self.content,
            embeds=tuple(self.raw_embeds),
            components=tuple(self.raw_components),
            attachment_names=tuple(a.filename for a in self.attachments),
            edited_at=iso_now(),
        )


@dataclass(eq=False)
class RegisteredCommand:
    """An application command as registered by the bot (its JSON schema plus ids)."""

    id: int
    guild_id: int | None
    data: dict[str, Any]

    @property
    def name(self) -> str:
        """The command name."""
        return str(self.data["name"])


class World:
    """All entities of the emulated Discord, indexed by id."""

    def __init__(self) -> None:
        self.ids = SnowflakeFactory()
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.global_commands: list[RegisteredCommand] = []
        self.guild_commands: dict[int, list[RegisteredCommand]] = {}
        #: Commands created per scope (``None``: global) during the emulated day.
        self.command_creates: dict[int | None, int] = {}

    # -- users, guilds, channels ---------------------------------------------------------

    def taken(self, ident: int) -> bool:
        """Whether an object of the world (user, guild, role, channel, message) has this id."""
        if ident in self.users or ident in self.guilds or ident in self.channels:
            return True
        return ident in self.messages or any(
            role.id == ident for guild in self.guilds.values() for role in guild.roles
        )

    def new_id(self, ident: int | None = None) -> int:
        """A fresh snowflake, or ``ident`` for an object recreated with the id it had before
        (elsewhere, e.g. in a state saved from an earlier run): :class:`EmulatorUsageError` if
        it is in use or not a snowflake. Ids made later are larger than every id given."""
        if ident is None:
            return self.ids.next()
        if not 0 < ident < 1 << 64:
            raise EmulatorUsageError(f"{ident} is not a snowflake")
        if self.taken(ident):
            raise EmulatorUsageError(f"id {ident} is already in use")
        self.ids.reserve(ident)
        return ident

    def add_user(
        self,
        name: str,
        *,
        bot: bool = False,
        dms_open: bool = True,
        ident: int | None = None,
        locale: str = "en-US",
    ) -> User:
        """Create a user (with the id ``ident`` if given, see :meth:`new_id`) whose Discord runs
        in ``locale``."""
        user = User(id=self.new_id(ident), name=name, bot=bot, dms_open=dms_open, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str, owner: User, *, ident: int | None = None, locale: str = "en-US"
    ) -> Guild:
        """Create a guild owned by ``owner`` (who becomes an administrator member), with the id
        ``ident`` if given (its @everyone role has the same id, as on Discord) and the language
        ``locale``."""
        guild = Guild(id=self.new_id(ident), name=name, owner_id=owner.id, locale=locale)
        everyone = Role(id=guild.id, name="@everyone", permissions=DEFAULT_MEMBER_PERMISSIONS)
        guild.roles.append(everyone)
        self.guilds[guild.id] = guild
        self.add_member(guild, owner, permissions=ADMINISTRATOR | DEFAULT_MEMBER_PERMISSIONS)
        return guild

    def add_member(
        self, guild: Guild, user: User, *, permissions: int, nick: str | None = None
    ) -> Member:
        """Add ``user`` to ``guild`` with (at least) ``permissions`` guild-wide.

        Bits beyond @everyone's come from a role holding exactly those bits (shared by members
        with the same extra permissions); bits @everyone has cannot be taken away guild-wide, as
        on Discord (deny them with a channel overwrite instead).
        """
        extra = permissions & ~guild.everyone.permissions
        role_ids = [self._role_with(guild, extra).id] if extra else []
        member = Member(user=user, guild_id=guild.id, role_ids=role_ids, nick=nick)
        guild.members[user.id] = member
        return member

    def _role_with(self, guild: Guild, permissions: int) -> Role:
        for role in guild.roles[1:]:
            if role.permissions == permissions:
                return role
        role = Role(
            id=self.ids.next(),
            name=f"perms-{permissions:#x}",
            permissions=permissions,
            position=len(guild.roles),
        )
        guild.roles.append(role)
        return role

    def add_text_channel(self, guild: Guild, name: str, *, ident: int | None = None) -> Channel:
        """Create a text channel in ``guild`` (with the id ``ident`` if given)."""
        chan = Channel(
            id=self.new_id(ident), type=0, name=name, guild_id=guild.id, position=len(guild.channels)
        )
        guild.channels.append(chan)
        self.channels[chan.id] = chan
        return chan

    def dm_channel(self, user: User, *, ident: int | None = None) -> Channel:
        """Return the DM channel between the bot and ``user``, creating it if needed (with the
        id ``ident`` if given: :class:`EmulatorUsageError` if it exists with another)."""
        for chan in self.channels.values():
            if chan.is_dm and chan.recipient_id == user.id:
                if ident is not None and chan.id != ident:
                    raise EmulatorUsageError(f"the DM channel of {user.name} exists with id {chan.id}")
                return chan
        chan = Channel(id=self.new_id(ident), type=1, recipient_id=user.id)
        self.channels[chan.id] = chan
        return chan

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel belongs to (``None`` for DMs)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def shares_guild(self, a: User, b: User) -> bool:
        """Whether two users are members of a common guild."""
        return any(a.id in g.members and b.id in g.members for g in self.guilds.values())

    # -- messages ------------------------------------------------------------------------

    def new_message(
        self, channel: Channel, author: User, *, ident: int | None = None, **fields: Any
    ) -> Message:
        """Create and store a message in ``channel`` (with the id ``ident`` if given)."""
        msg = Message(
            id=self.new_id(ident),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            **fields,
        )
        self.messages[msg.id] = msg
        return msg

    def channel_messages(self, channel: Channel) -> Iterator[Message]:
        """Messages of ``channel`` in creation order, deleted ones excluded."""
        return (m for m in self.messages.values() if m.channel_id == channel.id and not m.deleted)

    # -- commands --------------------------------------------------------------------------

    def commands_for(self, guild_id: int | None) -> list[RegisteredCommand]:
        """Commands usable in a guild (guild commands first) or in DMs (global only)."""
        local = self.guild_commands.get(guild_id, []) if guild_id is not None else []
        return [*local, *self.global_commands]
