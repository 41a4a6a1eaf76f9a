"""Timings of the Eredan engine on the example positions.

Run on demand: ``python bench/bench_eredan.py [--repeat N] [--search-repeat N] [--cpu] [--json]``.
Prints the median time of ``legal_actions`` and ``apply`` (the first listed action) in the play
phase of the example fight (no derived value kept), of ``list_chains`` from there, and the states
per second of the combo search on ``examples/eredan-combo.yaml`` in each chance mode (the fastest
of ``--search-repeat`` searches, each from a freshly loaded position).
"""

from __future__ import annotations

import argparse

from timing import ROOT, Figures, clock, machine, median_ms, run_bench  # first: it puts this checkout on sys.path

from cardjudge import apply, find_combos, legal_actions, list_chains, load_position


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--search-repeat", type=int, default=1, help="searches in each chance mode (fastest kept)")
    run_bench(parser, report)


def report(args, figures: Figures) -> None:
    """Time the example fight and the combo searches; print (and record) the figures."""
    print(f"{machine()}, {figures.clock} clock")
    fight = load_position(ROOT / "examples" / "eredan-fight.yaml")
    play = apply(fight, legal_actions(fight)[0])
    for name, state in (("fight_choice", fight), ("play", play)):
        first = legal_actions(state)[0]
        listing = median_ms(legal_actions, state, args.repeat)
        applying = median_ms(lambda s, first=first: apply(s, first), state, args.repeat)
        print(f"{name}: legal_actions {listing:.3f} ms ({len(legal_actions(state))} actions), apply {applying:.3f} ms")
        figures.add(f"{name} legal_actions", listing, "ms")
        figures.add(f"{name} apply", applying, "ms")
    chains = median_ms(list_chains, play, max(3, args.repeat // 10))
    listing = list_chains(play)
    print(f"list_chains from the play phase: {chains:.1f} ms ({len(listing.chains)} orders, {listing.nodes} positions)")
    figures.add("list_chains", chains, "ms")
    figures.add("list_chains orders", len(listing.chains), "count")
    for chance in ("worst", "best", "expect"):
        runs = []
        for _ in range(max(args.search_repeat, 1)):
            combo = load_position(ROOT / "examples" / "eredan-combo.yaml")
            began = clock()
            result = find_combos(combo, "win", max_actions=3, chance=chance)
            runs.append((clock() - began, result))
        seconds, result = min(runs, key=lambda run: run[0])
        stats = result.stats
        rate = stats.states / seconds if seconds else float("inf")
        print(f"combos win, chance={chance}: {stats.nodes} nodes, {stats.states} states, "
              f"{seconds:.3f} s, {rate:.0f} states/s (fastest of {len(runs)}); {result.reason}")
        figures.add(f"combos {chance} states", stats.states, "count")
        figures.add(f"combos {chance} states per second", rate, "/s")


if __name__ == "__main__":
    main()
