"""The texts the host picks name nothing of Discord: no mention markup, no slash command. The
host's entries write a person as ``{mention}`` and a command as ``{join}``, ``{back}`` ... (the
catalog's terms, the Discord layer's words), and players read what they read before."""

from __future__ import annotations

import re
import tomllib

import pytest

from host.catalog import CATALOG, text
from tests.host import catalog_scan

DISCORD = re.compile(r"<@|<#|(?<![\w/])/[-\w]+")
"""A Discord mention, a channel link or a slash command in a template."""


def _raw(language: str) -> dict[str, str]:
    """The templates of the host's catalog file as written (before the terms are put in)."""
    data = tomllib.loads((catalog_scan.REPO / "host" / "catalog" / f"{language}.toml").read_text("utf-8"))
    data.pop("terms")
    flat: dict[str, str] = {}

    def walk(table: dict[str, object], prefix: str) -> None:
        for name, value in table.items():
            if isinstance(value, dict) and not set(value) <= {"one", "other"}:
                walk(value, f"{prefix}{name}.")
            else:
                flat[f"{prefix}{name}"] = str(value)

    walk(data, "")
    return flat


def _host_keys() -> set[str]:
    return {
        lookup.key
        for path in catalog_scan.sources("host")
        for lookup in catalog_scan.lookups(path.read_text(encoding="utf-8"), catalog_scan.relative(path))
        if lookup.key is not None
    }


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_text_the_host_picks_names_a_discord_thing(language: str) -> None:
    raw = _raw(language)
    keys = _host_keys()
    assert len(keys) > 80
    named = sorted(f"{key}: {raw[key]}" for key in keys if key in raw and DISCORD.search(raw[key]))
    assert not named, "\n".join(named)


def test_the_terms_write_the_mention_and_the_commands_as_each_language_names_them() -> None:
    """The same host text reads with a mention and the English command in English, the German
    command in German; the host gives the user id alone."""
    english = text("game.marked_away", user=12, count=3)
    german = text("game.marked_away", language="de", user=12, count=3)
    assert english.startswith("<@12> ran out of time 3 times") and "use /back or" in english
    assert german.startswith("<@12> ") and "/zurück" in german and "/back" not in german
    assert CATALOG.fields("game.marked_away") == {"user", "count"}
    assert text("resume.player", user=5) == "<@5>"
    assert "/beitreten platz:<Nummer oder Name>" in text("takeover.asked_any", language="de")
