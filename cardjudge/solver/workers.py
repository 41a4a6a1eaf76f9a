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
PROCESS_RUN = 16  # candidates a worker judges per task: the hand-over costs little beside them


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
    size = max(batch, workers * PROCESS_RUN)
    batches = [[tuple(range(at, min(stop, at + PROCESS_RUN))) for at in range(start, stop, PROCESS_RUN)]
               for start in range(0, limit, size) for stop in (min(limit, start + size),)]
    pool = [ProcessPoolExecutor(max_workers=workers)]
    restarts = [0]
    futures: dict = {}  # run -> its future, for the batches in flight
    done: dict = {}  # run -> its outcomes

    def submit(runs) -> None:
        for run in runs:
            if run not in done and run not in futures:
                futures[run] = pool[0].submit(_judge_run, job, request, run)

    def restart() -> None:
        restarts[0] += 1
        if restarts[0] > MAX_RESTARTS:
            raise InputError(f"worker processes died {restarts[0]} times; giving up")
        pool[0].shutdown(wait=False, cancel_futures=True)
        pool[0] = ProcessPoolExecutor(max_workers=workers)
        futures.clear()

    try:
        for index, runs in enumerate(batches):
            # the next batch is handed out before this one is waited for: no worker idles at the join
            for ahead in batches[index:index + 2]:
                submit(ahead)
            while not all(run in done for run in runs):
                try:
                    for run in runs:
                        if run not in done:
                            done[run] = futures.pop(run).result()
                except BrokenProcessPool:
                    restart()
                    for ahead in batches[index:index + 2]:
                        submit(ahead)
            yield [outcome for run in runs for outcome in done.pop(run)]
    finally:
        pool[0].shutdown(wait=False, cancel_futures=True)


def _judge_run(job: Callable, request, numbers) -> list:
    """The outcomes of a run of consecutive candidates, judged in one worker."""
    return [job(request, number) for number in numbers]
