"""Draw the pictures the README shows (``docs/images/``): for each game, a player's hand and the
table in the middle of a game, and the chart of the final standings, from a game its computer
players play through the protocol with a fixed seed (the same files every run).

Run from the repository root: ``python scripts/readme_pictures.py [--out docs/images]``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import registry
from tabletop.pictures import Sketch, art_of

NAMES = ("Ann", "Bob", "Cyd", "Dee")


@dataclass(frozen=True)
class Scene:
    """A game to draw: its options, and after how many actions its hand and table are drawn."""

    game: str
    options: dict[str, object]
    actions: int
    seed: int = 5


SCENES = (
    Scene("stickem", {"rounds": 2}, 10),
    Scene("stupid", {"max_hand": 4}, 16),
    Scene("stickgame", {"sticks_to_win": 2}, 58),
)


def draw_scene(scene: Scene, out: Path) -> list[Path]:
    """Play ``scene``'s game and write its three pictures; the files written."""
    spec = registry.game(scene.game)
    art = art_of(spec)
    assert art is not None, f"{scene.game} draws no pictures"
    match = spec.new_match(len(NAMES), spec.resolve_options(scene.options), scene.seed)
    players = {seat: spec.computer_player("normal", scene.seed + seat) for seat in range(len(NAMES))}
    written = []

    def write(name: str, sketch: Sketch) -> None:
        path = out / f"{scene.game}_{name}.png"
        path.write_bytes(sketch.draw().png)
        written.append(path)

    played = 0
    while not match.is_over:
        if played == scene.actions:
            seat = match.awaiting[0]
            write("hand", Sketch(art, "hand", match.view(seat)))
            write("table", Sketch(art, "table", match.view(None), NAMES))
        seat = match.awaiting[0]
        match.apply(seat, players[seat].decide(match.view(seat)))
        played += 1
    write("chart", Sketch(art, "chart", match.view(None), NAMES))
    return written


def main() -> None:
    """Write every scene's pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for scene in SCENES:
        for path in draw_scene(scene, out):
            print(path)


if __name__ == "__main__":
    main()
