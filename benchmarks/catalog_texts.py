"""How long making and showing a catalog text takes: the current ``tabletop/catalog.py`` against
another version of it (by default the one on the branch ``integ``), timed alternately in one run.

    python benchmarks/catalog_texts.py [--baseline REV] [--number N] [--rounds R]

For four texts (no field, two fields, a plural form with a ``:n`` number, a text with a nested
text) it times :meth:`Catalog.lazy` and :func:`render` in English and in German, each version
``rounds`` times in turn with ``number`` calls a time, and prints the best microseconds per call
of each and their ratio (baseline / current: above 1 is faster now).
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import timeit
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EN = """\
plain = "The round is over."
[hand]
holds = "{name} holds {cards}."
cards = { one = "{count:n} card", other = "{count:n} cards" }
"""
DE = """\
plain = "Die Runde ist vorbei."
[hand]
holds = "{name} hält {cards}."
cards = { one = "{count:n} Karte", other = "{count:n} Karten" }
"""


def baseline_module(revision: str, folder: Path) -> ModuleType:
    """``tabletop/catalog.py`` as it is at ``revision``, imported under another name."""
    source = subprocess.run(
        ["git", "show", f"{revision}:tabletop/catalog.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = folder / "catalog_baseline.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("catalog_baseline", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalog_baseline"] = module
    spec.loader.exec_module(module)
    return module


def cases(module: Any, folder: Path) -> dict[str, tuple[Any, dict[str, Any]]]:
    """Each case's ``lazy`` call (a function and its arguments), on a fresh catalog of ``module``."""
    catalog = module.Catalog(folder)
    cards = catalog.lazy("hand.cards", count=1234)
    return {
        "no field": (catalog.lazy, {"key": "plain"}),
        "2 fields": (catalog.lazy, {"key": "hand.holds", "name": "Ada", "cards": "three"}),
        "plural :n": (catalog.lazy, {"key": "hand.cards", "count": 1234}),
        "nested": (catalog.lazy, {"key": "hand.holds", "name": "Ada", "cards": cards}),
    }


def calls(module: Any, lazy: Any, key: str, fields: dict[str, Any]) -> dict[str, Callable[[], object]]:
    """The calls timed for one case: making its text, and showing it in English and in German."""
    text = lazy(key, **fields)
    return {
        "lazy": lambda: lazy(key, **fields),
        "render en": lambda: module.render(text, "en"),
        "render de": lambda: module.render(text, "de"),
    }


def best(statement: Any, number: int) -> float:
    """Microseconds per call of ``statement``, one timing of ``number`` calls."""
    return timeit.timeit(statement, number=number) / number * 1e6


def main() -> None:
    """Time both versions, alternately, and print the table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--baseline", default="integ", help="git revision to compare with (default: integ)")
    parser.add_argument("--number", type=int, default=20000, help="calls per timing (default: 20000)")
    parser.add_argument("--rounds", type=int, default=7, help="timings of each version (default: 7)")
    args = parser.parse_args()

    from tabletop import catalog as current

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "en.toml").write_text(EN, encoding="utf-8")
        (folder / "de.toml").write_text(DE, encoding="utf-8")
        baseline = baseline_module(args.baseline, Path(tmp))
        versions = {"baseline": cases(baseline, folder), "current": cases(current, folder)}
        results: dict[tuple[str, str, str], float] = {}
        for _ in range(args.rounds):
            for name, found in versions.items():
                module = baseline if name == "baseline" else current
                for case, (lazy, kwargs) in found.items():
                    key = kwargs["key"]
                    fields = {k: v for k, v in kwargs.items() if k != "key"}
                    timings = calls(module, lazy, key, fields)
                    for what, statement in timings.items():
                        spent = best(statement, args.number)
                        slot = (case, what, name)
                        results[slot] = min(results.get(slot, spent), spent)

    print(
        f"catalog texts: baseline {args.baseline}, {args.number} calls x {args.rounds} rounds, best us/call"
    )
    print(f"{'text':10} {'call':10} {'baseline':>9} {'current':>9} {'ratio':>6}")
    for case in versions["current"]:
        for what in ("lazy", "render en", "render de"):
            old, new = results[(case, what, "baseline")], results[(case, what, "current")]
            print(f"{case:10} {what:10} {old:9.2f} {new:9.2f} {old / new:6.1f}")


if __name__ == "__main__":
    main()
