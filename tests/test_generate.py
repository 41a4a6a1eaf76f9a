"""Generated puzzles: each has a proved unique solution of the wanted length (check_puzzle
agrees), carries its metrics and rating, and the same seed gives the same puzzles with one
worker or two, even when a worker process is killed in the middle of a batch."""

from __future__ import annotations

import functools
import os

import pytest
from click.testing import CliRunner

from cardjudge import InputError, check_puzzle, generate_puzzles
from cardjudge.cli import cli
from cardjudge.solver.generate import make_candidate, request_for
from cardjudge.solver.puzzles import dump_puzzle, load_puzzle, puzzle_dict
from cardjudge.solver.workers import judge_candidates
from ray_jobs import dies_once


def _dicts(result) -> list:
    return [puzzle_dict(puzzle) for puzzle in result.puzzles]


@pytest.mark.parametrize("method", ["constructive", "random"])
def test_generated_puzzles_are_unique_and_rated(method, tmp_path):
    result = generate_puzzles(game="ygo", count=2, seed=3, difficulty="medium", method=method, max_candidates=200)
    assert len(result.puzzles) == 2
    assert result.tried == 2 + sum(result.rejected.values())
    for puzzle in result.puzzles:
        assert puzzle.solution["length"] == 3
        assert puzzle.metrics["length"] == 3 and puzzle.metrics["nodes"] > 0
        assert puzzle.difficulty in ("easy", "medium", "hard")
        path = tmp_path / f"{puzzle.name}.yaml"
        path.write_text(dump_puzzle(puzzle), encoding="utf-8")
        checked = check_puzzle(load_puzzle(str(path)))
        assert checked.ok and checked.unique, checked.reason


def test_magic_puzzles_are_generated_too():
    result = generate_puzzles(game="mtg", count=1, seed=1, difficulty="easy", method="random", max_candidates=100)
    (puzzle,) = result.puzzles
    assert check_puzzle(puzzle).ok


def test_same_seed_same_puzzles_whatever_the_workers():
    one = generate_puzzles(game="ygo", count=3, seed=11, difficulty="medium", workers=1)
    two = generate_puzzles(game="ygo", count=3, seed=11, difficulty="medium", workers=2)
    assert _dicts(one) == _dicts(two) and len(one.puzzles) == 3
    other = generate_puzzles(game="ygo", count=3, seed=12, difficulty="medium", workers=1)
    assert _dicts(other) != _dicts(one)


def test_a_killed_worker_does_not_change_the_batch(tmp_path):
    request = request_for("ygo", difficulty="medium", seed=11)
    alone = [outcome for batch in judge_candidates(request, 8, 4, workers=1, job=make_candidate) for outcome in batch]
    marker = str(tmp_path / "killed")
    job = functools.partial(dies_once, marker)
    shared = [outcome for batch in judge_candidates(request, 8, 4, workers=2, job=job) for outcome in batch]
    assert os.path.exists(marker)  # a worker did die
    assert [o.number for o in shared] == list(range(8))
    assert [(o.rejected, o.digest) for o in shared] == [(o.rejected, o.digest) for o in alone]
    assert [o.puzzle and puzzle_dict(o.puzzle) for o in shared] == [o.puzzle and puzzle_dict(o.puzzle) for o in alone]


def test_generate_command_writes_puzzles_and_a_summary(tmp_path):
    run = CliRunner().invoke(cli, ["puzzle", "generate", "--game", "ygo", "--count", "2", "--seed", "4",
                                   "--difficulty", "medium", "--workers", "1", "--out", str(tmp_path)])
    assert run.exit_code == 0, run.output
    assert run.output.splitlines()[0].split() == ["puzzle", "rating", "length", "branching", "wrong", "lines",
                                                  "red", "herrings", "nodes"]
    assert "2 kept of" in run.output
    written = sorted(tmp_path.glob("*.yaml"))
    assert len(written) == 2
    assert CliRunner().invoke(cli, ["puzzle", "check", str(tmp_path)]).exit_code == 0


def test_bad_generate_requests_are_one_line(tmp_path):
    with pytest.raises(InputError, match="method must be one of constructive, random"):
        generate_puzzles(game="ygo", method="backward")
    run = CliRunner().invoke(cli, ["puzzle", "generate", "--game", "ygo", "--pool", str(tmp_path / "none.yaml")])
    assert run.exit_code == 1 and "Traceback" not in run.output
    assert len(run.output.strip().splitlines()) == 1


@pytest.mark.parametrize("method", ["constructive", "random"])
def test_destroy_goal_names_opponent_cards_and_checks_unique(method):
    result = generate_puzzles(game="ygo", goal="destroy", count=2, seed=3, method=method, max_candidates=300)
    assert len(result.puzzles) == 2
    assert result.rejected["nothing destroyed"] > 0  # boards where the line (or the board) had nothing to remove
    for puzzle in result.puzzles:
        assert puzzle.goal.startswith("destroy: [")
        labels = puzzle.goal[len("destroy: ["):-1].split(", ")
        opponent = {c["id"] for c in puzzle.position["players"]["opponent"]["monsters"]}
        assert labels and set(labels) <= opponent
        if method == "random":  # the random method asks for all of them
            assert set(labels) == opponent
        checked = check_puzzle(puzzle)
        assert checked.ok and checked.unique, checked.reason


def test_generate_refuses_an_unknown_goal():
    with pytest.raises(InputError, match="generated puzzles have the goal 'win' .* or 'destroy'"):
        generate_puzzles(game="ygo", goal="survive", count=1)
