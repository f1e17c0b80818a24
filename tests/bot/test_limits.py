"""Every message the bot builds fits Discord's limits, however long the texts in it are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tables.payload import edit_kwargs, send_kwargs
from tabletop.presentation import Button, Choice, Embed, EmbedField, Message, Select
from tests.discord_emulator.validation import validate_components, validate_message

texts = st.text(min_size=1, max_size=7000)


def _payload(kwargs: dict[str, object]) -> dict[str, object]:
    """What discord.py would send for these keyword arguments."""
    embeds = kwargs.get("embeds") or []
    assert isinstance(embeds, list)
    view = kwargs.get("view")
    return {
        "content": kwargs["content"],
        "embeds": [embed.to_dict() for embed in embeds],
        "components": view.to_components() if view is not None else [],  # type: ignore[attr-defined]
    }


@settings(max_examples=30, deadline=None)
@given(content=texts, title=texts, description=texts, field=texts, label=texts, fields=st.integers(0, 30))
def test_any_spec_is_sent_and_edited_within_discord_limits(
    content: str, title: str, description: str, field: str, label: str, fields: int
) -> None:
    embed = Embed(title, description, fields=(EmbedField(field, field, inline=True),) * fields, footer=field)
    rows = (
        (Button(label, "stk:x"),),
        (Select(label, "stk:y", (Choice(label, "v"),)),),
    )
    spec = Message(content, (embed, embed), rows)
    for kwargs in (send_kwargs(spec), edit_kwargs(spec)):
        payload = _payload(kwargs)
        validate_message(payload, file_count=0)
        validate_components(payload["components"])  # type: ignore[arg-type]
