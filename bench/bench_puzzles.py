"""Puzzle generation and checking, timed.

Run on demand: ``python bench/bench_puzzles.py [--count N] [--seed S] [--speedup-only]``.
Prints, for each game and method, the puzzles accepted per minute on one core (Yu-Gi-Oh at 3
actions is the figure with a target: 60 a minute), the speed-up of two worker processes over one
on the Yu-Gi-Oh constructive run (target 1.8x) with the CPU time each run took (what spreading
costs, whatever the load) and how long each process was busy judging candidates (the workers'
idle fraction, which the load does not decide), and the time ``check_puzzle`` takes on each
shipped puzzle. ``--speedup-only``: the run with one and two workers alone.
The machine is shared: compare the figures of one run with each other, not across runs.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from timing import ROOT, machine  # first: it puts this checkout on sys.path

from cardjudge import check_puzzle, generate_puzzles

RUNS = [("ygo", "constructive", "medium"), ("ygo", "random", "medium"), ("mtg", "constructive", "easy"),
        ("mtg", "random", "easy")]


def _cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (the worker processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _generate(game: str, method: str, difficulty: str, count: int, seed: int, workers: int):
    started = time.perf_counter()
    result = generate_puzzles(game=game, method=method, difficulty=difficulty, count=count, seed=seed,
                              workers=workers, max_candidates=400 * count)
    return result, time.perf_counter() - started


def _generate_with_cpu(count: int, seed: int, workers: int):
    """A Yu-Gi-Oh constructive run: (result, wall seconds, CPU seconds of every process). The
    CPU time says how much work the run took whatever the machine's load: with two workers, the
    work beyond one worker's is what spreading costs (start-up, hand-over, candidates judged
    after enough were kept)."""
    before = _cpu_seconds()
    result, seconds = _generate("ygo", "constructive", "medium", count, seed, workers)
    time.sleep(2)  # the worker processes end and are waited for: their CPU time is counted
    return result, seconds, _cpu_seconds() - before


def _busy_text(result, seconds: float) -> str:
    """How much of the run's wall clock each process spent judging candidates (the candidates
    judged once enough were kept aside), and the workers' idle fraction: what keeps the speed-up
    below the number of workers whatever the machine's load (a process that has work counts as
    busy even while the machine runs another)."""
    parent = os.getpid()
    own = result.busy.get(parent, 0.0)
    workers = [busy for pid, busy in result.busy.items() if pid != parent]
    if not workers:  # one worker: the candidates are judged in this process
        return f"busy {100 * own / seconds:.0f}% of {seconds:.2f} s"
    shares = ", ".join(f"{100 * busy / seconds:.0f}%" for busy in sorted(workers, reverse=True))
    idle = 1 - sum(workers) / (result.workers * seconds)
    return (f"this process {own:.2f} s on the first candidate before the workers start; the workers busy "
            f"{shares} of {seconds:.2f} s: idle {100 * idle:.0f}% of their time")


def _loop(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def _plain_loop_speedup(n: int = 3_000_000, runs: int = 8) -> tuple[float, float]:
    """Seconds of ``runs`` CPU loops in one process and spread over two."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    for _ in range(runs):
        _loop(n)
    one = time.perf_counter() - started
    with ProcessPoolExecutor(2) as pool:
        started = time.perf_counter()
        list(pool.map(_loop, [n] * runs))
        two = time.perf_counter() - started
    return one, two


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles per run (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speedup-only", action="store_true", help="only the run with one and two workers")
    args = parser.parse_args(argv)
    print(machine())
    if args.speedup_only:
        _speedup(args.count, args.seed)
        return 0
    print(f"{'game':5} {'method':13} {'length':>6} {'kept':>5} {'tried':>6} {'seconds':>8} {'per minute, 1 core':>19}")
    for game, method, difficulty in RUNS:
        result, seconds = _generate(game, method, difficulty, args.count, args.seed, 1)
        length = {"easy": 2, "medium": 3}[difficulty]
        rate = len(result.puzzles) / seconds * 60
        print(f"{game:5} {method:13} {length:>6} {len(result.puzzles):>5} {result.tried:>6} {seconds:>8.2f} {rate:>19.1f}")
    _speedup(args.count, args.seed)
    print("check_puzzle on each shipped puzzle:")
    for path in sorted((ROOT / "examples" / "puzzles").glob("*.yaml")):
        started = time.perf_counter()
        result = check_puzzle(str(path))
        print(f"   {path.name:28} {time.perf_counter() - started:6.2f} s  {'ok' if result.ok else 'FAILED: ' + result.reason}")
    return 0


def _speedup(count: int, seed: int) -> None:
    """Two workers against one on the Yu-Gi-Oh constructive run of ``3 * count`` puzzles: wall
    clock, CPU time of every process, each process's busy time, and a plain CPU loop beside."""
    _generate("ygo", "constructive", "medium", 1, seed, 1)  # the library loaded, as after the runs above
    one, one_s, one_cpu = _generate_with_cpu(3 * count, seed, 1)
    two, two_s, two_cpu = _generate_with_cpu(3 * count, seed, 2)
    same = [p.position for p in one.puzzles] == [p.position for p in two.puzzles]
    print(f"ygo constructive, {3 * count} puzzles: 1 worker {one_s:.2f} s, 2 workers {two_s:.2f} s, "
          f"speed-up {one_s / two_s:.2f}x on the wall clock; CPU ratio 2/1 {two_cpu / one_cpu:.2f}, "
          f"implied speed-up {2 * one_cpu / two_cpu:.2f}x with busy workers (same puzzles: {same})")
    print(f"   (CPU time of all processes: 1 worker {one_cpu:.2f} s, 2 workers {two_cpu:.2f} s: "
          f"the work of spreading is {100 * (two_cpu / one_cpu - 1):+.0f}%, which allows at most "
          f"{2 * one_cpu / two_cpu:.2f}x on two idle cores; the load does not decide it)")
    loop_one, loop_two = _plain_loop_speedup()
    for label, run, seconds in (("1 worker", one, one_s), ("2 workers", two, two_s)):
        print(f"   ({label}: {_busy_text(run, seconds)})")
    print(f"   (a plain CPU loop at the same time: 1 process {loop_one:.2f} s, 2 processes {loop_two:.2f} s, "
          f"{loop_one / loop_two:.2f}x: what the machine's load leaves for two workers)")


if __name__ == "__main__":
    raise SystemExit(main())
