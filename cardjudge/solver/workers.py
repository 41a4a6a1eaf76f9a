"""Candidates of a puzzle request judged in batches: in this process, in worker processes, or
as Ray tasks.

Batches are yielded in candidate order whatever finishes first, so the puzzles kept do not
depend on the number of workers. A worker process that dies takes none of the batch with it:
the pool is started again and the candidates it had not returned are judged again (each is
deterministic in its number, so the result is the same).
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
import os
from typing import Callable, Iterator

from cardjudge.errors import InputError
from cardjudge.solver.ray_workers import judge_on_ray

MAX_RESTARTS = 5
# Candidates a worker judges per task. Their times are skewed (median about 0.05 s, a few over
# 2 s), so tasks are small and many are kept in flight: a worker that drew a slow candidate does
# not hold the others idle at a batch's end, and the hand-over (about a millisecond) stays small
# beside a run's work.
PROCESS_RUN = 4
RUNS_AHEAD = 2  # runs in flight per worker: enough to keep each busy, few wasted once enough are kept


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def judge_candidates(request, limit: int, batch: int, workers: int = 1, ray: str | None = None, *,
                     job: Callable) -> Iterator[list]:
    """Batches of outcomes of ``job(request, number)`` (the generator's ``make_candidate``: a
    module-level function, so that worker processes can receive it) for the numbers 0 ..
    ``limit`` - 1, in order; stops when the caller stops asking."""
    if ray is not None:
        yield from judge_on_ray(request, limit, batch, ray, job)
        return
    if workers <= 1:
        for start in range(0, limit, batch):
            yield [job(request, number) for number in range(start, min(limit, start + batch))]
        return
    yield from _judge_in_processes(job, request, limit, workers)


def _judge_in_processes(job: Callable, request, limit: int, workers: int) -> Iterator[list]:
    """The outcomes run by run, in order, from a pool of ``workers`` processes that always has
    ``RUNS_AHEAD`` runs per worker in flight (a sliding window, not batch by batch).

    The first candidate is judged here before the pool starts: worker processes forked from
    this one (Linux's default start method) then begin with what it loaded and compiled (the
    card library's expressions, the memos) rather than each doing that work again."""
    if limit <= 0:
        return
    yield [job(request, 0)]
    runs = [tuple(range(at, min(limit, at + PROCESS_RUN))) for at in range(1, limit, PROCESS_RUN)]
    window = workers * RUNS_AHEAD
    pool = [ProcessPoolExecutor(max_workers=workers)]
    restarts = 0
    futures: dict = {}  # run index -> its future, for the runs in flight
    try:
        for index in range(len(runs)):
            while True:
                for ahead in range(index, min(len(runs), index + window)):
                    if ahead not in futures:
                        futures[ahead] = pool[0].submit(_judge_run, job, request, runs[ahead])
                try:
                    outcomes = futures.pop(index).result()
                    break
                except BrokenProcessPool:
                    # a worker died: start the pool again, judge the runs in flight again
                    restarts += 1
                    if restarts > MAX_RESTARTS:
                        raise InputError(f"worker processes died {restarts} times; giving up") from None
                    pool[0].shutdown(wait=False, cancel_futures=True)
                    pool[0] = ProcessPoolExecutor(max_workers=workers)
                    futures.clear()
            yield outcomes
    finally:
        pool[0].shutdown(wait=False, cancel_futures=True)


def _judge_run(job: Callable, request, numbers) -> list:
    """The outcomes of a run of consecutive candidates, judged in one worker."""
    return [job(request, number) for number in numbers]
