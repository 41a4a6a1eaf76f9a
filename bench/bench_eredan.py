"""Timings of the Eredan engine on the example positions.

Run on demand: ``python bench/bench_eredan.py [--repeat N]``. Prints the median time of
``legal_actions`` and ``apply`` (the first listed action) in the play phase of the example
fight (no derived value kept), of ``list_chains`` from there, and the states per second of the
combo search on ``examples/eredan-combo.yaml`` in each chance mode.
"""

from __future__ import annotations

import argparse

from timing import ROOT, machine, median_ms  # first: it puts this checkout on sys.path

from cardjudge import apply, find_combos, legal_actions, list_chains, load_position


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    print(machine())
    fight = load_position(ROOT / "examples" / "eredan-fight.yaml")
    play = apply(fight, legal_actions(fight)[0])
    for name, state in (("fight_choice", fight), ("play", play)):
        first = legal_actions(state)[0]
        print(
            f"{name}: legal_actions {median_ms(legal_actions, state, args.repeat):.3f} ms "
            f"({len(legal_actions(state))} actions), "
            f"apply {median_ms(lambda s, first=first: apply(s, first), state, args.repeat):.3f} ms"
        )
    chains = median_ms(list_chains, play, max(3, args.repeat // 10))
    listing = list_chains(play)
    print(f"list_chains from the play phase: {chains:.1f} ms ({len(listing.chains)} orders, {listing.nodes} positions)")
    combo = load_position(ROOT / "examples" / "eredan-combo.yaml")
    for chance in ("worst", "best", "expect"):
        result = find_combos(combo, "win", max_actions=3, chance=chance)
        stats = result.stats
        rate = stats.states / stats.seconds if stats.seconds else float("inf")
        print(
            f"combos win, chance={chance}: {stats.nodes} nodes, {stats.states} states, "
            f"{stats.seconds:.3f} s, {rate:.0f} states/s; {result.reason}"
        )


if __name__ == "__main__":
    main()
