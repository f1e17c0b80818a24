"""The /rules embed: within Discord's limits, with the engine's verdict on each example."""

from __future__ import annotations

from bot.rules_embed import TRICK_EXAMPLES, rules_embed
from stickem import Rules


def test_embed_fits_discord_limits() -> None:
    embed = rules_embed()
    assert len(embed) <= 6000
    assert embed.title is not None and len(embed.title) <= 256
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert len(field.name or "") <= 256
        assert 0 < len(field.value or "") <= 1024


# The winners as the rule documents give them (RULES.md section 9), not as the engine computes them.
DOCUMENTED_WINNERS = ("red 11", "blue 12", "red 2", "blue 9", "red 6", "red 0")


def test_each_example_bolds_the_documented_winner() -> None:
    examples = next(f.value for f in rules_embed().fields if (f.name or "").startswith("Examples"))
    lines = (examples or "").splitlines()
    assert len(lines) == len(TRICK_EXAMPLES) == len(DOCUMENTED_WINNERS)
    for line, winner in zip(lines, DOCUMENTED_WINNERS, strict=True):
        assert f"**{winner}**" in line
        assert line.endswith(f"{winner} takes it") or "nobody does" in line
        assert line.count("**") == 2
    assert "nobody does" in lines[-1]  # the all-zero trick under the Amigo rules
    assert all("nobody does" not in line for line in lines[:-1])


def test_every_preset_is_described() -> None:
    presets = next(f.value for f in rules_embed().fields if f.name == "Rule sets for /start")
    for name in Rules.PRESETS:
        assert f"**{name}**" in (presets or "")
