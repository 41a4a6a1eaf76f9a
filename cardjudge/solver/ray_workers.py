"""Candidates judged as Ray tasks (the optional extra ``cardjudge[ray]``).

Each task judges a run of consecutive candidates, enough for about a second of work or more, so
that scheduling costs little beside it; the runs of a batch are gathered in order. A task whose
worker process dies is run again by Ray (``max_retries``): candidates are deterministic in their
numbers, so the batch is the same.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterator

from cardjudge.errors import InputError

TASK_CANDIDATES = 64  # candidates per task: about a second or more of work (bench/bench_puzzles.py)
TASK_RETRIES = 3


def _ray():
    try:
        import ray
    except ImportError:
        raise InputError("--ray needs Ray: pip install 'cardjudge[ray]'") from None
    return ray


def connect(address: str):
    """Ray, connected to the cluster at ``address`` (``local``: a new instance on this machine)."""
    ray = _ray()
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False,
                         runtime_env={"env_vars": _local_env()})
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise InputError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
    return ray


def _local_env() -> dict:
    """The environment of local workers: this cardjudge first on their path (the one the
    driver runs, a checkout included), and whether it runs compiled."""
    root = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    env = {"PYTHONPATH": path}
    if "CARDJUDGE_PURE" in os.environ:
        env["CARDJUDGE_PURE"] = os.environ["CARDJUDGE_PURE"]
    return env


def _judge_run(job: Callable, request, numbers: list) -> list:
    return [job(request, number) for number in numbers]


def judge_on_ray(request, limit: int, batch: int, address: str, job: Callable,
                 task_candidates: int = TASK_CANDIDATES) -> Iterator[list]:
    """Batches of outcomes (see :func:`cardjudge.solver.workers.judge_candidates`), each batch
    made of Ray tasks of ``task_candidates`` consecutive candidates."""
    ray = connect(address)
    remote = ray.remote(max_retries=TASK_RETRIES, retry_exceptions=False)(_judge_run)
    tasks_per_batch = max(1, int(ray.available_resources().get("CPU", 1)))
    size = task_candidates * tasks_per_batch
    for start in range(0, limit, size):
        stop = min(limit, start + size)
        runs = [list(range(at, min(stop, at + task_candidates))) for at in range(start, stop, task_candidates)]
        refs = [remote.remote(job, request, numbers) for numbers in runs]
        outcomes = [outcome for run in ray.get(refs) for outcome in run]
        yield outcomes
