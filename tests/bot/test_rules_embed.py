"""The /rules embed: within Discord's limits, with the engine's verdict on each example."""

from __future__ import annotations

from bot.rules_embed import TRICK_EXAMPLES, rules_embed
from stickem import Card, Rules, trick_winner


def test_embed_fits_discord_limits() -> None:
    embed = rules_embed()
    assert len(embed) <= 6000
    assert embed.title is not None and len(embed.title) <= 256
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert len(field.name or "") <= 256
        assert 0 < len(field.value or "") <= 1024


def test_each_example_bolds_the_card_the_engine_says_wins() -> None:
    examples = next(f.value for f in rules_embed().fields if (f.name or "").startswith("Examples"))
    lines = (examples or "").splitlines()
    assert len(lines) == len(TRICK_EXAMPLES)
    for line, cards in zip(lines, TRICK_EXAMPLES, strict=True):
        winner = trick_winner([Card.parse(c) for c in cards], Rules.preset("classic"))
        assert winner is not None
        assert f"**{cards[winner]}**" in line
        assert line.count("**") == 2
    assert "nobody does" in lines[-1]  # the all-zero trick under the Amigo rules


def test_every_preset_is_described() -> None:
    presets = next(f.value for f in rules_embed().fields if f.name == "Rule sets for /start")
    for name in Rules.PRESETS:
        assert f"**{name}**" in (presets or "")
