"""Timings of the Yu-Gi-Oh engine on the example positions.

Run on demand: ``python bench/bench_ygo.py [--repeat N] [--cpu] [--json]``. Prints the median time of
``legal_actions`` and ``apply`` (the first listed action) on each example position, and of
``list_chains`` from each position and from the window that its first action opens.
The state's derived values (``State.derived``) are dropped before every timed call, so each
figure is a cold call.
"""

from __future__ import annotations

import argparse
import sys

from timing import ROOT, Figures, machine, median_ms, run_bench  # first: it puts this checkout on sys.path

from cardjudge import apply, legal_actions, list_chains, load_position

EXAMPLES = ["ygo-wanghu.yaml", "ygo-solemn-warning.yaml", "ygo-battle.yaml", "ygo-midgame.yaml"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median taken)")
    return run_bench(parser, lambda args, figures: report(args.repeat, figures), argv)


def report(repeat: int, figures: Figures) -> None:
    """Time each example position and print (and record) its figures."""

    rows = []
    for name in EXAMPLES:
        state = load_position(ROOT / "examples" / name)
        actions = legal_actions(state)
        first = actions[0]
        la = median_ms(legal_actions, state, repeat)
        ap = median_ms(lambda s, first=first: apply(s, first), state, repeat)
        lc = median_ms(list_chains, state, max(5, repeat // 3))
        after = apply(state, first)
        lc_after = median_ms(list_chains, after, max(5, repeat // 3)) if legal_actions(after) else float("nan")
        label = name.removesuffix(".yaml")
        rows.append((label, len(actions), la, ap, lc, first.to_dict()["text"], lc_after))
        figures.add(f"{label} actions", len(actions), "count")
        figures.add(f"{label} legal_actions", la, "ms")
        figures.add(f"{label} apply", ap, "ms")
        figures.add(f"{label} list_chains", lc, "ms")
        figures.add(f"{label} chains", len(list_chains(state).chains), "count")
        if lc_after == lc_after:  # not NaN: the first action opens a window
            figures.add(f"{label} list_chains after first", lc_after, "ms")

    print(f"{machine()}, median of {repeat} runs, cold memo")
    head = ("position", "actions", "legal_actions ms", "apply ms", "list_chains ms", "list_chains after 1st ms")
    print(f"{head[0]:<22} {head[1]:>7} {head[2]:>16} {head[3]:>9} {head[4]:>14} {head[5]:>24}")
    for name, n, la, ap, lc, _first_text, lc_after in rows:
        print(f"{name:<22} {n:>7} {la:>16.2f} {ap:>9.2f} {lc:>14.2f} {lc_after:>24.2f}")
    print()
    print("first action of each position (applied, and the window it opens for list_chains):")
    for name, _n, _la, _ap, _lc, first_text, _ in rows:
        print(f"  {name}: {first_text}")


if __name__ == "__main__":
    sys.exit(main())
