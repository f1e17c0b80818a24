"""Checks Discord applies to message payloads, with Discord's error codes and messages.

Every check raises :class:`~.errors.DiscordError`; the REST layer turns it into a 400 response
and records it as a problem of the bot. The limits are Discord's documented ones.
"""

from __future__ import annotations

from typing import Any

from .errors import DiscordError, form_error

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150

_TOO_LONG = "BASE_TYPE_MAX_LENGTH"


def _max_length(path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        raise form_error(path, _TOO_LONG, f"Must be {limit} or fewer in length.")


def validate_embeds(embeds: list[Any]) -> None:
    """Check the embed limits (count, per-part lengths, 25 fields, 6000 characters in total)."""
    if len(embeds) > MAX_EMBEDS:
        raise form_error(
            "embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length."
        )
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            raise form_error(f"embeds.{i}", "MODEL_TYPE_CONVERT", "Only dictionaries may be used.")
        p = f"embeds.{i}"
        _max_length(f"{p}.title", embed.get("title"), 256)
        _max_length(f"{p}.description", embed.get("description"), 4096)
        fields = embed.get("fields", [])
        if len(fields) > 25:
            raise form_error(f"{p}.fields", _TOO_LONG, "Must be 25 or fewer in length.")
        texts = [embed.get("title"), embed.get("description")]
        for j, fld in enumerate(fields):
            name, value = fld.get("name"), fld.get("value")
            if not name or not value:
                raise form_error(f"{p}.fields.{j}", "BASE_TYPE_REQUIRED", "This field is required")
            _max_length(f"{p}.fields.{j}.name", name, 256)
            _max_length(f"{p}.fields.{j}.value", value, 1024)
            texts.extend((name, value))
        footer = embed.get("footer") or {}
        author = embed.get("author") or {}
        _max_length(f"{p}.footer.text", footer.get("text"), 2048)
        _max_length(f"{p}.author.name", author.get("name"), 256)
        texts.extend((footer.get("text"), author.get("name")))
        total += sum(len(t) for t in texts if isinstance(t, str))
    if total > MAX_EMBED_TOTAL:
        raise form_error(
            "embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )


def _validate_button(path: str, comp: dict[str, Any], seen: set[str]) -> None:
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise form_error(
            f"{path}.style", "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4, 5, 6)."
        )
    _max_length(f"{path}.label", comp.get("label"), MAX_BUTTON_LABEL)
    if style == 5:
        if not comp.get("url") or comp.get("custom_id"):
            raise form_error(path, "BUTTON_COMPONENT_URL_REQUIRED", "A link button requires a url.")
        return
    if style == 6:
        return
    if not comp.get("label") and not comp.get("emoji"):
        raise form_error(
            path,
            "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
            "A button requires a label or an emoji.",
        )
    _validate_custom_id(path, comp, seen)


def _validate_custom_id(path: str, comp: dict[str, Any], seen: set[str]) -> None:
    custom_id = comp.get("custom_id")
    if not isinstance(custom_id, str) or not custom_id:
        raise form_error(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
    _max_length(f"{path}.custom_id", custom_id, MAX_CUSTOM_ID)
    if custom_id in seen:
        raise form_error(
            f"{path}.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(custom_id)


def _validate_select(path: str, comp: dict[str, Any], seen: set[str]) -> None:
    _validate_custom_id(path, comp, seen)
    _max_length(f"{path}.placeholder", comp.get("placeholder"), MAX_PLACEHOLDER)
    min_v, max_v = comp.get("min_values", 1), comp.get("max_values", 1)
    if not 0 <= min_v <= 25 or not 1 <= max_v <= 25 or min_v > max_v:
        raise form_error(f"{path}.max_values", "BASE_TYPE_BAD_INT", "min/max values out of range.")
    if comp.get("type") != 3:
        return
    options = comp.get("options", [])
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        raise form_error(
            f"{path}.options",
            "BASE_TYPE_BAD_LENGTH",
            f"Must be between 1 and {MAX_SELECT_OPTIONS} in length.",
        )
    if max_v > len(options):
        raise form_error(
            f"{path}.max_values",
            "BASE_TYPE_MAX",
            f"Int value should be less than or equal to {len(options)}.",
        )
    values: set[str] = set()
    for k, opt in enumerate(options):
        _max_length(f"{path}.options.{k}.label", opt.get("label"), MAX_OPTION_TEXT)
        _max_length(f"{path}.options.{k}.value", opt.get("value"), MAX_OPTION_TEXT)
        _max_length(f"{path}.options.{k}.description", opt.get("description"), MAX_OPTION_TEXT)
        if not opt.get("label") or not opt.get("value"):
            raise form_error(f"{path}.options.{k}", "BASE_TYPE_REQUIRED", "This field is required")
        if opt["value"] in values:
            raise form_error(
                f"{path}.options.{k}.value",
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select option values must be unique",
            )
        values.add(opt["value"])


def validate_components(components: list[Any], *, v2: bool = False) -> None:
    """Check action rows, buttons and selects (classic components; v2 layouts are only walked)."""
    seen: set[str] = set()
    if not v2 and len(components) > MAX_ROWS:
        raise form_error("components", _TOO_LONG, f"Must be {MAX_ROWS} or fewer in length.")
    for i, row in enumerate(components):
        path = f"components.{i}"
        if not isinstance(row, dict):
            raise form_error(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used.")
        if row.get("type") != 1:
            if not v2:
                raise form_error(
                    f"{path}.type",
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be one of (1,).',
                )
            continue
        items = row.get("components", [])
        if not items:
            raise form_error(
                f"{path}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
            )
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(items) > 1:
            raise form_error(
                f"{path}.components",
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        if len(items) > MAX_ROW_BUTTONS:
            raise form_error(
                f"{path}.components", _TOO_LONG, f"Must be {MAX_ROW_BUTTONS} or fewer in length."
            )
        for j, comp in enumerate(items):
            cpath = f"{path}.components.{j}"
            if comp.get("type") == 2:
                _validate_button(cpath, comp, seen)
            elif comp.get("type") in (3, 5, 6, 7, 8):
                _validate_select(cpath, comp, seen)
            else:
                raise form_error(f"{cpath}.type", "UNION_TYPE_CHOICES", "Invalid component type.")


def validate_message(
    payload: dict[str, Any], *, file_count: int, kept_attachments: int = 0, creating: bool = True
) -> None:
    """Validate a create (``creating``) or edit payload of a message.

    ``file_count`` is the number of uploaded files, ``kept_attachments`` the number of existing
    attachments an edit keeps. Raises ``DiscordError`` 50035 (invalid form body) or 50006
    (empty message).
    """
    content = payload.get("content")
    if content is not None and not isinstance(content, str):
        raise form_error("content", "BASE_TYPE_STRING", "Must be a string.")
    _max_length("content", content, MAX_CONTENT)
    embeds = payload.get("embeds") or []
    if not isinstance(embeds, list):
        raise form_error("embeds", "BASE_TYPE_LIST", "Must be a list.")
    validate_embeds(embeds)
    components = payload.get("components") or []
    v2 = bool(int(payload.get("flags") or 0) & (1 << 15))
    validate_components(components, v2=v2)
    if creating:
        has_body = (
            bool(content) or bool(embeds) or bool(components) or file_count + kept_attachments > 0
        )
        has_body = has_body or bool(payload.get("sticker_ids")) or bool(payload.get("poll"))
        if not has_body:
            raise DiscordError(400, 50006, "Cannot send an empty message")
