"""The golden playthroughs (``tests/golden/``) still describe what the engine lists and does.

A difference is not always a bug: when behaviour changed on purpose, regenerate the files with
``python tests/golden.py`` and review the diff as part of the change."""

from __future__ import annotations

import difflib

import pytest

from golden import GOLDEN, lines, playthrough

LINES = lines()


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_playthrough_is_unchanged(name):
    kept = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    now = playthrough(name, LINES[name])
    if now != kept:
        diff = "".join(list(difflib.unified_diff(kept.splitlines(True), now.splitlines(True),
                                                 f"tests/golden/{name}.txt", "now"))[:60])
        pytest.fail(f"the playthrough changed (review, then `python tests/golden.py {name}`):\n{diff}")


def test_every_game_has_a_golden_playthrough():
    from cardjudge.rules import GAMES

    games = {spec["position"].split("/")[-1].split("-")[0] for spec in LINES.values()}
    assert games >= set(GAMES)


def test_every_playthrough_file_has_its_line():
    assert {path.stem for path in GOLDEN.glob("*.txt")} == set(LINES)
