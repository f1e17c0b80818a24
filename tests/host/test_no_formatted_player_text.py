"""What the host and the Discord layer hand a player is catalog text, never a string the code
formats itself: an f-string, ``str()``, ``%`` or ``.format()`` given to a refusal, a notice or a
reply fixes its words in English (``str()`` of a catalog text is its English), so a German
reader would read English (issue 28). Read with :mod:`ast`; nothing is imported."""

from __future__ import annotations

import ast

import pytest

from tests.host.catalog_scan import PACKAGES, REPO

PLAYER_TEXT = frozenset(
    {
        # Their first argument (or their ``reply`` / ``text``) is what a player reads.
        "UserError",
        "TableError",
        "OutdatedPrompt",
        "GameRefusal",
        "RematchExpired",
        "RematchInvalid",
        "Refused",
        "Notice",
        "Outcome",
    }
)
TEXT_KEYWORDS = frozenset({"reply", "text", "words", "message"})


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def formatted(node: ast.expr) -> bool:
    """Whether ``node`` builds a string of its own: an f-string, ``str(...)``, ``"..." % ...`` or
    ``"...".format(...)``."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant):
        return True
    if isinstance(node, ast.Call):
        if _name(node.func) == "str" and isinstance(node.func, ast.Name):
            return True
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            return True
    return False


def formatted_player_texts(source: str, where: str) -> list[str]:
    """``file:line`` of each player text of ``source`` that the code formats itself."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _name(node.func) in PLAYER_TEXT):
            continue
        given = node.args[:1] + [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        if any(formatted(value) for value in given):
            found.append(f"{where}:{node.lineno}")
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_player_text_is_formatted_by_the_code(package: str) -> None:
    problems = []
    for path in sorted((REPO / package).rglob("*.py")):
        problems += formatted_player_texts(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    assert problems == [], "give a catalog text (lazy/joined), not a formatted string"


def test_the_check_finds_each_way_of_formatting() -> None:
    source = """
raise TableError(f"{reason} {hint}")
raise UserError(str(words))
Outcome(reply="%s" % name)
Notice(text="{}".format(name))
raise TableError(lazy("table.full", players=3))
Outcome(joined((reason, hint)), ())
"""
    assert formatted_player_texts(source, "x.py") == ["x.py:2", "x.py:3", "x.py:4", "x.py:5"]
