"""Application commands: registering the bot's schemas and building slash invocations from them.

Registration validates the schema like Discord (names, descriptions, option order and counts).
Invocation turns ``driver.slash(user, channel, "game start", rounds=4)`` into the
``data`` of an APPLICATION_COMMAND interaction, checking every option against the registered
schema; a mismatch is a mistake of the test and raises :class:`~.errors.EmulatorUsageError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import DiscordError, EmulatorUsageError, form_error
from .payloads import member_payload, user_payload
from .permissions import guild_permissions
from .state import ADMINISTRATOR, Channel, Guild, RegisteredCommand, User, World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)

_NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` as far as Python's ``re`` says it
(``\\w``: letters, digits and ``_``); a name must also be lowercase."""
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no",
    "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
})
"""The locales Discord takes localizations for (its Locales reference)."""
MAX_COMMAND_SIZE = 4000
#: Discord allows 200 command creations per day per scope (global, or each guild).
DAILY_COMMAND_CREATES = 200


def _valid_name(name: object) -> bool:
    return isinstance(name, str) and bool(_NAME.match(name)) and name == name.lower()


def _validate_localizations(path: str, data: dict[str, Any], *, named: bool, limit: int = 100) -> None:
    """A command's, option's or choice's ``name_localizations`` (names by Discord's rules for
    commands and options when ``named``, else texts of 1 to ``limit`` characters) and
    ``description_localizations`` (1 to 100 characters), each by a locale Discord knows."""
    for field in ("name_localizations", "description_localizations"):
        for locale, value in (data.get(field) or {}).items():
            where = f"{path}.{field}.{locale}"
            if locale not in LOCALES:
                raise form_error(where, "BASE_TYPE_CHOICES", f"Value must be one of {sorted(LOCALES)}.")
            if field == "name_localizations" and named:
                if not _valid_name(value):
                    raise form_error(where, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
            elif not 1 <= len(str(value)) <= limit:
                raise form_error(where, "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {limit} in length.")


def _unique_localized_names(path: str, options: list[dict[str, Any]]) -> None:
    """Options beside each other must have different names in every locale too (a localized name
    stands in for the name where it is given)."""
    for locale in LOCALES:
        seen: set[str] = set()
        for i, opt in enumerate(options):
            name = (opt.get("name_localizations") or {}).get(locale, opt.get("name", ""))
            if name in seen:
                raise form_error(
                    f"{path}.options.{i}.name_localizations.{locale}",
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            seen.add(name)


def _validate_options(path: str, options: list[dict[str, Any]]) -> None:
    if len(options) > 25:
        raise form_error(
            f"{path}.options", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
        )
    names: set[str] = set()
    seen_optional = False
    for i, opt in enumerate(options):
        p = f"{path}.options.{i}"
        name = opt.get("name", "")
        if not _valid_name(name):
            raise form_error(
                f"{p}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
            )
        if name in names:
            raise form_error(
                f"{p}.name",
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(name)
        _validate_localizations(p, opt, named=True)
        if not 1 <= len(opt.get("description", "")) <= 100:
            raise form_error(
                f"{p}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )
        choices = opt.get("choices") or []
        if len(choices) > 25:
            raise form_error(
                f"{p}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
        for j, choice in enumerate(choices):
            if not 1 <= len(str(choice.get("name", ""))) <= 100:
                raise form_error(
                    f"{p}.choices.{j}.name",
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            _validate_localizations(f"{p}.choices.{j}", choice, named=False)
        if opt.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _validate_options(p, opt.get("options") or [])
            continue
        if opt.get("required"):
            if seen_optional:
                raise form_error(
                    f"{p}.required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
    _unique_localized_names(path, options)


def validate_command(index: int, data: dict[str, Any]) -> None:
    """Check one command of a bulk overwrite like Discord does."""
    name = data.get("name", "")
    ctype = data.get("type", 1)
    if ctype == 1 and not _valid_name(name):
        raise form_error(
            f"{index}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
        )
    if ctype == 1 and not 1 <= len(data.get("description", "")) <= 100:
        raise form_error(
            f"{index}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
        )
    _validate_localizations(str(index), data, named=ctype == 1)
    _validate_options(str(index), data.get("options") or [])
    if command_size(data) > MAX_COMMAND_SIZE:
        raise form_error(
            str(index),
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({MAX_COMMAND_SIZE})",
        )


def command_size(data: dict[str, Any]) -> int:
    """Characters Discord counts against a command's 4000 limit: names, descriptions and
    choice names and values of the command and all its options, recursively."""
    size = len(str(data.get("name", ""))) + len(str(data.get("description", "")))
    for choice in data.get("choices") or []:
        size += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return size + sum(command_size(opt) for opt in data.get("options") or [])


def bulk_overwrite(world: World, guild_id: int | None, body: Any) -> list[RegisteredCommand]:
    """Replace the global (``guild_id is None``) or guild command set.

    Ids survive for names that are kept, as on Discord.
    """
    if not isinstance(body, list):
        raise form_error("", "BASE_TYPE_ARRAY", "Must be an array of commands.")
    if len(body) > 100:
        raise form_error("", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    names: set[tuple[str, int]] = set()
    for i, data in enumerate(body):
        validate_command(i, data)
        key = (data.get("name", ""), int(data.get("type", 1)))
        if key in names:
            raise form_error(
                f"{i}.name",
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        names.add(key)
    old = world.global_commands if guild_id is None else world.guild_commands.get(guild_id, [])
    old_ids = {(c.name, int(c.data.get("type", 1))): c.id for c in old}
    created = len(names - old_ids.keys())
    if world.command_creates.get(guild_id, 0) + created > DAILY_COMMAND_CREATES:
        raise DiscordError(
            429,
            30034,
            f"Max number of daily application command creates has been reached "
            f"({DAILY_COMMAND_CREATES})",
            extra={"retry_after": 86400.0, "global": False},
        )
    world.command_creates[guild_id] = world.command_creates.get(guild_id, 0) + created
    new = [
        RegisteredCommand(
            id=old_ids.get((d["name"], int(d.get("type", 1)))) or world.ids.next(),
            guild_id=guild_id,
            data=d,
        )
        for d in body
    ]
    if guild_id is None:
        world.global_commands = new
    else:
        world.guild_commands[guild_id] = new
    return new


@dataclass
class Invocation:
    """The ``data`` of an APPLICATION_COMMAND interaction and a readable label."""

    data: dict[str, Any]
    label: str


def _find_command(world: World, guild: Guild | None, name: str) -> RegisteredCommand:
    for cmd in world.commands_for(guild.id if guild else None):
        if cmd.name == name and int(cmd.data.get("type", 1)) == 1:
            return cmd
    known = sorted({c.name for c in world.commands_for(guild.id if guild else None)})
    where = f"guild {guild.name!r}" if guild else "DMs"
    raise EmulatorUsageError(
        f"no slash command /{name} is registered for {where}; registered: {known}"
    )


def _check_allowed(cmd: RegisteredCommand, guild: Guild | None, user: User) -> None:
    """Refuse what Discord's client would not offer: a command hidden by its
    ``default_member_permissions`` or not available in this context (guild / bot DM)."""
    data = cmd.data
    if guild is None:
        contexts = data.get("contexts")
        if data.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
            raise EmulatorUsageError(f"/{cmd.name} is not available in DMs")
        return
    contexts = data.get("contexts")
    if contexts is not None and 0 not in contexts:
        raise EmulatorUsageError(f"/{cmd.name} is not available in guilds")
    member = guild.members.get(user.id)
    if member is None:
        raise EmulatorUsageError(f"{user.name} is not a member of guild {guild.name!r}")
    required = int(data.get("default_member_permissions") or 0)
    granted = guild_permissions(guild, member)
    if required and not granted & ADMINISTRATOR and granted & required != required:
        raise EmulatorUsageError(
            f"/{cmd.name} needs permissions {required:#x}; {user.name} has {granted:#x}, "
            "so Discord would not offer the command"
        )


def _channel_data(channel: Channel, world: World) -> dict[str, Any]:
    return {
        "id": str(channel.id),
        "name": channel.name or "",
        "type": channel.type,
        "permissions": str((1 << 53) - 1),
        "guild_id": str(channel.guild_id),
        "parent_id": None,
    }


def _convert(
    opt: dict[str, Any],
    value: Any,
    world: World,
    guild: Guild | None,
    resolved: dict[str, dict[str, Any]],
    where: str,
) -> Any:
    otype, name = opt.get("type"), opt["name"]

    def bad(expected: str) -> EmulatorUsageError:
        return EmulatorUsageError(f"{where}: option {name!r} expects {expected}, got {value!r}")

    if otype == STRING:
        if not isinstance(value, str):
            raise bad("a str")
        if not opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000):
            raise bad(f"a length in [{opt.get('min_length', 0)}, {opt.get('max_length', 6000)}]")
        out: Any = value
    elif otype == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("an int")
        out = value
    elif otype == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad("a number")
        out = value
    elif otype == BOOLEAN:
        if not isinstance(value, bool):
            raise bad("a bool")
        out = value
    elif otype in (USER, MENTIONABLE):
        if not isinstance(value, User):
            raise bad("an emulator User")
        resolved.setdefault("users", {})[str(value.id)] = user_payload(value)
        member = guild.members.get(value.id) if guild else None
        if guild is not None and member is not None:
            resolved.setdefault("members", {})[str(value.id)] = member_payload(
                member, with_user=False, permissions=guild_permissions(guild, member)
            )
        out = str(value.id)
    elif otype == CHANNEL:
        if not isinstance(value, Channel) or value.is_dm:
            raise bad("an emulator guild Channel")
        allowed = opt.get("channel_types")
        if allowed and value.type not in allowed:
            raise bad(f"a channel of type {allowed}")
        resolved.setdefault("channels", {})[str(value.id)] = _channel_data(value, world)
        out = str(value.id)
    else:
        raise EmulatorUsageError(
            f"{where}: option {name!r} has type {otype}, not supported by the driver"
        )
    if otype in (INTEGER, NUMBER) and (
        ("min_value" in opt and value < opt["min_value"])
        or ("max_value" in opt and value > opt["max_value"])
    ):
        raise bad(f"a value in [{opt.get('min_value')}, {opt.get('max_value')}]")
    choices = opt.get("choices")
    if choices and out not in [c["value"] for c in choices]:
        raise bad(f"one of the choices {[c['value'] for c in choices]}")
    return out


def build_invocation(
    world: World, guild: Guild | None, user: User, command: str, values: dict[str, Any]
) -> Invocation:
    """Build interaction data for ``user`` invoking ``/command`` (``"group sub"`` for
    subcommands) in ``guild`` (``None``: a DM with the bot)."""
    parts = command.strip().lstrip("/").split()
    if not parts:
        raise EmulatorUsageError("empty command name")
    cmd = _find_command(world, guild, parts[0])
    _check_allowed(cmd, guild, user)
    label = "/" + " ".join(parts)
    schema: list[dict[str, Any]] = list(cmd.data.get("options") or [])
    data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1}
    if cmd.guild_id is not None:
        data["guild_id"] = str(cmd.guild_id)
    container = data
    for sub in parts[1:]:
        found = next((o for o in schema if o.get("name") == sub and o.get("type") in (1, 2)), None)
        if found is None:
            raise EmulatorUsageError(f"{label}: /{cmd.name} has no subcommand (group) {sub!r}")
        node: dict[str, Any] = {"name": sub, "type": found["type"], "options": []}
        container["options"] = [node]
        container = node
        schema = list(found.get("options") or [])
    if any(o.get("type") in (1, 2) for o in schema):
        subs = [o["name"] for o in schema]
        raise EmulatorUsageError(f"{label} needs a subcommand, one of {subs}")
    resolved: dict[str, dict[str, Any]] = {}
    options: list[dict[str, Any]] = []
    by_name = {o["name"]: o for o in schema}
    for name in values:
        if name not in by_name:
            raise EmulatorUsageError(f"{label} has no option {name!r}; options: {list(by_name)}")
    for opt in schema:
        if opt["name"] not in values:
            if opt.get("required"):
                raise EmulatorUsageError(f"{label}: required option {opt['name']!r} missing")
            continue
        value = _convert(opt, values[opt["name"]], world, guild, resolved, label)
        options.append({"name": opt["name"], "type": opt["type"], "value": value})
    container["options"] = options
    if resolved:
        data["resolved"] = resolved
    return Invocation(data=data, label=label)
