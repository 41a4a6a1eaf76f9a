"""The published Forge puzzles of tests/data/forge_published, timed: the import's search for a
solution and ``check_puzzle``'s search for a second one, each with its nodes, states and seconds,
and what the searched positions offer (how many listed actions of each kind: standalone mana
abilities, spells with each payment and target, activations with each X, passes).

Run on demand: ``python bench/bench_forge_published.py [NAME ...]`` (default: every file there).
The machine is shared: compare the figures of one run with each other, not across runs.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from timing import ROOT, machine  # first: it puts this checkout on sys.path

from cardjudge import check_puzzle
from cardjudge.solver import combos
from cardjudge.solver.forge_import import import_pzl

DATA = ROOT / "tests" / "data" / "forge_published"
NO_CLOCK = 24 * 3600.0  # the searches' node limits bound them, as in the tests


def _listing_kinds() -> Counter:
    """Count, from now on, the actions each searched position lists, by kind (a mana ability
    activated on its own counted apart from other activations)."""
    kinds: Counter = Counter()
    listed = combos.EngineDomain.actions

    def counting(self, state):
        actions = listed(self, state)
        kinds["positions"] += 1
        for action in actions:
            kinds["mana ability" if action.get("mana_ability") else action.kind] += 1
        return actions

    combos.EngineDomain.actions = counting
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="file names without .pzl (default: all)")
    args = parser.parse_args()
    names = args.names or sorted(path.stem for path in DATA.glob("*.pzl"))
    print(machine())
    kinds = _listing_kinds()
    for name in names:
        kinds.clear()
        started = time.perf_counter()
        puzzle = import_pzl(DATA / f"{name}.pzl", limit_seconds=NO_CLOCK)
        imported = time.perf_counter() - started
        result = check_puzzle(puzzle, limit_seconds=NO_CLOCK)
        stats = result.stats
        print(f"{name}: import (search for a solution) {imported:.1f} s; check {result.seconds:.1f} s, "
              f"{stats.nodes:,} nodes, {stats.states:,} states, {stats.transposition_hits:,} transposition hits: "
              f"{result.reason}")
        positions = kinds.pop("positions")
        listed = ", ".join(f"{kind} {count / positions:.1f}" for kind, count in kinds.most_common())
        print(f"  actions listed per position (import and check, {positions:,} listings): {listed}")


if __name__ == "__main__":
    main()
