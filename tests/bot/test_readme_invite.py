"""The invite URL in the README asks for exactly the scopes and permissions the bot declares."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from bot.boot.invite import INVITE_SCOPES, REQUIRED_PERMISSIONS, invite_url

README = Path(__file__).resolve().parents[2] / "README.md"


def _query(url: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(url).query)


def test_readme_invite_url_matches_the_code() -> None:
    urls = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", README.read_text())
    assert len(urls) == 1
    documented = _query(urls[0])
    expected = _query(invite_url(123456789012345678))
    assert documented["scope"] == expected["scope"] == [" ".join(INVITE_SCOPES)]
    assert documented["permissions"] == expected["permissions"] == [str(REQUIRED_PERMISSIONS.value)]
    assert f"`{REQUIRED_PERMISSIONS.value}`" in README.read_text()  # the integer named in the prose


def test_no_moderation_permission_is_requested() -> None:
    dangerous = ("administrator", "manage_guild", "manage_messages", "manage_channels", "mention_everyone")
    assert not any(getattr(REQUIRED_PERMISSIONS, name) for name in dangerous)
