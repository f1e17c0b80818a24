"""The pictures of the README's "What a game looks like" are there, and are what
``scripts/readme_pictures.py`` draws now (the same size: a drawing that changed its layout
leaves the README showing an old one)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))

import readme_pictures  # noqa: E402


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


def test_the_readme_shows_the_pictures_the_script_draws(tmp_path: Path) -> None:
    linked = set(re.findall(r"\]\((docs/images/[\w.]+\.png)\)", (REPO / "README.md").read_text()))
    drawn = [path for scene in readme_pictures.SCENES for path in readme_pictures.draw_scene(scene, tmp_path)]
    assert linked == {f"docs/images/{path.name}" for path in drawn}
    assert len(drawn) == 9  # a hand, a table and a chart of each game
    for path in drawn:
        shown = REPO / "docs" / "images" / path.name
        assert _size(shown.read_bytes()) == _size(path.read_bytes()), path.name
