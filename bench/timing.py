"""Timing scaffolding shared by the benchmarks of bench/.

Importing this module puts this checkout first on ``sys.path``, so that a benchmark run as
``python bench/NAME.py`` times this copy of the package and not an installed one. A timed call
starts with no derived value of the state (``cold``): they are not part of a state's value, and
a search meets each state for the first time.
"""

from __future__ import annotations

import platform
import statistics
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def cold(state):
    """``state`` with its derived values dropped (``State.derived()``: not part of the state's value)."""
    object.__setattr__(state, "_derived", None)
    return state


def cold_seconds(call, state, repeat: int, number: int = 1, before=None) -> list[float]:
    """The seconds of one ``call(state)`` on a cold memo, for each of ``repeat`` runs of ``number``
    calls; ``before()``, when given, runs before each call as well (to forget other answers)."""

    def run():
        cold(state)
        if before is not None:
            before()
        call(state)

    return [t / number for t in timeit.repeat(run, repeat=repeat, number=number)]


def median_ms(call, state, repeat: int, number: int = 1) -> float:
    """Median over ``repeat`` runs of ``call(state)`` on a cold memo, in milliseconds."""
    return statistics.median(cold_seconds(call, state, repeat, number)) * 1000


def median_fastest_ms(call, state, repeat: int, before=None) -> tuple[float, float]:
    """(median, fastest) of ``repeat`` cold calls, in milliseconds (the fastest is the figure
    least disturbed by other processes on a busy machine)."""
    times = cold_seconds(call, state, repeat, before=before)
    return statistics.median(times) * 1000, min(times) * 1000


def machine() -> str:
    """The Python version, the machine the figures were measured on, and how much of the package
    ran compiled."""
    from cardjudge import native

    return f"Python {platform.python_version()} on {platform.machine()}, {native.install().describe()}"
