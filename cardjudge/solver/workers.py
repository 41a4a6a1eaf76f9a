"""Candidates of a puzzle request judged in batches: in this process, in worker processes, or
as Ray tasks.

Batches are yielded in candidate order whatever finishes first, so the puzzles kept do not
depend on the number of workers. A worker process that dies takes none of the batch with it:
the pool is started again and the candidates it had not returned are judged again (each is
deterministic in its number, so the result is the same).
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
import os
import time
from typing import Callable, Iterator

from cardjudge.errors import InputError
from cardjudge.solver.ray_workers import judge_on_ray

MAX_RESTARTS = 5
# Candidates a worker judges per task. Their times are skewed (median about 0.05 s, a few over
# 2 s), so tasks are small and many are kept in flight: a worker that drew a slow candidate does
# not hold the others idle at a batch's end, and the hand-over (about a millisecond) stays small
# beside a run's work.
PROCESS_RUN = 4
RUNS_AHEAD = 2  # unfinished runs per worker: enough to keep each busy, few wasted once enough are kept
# how many runs may be judged beyond the first one not yet finished (their outcomes wait for it)
MAX_AHEAD = 64


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def judge_candidates(request, limit: int, batch: int, workers: int = 1, ray: str | None = None, *,
                     job: Callable, busy: dict | None = None) -> Iterator[list]:
    """Batches of outcomes of ``job(request, number)`` (the generator's ``make_candidate``: a
    module-level function, so that worker processes can receive it) for the numbers 0 ..
    ``limit`` - 1, in order; stops when the caller stops asking. ``busy`` (not with Ray), when
    given, gets the seconds each process (by its id) spent judging candidates, those judged
    after the caller stopped asking aside."""
    if ray is not None:
        yield from judge_on_ray(request, limit, batch, ray, job)
        return
    if workers <= 1:
        for start in range(0, limit, batch):
            yield [_timed(job, request, number, busy) for number in range(start, min(limit, start + batch))]
        return
    yield from _judge_in_processes(job, request, limit, workers, busy)


def _judge_in_processes(job: Callable, request, limit: int, workers: int, busy: dict | None) -> Iterator[list]:
    """The outcomes run by run, in order, from a pool of ``workers`` processes that always has
    ``RUNS_AHEAD`` unfinished runs per worker (running or queued).

    Runs are handed out as earlier ones finish, in whatever order they finish: a run that draws a
    slow candidate holds back only the yielding of the runs after it (kept until it is done, up
    to ``MAX_AHEAD`` of them), not the other workers, who go on with the next runs meanwhile.

    The first candidate is judged here before the pool starts: worker processes forked from
    this one (Linux's default start method) then begin with what it loaded and compiled (the
    card library's expressions, the memos) rather than each doing that work again."""
    if limit <= 0:
        return
    yield [_timed(job, request, 0, busy)]
    runs = [tuple(range(at, min(limit, at + PROCESS_RUN))) for at in range(1, limit, PROCESS_RUN)]
    unfinished_most = workers * RUNS_AHEAD
    pool = [ProcessPoolExecutor(max_workers=workers)]
    restarts = 0
    running: dict = {}  # run index -> its future, for the runs handed out and not finished
    finished: dict = {}  # run index -> its outcomes, for the runs finished and not yielded yet
    todo = deque(range(len(runs)))  # the runs not handed out yet, in order
    try:
        for index in range(len(runs)):
            while index not in finished:
                while todo and len(running) < unfinished_most and todo[0] - index < MAX_AHEAD:
                    at = todo.popleft()
                    running[at] = pool[0].submit(_judge_run, job, request, runs[at])
                wait(running.values(), return_when=FIRST_COMPLETED)
                try:
                    for at in sorted(at for at, future in running.items() if future.done()):
                        pid, seconds, outcomes = running[at].result()
                        del running[at]
                        finished[at] = outcomes
                        if busy is not None:
                            busy[pid] = busy.get(pid, 0.0) + seconds
                except BrokenProcessPool:
                    # a worker died: start the pool again, hand out the unfinished runs again
                    restarts += 1
                    if restarts > MAX_RESTARTS:
                        raise InputError(f"worker processes died {restarts} times; giving up") from None
                    pool[0].shutdown(wait=False, cancel_futures=True)
                    pool[0] = ProcessPoolExecutor(max_workers=workers)
                    todo = deque(sorted(set(running) | set(todo)))
                    running.clear()
            yield finished.pop(index)
    finally:
        pool[0].shutdown(wait=False, cancel_futures=True)


def _timed(job: Callable, request, number: int, busy: dict | None):
    """``job(request, number)`` in this process, its time added to ``busy``."""
    started = time.perf_counter()
    outcome = job(request, number)
    if busy is not None:
        busy[os.getpid()] = busy.get(os.getpid(), 0.0) + time.perf_counter() - started
    return outcome


def _judge_run(job: Callable, request, numbers) -> tuple:
    """(this process's id, the seconds it took, the outcomes) of a run of consecutive
    candidates judged in one worker."""
    started = time.perf_counter()
    outcomes = [job(request, number) for number in numbers]
    return os.getpid(), time.perf_counter() - started, outcomes
