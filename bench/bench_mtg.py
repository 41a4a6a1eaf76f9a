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
"""

from __future__ import annotations

import argparse
import time

from timing import ROOT, machine, median_fastest_ms  # first: it puts this checkout on sys.path

from cardjudge import apply, find_combos, legal_actions, load_position
from cardjudge.rules.mtg import mana, shapes, views

EXAMPLES = ["mtg-midgame.yaml", "mtg-end-step.yaml"]
SEARCH = ("mtg-midgame.yaml", "opponent.life <= 10", 2)  # position, goal, max actions


def forget_answers() -> None:
    """Forget the answers remembered across states (payments, problems by shape, printed characteristics)."""
    mana._cached_payments.cache_clear()
    shapes.forget()
    views._printed_by_definition.clear()
    views._carried_chars.clear()
    views._carried_defs.clear()
    views._rule_abilities_by_definition.clear()
    views._carried_statics.clear()
    views._carried_permanents.clear()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median taken)")
    parser.add_argument("--search-repeat", type=int, default=3, help="runs of the combo search (fastest kept)")
    args = parser.parse_args(argv)
    print(f"{machine()}, {args.repeat} runs each, cold memo")
    print("legal_actions and apply in ms, median / fastest")
    print(f"{'position':<18} {'actions':>7} {'legal_actions':>15} {'all cold':>15} {'apply':>15}  first action")
    for name in EXAMPLES:
        state = load_position(ROOT / "examples" / name)
        actions = legal_actions(state)
        first = actions[0]
        figures = [median_fastest_ms(legal_actions, state, args.repeat),
                   median_fastest_ms(legal_actions, state, args.repeat, before=forget_answers),
                   median_fastest_ms(lambda s, first=first: apply(s, first), state, args.repeat)]
        columns = " ".join(f"{f'{median:.2f} / {fastest:.2f}':>15}" for median, fastest in figures)
        print(f"{name.removesuffix('.yaml'):<18} {len(actions):>7} {columns}  {first.text}")
    search_figure(args.search_repeat)
    return 0


def search_figure(repeat: int) -> None:
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


if __name__ == "__main__":
    raise SystemExit(main())
