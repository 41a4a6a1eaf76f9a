"""Speed of one-move combo goals on the Magic mid-game: how quickly a search says "complete".

Run on demand: ``python bench/bench_goals.py [--repeat N] [--json]``. For each goal it prints the answer,
the nodes expanded, the distinct states seen, and the search's seconds on CPU time and on the
wall clock, the fastest of ``--repeat`` runs, each from a freshly loaded position (loading left
out). CPU time is the figure to compare on a shared machine: the wall clock counts the time other
work takes the processor.

The first goal is the one-action goal of the README, ``count(you.battlefield, name == 'Goblin
Token') >= 1`` (cast Krenko's Command; default one turn): 274 first moves, each followed by the
passes to the end of the turn when it is not the one.
"""

from __future__ import annotations

import argparse
import time

import timing  # noqa: F401  (puts this checkout first on sys.path)

from cardjudge import load_position
from cardjudge.solver.combos import find_combos

POSITION = timing.ROOT / "examples" / "mtg-midgame.yaml"
GOALS = (
    ("count(you.battlefield, name == 'Goblin Token') >= 1", 3),
    ("count(you.battlefield, name == 'Goblin Token') >= 1", 1),
    ("opponent.life <= 10", 2),
)


def run(goal: str, max_actions: int):
    """(result, CPU seconds, wall seconds) of one search from a freshly loaded position."""
    state = load_position(str(POSITION))
    cpu, wall = time.process_time(), time.perf_counter()
    result = find_combos(state, goal, max_actions=max_actions)
    return result, time.process_time() - cpu, time.perf_counter() - wall


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    timing.add_output_options(parser)  # --cpu changes nothing: both clocks are printed, JSON has the chosen one
    args = parser.parse_args(argv)
    figures = timing.Figures(args)
    with figures.text():
        report(args.repeat, figures)
    figures.write()
    return 0


def report(repeat: int, figures: timing.Figures) -> None:
    """Search each goal ``repeat`` times; print (and record) the fastest."""
    print(f"{timing.machine()}; fastest of {repeat}")
    print(f"{'goal':<56} {'max':>3} {'answer':<17} {'nodes':>6} {'states':>6} {'cpu s':>7} {'wall s':>7}")
    for goal, max_actions in GOALS:
        runs = [run(goal, max_actions) for _ in range(repeat)]
        result = runs[0][0]
        cpu = min(r[1] for r in runs)
        wall = min(r[2] for r in runs)
        answer = ("found" if result.found else "no line") + (", complete" if result.complete else ", cut")
        print(f"{goal:<56} {max_actions:>3} {answer:<17} {result.stats.nodes:>6} {result.stats.states:>6} "
              f"{cpu:>7.3f} {wall:>7.3f}")
        key = f"{goal} max {max_actions}"
        figures.add(f"{key} nodes", result.stats.nodes, "count")
        figures.add(f"{key} states", result.stats.states, "count")
        figures.add(f"{key} seconds", cpu if figures.clock == "cpu" else wall, "s")


if __name__ == "__main__":
    raise SystemExit(main())
