"""No game text names a bot command; the Discord layer adds the command hint from the host's
catalog, in the reader's language: after a stale click's refusal, and in the channel nudge of a
player whose direct messages are closed (that path end to end: ``tests/e2e/test_game_conduct.py``)."""

from __future__ import annotations

import importlib
import re

import pytest

from bot.messages.errors import friendly_message
from host.catalog import CATALOG as HOST_CATALOG
from host.catalog import lazy, render
from host.table.seats import GameRefusal, OutdatedPrompt, TableError
from stupid.texts import t as stupid_text
from tabletop import Refused, registry
from tabletop.catalog import Catalog
from tabletop.texts import CATALOG as PROTOCOL_CATALOG

COMMAND_NAME = re.compile(r"commands\.(?:[a-z_]+\.)*name")


def command_names() -> set[str]:
    """Every command's and subcommand's name, in every language of the host's catalog."""
    return {
        str(entry)
        for language in HOST_CATALOG.languages()
        for key, entry in HOST_CATALOG.entries(language).items()
        if COMMAND_NAME.fullmatch(key)
    }


def game_catalogs() -> dict[str, Catalog]:
    """Each registered game's catalog (``<package>.texts.CATALOG``), and the protocol's."""
    found = {"tabletop": PROTOCOL_CATALOG}
    for name in registry.names():
        package = type(registry.game(name)).__module__.split(".")[0]
        found[package] = importlib.import_module(f"{package}.texts").CATALOG
    return found


def test_the_command_names_are_known_in_english_and_german() -> None:
    names = command_names()
    assert {"hand", "join", "start", "beitreten", "starten", "spielstand"} <= names


def test_no_game_text_names_a_bot_command() -> None:
    names = command_names()
    pattern = re.compile(r"(?<![\w/])/(" + "|".join(sorted(map(re.escape, names))) + r")(?![\w-])")
    catalogs = game_catalogs()
    assert {"stickem", "stupid", "stickgame"} <= set(catalogs)
    found: list[str] = []
    for package, catalog in catalogs.items():
        for language in ("en", "de"):
            for key, entry in catalog.entries(language).items():
                for form in [entry] if isinstance(entry, str) else list(entry.values()):
                    found += [f"{package} {language} {key}: /{m}" for m in pattern.findall(form)]
    assert found == []


def test_a_stale_click_is_refused_with_the_command_that_shows_the_latest_cards() -> None:
    stale = OutdatedPrompt(stupid_text("stale.old_trick", trick=1))
    assert (
        friendly_message(stale)
        == "This hand is from trick 1, which is over; use your latest hand. /hand shows your latest cards."
    )
    assert friendly_message(stale, "de") == (
        "Diese Hand ist aus Stich 1, der vorbei ist; nutze deine neueste Hand."
        " /hand zeigt deine aktuellen Karten."
    )


@pytest.mark.parametrize("outdated", [True, False])
def test_a_games_refusal_gets_the_hint_only_when_the_game_marks_it_outdated(outdated: bool) -> None:
    refused = Refused(stupid_text("click.not_ours"), outdated=outdated)
    english = friendly_message(GameRefusal.of(refused, ["ann", "bob"]))
    german = friendly_message(GameRefusal.of(refused, ["ann", "bob"]), "de")
    assert english is not None and german is not None
    assert english.startswith("That button is not part of this game of Stupid; use your latest hand.")
    assert german.startswith(
        "Dieser Button gehört nicht zu dieser Partie Stiche-Raten; nutze deine neueste Hand."
    )
    assert ("/hand" in english) is outdated and ("/hand" in german) is outdated


def test_the_tables_own_refusals_get_no_hint() -> None:
    assert "/hand" not in (friendly_message(TableError("You have no seat in this game.")) or "")


@pytest.mark.parametrize("game", ["stickem", "stupid", "stickgame"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_channel_nudge_reads_as_one_sentence_after_the_mention(game: str, language: str) -> None:
    """The mention is the one addressed: a comma joins it to the game's words (which go on the
    sentence, in lower case but for a German noun), and the host's hint follows as a sentence of its own."""
    spec = registry.game(game)
    options = spec.resolve_options({})
    match = spec.new_match(spec.player_range(options)[0], options, 1)
    seat = match.awaiting[0]
    nudge = spec.presentation.nudge(match.view(seat))  # type: ignore[attr-defined]
    shown = render(lazy("hints.nudge", user=7, nudge=nudge), language)
    words = render(nudge, language)
    hint = "Use **/hand**." if language == "en" else "Nutze **/hand**."
    assert shown == f"<@7>, {words} {hint}"
    assert words.endswith(".")
    assert words[0].islower() or language == "de"  # German nouns keep their capital: "Runde 1: …"


def test_the_channel_nudge_in_english_and_german() -> None:
    stupid = registry.game("stupid")
    options = stupid.resolve_options({})
    match = stupid.new_match(3, options, 1)
    nudge = stupid.presentation.nudge(match.view(match.awaiting[0]))  # type: ignore[attr-defined]
    assert render(lazy("hints.nudge", user=7, nudge=nudge)) == (
        "<@7>, it is your turn to bid (round 1). Use **/hand**."
    )
    assert render(lazy("hints.nudge", user=7, nudge=nudge), "de") == (
        "<@7>, du bist am Zug und sagst an (Runde 1). Nutze **/hand**."
    )
