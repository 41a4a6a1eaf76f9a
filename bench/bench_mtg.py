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

from timing import ROOT, machine, median_fastest_ms  # first: it puts this checkout on sys.path

from cardjudge import apply, legal_actions, load_position
from cardjudge.rules.mtg import mana, shapes, views

EXAMPLES = ["mtg-midgame.yaml", "mtg-end-step.yaml"]


def forget_answers() -> None:
    """Forget the answers remembered across states (payments, problems by shape, printed characteristics)."""
    mana._cached_payments.cache_clear()
    shapes.forget()
    views._printed_by_definition.clear()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median taken)")
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
                   median_fastest_ms(lambda s: apply(s, first), state, args.repeat)]
        columns = " ".join(f"{f'{median:.2f} / {fastest:.2f}':>15}" for median, fastest in figures)
        print(f"{name.removesuffix('.yaml'):<18} {len(actions):>7} {columns}  {first.text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
