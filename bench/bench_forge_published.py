"""The published Forge puzzles of tests/data/forge_published, timed: the import's search for a
solution and ``check_puzzle``'s search for a second one, each with its nodes, states, CPU and
wall-clock seconds, and what the searched positions offer (how many listed actions of each kind:
standalone mana abilities, spells with each payment and target, activations with each X, passes).

Each puzzle is run twice in the same process: as the searches run (the actions no shortest line
needs left out where the game proves it, ``needless_actions``), then with every legal action
listed (``combos.unreduced``), so that the two are compared in one run. The second run meets warm
memos (payments, compiled expressions): if anything, the comparison favours the full search.

Run on demand: ``python bench/bench_forge_published.py [NAME ...] [--only reduced|full]``
(default: every file there, both searches). The machine is shared: compare the figures of one
run with each other, and CPU seconds rather than wall-clock ones.
"""

from __future__ import annotations

import argparse
import contextlib
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


def _run(name: str, kinds: Counter) -> None:
    """Import and check one puzzle, printing what each search took."""
    kinds.clear()
    last: list = []
    cpu, started = time.process_time(), time.perf_counter()
    puzzle = import_pzl(DATA / f"{name}.pzl", limit_seconds=NO_CLOCK, progress=lambda stats, line: last.append(stats))
    import_cpu, import_wall = time.process_time() - cpu, time.perf_counter() - started
    cpu, started = time.process_time(), time.perf_counter()
    result = check_puzzle(puzzle, limit_seconds=NO_CLOCK)
    check_cpu, check_wall = time.process_time() - cpu, time.perf_counter() - started
    stats = result.stats
    print(f"  import (search for a solution): {last[-1].nodes:,} nodes, CPU {import_cpu:.1f} s (wall {import_wall:.1f} s)")
    print(f"  check (search for a second): {stats.nodes:,} nodes, {stats.states:,} states, "
          f"{stats.transposition_hits:,} transposition hits, CPU {check_cpu:.1f} s (wall {check_wall:.1f} s): "
          f"{result.reason}")
    positions = kinds.pop("positions")
    listed = ", ".join(f"{kind} {count / positions:.1f}" for kind, count in kinds.most_common())
    print(f"  actions listed per position (import and check, {positions:,} listings): {listed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="file names without .pzl (default: all)")
    parser.add_argument("--only", choices=("reduced", "full"), help="run one of the two searches only")
    args = parser.parse_args()
    names = args.names or sorted(path.stem for path in DATA.glob("*.pzl"))
    print(machine())
    kinds = _listing_kinds()
    modes = [args.only] if args.only else ["reduced", "full"]
    for name in names:
        for mode in modes:
            print(f"{name}, {'needless actions left out' if mode == 'reduced' else 'every legal action (unreduced)'}:")
            with combos.unreduced() if mode == "full" else contextlib.nullcontext():
                _run(name, kinds)


if __name__ == "__main__":
    main()
