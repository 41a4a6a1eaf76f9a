"""Timings of the Magic engine on the example positions.

Run on demand: ``python bench/bench_mtg.py [--repeat N]``. Prints the median time of
``legal_actions`` and of ``apply`` (the first listed action) on each Magic example
position. The per-state memo is cleared before every timed call, so each figure is a
cold call; the answers remembered across states (mana payments, cost and target problems by
shape) are kept, as in a search, except in the column "all cold" where they are forgotten too.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout, not an installed copy

from cardjudge import apply, legal_actions, load_position  # noqa: E402
from cardjudge.rules.mtg import mana, shapes  # noqa: E402
EXAMPLES = ["mtg-midgame.yaml", "mtg-end-step.yaml"]


def cold(state):
    """``state`` with its per-state memo emptied (the memo is not part of the state's value)."""
    object.__setattr__(state, "_cache", None)
    return state


def forget_answers() -> None:
    """Forget the answers remembered across states (payments, problems by shape)."""
    mana._cached_payments.cache_clear()
    shapes.forget()


def median_ms(call, state, repeat: int, all_cold: bool = False) -> float:
    def run():
        cold(state)
        if all_cold:
            forget_answers()
        call(state)

    return statistics.median(timeit.repeat(run, repeat=repeat, number=1)) * 1000


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median taken)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, median of {args.repeat} runs, cold memo")
    print(f"{'position':<18} {'actions':>7} {'legal_actions ms':>16} {'all cold':>9} {'apply ms':>9}  first action")
    for name in EXAMPLES:
        state = load_position(ROOT / "examples" / name)
        actions = legal_actions(state)
        first = actions[0]
        la = median_ms(legal_actions, state, args.repeat)
        la_cold = median_ms(legal_actions, state, args.repeat, all_cold=True)
        ap = median_ms(lambda s: apply(s, first), state, args.repeat)
        print(f"{name.removesuffix('.yaml'):<18} {len(actions):>7} {la:>16.2f} {la_cold:>9.2f} {ap:>9.2f}  {first.text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
