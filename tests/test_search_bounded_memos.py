"""The search's memos of states are bounded (``combos._MEMO_STATES``, ``search._MET_STATES``): once
full they are forgotten, the states are rebuilt on demand and the tables keep only digests and
bounds. Forgetting must not change what a search finds: the same lines, counters and answer as
with every state remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardjudge as cj
from cardjudge.solver import combos, search

ROOT = Path(__file__).resolve().parent.parent


def _found(name, goal, max_actions, opponent):
    result = cj.find_combos(cj.load_position(ROOT / name), goal, max_actions=max_actions, opponent=opponent,
                            limit_nodes=3000, limit_seconds=None)
    return ([line.to_dict() for line in result.lines], result.complete, result.reason,
            result.stats.nodes, result.stats.states)


@pytest.mark.parametrize("name, goal, max_actions, opponent", [
    ("examples/mtg-midgame.yaml", "opponent.life <= 10", 2, "passive"),
    ("examples/puzzles/mtg-ritual.yaml", "win", 3, "adversarial"),
    ("examples/puzzles/ygo-tribute.yaml", "win", 3, "passive"),
    ("examples/puzzles/ygo-tribute-impossible.yaml", "win", 3, "passive"),
    ("examples/eredan-combo.yaml", "win", 2, "passive"),
])
def test_a_search_with_tiny_memos_finds_what_it_finds_with_every_state_remembered(
        monkeypatch, name, goal, max_actions, opponent):
    remembered = _found(name, goal, max_actions, opponent)
    monkeypatch.setattr(combos, "_MEMO_STATES", 5)
    monkeypatch.setattr(search, "_MET_STATES", 5)
    assert _found(name, goal, max_actions, opponent) == remembered
