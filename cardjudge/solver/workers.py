"""Candidates of a puzzle request judged in batches: in this process, in worker processes, or
as Ray tasks.

Batches are yielded in candidate order whatever finishes first, so the puzzles kept do not
depend on the number of workers. A worker process that dies takes none of the batch with it:
the pool is started again and the candidates it had not returned are judged again (each is
deterministic in its number, so the result is the same).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterator

from cardjudge.errors import InputError

MAX_RESTARTS = 5


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _job(job: Callable | None):
    if job is None:
        from cardjudge.solver.generate import make_candidate

        return make_candidate
    return job


def judge_candidates(request, limit: int, batch: int, workers: int = 1, ray: str | None = None,
                     job: Callable | None = None) -> Iterator[list]:
    """Batches of outcomes of ``job(request, number)`` (default: ``make_candidate``) for the
    numbers 0 .. ``limit`` - 1, in order; stops when the caller stops asking."""
    job = _job(job)
    if ray is not None:
        from cardjudge.solver.ray_workers import judge_on_ray

        yield from judge_on_ray(request, limit, batch, ray, job)
        return
    if workers <= 1:
        for start in range(0, limit, batch):
            yield [job(request, number) for number in range(start, min(limit, start + batch))]
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    restarts = 0
    try:
        for start in range(0, limit, batch):
            numbers = list(range(start, min(limit, start + batch)))
            done: dict = {}
            while len(done) < len(numbers):
                futures = {number: pool.submit(job, request, number) for number in numbers if number not in done}
                try:
                    for number, future in futures.items():
                        done[number] = future.result()
                except BrokenProcessPool:
                    restarts += 1
                    if restarts > MAX_RESTARTS:
                        raise InputError(f"worker processes died {restarts} times; giving up") from None
                    pool.shutdown(wait=False, cancel_futures=True)
                    pool = ProcessPoolExecutor(max_workers=workers)
            yield [done[number] for number in numbers]
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
