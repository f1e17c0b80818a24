"""The documentation describes the project in its own words and agrees with the code: no page
cites a rule file that lives outside the repository, and `.env.example` says where the default
database is as the bot finds it."""

from __future__ import annotations

import re
from pathlib import Path

from bot.boot.config import DATABASE_FILENAME, Settings, database_url_for

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
OUTSIDE = re.compile(r"\b(sticks\.md|RULES\.md|rules/stupid\.md|seeds/|shared/rules)|\.\./shared")


def env_example_comment(variable: str) -> str:
    """The comment lines right above ``variable=`` in .env.example, joined into one line."""
    lines = (REPO / ".env.example").read_text().splitlines()
    end = next(index for index, line in enumerate(lines) if line.startswith(f"{variable}="))
    start = end
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    return " ".join(line.lstrip("# ").strip() for line in lines[start:end])


def test_no_page_cites_a_file_outside_the_repository() -> None:
    cited = [
        f"{page.relative_to(REPO)}:{number}: {line.strip()}"
        for page in PAGES
        for number, line in enumerate(page.read_text().splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert cited == []


def test_env_example_puts_the_default_database_where_the_bot_opens_it(tmp_path: Path) -> None:
    opened = database_url_for(Settings(token="x", data_dir=tmp_path))
    assert opened == f"sqlite:///{tmp_path / DATABASE_FILENAME}"
    assert f"Default: a SQLite file {DATABASE_FILENAME} in STICKEM_DATA_DIR" in env_example_comment(
        "DATABASE_URL"
    )
    assert f"the default database ({DATABASE_FILENAME}" in env_example_comment("STICKEM_DATA_DIR")
    assert "Default: the working directory" in env_example_comment("STICKEM_DATA_DIR")
