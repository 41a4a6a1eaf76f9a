"""An explanation reads each state's position once and keeps it with the state: explaining the
same line again, or a part of it, or the same line replayed from a fresh load, tells exactly the
same steps, and nothing kept changes what ``to_dict`` writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict
from cardjudge.solver.explain import explain_line

PUZZLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "puzzles").glob("*.yaml"))


def _playout(path, choices):
    state = load_position(str(path))
    line = []
    for choice in choices:
        actions = legal_actions(state)
        if not actions:
            break
        line.append(actions[choice % len(actions)])
        state = apply(state, line[-1])
    return line


def _states(root, line):
    states = [root]
    for action in line:
        states.append(apply(states[-1], action))
    return states


def _replay(states):
    """An ``apply`` that returns the recorded states (as a search domain's memoised apply does)."""
    following = {id(state): after for state, after in zip(states, states[1:])}
    return lambda state, action: following[id(state)]


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(0, 1000), min_size=1, max_size=20), cut=st.integers(0, 20))
def test_a_line_explained_again_or_in_part_tells_the_same_steps(path, choices, cut):
    line = _playout(path, choices)
    root = load_position(str(path))
    states = _states(root, line)
    written = [to_dict(state) for state in states]
    whole = explain_line(root, line, _replay(states))
    assert explain_line(load_position(str(path)), line) == whole  # from a fresh load: nothing kept
    assert explain_line(root, line, _replay(states)) == whole  # again: every position kept
    cut = min(cut, len(line))
    assert explain_line(states[cut], line[cut:], _replay(states), first=cut + 1) == whole[cut:]
    assert [to_dict(state) for state in states] == written
