"""Settings from the environment: defaults, parsing, and errors a self-hoster can act on."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bot.boot.config import DEFAULT_DATABASE_URL, ConfigError, Settings
from host.storage.database import redacted

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def test_minimal_environment_uses_defaults() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": GOOD_TOKEN})
    assert settings.token == GOOD_TOKEN
    assert settings.dev_guild_id is None
    assert settings.database_url == DEFAULT_DATABASE_URL
    assert settings.log_level == logging.INFO
    assert settings.data_dir == Path(".")


def test_every_variable_is_read() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": f"  Bot {GOOD_TOKEN} ",
            "DEV_GUILD_ID": "123456789012345678",
            "DATABASE_URL": "postgresql://u:p@localhost/stickem",
            "LOG_LEVEL": "debug",
            "STICKEM_DATA_DIR": "/tmp/stickem",
        }
    )
    assert settings.token == GOOD_TOKEN
    assert settings.dev_guild_id == 123456789012345678
    assert settings.database_url == "postgresql://u:p@localhost/stickem"
    assert settings.log_level == logging.DEBUG
    assert settings.data_dir == Path("/tmp/stickem")


def test_settings_are_frozen_and_hide_the_token() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": GOOD_TOKEN})
    with pytest.raises(AttributeError):
        settings.token = "x"  # type: ignore[misc]
    assert GOOD_TOKEN not in repr(settings)


@pytest.mark.parametrize("token", ["", "   "])
def test_missing_token_explains_where_to_get_one(token: str) -> None:
    with pytest.raises(ConfigError) as info:
        Settings.from_env({"DISCORD_TOKEN": token})
    message = str(info.value)
    assert "DISCORD_TOKEN is not set" in message
    assert "Developer Portal" in message and ".env" in message


@pytest.mark.parametrize("token", ["123456789012345678", "not a token", "abc.def.ghi", "a" * 72])
def test_malformed_token_is_refused_with_help(token: str) -> None:
    with pytest.raises(ConfigError) as info:
        Settings.from_env({"DISCORD_TOKEN": token})
    assert "does not look like a Discord bot token" in str(info.value)
    assert "Developer Portal" in str(info.value)
    assert token not in str(info.value) or len(token) < 5


@pytest.mark.parametrize(
    "guild", ["abc", "12", "-123456789012345678", "1234567890123456", "123456789012345678901"]
)
def test_malformed_dev_guild_id(guild: str) -> None:
    with pytest.raises(ConfigError, match="DEV_GUILD_ID must be a server id"):
        Settings.from_env({"DISCORD_TOKEN": GOOD_TOKEN, "DEV_GUILD_ID": guild})


def test_malformed_log_level_names_the_allowed_ones() -> None:
    with pytest.raises(ConfigError, match="LOG_LEVEL must be one of DEBUG, INFO"):
        Settings.from_env({"DISCORD_TOKEN": GOOD_TOKEN, "LOG_LEVEL": "loud"})


def _run_bot_cli(tmp_path: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    repo = Path(__file__).resolve().parents[2]
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(repo), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_without_token_prints_a_paragraph_not_a_traceback(tmp_path: Path) -> None:
    result = _run_bot_cli(tmp_path, {})
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "DISCORD_TOKEN is not set" in result.stderr
    assert result.stderr.count("\n") == 1  # one paragraph


def test_cli_reads_dotenv_from_the_working_directory_without_overriding(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nLOG_LEVEL=INFO\n")
    # The token comes from .env; LOG_LEVEL from the environment wins over the file's INFO.
    result = _run_bot_cli(tmp_path, {"LOG_LEVEL": "nonsense"})
    assert result.returncode == 2
    assert "LOG_LEVEL must be one of" in result.stderr

    # An empty DISCORD_TOKEN in the environment is set, so .env must not replace it either.
    result = _run_bot_cli(tmp_path, {"DISCORD_TOKEN": "", "LOG_LEVEL": "INFO"})
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr


def test_repr_hides_the_database_password() -> None:
    settings = Settings.from_env(
        {"DISCORD_TOKEN": GOOD_TOKEN, "DATABASE_URL": "postgresql://bob:s3cr3t@db:5432/x"}
    )
    assert "s3cr3t" not in repr(settings)
    assert "postgresql://bob:***@db:5432/x" in repr(settings)


@pytest.mark.parametrize(
    ("url", "masked"),
    [
        ("postgresql://u:p@h/db", "postgresql://u:***@h/db"),
        ("postgresql://u:p:with:colons@h/db", "postgresql://u:***@h/db"),
        ("postgresql://u@h/db", "postgresql://u@h/db"),
        ("sqlite:///stickem.sqlite3", "sqlite:///stickem.sqlite3"),
        ("not a url", "not a url"),
    ],
)
def test_a_url_is_shown_without_its_password(url: str, masked: str) -> None:
    assert redacted(url) == masked
