"""Speed of the combo search on the shipped puzzles, with and without the transposition table.

Run on demand: ``python bench/bench_search.py [--repeat N] [--max-actions N] [--profile NAME] [--cpu] [--json]``.
For each puzzle in ``examples/puzzles/`` it prints the nodes expanded, the distinct states seen
(canonical keys), the seconds and the distinct states per second of the search that solves it
(or proves it impossible), once with the transposition table and once without; the last column
is the ratio of nodes without the table to nodes with it (what the table saves).

Each search starts from a freshly loaded position, so no derived value is reused between runs;
the figure kept is the fastest of ``--repeat`` runs. ``--profile NAME`` prints a cProfile of
``--repeat`` searches of that puzzle instead (the loading of the position left out); run it with
``CARDJUDGE_PURE=1``, as the profiler does not see into compiled modules.

``--exhaust SECONDS`` adds, for each example position of ``examples/``, a search of every line of
the current turn up to ``--max-actions`` (a goal that never holds), stopped after SECONDS: the
throughput on larger positions than the puzzles.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

import timing  # first: it puts this checkout's package on sys.path, not an installed one

from cardjudge import load_position
from cardjudge.solver.combos import EngineDomain, last_turn
from cardjudge.solver.goals import Goal, parse_goal
from cardjudge.solver.puzzles import load_puzzle
from cardjudge.solver.search import search_lines

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "examples" / "puzzles"
GAMES = {"ygo": "Yu-Gi-Oh!", "mtg": "Magic", "eredan": "Eredan"}  # a puzzle file's prefix -> its game


def puzzle(path: Path):
    """(state, goal text, opponent model) of a puzzle file (its ``puzzle:`` metadata)."""
    found = load_puzzle(path)
    return load_position(str(path)), found.goal, found.opponent


def solve(path: Path, max_actions: int, transpositions: bool):
    """(seconds, result) of one search of the puzzle at ``path`` from a freshly loaded position
    (the loading left out), on the benchmark's clock."""
    loaded = puzzle(path)
    began = timing.clock()
    result = search(loaded, max_actions, transpositions)
    return timing.clock() - began, result


def search(loaded, max_actions: int, transpositions: bool):
    """One search of a loaded puzzle (state, goal text, opponent model)."""
    state, goal_text, opponent = loaded
    goal = parse_goal(goal_text, state)
    domain = EngineDomain(state, last_turn=last_turn(state, goal.player, 1, goal.next_turn))
    return search_lines(domain, state, goal, searcher=goal.player, max_actions=max_actions,
                        opponent=opponent, transpositions=transpositions, limit_seconds=300)


def best_of(path: Path, max_actions: int, transpositions: bool, repeat: int):
    """(seconds, result) of the fastest of ``repeat`` searches (the counters are the same in every run)."""
    results = [solve(path, max_actions, transpositions) for _ in range(repeat)]
    return min(results, key=lambda run: run[0])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs per figure (fastest kept)")
    parser.add_argument("--max-actions", type=int, default=3, help="bound of counted actions")
    parser.add_argument("--profile", metavar="NAME", help="profile --repeat searches of this puzzle")
    parser.add_argument("--exhaust", type=float, metavar="SECONDS", help="also search the example positions exhaustively")
    parser.add_argument("--no-tt-repeat", type=int, metavar="N",
                        help="runs of each search without the table (default --repeat; its nodes are the same in each)")
    timing.add_output_options(parser)
    args = parser.parse_args(argv)

    paths = sorted(PUZZLES.glob("*.yaml"))
    if args.profile:
        path = next(p for p in paths if p.stem == args.profile.removesuffix(".yaml"))
        profiler = cProfile.Profile()
        loaded = [puzzle(path) for _ in range(args.repeat)]  # loading the YAML is left out of the profile
        for one in loaded:
            profiler.runcall(search, one, args.max_actions, True)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    figures = timing.Figures(args)
    with figures.text():
        report(paths, args, figures)
    figures.write()
    return 0


def report(paths: list[Path], args, figures: timing.Figures) -> None:
    """Search each puzzle with and without the table; print (and record) the figures."""
    print(f"{timing.machine()}, max {args.max_actions} actions, fastest of {args.repeat} runs, {figures.clock} clock")
    head = ("puzzle", "answer", "nodes", "states", "s", "states/s", "nodes (no TT)", "states/s (no TT)", "ratio")
    print(f"{head[0]:<24} {head[1]:<9} {head[2]:>7} {head[3]:>7} {head[4]:>7} {head[5]:>9} "
          f"{head[6]:>13} {head[7]:>16} {head[8]:>6}")
    totals: dict = {}  # game -> [states, seconds] with the table
    for path in paths:
        seconds, with_tt = best_of(path, args.max_actions, True, args.repeat)
        seconds_no, without = best_of(path, args.max_actions, False, args.no_tt_repeat or args.repeat)
        s = with_tt.stats
        answer = f"{with_tt.lines[0].length} actions" if with_tt.found else "none"
        rate = s.states / seconds if seconds else float("nan")
        rate_no = without.stats.states / seconds_no if seconds_no else float("nan")
        ratio = without.stats.nodes / s.nodes if s.nodes else float("nan")
        game = totals.setdefault(GAMES.get(path.stem.split("-")[0], "other"), [0, 0.0])
        game[0] += s.states
        game[1] += seconds
        print(f"{path.stem:<24} {answer:<9} {s.nodes:>7} {s.states:>7} {seconds:>7.3f} {rate:>9.0f} "
              f"{without.stats.nodes:>13} {rate_no:>16.0f} {ratio:>6.2f}")
        figures.add(f"{path.stem} nodes", s.nodes, "count")
        figures.add(f"{path.stem} states", s.states, "count")
        figures.add(f"{path.stem} states per second", rate, "/s")
        figures.add(f"{path.stem} nodes without the table", without.stats.nodes, "count")
        figures.add(f"{path.stem} nodes saved by the table", ratio, "x")
    for game, (states, seconds) in totals.items():
        print(f"{game} puzzles: {states} states in {seconds:.3f} s = "
              f"{states / seconds:.0f} distinct states per second (with the table)")
        figures.add(f"{game} puzzles states per second", states / seconds, "/s")
    if args.exhaust:
        exhaust(args.max_actions, args.exhaust)


def exhaust(max_actions: int, seconds: float) -> None:
    """Every line of this turn from each example position, up to ``max_actions``, time-boxed."""
    print()
    print(f"every line of this turn up to {max_actions} actions, at most {seconds:g} s each")
    print(f"{'position':<24} {'nodes':>7} {'states':>7} {'s':>7} {'states/s':>9} answer")
    for path in sorted((ROOT / "examples").glob("ygo-*.yaml")):
        state = load_position(str(path))
        never = Goal("never", state.active, lambda s: False)
        result = search_lines(EngineDomain(state, this_turn=True), state, never, searcher=state.active,
                              max_actions=max_actions, limit_seconds=seconds)
        s = result.stats
        print(f"{path.stem:<24} {s.nodes:>7} {s.states:>7} {s.seconds:>7.2f} {s.states / s.seconds:>9.0f} "
              f"{'complete' if result.complete else 'cut short'}")


if __name__ == "__main__":
    sys.exit(main())
