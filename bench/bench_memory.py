"""Memory kept per searched state: the Magic and Yu-Gi-Oh! mid-game combo searches.

Each search runs in a fresh process (so one does not inherit another's memory) with a node
limit; the figure is the growth of the process's peak resident memory over the search,
divided by the distinct states it met. A second search with half the node limit gives the
memory each further state adds (the difference of the two peaks over the difference of their
states): what a long search keeps per state, once the memos of a bounded size are full.
Run from the checkout:

    python bench/bench_memory.py [--nodes 6000] [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from timing import ROOT, Figures, add_output_options
SEARCHES = {
    "mtg-midgame": ("examples/mtg-midgame.yaml", "opponent.life <= 0"),
    "ygo-midgame": ("examples/ygo-midgame.yaml", "opponent.lp <= 0"),
}

_CHILD = r"""
import json, resource, sys
sys.path.insert(0, sys.argv[1])
import cardjudge as cj
from cardjudge.cards.loader import library
state = cj.load_position(sys.argv[2])
library(state.game)
cj.legal_actions(state)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
result = cj.find_combos(state, sys.argv[3], limit_nodes=int(sys.argv[4]), limit_seconds=None)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"states": result.stats.states, "nodes": result.stats.nodes, "kb": after - before,
                  "seconds": result.stats.seconds}))
"""


def measure(position: str, goal: str, nodes: int) -> dict:
    """Run one search in a child process; its states, nodes and peak memory growth (KB)."""
    out = subprocess.run([sys.executable, "-c", _CHILD, str(ROOT), str(ROOT / position), goal, str(nodes)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Print the peak memory per state of each search."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=6000, help="node limit of the longer search")
    add_output_options(parser)  # --cpu changes nothing: the figures are memory
    options = parser.parse_args()
    figures = Figures(options)
    with figures.text():
        report(options.nodes, figures)
    figures.write()


def report(nodes: int, figures: Figures) -> None:
    """Measure each search at ``nodes`` and at half as many; print (and record) the figures."""
    for name, (position, goal) in SEARCHES.items():
        half = measure(position, goal, nodes // 2)
        full = measure(position, goal, nodes)
        per_state = full["kb"] / max(full["states"], 1)
        added = (full["kb"] - half["kb"]) / max(full["states"] - half["states"], 1)
        print(f"{name}: {full['states']} states, {full['nodes']} nodes, {full['seconds']:.1f} s, "
              f"peak memory +{full['kb'] / 1024:.0f} MB = {per_state:.1f} KB per state; "
              f"from {half['states']} to {full['states']} states: {added:.1f} KB per further state")
        figures.add(f"{name} states", full["states"], "count")
        figures.add(f"{name} KB per state", per_state, "KB")
        figures.add(f"{name} KB per further state", added, "KB")


if __name__ == "__main__":
    main()
