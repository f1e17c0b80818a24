"""/start's suggestions name each preset and option by the help its game's catalog gives it, in
the language asked for (English unless told): the option names and values stay as typed."""

from __future__ import annotations

from bot.tables.start_options import option_suggestions, preset_suggestions
from tabletop import registry
from tabletop.catalog import render


def test_presets_are_suggested_with_their_help_in_the_language_asked_for() -> None:
    stickem = registry.game("stickem")
    english = dict((value, label) for label, value in preset_suggestions(stickem, ""))
    german = dict((value, label) for label, value in preset_suggestions(stickem, "", "de"))
    assert english["amigo"].startswith("amigo: the Amigo edition")
    assert german["amigo"].startswith("amigo: die Amigo-Ausgabe")
    assert german == {
        preset.name: f"{preset.name}: {render(preset.help, 'de')}"[:100] for preset in stickem.presets
    }


def test_options_are_suggested_with_their_help_in_the_language_asked_for() -> None:
    stupid = registry.game("stupid")
    english = option_suggestions(stupid, "dec")
    german = option_suggestions(stupid, "dec", "de")
    assert [value for _, value in german] == [value for _, value in english] == ["decks=auto"]
    assert "52-card decks shuffled together" in english[0][0]
    assert german[0][0].startswith("decks=auto (Kartenspiele zu 52 Karten")
