"""Timings of the Magic engine on the example positions.

Run on demand: ``python bench/bench_mtg.py [--repeat N]``. Prints the median time of
``legal_actions`` and of ``apply`` (the first listed action) on each Magic example
position. The per-state memo is cleared before every timed call, so each figure is a
cold call.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import timeit
from pathlib import Path

from cardjudge import apply, legal_actions, load_position

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ["mtg-midgame.yaml", "mtg-end-step.yaml"]


def cold(state):
    """``state`` with its per-state memo emptied (the memo is not part of the state's value)."""
    object.__setattr__(state, "_cache", None)
    return state


def median_ms(call, state, repeat: int) -> float:
    def run():
        cold(state)
        call(state)

    return statistics.median(timeit.repeat(run, repeat=repeat, number=1)) * 1000


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median taken)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, median of {args.repeat} runs, cold memo")
    print(f"{'position':<18} {'actions':>7} {'legal_actions ms':>16} {'apply ms':>9}  first action")
    for name in EXAMPLES:
        state = load_position(ROOT / "examples" / name)
        actions = legal_actions(state)
        first = actions[0]
        la = median_ms(legal_actions, state, args.repeat)
        ap = median_ms(lambda s: apply(s, first), state, args.repeat)
        print(f"{name.removesuffix('.yaml'):<18} {len(actions):>7} {la:>16.2f} {ap:>9.2f}  {first.text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
