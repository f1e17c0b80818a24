"""JSON shapes of Discord API v10 objects built from the emulator's model."""

from __future__ import annotations

from typing import Any

from .state import (
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    RegisteredCommand,
    Role,
    User,
    World,
)


def user_payload(user: User) -> dict[str, Any]:
    """A user object."""
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": None if user.bot else user.name,
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
    }


def member_payload(
    member: Member, *, with_user: bool = True, permissions: int | None = None
) -> dict[str, Any]:
    """A guild member object; ``permissions`` (the member's permissions in the interaction's
    channel) is the interaction-only field."""
    data: dict[str, Any] = {
        "roles": [str(r) for r in member.role_ids],
        "nick": member.nick,
        "avatar": None,
        "joined_at": member.joined_at,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if with_user:
        data["user"] = user_payload(member.user)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel_payload(channel: Channel, world: World) -> dict[str, Any]:
    """A channel object (guild text channel or DM)."""
    if channel.is_dm:
        recipient = world.users[channel.recipient_id] if channel.recipient_id else None
        return {
            "id": str(channel.id),
            "type": 1,
            "last_message_id": None,
            "recipients": [user_payload(recipient)] if recipient else [],
            "flags": 0,
        }
    return {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": [
            {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
            for o in channel.overwrites
        ],
        "parent_id": None,
        "nsfw": False,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def role_payload(role: Role) -> dict[str, Any]:
    """A role object (the @everyone role's id equals the guild id)."""
    return {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "hoist": False,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def guild_payload(guild: Guild, world: World, *, members: list[Member]) -> dict[str, Any]:
    """A full GUILD_CREATE guild object including channels and the given members."""
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role_payload(r) for r in guild.roles],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "preferred_locale": guild.locale,
        "premium_tier": 0,
        "nsfw_level": 0,
        "joined_at": guild.members[next(iter(guild.members))].joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(guild.members),
        "members": [member_payload(m) for m in members],
        "channels": [channel_payload(c, world) for c in guild.channels],
        "threads": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def attachment_payload(att: Attachment) -> dict[str, Any]:
    """An attachment object whose ``url`` serves the uploaded bytes from the emulator."""
    data: dict[str, Any] = {
        "id": str(att.id),
        "filename": att.filename,
        "size": att.size,
        "url": att.url,
        "proxy_url": att.url,
        "flags": 0,
    }
    if att.content_type:
        data["content_type"] = att.content_type
    if att.description:
        data["description"] = att.description
    return data


def message_payload(msg: Message, world: World) -> dict[str, Any]:
    """A message object as Discord returns and dispatches it."""
    data: dict[str, Any] = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        "type": msg.type,
        "content": msg.content,
        "author": user_payload(msg.author),
        "timestamp": msg.timestamp,
        "edited_timestamp": msg.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [attachment_payload(a) for a in msg.attachments],
        "embeds": list(msg.raw_embeds),
        "components": list(msg.raw_components),
        "pinned": False,
        "flags": msg.flags,
    }
    if msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
        guild = world.guilds.get(msg.guild_id)
        member = guild.members.get(msg.author.id) if guild else None
        if member is not None and msg.webhook_id is None:
            data["member"] = member_payload(member, with_user=False)
    if msg.webhook_id is not None:
        data["webhook_id"] = str(msg.webhook_id)
        data["application_id"] = str(msg.webhook_id)
    if msg.interaction_id is not None and msg.interaction_user is not None:
        data["interaction_metadata"] = {
            "id": str(msg.interaction_id),
            "type": msg.interaction_type or 2,
            "user": user_payload(msg.interaction_user),
            "authorizing_integration_owners": {},
        }
    if msg.reference is not None:
        data["message_reference"] = msg.reference
        ref_id = msg.reference.get("message_id")
        ref = world.messages.get(int(ref_id)) if ref_id is not None else None
        data["referenced_message"] = (
            message_payload(ref, world) if ref and not ref.deleted else None
        )
    return data


def command_payload(cmd: RegisteredCommand, application_id: int) -> dict[str, Any]:
    """A registered application command as returned by the commands endpoints."""
    data = dict(cmd.data)
    data.setdefault("type", 1)
    data.setdefault("description", "")
    data.setdefault("options", [])
    data.update(
        {
            "id": str(cmd.id),
            "application_id": str(application_id),
            "version": str(cmd.id),
            "default_member_permissions": cmd.data.get("default_member_permissions"),
        }
    )
    if cmd.guild_id is not None:
        data["guild_id"] = str(cmd.guild_id)
    return data


def application_payload(app_id: int, bot: User, owner: User) -> dict[str, Any]:
    """The bot's application object (``GET /oauth2/applications/@me``)."""
    return {
        "id": str(app_id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user_payload(owner),
        "verify_key": "0" * 64,
        "team": None,
        "flags": 0,
        "bot": user_payload(bot),
    }
