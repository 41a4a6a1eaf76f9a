"""Timings of the Magic engine on the example positions.

Run on demand: ``python bench/bench_mtg.py [--repeat N]``. Prints the median time of
``legal_actions`` and of ``apply`` (the first listed action) on each Magic example
position. The per-state memo is cleared before every timed call, so each figure is a
cold call; the answers remembered across states (mana payments, cost and target problems by
shape, the characteristics a card definition prints) are kept, as in a search, except in the
column "all cold" where they are forgotten too.
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
from cardjudge.rules.mtg import mana, shapes, views  # noqa: E402
EXAMPLES = ["mtg-midgame.yaml", "mtg-end-step.yaml"]


def cold(state):
    """``state`` with its per-state memo emptied (the memo is not part of the state's value)."""
    object.__setattr__(state, "_cache", None)
    return state


def forget_answers() -> None:
    """Forget the answers remembered across states (payments, problems by shape, printed characteristics)."""
    mana._cached_payments.cache_clear()
    shapes.forget()
    views._printed_chars.clear()


def timings_ms(call, state, repeat: int, all_cold: bool = False) -> tuple[float, float]:
    """(median, fastest) of ``repeat`` cold calls, in milliseconds (the fastest is the figure
    least disturbed by other processes on a busy machine)."""

    def run():
        cold(state)
        if all_cold:
            forget_answers()
        call(state)

    times = timeit.repeat(run, repeat=repeat, number=1)
    return statistics.median(times) * 1000, min(times) * 1000


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median taken)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.repeat} runs each, cold memo")
    print("legal_actions and apply in ms, median / fastest")
    print(f"{'position':<18} {'actions':>7} {'legal_actions':>15} {'all cold':>15} {'apply':>15}  first action")
    for name in EXAMPLES:
        state = load_position(ROOT / "examples" / name)
        actions = legal_actions(state)
        first = actions[0]
        figures = [timings_ms(legal_actions, state, args.repeat), timings_ms(legal_actions, state, args.repeat, True),
                   timings_ms(lambda s: apply(s, first), state, args.repeat)]
        columns = " ".join(f"{f'{median:.2f} / {fastest:.2f}':>15}" for median, fastest in figures)
        print(f"{name.removesuffix('.yaml'):<18} {len(actions):>7} {columns}  {first.text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
