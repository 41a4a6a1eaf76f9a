"""Timings of the mana-payment solver.

Run on demand: ``python bench/bench_mana.py [--repeat N] [--cpu] [--json]``. Prints the median time to list
every payment of {2}{W}{U} from 16 sources whose colors cycle W U B R G (each source taps for
one mana of its color), as all different permanents and as basic lands (five interchangeable
classes, ruling G1); then ``can_pay`` and ``max_x`` on the same sources; then the costs of a
mid-game hand paid from seven lands and a Llanowar Elves. Every figure is a cold call (the
remembered answers are forgotten first), except the one marked "remembered".

The reference figure measured with python-constraint2 on the same sources (see the notes on
solver performance) counted assignments of sources to symbols: 1,092 of them, 0.05 s. A payment
here is a set of sources, whatever symbol each one pays, so there are fewer of them.
"""

from __future__ import annotations

import argparse
import statistics
import timeit

import timing  # first: it puts this checkout on sys.path

from cardjudge.rules.mtg import mana
from cardjudge.rules.mtg.mana import COLORS, ManaSource, can_pay, max_x, parse_mana_cost, payments

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def sources(count: int, interchangeable: bool) -> list[ManaSource]:
    """``count`` sources whose colors cycle WUBRG; basic lands of one type share a class."""
    made = []
    for oid in range(count):
        color = COLORS[oid % 5]
        made.append(ManaSource(oid=oid, ability=0, produces=(color,), klass=BASICS[color] if interchangeable else None))
    return made


def median_ms(call, repeat: int, cold: bool = True) -> float:
    """Median of ``repeat`` runs of ``call()``, in milliseconds, each after forgetting answers."""

    def run():
        if cold:
            mana._cached_payments.cache_clear()
        call()

    return statistics.median(timeit.repeat(run, repeat=repeat, number=1, timer=timing.clock)) * 1000


def midgame(repeat: int, figures: timing.Figures) -> None:
    """A hand's costs paid from Forest x4, Mountain x3 and a Llanowar Elves."""
    lands = [ManaSource(oid, 0, (kind,), klass=BASICS[kind]) for oid, kind in enumerate("GGGGRRR")]
    lands.append(ManaSource(10, 0, ("G",), klass="Llanowar Elves"))
    costs = [parse_mana_cost(text) for text in ["{1}{G}", "{R}", "{2}{G}{G}", "{X}{R}", "{3}", "{G/W}{G/W}", "{1}{B}"]]

    def hand():
        return [payments(cost, "", lands, x=2) for cost in costs]

    listed = sum(len(found) for found in hand())
    cold = median_ms(hand, repeat)
    print(f"payments of a 7-card hand from 7 lands and an Elf: {listed} payments in {cold:.2f} ms")
    hand()
    remembered = median_ms(hand, repeat, cold=False)
    print(f"the same, remembered: {remembered:.3f} ms")
    figures.add("hand payments", listed, "count")
    figures.add("hand", cold, "ms")
    figures.add("hand remembered", remembered, "ms")


def main() -> None:
    """Print one line per measured call."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    timing.add_output_options(parser)
    arguments = parser.parse_args()
    figures = timing.Figures(arguments)
    with figures.text():
        report(arguments.repeat, figures)
    figures.write()


def report(repeat: int, figures: timing.Figures) -> None:
    """Time each payment problem; print (and record) its figures."""
    print(f"{timing.machine()}, median of {repeat} runs, {figures.clock} clock")
    cost = parse_mana_cost("{2}{W}{U}")
    fireball = parse_mana_cost("{X}{R}")
    for count, interchangeable in [(16, False), (16, True), (24, False), (24, True)]:
        pool = sources(count, interchangeable)
        label = f"{count} sources, {'basic lands (G1)' if interchangeable else 'all different'}"
        key = f"{count} {'basic' if interchangeable else 'different'}"
        listed = len(payments(cost, "", pool))
        time = median_ms(lambda pool=pool: payments(cost, "", pool), repeat)
        print(f"payments {cost} from {label}: {listed} payments in {time:.1f} ms")
        figures.add(f"payments {key} count", listed, "count")
        figures.add(f"payments {key}", time, "ms")
        time = median_ms(lambda pool=pool: can_pay(cost, "", pool), repeat)
        print(f"can_pay  {cost} from {label}: {time:.2f} ms")
        figures.add(f"can_pay {key}", time, "ms")
        best = max_x(fireball, "", pool)
        time = median_ms(lambda pool=pool: max_x(fireball, "", pool), repeat)
        print(f"max_x    {fireball} from {label}: X = {best} in {time:.2f} ms")
        figures.add(f"max_x {key}", time, "ms")
    midgame(repeat, figures)


if __name__ == "__main__":
    main()
