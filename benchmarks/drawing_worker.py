"""The drawing worker's CPU per picture as the bot asks for pictures: Stick'em games of three
seats (a human at seat 0, random legal cards), after each card the table picture and, every
other card, the human's hand, each sketch's arguments pickled and unpickled and the picture
pickled, as they cross to the worker process and back (``host.drawing.draw``).

Run from the repository root: ``python benchmarks/drawing_worker.py [--cards N] [--compare
OTHER --rounds R]``. Printed: the median CPU time of a hand and of a table picture, and the CPU
per card of all of it, after 60 cards drawn first (the worker lives as long as the bot: its
card faces and words are cached; the first 60 cards' figure is printed too).

Unlike ``benchmarks/images.py`` (the kit's drawing of fixed positions in one process), this
includes what travels with a sketch: a hand's caption is a catalog text, which a worker
unpickles with every hand.

``--compare OTHER``: another checkout, measured alternately with this one in fresh processes
(``--rounds`` each), on this interpreter; printed per round, then the new/old ratios of the
medians over the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

WARM_CARDS = 60


def measure(cards: int) -> dict[str, float]:
    """Play and draw ``WARM_CARDS`` then ``cards`` cards in this process (its checkout on the
    path); the medians in ms and the CPU per card."""
    from host.drawing import draw, prepare
    from stickem import Game
    from stickem.drawn_hand import drawn_hand
    from stickem.phase import Phase

    module = "stickem.art"
    prepare(module)
    spent: dict[str, list[float]] = {"table": [], "hand": []}

    def play(wanted: int, seed: int) -> float:
        done = 0
        start = time.process_time()
        while done < wanted:
            names = (f"Player {seed}", "Computer A (normal)", "Computer B (normal)")
            game, rng = Game(3, seed=seed), random.Random(seed)
            seed += 1
            while game.awaiting and game.phase is not Phase.GAME_OVER and done < wanted:
                seat = game.awaiting[0]
                if game.phase is Phase.MISERY:
                    game.choose_misery(seat, game.hand(seat)[0])
                    continue
                game.play(seat, rng.choice(game.legal_cards(seat)))
                done += 1
                sketches = [("table", game.view(None))]
                if done % 2 == 0:
                    sketches.append(("hand", drawn_hand(game.view(0))))
                for kind, view in sketches:
                    began = time.process_time()
                    arguments = pickle.loads(pickle.dumps((module, kind, view, names, "en")))
                    pickle.dumps(draw(*arguments))
                    spent[kind].append(time.process_time() - began)
        return (time.process_time() - start) / wanted * 1000

    cold = play(WARM_CARDS, 1)
    for times in spent.values():
        times.clear()
    warm = play(cards, 1000)
    return {
        "hand": statistics.median(spent["hand"]) * 1000,
        "table": statistics.median(spent["table"]) * 1000,
        "per_card": warm,
        "cold_per_card": cold,
    }


def _in_process(checkout: Path, cards: int) -> dict[str, float]:
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "import drawing_worker; print(json.dumps(drawing_worker.measure(int(sys.argv[3]))))"
    )
    here = str(Path(__file__).resolve().parent)
    done = subprocess.run(
        [sys.executable, "-c", code, str(checkout), here, str(cards)],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _row(name: str, figures: dict[str, float]) -> str:
    return (
        f"{name}: hand {figures['hand']:.2f} ms, table {figures['table']:.2f} ms a picture (medians); "
        f"{figures['per_card']:.2f} ms a card ({figures['cold_per_card']:.2f} the first {WARM_CARDS} cards)"
    )


def main() -> None:
    """Measure this checkout, or it against ``--compare``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=300, help="cards played and drawn (default 300)")
    parser.add_argument("--compare", type=Path, help="another checkout to measure against, alternately")
    parser.add_argument("--rounds", type=int, default=3, help="with --compare: processes a tree (default 3)")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    load = os.getloadavg()[0]
    if not args.compare:
        print(_row("this tree", _in_process(here, args.cards)), f"(load average {load:.1f})")
        return
    new: list[dict[str, float]] = []
    old: list[dict[str, float]] = []
    for round_ in range(args.rounds):
        order = [(here, new), (args.compare.resolve(), old)]
        for checkout, into in order if round_ % 2 == 0 else order[::-1]:
            into.append(_in_process(checkout, args.cards))
        print(_row(f"round {round_ + 1} new", new[-1]))
        print(_row(f"round {round_ + 1} old", old[-1]))
    after = os.getloadavg()[0]
    print(f"load average {load:.1f} before, {after:.1f} after; new/old, medians over the rounds:")
    for figure in ("hand", "table", "per_card"):
        a = statistics.median(f[figure] for f in new)
        b = statistics.median(f[figure] for f in old)
        print(f"  {figure}: {a:.2f} / {b:.2f} = {a / b:.2f}x")


if __name__ == "__main__":
    main()
