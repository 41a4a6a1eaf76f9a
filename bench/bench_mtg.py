"""Timings of the Magic engine on the example positions.

Run on demand: ``python bench/bench_mtg.py [--repeat N]``. Prints the median time of
``legal_actions`` and of ``apply`` (the first listed action) on each Magic example
position. The state's derived values (``State.derived``) are dropped before every timed call,
so each figure is a cold call; the answers remembered across states (mana payments, cost and target problems by
shape, the characteristics a card definition prints) are kept, as in a search, except in the
column "all cold" where they are forgotten too.

It then runs the mid-game combo search (``cardjudge combos examples/mtg-midgame.yaml --goal
'opponent.life <= 10' --max-actions 2``) ``--search-repeat`` times from a freshly loaded
position and prints the distinct states per second of the fastest run, on the wall clock and
on the process's CPU time (what a machine shared with other work disturbs least).
``--cpu`` times the calls on the CPU clock too; ``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import time

from timing import ROOT, Figures, machine, median_fastest_ms, run_bench  # first: it puts this checkout on sys.path

from cardjudge import apply, find_combos, legal_actions, load_position
from cardjudge.rules.mtg import mana, shapes, views

EXAMPLES = ["mtg-midgame.yaml", "mtg-end-step.yaml"]
SEARCH = ("mtg-midgame.yaml", "opponent.life <= 10", 2)  # position, goal, max actions


# The memos of views kept across states; a checkout from before some of them has fewer.
VIEW_MEMOS = ("_printed_by_definition", "_carried_chars", "_carried_defs", "_rule_abilities_by_definition",
              "_carried_statics", "_carried_permanents")


def forget_answers() -> None:
    """Forget the answers remembered across states (payments, problems by shape, printed characteristics)."""
    mana._cached_payments.cache_clear()
    shapes.forget()
    for name in VIEW_MEMOS:
        memo = getattr(views, name, None)
        if memo is not None:
            memo.clear()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median taken)")
    parser.add_argument("--search-repeat", type=int, default=3, help="runs of the combo search (fastest kept)")
    return run_bench(parser, report, argv)


def report(args, figures: Figures) -> None:
    """Time the example positions and the combo search; print (and record) the figures."""
    print(f"{machine()}, {args.repeat} runs each, cold memo, {figures.clock} clock")
    print("legal_actions and apply in ms, median / fastest")
    print(f"{'position':<18} {'actions':>7} {'legal_actions':>15} {'all cold':>15} {'apply':>15}  first action")
    for name in EXAMPLES:
        state = load_position(ROOT / "examples" / name)
        actions = legal_actions(state)
        first = actions[0]
        timed = [median_fastest_ms(legal_actions, state, args.repeat),
                   median_fastest_ms(legal_actions, state, args.repeat, before=forget_answers),
                   median_fastest_ms(lambda s, first=first: apply(s, first), state, args.repeat)]
        columns = " ".join(f"{f'{median:.2f} / {fastest:.2f}':>15}" for median, fastest in timed)
        label = name.removesuffix(".yaml")
        print(f"{label:<18} {len(actions):>7} {columns}  {first.text}")
        figures.add(f"{label} actions", len(actions), "count")
        for column, (median, fastest) in zip(("legal_actions", "legal_actions all cold", "apply"), timed):
            figures.add(f"{label} {column}", median, "ms")
            figures.add(f"{label} {column} fastest", fastest, "ms")
    search_figure(args.search_repeat, figures)


def search_figure(repeat: int, figures: Figures) -> None:
    """Print the distinct states per second of the fastest of ``repeat`` mid-game combo searches."""
    name, goal, max_actions = SEARCH
    runs = []
    for _ in range(max(repeat, 1)):
        state = load_position(ROOT / "examples" / name)
        started = time.process_time()
        result = find_combos(state, goal, max_actions=max_actions)
        runs.append((result, time.process_time() - started))
    best = min(runs, key=lambda run: run[0].stats.seconds)[0]
    fewest_cpu = min(seconds for _, seconds in runs)
    stats = best.stats
    print(f"combo search {name.removesuffix('.yaml')} --goal '{goal}' --max-actions {max_actions}: "
          f"{stats.nodes} nodes, {stats.states} states in {stats.seconds:.2f} s = "
          f"{stats.states / stats.seconds:,.0f} distinct states per second, wall clock; "
          f"{stats.states / fewest_cpu:,.0f} on CPU time (fastest of {len(runs)}); {best.reason}")
    seconds = fewest_cpu if figures.clock == "cpu" else stats.seconds
    figures.add("search nodes", stats.nodes, "count")
    figures.add("search states", stats.states, "count")
    figures.add("search seconds", seconds, "s")
    figures.add("search states per second", stats.states / seconds, "/s")


if __name__ == "__main__":
    raise SystemExit(main())
