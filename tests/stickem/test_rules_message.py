"""The /rules message: within Discord's limits, with the engine's verdict on each example (the
checks of tests/bot/test_rules_embed.py, moved with the rules embed into the game package)."""

from __future__ import annotations

from stickem import Rules
from stickem.rules_message import TRICK_EXAMPLES, rules_message
from tabletop.presentation import Embed
from tests.stickem.rendered import english


def the_embed() -> Embed:
    """The one embed of the rules message (it has no text around it)."""
    message = english(rules_message())
    assert message.content == "" and not message.rows
    (embed,) = message.embeds
    return embed


def discord_length(embed: Embed) -> int:
    """The characters Discord counts against its 6000 per embed (as ``len(discord.Embed)``)."""
    fields = sum(len(field.name) + len(field.value) for field in embed.fields)
    return len(embed.title) + len(embed.description) + fields + len(embed.footer)


def test_embed_fits_discord_limits() -> None:
    embed = the_embed()
    assert discord_length(embed) <= 6000
    assert 0 < len(embed.title) <= 256
    assert len(embed.description) <= 4096
    assert len(embed.fields) <= 25
    assert len(embed.footer) <= 2048
    for field in embed.fields:
        assert 0 < len(field.name) <= 256
        assert 0 < len(field.value) <= 1024


# The winners as the rule documents give them (RULES.md section 9), not as the engine computes them.
DOCUMENTED_WINNERS = ("red 11", "blue 12", "red 2", "blue 9", "red 6", "red 0")


def test_each_example_bolds_the_documented_winner() -> None:
    examples = next(f.value for f in the_embed().fields if f.name.startswith("Examples"))
    lines = examples.splitlines()
    assert len(lines) == len(TRICK_EXAMPLES) == len(DOCUMENTED_WINNERS)
    for line, winner in zip(lines, DOCUMENTED_WINNERS, strict=True):
        assert f"**{winner}**" in line
        assert line.endswith(f"{winner} takes it") or "nobody does" in line
        assert line.count("**") == 2
    assert "nobody does" in lines[-1]  # the all-zero trick under the Amigo rules
    assert all("nobody does" not in line for line in lines[:-1])


def test_every_preset_is_described() -> None:
    presets = next(f.value for f in the_embed().fields if f.name == "Rule sets")
    for name in Rules.PRESETS:
        assert f"**{name}**" in presets
