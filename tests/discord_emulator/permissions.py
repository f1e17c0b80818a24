"""Discord's permission computation, the single source of every permission the emulator shows.

Gateway payloads (roles, channel overwrites), the REST checks (403 / 50013), the ``permissions``
of an interaction's member and the interaction's ``app_permissions`` are all derived from the
same model: the guild's roles (``@everyone`` first), each member's roles and each channel's
permission overwrites, resolved like Discord (owner and ADMINISTRATOR see everything, then
@everyone overwrite, role overwrites, member overwrite, then the implicit denials).
"""

from __future__ import annotations

from .state import ADMINISTRATOR, Channel, Guild, Member, User, World

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
ADD_REACTIONS = 1 << 6
USE_APPLICATION_COMMANDS = 1 << 31
ALL_PERMISSIONS = (1 << 53) - 1

#: What an application may do in a DM with a user.
DM_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_APPLICATION_COMMANDS
)

_NEEDS_SEND = SEND_TTS_MESSAGES | MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES


def guild_permissions(guild: Guild, member: Member) -> int:
    """Guild-wide permissions: @everyone's plus the member's roles (everything for the owner or
    an ADMINISTRATOR)."""
    if member.user.id == guild.owner_id:
        return ALL_PERMISSIONS
    value = 0
    for role in guild.roles:
        if role.id == guild.id or role.id in member.role_ids:
            value |= role.permissions
    return ALL_PERMISSIONS if value & ADMINISTRATOR else value


def channel_permissions(guild: Guild, channel: Channel, member: Member) -> int:
    """The member's permissions in a guild channel, overwrites and implicit denials applied."""
    value = guild_permissions(guild, member)
    if value & ADMINISTRATOR:
        return ALL_PERMISSIONS
    everyone = next((o for o in channel.overwrites if o.id == guild.id), None)
    if everyone is not None:
        value = (value & ~everyone.deny) | everyone.allow
    roles = [o for o in channel.overwrites if o.type == 0 and o.id in member.role_ids]
    deny = allow = 0
    for overwrite in roles:
        deny |= overwrite.deny
        allow |= overwrite.allow
    value = (value & ~deny) | allow
    own = next((o for o in channel.overwrites if o.type == 1 and o.id == member.user.id), None)
    if own is not None:
        value = (value & ~own.deny) | own.allow
    if not value & SEND_MESSAGES:
        value &= ~_NEEDS_SEND
    if not value & VIEW_CHANNEL:
        return 0
    return value


def permissions_in(world: World, channel: Channel, user: User) -> int:
    """``user``'s permissions in ``channel``: DM permissions in a DM, 0 for a non-member."""
    guild = world.guild_of(channel)
    if guild is None:
        return DM_PERMISSIONS
    member = guild.members.get(user.id)
    return 0 if member is None else channel_permissions(guild, channel, member)
