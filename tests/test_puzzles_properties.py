"""Properties of the engines on random legal playouts from the puzzle positions: apply never
changes the state it is given, every listed action applies, and to_dict round-trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict

PUZZLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "puzzles").glob("*.yaml"))
MAX_DEPTH = 25


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(0, 1000), min_size=1, max_size=MAX_DEPTH))
# from ygo-equip: a Set monster flipped face-up by an attack, never Summoned
@example(choices=[0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0])
def test_playouts_from_puzzles(path, choices):
    state = load_position(str(path))
    for choice in choices:
        actions = legal_actions(state)
        if not actions:
            break
        before = to_dict(state)
        assert to_dict(load_position(before)) == before
        after = apply(state, actions[choice % len(actions)])
        assert to_dict(state) == before
        state = after
