"""Timing scaffolding shared by the benchmarks of bench/.

Importing this module puts this checkout first on ``sys.path``, so that a benchmark run as
``python bench/NAME.py`` times this copy of the package and not an installed one. A timed call
starts with no derived value of the state (``cold``): they are not part of a state's value, and
a search meets each state for the first time.

Every benchmark takes ``--cpu`` (time on the process's CPU clock, what other work on a shared
machine disturbs least) and ``--json`` (its figures as one JSON object on the standard output,
the text going to the standard error): ``bench/compare.py`` reads them.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import statistics
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# The slot of a state's memo of derived values: ``_derived`` now, ``_cache`` in older checkouts,
# which bench/compare.py times with these same benchmarks.
MEMO_SLOTS = ("_derived", "_cache")
_clock = time.perf_counter  # the clock of every timed call; --cpu sets the CPU clock


def cold(state):
    """``state`` with its derived values dropped (``State.derived()``, or the per-state memo of
    older commits: not part of the state's value)."""
    for slot in MEMO_SLOTS:
        if hasattr(type(state), slot):
            object.__setattr__(state, slot, None)
    return state


def clock():
    """The clock the figures are timed on: the wall clock, or the CPU clock under ``--cpu``."""
    return _clock()


def cold_seconds(call, state, repeat: int, number: int = 1, before=None) -> list[float]:
    """The seconds of one ``call(state)`` on a cold memo, for each of ``repeat`` runs of ``number``
    calls; ``before()``, when given, runs before each call as well (to forget other answers)."""

    def run():
        cold(state)
        if before is not None:
            before()
        call(state)

    return [t / number for t in timeit.repeat(run, repeat=repeat, number=number, timer=_clock)]


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

    return f"Python {platform.python_version()} on {platform.machine()} ({processor()}), {native.install().describe()}"


def processor() -> str:
    """The number of cores and the processor's model name (Linux), e.g. ``2 cores, Intel(R) Xeon(R)``."""
    try:
        names = [line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                 if line.startswith("model name")]
    except OSError:
        names = []
    return f"{os.cpu_count()} cores" + (f", {names[0]}" if names else "")


def add_output_options(parser) -> None:
    """The options every benchmark takes: ``--cpu`` and ``--json``."""
    parser.add_argument("--cpu", action="store_true",
                        help="time on the process's CPU clock (a shared machine disturbs it least), not the wall clock")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object (the text goes to the standard error)")


class Figures:
    """The figures of one benchmark run, printed as JSON under ``--json`` (``bench/compare.py``).

    ``with figures.text():`` sends the benchmark's own lines to the standard error under
    ``--json``, so that the standard output holds the JSON object alone."""

    def __init__(self, options):
        global _clock
        self.json = options.json
        self.clock = "cpu" if options.cpu else "wall"
        _clock = time.process_time if options.cpu else time.perf_counter
        self.values: dict = {}

    def add(self, key: str, value: float, unit: str) -> None:
        """Record one figure: ``unit`` is ``ms``, ``s`` or ``KB`` (lower is better), ``/s``
        (higher is better) or ``count`` (the same work on both sides)."""
        self.values[key] = {"value": value, "unit": unit}

    def text(self):
        """A context in which the benchmark prints its text (to the standard error under ``--json``)."""
        return contextlib.redirect_stdout(sys.stderr) if self.json else contextlib.nullcontext()

    def write(self) -> None:
        """Print the JSON object of the figures, under ``--json``."""
        if self.json:
            print(json.dumps({"machine": machine(), "clock": self.clock, "figures": self.values}))


def run_bench(parser, report, argv=None) -> int:
    """Parse a benchmark's options (``parser``, the output options added), run
    ``report(args, figures)`` with its text where ``--json`` wants it, then print the figures."""
    add_output_options(parser)
    args = parser.parse_args(argv)
    figures = Figures(args)
    with figures.text():
        report(args, figures)
    figures.write()
    return 0
