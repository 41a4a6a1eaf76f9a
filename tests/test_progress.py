"""The search's progress line: on stderr only, by itself on a terminal, forced with --progress."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardjudge.cli import cli
from cardjudge.progress import SearchProgress, describe
from cardjudge.solver.search import Line, SearchStats

PUZZLE = str(Path(__file__).resolve().parent.parent / "examples" / "puzzles" / "ygo-shrink.yaml")


def _run(*args):
    return CliRunner().invoke(cli, ["combos", PUZZLE, "--goal", "win", *args])


def test_no_progress_when_stderr_is_not_a_terminal():
    result = _run()
    assert result.exit_code == 0, result.output
    assert "searching:" not in result.stderr


def test_forced_progress_goes_to_stderr_and_json_stays_one_document():
    result = _run("--progress", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["found"]
    assert "searching:" in result.stderr and "states" in result.stderr
    assert "searching:" not in result.stdout


def test_no_progress_flag_silences_it():
    assert "searching:" not in _run("--no-progress").stderr


def test_status_text_has_nodes_rate_depth_and_best_line():
    stats = SearchStats(nodes=1200, states=800, seconds=0.5, depth=1)
    assert describe(stats, None) == (
        "searching: 1200 nodes, 800 states (1600/s), 0.5 s, depth 2, best line: none yet")
    line = Line(("a", "b"), 2)
    assert describe(stats, line).endswith("best line: 2 actions: a; b")


def test_live_line_is_redrawn_in_place_at_most_a_few_times_a_second_and_erased(capsys):
    progress = SearchProgress(live=True, refresh=4)
    stats = SearchStats(nodes=10, states=5, seconds=0.1, depth=0)
    progress(stats, None)
    progress(stats, None)  # within a quarter of a second: not drawn again
    progress.close()
    err = capsys.readouterr().err
    assert err.count("searching:") == 1
    assert err.startswith("\rsearching:")
    assert err.endswith("\r") and "\n" not in err
