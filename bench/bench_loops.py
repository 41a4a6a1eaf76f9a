"""Timings of the loop analysis.

Run on demand: ``python bench/bench_loops.py [--repeat N]``. Prints, fastest of N runs:

- the static analysis (``find_loops(..., static_only=True)``: the dependency graph from the
  declared facts, its strongly connected components, the bounded cycle listing and what the
  facts bound) of each whole built-in library; target under 1 s each;
- the confirmation by search of each loop position under ``tests/data/loops`` (Magic: a
  mandatory loop, a pumping loop, a cycle proved not to start by exhausting the position;
  Yu-Gi-Oh!: a mandatory loop broken by policy, an effect used at will; and the classic loops:
  Kiki-Jiki + Pestermite, Basalt Monolith + Rings of Brighthearth, Heliod + Walking Ballista,
  Sanguine Bond + Exquisite Blood with and without Platinum Angel, Worldgorger Dragon + Animate
  Dead, Nettle Sentinel + Heritage Druid, Destiny HERO - Departed + King Tiger Wanghu);
  target under 2 s each.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardjudge import native  # noqa: E402
from cardjudge.solver.loops import find_loops  # noqa: E402

LIBRARIES = ["cardjudge/cards/ygo", "cardjudge/cards/mtg", "cardjudge/cards/eredan"]
POSITIONS = ["tests/data/loops/mtg-mandatory-tapper.yaml", "tests/data/loops/mtg-optional-pump.yaml",
             "tests/data/loops/mtg-golem-alone.yaml", "tests/data/loops/ygo-phoenix-wanghu.yaml",
             "tests/data/loops/ygo-counter-pump.yaml",
             # the classic loops
             "tests/data/loops/mtg-kiki-pestermite.yaml", "tests/data/loops/mtg-monolith-rings.yaml",
             "tests/data/loops/mtg-heliod-ballista.yaml", "tests/data/loops/mtg-sanguine-exquisite.yaml",
             "tests/data/loops/mtg-sanguine-platinum.yaml", "tests/data/loops/mtg-worldgorger-animate-dead.yaml",
             "tests/data/loops/mtg-nettle-druid.yaml", "tests/data/loops/ygo-departed-wanghu.yaml"]


def fastest(repeat: int, run) -> tuple[float, object]:
    """The fastest of ``repeat`` runs of ``run()``, with the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {native.install().describe()}")
    print("static analysis of each built-in library (target < 1 s):")
    for path in LIBRARIES:
        seconds, result = fastest(args.repeat, lambda path=path: find_loops(str(ROOT / path), static_only=True))
        kinds: dict = {}
        for loop in result.loops:
            kinds[loop.kind] = kinds.get(loop.kind, 0) + 1
        print(f"  {path}: {seconds * 1000:.0f} ms, {result.stats['abilities']} abilities, "
              f"{result.stats['edges']} links, {result.stats['cycles']} cycles listed, {kinds or 'acyclic'}")
    print("confirmation by search (target < 2 s each):")
    for path in POSITIONS:
        seconds, result = fastest(args.repeat, lambda path=path: find_loops(str(ROOT / path)))
        kinds = [f"{loop.kind}/{loop.outcome}" for loop in result.loops]
        print(f"  {path}: {seconds * 1000:.0f} ms, {result.stats['nodes']} nodes, {kinds}")


if __name__ == "__main__":
    main()
