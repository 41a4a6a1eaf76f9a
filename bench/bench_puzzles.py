"""Puzzle generation and checking, timed.

Run on demand: ``python bench/bench_puzzles.py [--count N] [--seed S]``. Prints, for each game
and method, the puzzles accepted per minute on one core (Yu-Gi-Oh at 3 actions is the figure
with a target: 60 a minute), the speed-up of two worker processes over one on the Yu-Gi-Oh
constructive run (target 1.8x), and the time ``check_puzzle`` takes on each shipped puzzle.
The machine is shared: compare the figures of one run with each other, not across runs.
"""

from __future__ import annotations

import argparse
import time

from timing import ROOT, machine  # first: it puts this checkout on sys.path

from cardjudge import check_puzzle, generate_puzzles

RUNS = [("ygo", "constructive", "medium"), ("ygo", "random", "medium"), ("mtg", "constructive", "easy"),
        ("mtg", "random", "easy")]


def _generate(game: str, method: str, difficulty: str, count: int, seed: int, workers: int):
    started = time.perf_counter()
    result = generate_puzzles(game=game, method=method, difficulty=difficulty, count=count, seed=seed,
                              workers=workers, max_candidates=400 * count)
    return result, time.perf_counter() - started


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
    args = parser.parse_args(argv)
    print(machine())
    print(f"{'game':5} {'method':13} {'length':>6} {'kept':>5} {'tried':>6} {'seconds':>8} {'per minute, 1 core':>19}")
    for game, method, difficulty in RUNS:
        result, seconds = _generate(game, method, difficulty, args.count, args.seed, 1)
        length = {"easy": 2, "medium": 3}[difficulty]
        rate = len(result.puzzles) / seconds * 60
        print(f"{game:5} {method:13} {length:>6} {len(result.puzzles):>5} {result.tried:>6} {seconds:>8.2f} {rate:>19.1f}")
    one, one_s = _generate("ygo", "constructive", "medium", 3 * args.count, args.seed, 1)
    two, two_s = _generate("ygo", "constructive", "medium", 3 * args.count, args.seed, 2)
    same = [p.position for p in one.puzzles] == [p.position for p in two.puzzles]
    print(f"ygo constructive, {3 * args.count} puzzles: 1 worker {one_s:.2f} s, 2 workers {two_s:.2f} s, "
          f"speed-up {one_s / two_s:.2f}x (same puzzles: {same})")
    loop_one, loop_two = _plain_loop_speedup()
    print(f"   (a plain CPU loop at the same time: 1 process {loop_one:.2f} s, 2 processes {loop_two:.2f} s, "
          f"{loop_one / loop_two:.2f}x: what the machine's load leaves for two workers)")
    print("check_puzzle on each shipped puzzle:")
    for path in sorted((ROOT / "examples" / "puzzles").glob("*.yaml")):
        started = time.perf_counter()
        result = check_puzzle(str(path))
        print(f"   {path.name:28} {time.perf_counter() - started:6.2f} s  {'ok' if result.ok else 'FAILED: ' + result.reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
