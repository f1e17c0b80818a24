"""The GAMES setting: which games the bot offers, built-in or a package of the host's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.__main__ as entry
from bot.boot.config import ConfigError, Settings, offer_games
from tabletop import registry

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"


@pytest.fixture
def restored_registry() -> Iterator[None]:
    """The registry as it was, after a test that changes what it offers."""
    before = {name: registry.entry(name) for name in registry.names()}
    try:
        yield
    finally:
        for name in registry.names():
            registry.unregister(name)
        for name, entry in before.items():
            registry.register(name, entry)


def games(text: str) -> tuple[tuple[str, str | None], ...]:
    return Settings.from_env({"DISCORD_TOKEN": TOKEN, "GAMES": text}).games


def test_without_games_every_built_in_game_is_offered() -> None:
    assert games("") == ()


def test_game_names_are_case_insensitive_as_log_level_is() -> None:
    assert games("Stupid, STICKEM") == (("stupid", None), ("stickem", None))
    assert games("Tiny=tests.tabletop.tiny_game:GAME") == (("tiny", "tests.tabletop.tiny_game:GAME"),)


def test_built_in_names_and_own_packages_are_read_in_order() -> None:
    assert games(" stupid , tiny=tests.tabletop.tiny_game:GAME ") == (
        ("stupid", None),
        ("tiny", "tests.tabletop.tiny_game:GAME"),
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("chess", "'chess', which is not a built-in game"),
        ("tiny=tests.tabletop.tiny_game", "is neither"),
        ("tiny=no spaces:GAME", "is neither"),
        ("stupid,stupid", "names 'stupid' twice"),
    ],
)
def test_a_malformed_games_setting_is_refused_in_words(text: str, says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        games(text)


def test_offering_games_restricts_the_registry_and_its_default(restored_registry: None) -> None:
    offer_games(games("tiny=tests.tabletop.tiny_game:GAME,stupid"))
    assert registry.names() == ("tiny", "stupid")
    assert registry.default_game() == "tiny"  # Stick'em, the default, is not offered
    with pytest.raises(registry.GameNotOffered):
        registry.game("stickem")


def test_a_game_package_that_cannot_be_loaded_is_a_config_error(restored_registry: None) -> None:
    with pytest.raises(ConfigError, match="GAMES: the game 'nope' cannot be loaded"):
        offer_games((("nope", "tests.no_such_module:GAME"),))
    with pytest.raises(ConfigError, match="GAMES: the game 'tiny' cannot be loaded"):
        offer_games((("tiny", "tests.tabletop.tiny_game:NO_SUCH_NAME"),))


@pytest.mark.parametrize(
    ("setting", "says"),
    [
        (
            "mine=nomodule:SPEC",
            "the game 'mine' cannot be loaded from nomodule:SPEC: there is no module 'nomodule'",
        ),
        (
            "mine=stupid:Game",
            "the game 'mine' cannot be loaded from stupid:Game: stupid:Game is a class, not a GameSpec",
        ),
        (
            "stupid=stupid:nothing",
            "the game 'stupid' cannot be loaded from stupid:nothing: the module stupid has no 'nothing'",
        ),
        ("mine=stupid.hosting:GAME", "stupid.hosting:GAME is the GameSpec of 'stupid', not of 'mine'"),
        (
            "mine=tests.bot.broken_game:GAME",
            "importing the module tests.bot.broken_game failed: ZeroDivisionError",
        ),
        ("mine=tests.bot.needs_missing:GAME", "the module tests.bot.needs_missing imports 'nomodule_x'"),
        ("Stupid, chess", "'chess', which is not a built-in game"),
        ("stupid=", "is neither"),
    ],
)
def test_every_games_mistake_is_one_paragraph_and_exit_code_2(
    restored_registry: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    setting: str,
    says: str,
) -> None:
    """The bot stops before it reaches the database or Discord: nothing is created in its folder."""
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("GAMES", setting)
    monkeypatch.setenv("STICKEM_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(entry, "setup_logging", lambda level: None)
    assert entry.main([]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.startswith("stickem-bot: GAMES") and captured.err.count("\n") == 1, captured.err
    assert says in captured.err
    assert list(tmp_path.iterdir()) == []
