"""Generation as Ray tasks on a local Ray instance: the puzzles equal the single-process ones
for the same seed, and a worker process killed in the middle of a batch changes nothing (Ray
runs its task again). Skipped when Ray (the optional extra cardjudge[ray]) is not installed."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'cardjudge[ray]')")

from cardjudge import generate_puzzles  # noqa: E402
from cardjudge.solver.generate import make_candidate, request_for  # noqa: E402
from cardjudge.solver.puzzles import puzzle_dict  # noqa: E402
from cardjudge.solver.workers import judge_candidates  # noqa: E402
from ray_jobs import dies_once  # noqa: E402

TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def local_ray():
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS), old) if p)  # for ray_jobs in workers
    try:
        yield "local"
    finally:
        ray.shutdown()
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def test_ray_puzzles_equal_the_single_process_ones(local_ray):
    on_ray = generate_puzzles(game="ygo", count=3, seed=11, difficulty="medium", ray=local_ray)
    alone = generate_puzzles(game="ygo", count=3, seed=11, difficulty="medium", workers=1)
    assert len(alone.puzzles) == 3
    assert [puzzle_dict(p) for p in on_ray.puzzles] == [puzzle_dict(p) for p in alone.puzzles]


def test_a_killed_ray_worker_does_not_change_the_batch(local_ray, tmp_path):
    request = request_for("ygo", difficulty="medium", seed=11)
    alone = [o for batch in judge_candidates(request, 8, 4, workers=1, job=make_candidate) for o in batch]
    marker = str(tmp_path / "killed")
    shared = [o for batch in judge_candidates(request, 8, 4, ray=local_ray, job=functools.partial(dies_once, marker))
              for o in batch]
    assert os.path.exists(marker)
    assert [o.number for o in shared] == list(range(8))
    assert [(o.rejected, o.digest) for o in shared] == [(o.rejected, o.digest) for o in alone]
